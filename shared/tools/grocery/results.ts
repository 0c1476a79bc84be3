// What the grocery tools' SQL functions return (private.invoke's "data"). The rules every shape follows are in
// ../result-fields.ts.
import * as z from "zod";
import { groceryCategories, mealTypes, nextCursor, units } from "../fields.ts";
import { id, timestamp } from "../result-fields.ts";

/** private.grocery_list_summary_json(list). */
export const GroceryListSummary = z.strictObject({
  id,
  name: z.string(),
  item_count: z.int().nonnegative(),
  unchecked_count: z.int().nonnegative(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type GroceryListSummary = z.infer<typeof GroceryListSummary>;

/** private.grocery_item_json(item). */
export const GroceryItem = z.strictObject({
  id,
  ingredient_id: id.nullable(),
  name: z.string(),
  quantity: z.number().positive(),
  unit: z.enum(units),
  prep_state: z.string().nullable(),
  checked: z.boolean(),
});
export type GroceryItem = z.infer<typeof GroceryItem>;

export const GroceryItemSource = z.strictObject({
  recipe_id: id.nullable(),
  planner_meal_id: id.nullable(),
  quantity_added: z.number().positive(),
  unit: z.enum(units),
  created_at: timestamp,
});
export type GroceryItemSource = z.infer<typeof GroceryItemSource>;

/** private.grocery_item_detail_json(item): the item with its 20 latest sources. */
export const GroceryItemDetail = z.strictObject({
  ...GroceryItem.shape,
  checked_at: timestamp.nullable(),
  sources: z.array(GroceryItemSource).max(20),
});
export type GroceryItemDetail = z.infer<typeof GroceryItemDetail>;

/** What to buy for an item's exact need, where the catalog says how it is sold ("3 cans" for 2.5 can). */
export const GroceryBuy = z.strictObject({
  quantity: z.number().positive(),
  unit: z.enum(units),
  /** The amount in words: "3 cans", "1 head", "2 packs of 250 g". */
  wording: z.string(),
});
export type GroceryBuy = z.infer<typeof GroceryBuy>;

/** An item as grocery.get_list and grocery.changes show it: with its category (aisle) and what to buy. */
export const GroceryListItem = z.strictObject({
  ...GroceryItemDetail.shape,
  /** The catalog ingredient's category; null for free-text items and a household's own ingredients (show with "other"). */
  category: z.enum(groceryCategories).nullable(),
  /** Null where the catalog says nothing about how it is sold: buy the exact need. */
  buy: GroceryBuy.nullable(),
  /** Who ticked it (null while unchecked), and their display name, else email; null once they left the household. */
  checked_by: id.nullable(),
  checked_by_name: z.string().nullable(),
});
export type GroceryListItem = z.infer<typeof GroceryListItem>;

/** Every category once, in the household's order (household.set_aisle_order), else the default order. */
export const AisleOrder = z.array(z.strictObject({ category: z.enum(groceryCategories), label: z.string() }));
export type AisleOrder = z.infer<typeof AisleOrder>;

export const GroceryListListsResult = z.strictObject({ lists: z.array(GroceryListSummary), next_cursor: nextCursor });
export type GroceryListListsResult = z.infer<typeof GroceryListListsResult>;

/** A version of a list or of a household's week: raised by each transaction that changes it. */
export const changeVersion = z.int().nonnegative();

export const GroceryGetListResult = z.strictObject({
  list: GroceryListSummary,
  items: z.array(GroceryListItem),
  /** The list's version this reply was read at: grocery.changes' `since` for the next pull. */
  version: changeVersion,
  /** The household's aisle order, to group the items by category in. */
  aisle_order: AisleOrder,
});
export type GroceryGetListResult = z.infer<typeof GroceryGetListResult>;

export const GroceryCreateListResult = z.strictObject({ grocery_list_id: id, name: z.string(), created_at: timestamp });
export type GroceryCreateListResult = z.infer<typeof GroceryCreateListResult>;

/** app.grocery_push_ingredients (migration 1100). */
export const PushIngredientsResult = z.strictObject({
  grocery_list_id: id,
  added: z.array(GroceryItem),
  merged: z.array(
    z.strictObject({ ...GroceryItem.shape, quantity_before: z.number().positive(), quantity_after: z.number() }),
  ),
  summary: z.strictObject({
    lines_received: z.int().positive(),
    items_added: z.int().nonnegative(),
    items_merged: z.int().nonnegative(),
  }),
  item_count: z.int().nonnegative(),
});
export type PushIngredientsResult = z.infer<typeof PushIngredientsResult>;

/** grocery.add_text: each typed line as it was read, and the line of the list it landed on. */
export const GroceryAddTextResult = z.strictObject({
  grocery_list_id: id,
  lines: z.array(z.strictObject({
    text: z.string(),
    /** The ingredient's name when the line matched one; else the name as typed (a free item). */
    name: z.string(),
    ingredient_id: id.nullable(),
    quantity: z.number().positive(),
    unit: z.enum(units),
    prep_state: z.string().nullable(),
    note: z.string().nullable(),
    grocery_item_id: id,
    merged: z.boolean(),
  })),
  summary: z.strictObject({
    lines_received: z.int().positive(),
    items_added: z.int().nonnegative(),
    items_merged: z.int().nonnegative(),
  }),
  item_count: z.int().nonnegative(),
  message: z.string(),
});
export type GroceryAddTextResult = z.infer<typeof GroceryAddTextResult>;

export const GroceryAddItemResult = z.strictObject({
  grocery_item_id: id,
  merged: z.boolean(),
  item: GroceryItem,
  message: z.string(),
});
export type GroceryAddItemResult = z.infer<typeof GroceryAddItemResult>;

/** grocery.check_item. */
export const GroceryItemResult = z.strictObject({ item: GroceryItemDetail });
export type GroceryItemResult = z.infer<typeof GroceryItemResult>;

/**
 * grocery.uncheck_item: `item` is where the quantity now is (the line it folded into, when it did); `previous` is
 * what history.undo needs to check it again exactly: the line, who checked it and when, and its ledger rows (sources,
 * withdrawals, adjustments), which move with it when it folds.
 */
export const GroceryUncheckItemResult = z.strictObject({
  item: GroceryItemDetail,
  folded_into_item_id: id.nullable(),
  previous: z.strictObject({
    item_id: id,
    checked_by: id.nullable(),
    checked_at: timestamp.nullable(),
    source_ids: z.array(id),
    withdrawal_ids: z.array(id),
    adjustment_ids: z.array(id),
  }),
  message: z.string(),
});
export type GroceryUncheckItemResult = z.infer<typeof GroceryUncheckItemResult>;

export const GroceryRemoveItemResult = z.strictObject({
  removed: z.literal(true),
  item: z.strictObject({ ...GroceryItemDetail.shape, deleted_at: timestamp }),
});
export type GroceryRemoveItemResult = z.infer<typeof GroceryRemoveItemResult>;

/** grocery.update_item: `previous` holds the old value of each field the call gave. */
export const GroceryUpdateItemResult = z.strictObject({
  item: GroceryItemDetail,
  previous: z.strictObject({
    quantity: z.number().positive().optional(),
    unit: z.enum(units).optional(),
    prep_state: z.string().nullable().optional(),
  }),
  folded_into_item_id: id.nullable(),
  message: z.string(),
});
export type GroceryUpdateItemResult = z.infer<typeof GroceryUpdateItemResult>;

export const GroceryRenameListResult = z.strictObject({ list: GroceryListSummary, previous_name: z.string() });
export type GroceryRenameListResult = z.infer<typeof GroceryRenameListResult>;

export const GroceryDeleteListResult = z.strictObject({
  deleted: z.literal(true),
  list: z.strictObject({ id, name: z.string(), deleted_at: timestamp }),
});
export type GroceryDeleteListResult = z.infer<typeof GroceryDeleteListResult>;

export const GroceryRestoreListResult = z.strictObject({ restored: z.literal(true), list: GroceryListSummary });
export type GroceryRestoreListResult = z.infer<typeof GroceryRestoreListResult>;

export const GroceryClearCheckedResult = z.strictObject({
  grocery_list_id: id,
  removed_count: z.number().int().nonnegative(),
  removed_item_ids: z.array(id),
  item_count: z.number().int().nonnegative(),
});
export type GroceryClearCheckedResult = z.infer<typeof GroceryClearCheckedResult>;

export const GroceryRestoreItemResult = z.strictObject({
  restored: z.literal(true),
  item: GroceryItemDetail,
  folded_into_item_id: id.nullable(),
});
export type GroceryRestoreItemResult = z.infer<typeof GroceryRestoreItemResult>;

export const GroceryProposeConversionsResult = z.strictObject({
  grocery_list_id: id,
  proposals: z.array(z.strictObject({
    ingredient_id: id,
    ingredient_name: z.string(),
    prep_state: z.string().nullable(),
    item_ids: z.array(id).min(2),
    unit: z.enum(units),
    lines: z.array(z.strictObject({ item_id: id, quantity: z.number().positive(), unit: z.enum(units) })),
    exact_quantity: z.number().positive(),
    quantity: z.number().nonnegative(),
    rounded: z.boolean(),
    arithmetic: z.string(),
  })),
});
export type GroceryProposeConversionsResult = z.infer<typeof GroceryProposeConversionsResult>;

/**
 * grocery.apply_conversion: `item` is where the total now is (a line already in that unit it folded into, when it
 * did); `previous` is what history.undo needs to put every line back: the kept line's quantity and unit, the line
 * each ledger row (source, withdrawal, adjustment) was on, and the adjustment that recorded the rounding.
 */
export const GroceryApplyConversionResult = z.strictObject({
  grocery_list_id: id,
  item: GroceryItemDetail,
  kept_item_id: id,
  merged_item_ids: z.array(id),
  folded_into_item_id: id.nullable(),
  exact_quantity: z.number().positive(),
  rounded: z.boolean(),
  previous: z.strictObject({
    quantity: z.number().positive(),
    unit: z.enum(units),
    sources: z.array(z.strictObject({ id, grocery_item_id: id })),
    withdrawals: z.array(z.strictObject({ id, grocery_item_id: id })),
    adjustments: z.array(z.strictObject({ id, grocery_item_id: id })),
    rounding_adjustment_id: id.nullable(),
  }),
});
export type GroceryApplyConversionResult = z.infer<typeof GroceryApplyConversionResult>;

/** app.grocery_push_recipe: the merge's reply, with the recipe and each line as scaled. */
export const GroceryPushRecipeResult = z.strictObject({
  ...PushIngredientsResult.shape,
  recipe_id: id,
  recipe_title: z.string(),
  base_servings: z.int().positive().nullable(),
  servings: z.int().positive().nullable(),
  lines: z.array(z.strictObject({
    ingredient_id: id,
    unit: z.enum(units),
    prep_state: z.string().nullable(),
    recipe_quantity: z.number().positive(),
    quantity_unrounded: z.number().positive(),
    quantity: z.number().positive(),
  })),
  /** The recipe's lines without a quantity, which nothing on a list can hold: left out. */
  skipped: z.array(z.strictObject({
    ingredient_id: id,
    ingredient_name: z.string(),
    prep_state: z.string().nullable(),
    note: z.string().nullable(),
    reason: z.string(),
  })),
  message: z.string(),
});
export type GroceryPushRecipeResult = z.infer<typeof GroceryPushRecipeResult>;

const syncMealStatus = z.enum(["planned", "removed", "out_of_range"]);

/** One planned meal's change on one merge key (ingredient, unit, prep state). */
export const GrocerySyncChange = z.strictObject({
  planner_meal_id: id,
  date: z.iso.date(),
  meal_type: z.enum(mealTypes),
  meal_status: syncMealStatus,
  recipe_id: id,
  recipe_title: z.string(),
  ingredient_id: id,
  ingredient_name: z.string(),
  unit: z.enum(units),
  prep_state: z.string().nullable(),
  quantity_before: z.number().nonnegative(),
  quantity_after: z.number().nonnegative(),
  added: z.number().nonnegative(),
  withdrawn: z.number().nonnegative(),
  kept: z.number().nonnegative(),
});
export type GrocerySyncChange = z.infer<typeof GrocerySyncChange>;

/** app.grocery_sync_plan: the same plan whether `preview` or not. */
export const GrocerySyncPlanResult = z.strictObject({
  grocery_list_id: id,
  start_date: z.iso.date(),
  end_date: z.iso.date(),
  preview: z.boolean(),
  meals_in_range: z.int().nonnegative(),
  changes: z.array(GrocerySyncChange),
  withdrawals: z.array(z.strictObject({
    grocery_item_id: id,
    planner_meal_id: id,
    quantity: z.number().positive(),
    unit: z.enum(units),
  })),
  kept: z.array(z.strictObject({
    planner_meal_id: id,
    meal_status: syncMealStatus,
    ingredient_id: id,
    ingredient_name: z.string(),
    unit: z.enum(units),
    prep_state: z.string().nullable(),
    quantity: z.number().positive(),
  })),
  /** Each line without a quantity of each meal planned in the range: left out of the plan. */
  skipped: z.array(z.strictObject({
    planner_meal_id: id,
    date: z.iso.date(),
    meal_type: z.enum(mealTypes),
    recipe_id: id,
    recipe_title: z.string(),
    ingredient_id: id,
    ingredient_name: z.string(),
    prep_state: z.string().nullable(),
    note: z.string().nullable(),
    reason: z.string(),
  })),
  item_count: z.int().nonnegative(),
  message: z.string(),
});
export type GrocerySyncPlanResult = z.infer<typeof GrocerySyncPlanResult>;

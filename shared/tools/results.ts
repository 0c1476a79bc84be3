// What the app.* SQL functions return (private.invoke's "data"): the contract with the SQL, one schema per shape,
// each with its type of the same name. Every shape is fixed by a jsonb_build_object, so every object is strict.
// Entities carry their own key as `id` (as private.grocery_item_json does) and name others `<entity>_id`.
// Timestamps are ISO 8601 strings, dates YYYY-MM-DD, quantities JSON numbers from numeric columns.
import { z } from "zod";
import { groceryCategories, mealTypes, nextCursor, units, weekdays } from "./fields.ts";

const id = z.guid();
const timestamp = z.iso.datetime({ offset: true });
const householdRole = z.enum(["owner", "member"]);

export const RecipeSummary = z.strictObject({
  id,
  title: z.string(),
  tags: z.array(z.string()),
  rating: z.int().min(1).max(5).nullable(),
  servings: z.int().positive().nullable(),
  updated_at: timestamp,
});
export type RecipeSummary = z.infer<typeof RecipeSummary>;

export const RecipeIngredientLine = z.strictObject({
  position: z.int().nonnegative(),
  ingredient_id: id,
  ingredient_name: z.string(),
  /** null, with unit null, for a line without an amount ("salt, to taste"). */
  quantity: z.number().positive().nullable(),
  unit: z.enum(units).nullable(),
  prep_state: z.string().nullable(),
  note: z.string().nullable(),
});
export type RecipeIngredientLine = z.infer<typeof RecipeIngredientLine>;

/** private.recipe_json(recipe). */
export const Recipe = z.strictObject({
  ...RecipeSummary.shape,
  instructions: z.string().nullable(),
  notes: z.string().nullable(),
  ingredients: z.array(RecipeIngredientLine),
  created_at: timestamp,
});
export type Recipe = z.infer<typeof Recipe>;

/** private.planner_meal_json(meal). */
export const PlannerMeal = z.strictObject({
  id,
  date: z.iso.date(),
  meal_type: z.enum(mealTypes),
  recipe_id: id,
  recipe_title: z.string(),
  servings: z.int().positive().nullable(),
  note: z.string().nullable(),
  /** The repeating series this meal is an occurrence of (planner.list_series); null for a one-off meal. */
  series_id: id.nullable(),
  created_at: timestamp,
});
export type PlannerMeal = z.infer<typeof PlannerMeal>;

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
});
export type GroceryListItem = z.infer<typeof GroceryListItem>;

/** Every category once, in the household's order (household.set_aisle_order), else the default order. */
export const AisleOrder = z.array(z.strictObject({ category: z.enum(groceryCategories), label: z.string() }));
export type AisleOrder = z.infer<typeof AisleOrder>;

export const HouseholdMember = z.strictObject({
  user_id: id,
  role: householdRole,
  email: z.string().nullable(),
  joined_at: timestamp,
});
export type HouseholdMember = z.infer<typeof HouseholdMember>;

export const Household = z.strictObject({
  id,
  name: z.string(),
  my_role: householdRole,
  created_at: timestamp,
  members: z.array(HouseholdMember),
});
export type Household = z.infer<typeof Household>;

export const Ingredient = z.strictObject({
  id,
  name: z.string(),
  /** true for the household's own ingredients, false for the shared catalog. */
  household_specific: z.boolean(),
});
export type Ingredient = z.infer<typeof Ingredient>;

// Each tool's result, named after the tool.

export const RecipeListResult = z.strictObject({ recipes: z.array(RecipeSummary), next_cursor: nextCursor });
export type RecipeListResult = z.infer<typeof RecipeListResult>;

export const RecipeGetResult = z.strictObject({ recipe: Recipe });
export type RecipeGetResult = z.infer<typeof RecipeGetResult>;

export const RecipeCreateResult = z.strictObject({ recipe_id: id, created_at: timestamp });
export type RecipeCreateResult = z.infer<typeof RecipeCreateResult>;

export const RecipeUpdateResult = z.strictObject({
  recipe: Recipe,
  updated_at: timestamp,
  /** The values before the change, of the fields the call gave. */
  previous: z.strictObject({
    title: z.string().optional(),
    ingredients: z.array(RecipeIngredientLine).optional(),
    instructions: z.string().nullable().optional(),
    tags: z.array(z.string()).optional(),
    rating: z.int().min(1).max(5).nullable().optional(),
    notes: z.string().nullable().optional(),
    servings: z.int().positive().nullable().optional(),
  }),
  /** The revision that keeps the recipe as it was before this change (recipe.revert takes it). */
  revision: z.int().positive(),
});
export type RecipeUpdateResult = z.infer<typeof RecipeUpdateResult>;

export const RecipeDeleteResult = z.strictObject({ recipe_id: id, title: z.string(), deleted_at: timestamp });
export type RecipeDeleteResult = z.infer<typeof RecipeDeleteResult>;

export const PlannerListMealsResult = z.strictObject({
  meals: z.array(PlannerMeal),
  next_cursor: nextCursor,
  /** The household's week version this reply was read at: planner.changes' `since` for the next pull. */
  version: z.int().nonnegative(),
});
export type PlannerListMealsResult = z.infer<typeof PlannerListMealsResult>;

export const PlannerGetMealResult = z.strictObject({
  meal: z.strictObject({ ...PlannerMeal.shape, ingredients: z.array(RecipeIngredientLine) }),
});
export type PlannerGetMealResult = z.infer<typeof PlannerGetMealResult>;

export const PlannerAddMealResult = z.strictObject({ planner_meal_id: id, meal: PlannerMeal, message: z.string() });
export type PlannerAddMealResult = z.infer<typeof PlannerAddMealResult>;

export const PlannerRemoveMealResult = z.strictObject({
  removed: z.literal(true),
  meal: z.strictObject({ ...PlannerMeal.shape, deleted_at: timestamp }),
});
export type PlannerRemoveMealResult = z.infer<typeof PlannerRemoveMealResult>;

export const PlannerRestoreMealResult = z.strictObject({ restored: z.literal(true), meal: PlannerMeal });
export type PlannerRestoreMealResult = z.infer<typeof PlannerRestoreMealResult>;

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

export const HouseholdGetResult = z.strictObject({ households: z.array(Household) });
export type HouseholdGetResult = z.infer<typeof HouseholdGetResult>;

export const HouseholdCreateInviteResult = z.strictObject({
  household_id: id,
  household_name: z.string(),
  invite_id: id,
  /** The secret the link carries: 43 characters, 244 random bits. */
  code: z.string(),
  expires_at: timestamp,
  max_uses: z.int().positive().nullable(),
});
export type HouseholdCreateInviteResult = z.infer<typeof HouseholdCreateInviteResult>;

export const HouseholdJoinResult = z.strictObject({
  household_id: id,
  /** The invite redeemed: undoing the join gives it its use back. */
  invite_id: id,
  name: z.string(),
  role: householdRole,
  already_member: z.boolean(),
  /** The household joined is now the member's default (absent when they were a member already). */
  became_default: z.boolean().optional(),
  /** Their default household before the join, which undoing the join sets back; null when they had none. */
  previous_default_household_id: id.nullable().optional(),
});
export type HouseholdJoinResult = z.infer<typeof HouseholdJoinResult>;

export const IngredientSearchResult = z.strictObject({
  ingredients: z.array(z.strictObject({ ...Ingredient.shape, match: z.enum(["exact", "prefix", "word"]) })),
});
export type IngredientSearchResult = z.infer<typeof IngredientSearchResult>;

export const IngredientCreateResult = z.strictObject({ ingredient_id: id, name: z.string(), created_at: timestamp });
export type IngredientCreateResult = z.infer<typeof IngredientCreateResult>;

export const RecipeRestoreResult = z.strictObject({ restored: z.literal(true), recipe: Recipe });
export type RecipeRestoreResult = z.infer<typeof RecipeRestoreResult>;

export const RecipeRevertResult = z.strictObject({
  recipe: Recipe,
  reverted_to_revision: z.int().positive(),
  /** The revision that keeps the recipe as it was before the revert. */
  revision: z.int().positive(),
});
export type RecipeRevertResult = z.infer<typeof RecipeRevertResult>;

/** recipe.list_revisions: newest first; each `recipe` is the recipe as it was before that change. */
export const RecipeListRevisionsResult = z.strictObject({
  recipe_id: id,
  revisions: z.array(z.strictObject({
    revision: z.int().positive(),
    created_at: timestamp,
    /** Who made the change that this revision keeps the recipe from; null once their account is gone. */
    created_by: id.nullable(),
    recipe: Recipe,
  })),
  next_cursor: nextCursor,
});
export type RecipeListRevisionsResult = z.infer<typeof RecipeListRevisionsResult>;

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

/** The old value of each meal field a call gave (update_meal, update_series): undoing puts them back. */
const PreviousMealFields = {
  meal_type: z.enum(mealTypes).optional(),
  servings: z.int().positive().nullable().optional(),
  note: z.string().nullable().optional(),
};

/** planner.update_meal: `previous` holds the old value of each field the call gave. */
export const PlannerUpdateMealResult = z.strictObject({
  meal: PlannerMeal,
  previous: z.strictObject({ date: z.iso.date().optional(), ...PreviousMealFields }),
});
export type PlannerUpdateMealResult = z.infer<typeof PlannerUpdateMealResult>;

export const PlannerMealsForDateResult = z.strictObject({ date: z.iso.date(), meals: z.array(PlannerMeal) });
export type PlannerMealsForDateResult = z.infer<typeof PlannerMealsForDateResult>;

export const HouseholdListResult = z.strictObject({
  households: z.array(z.strictObject({
    id,
    name: z.string(),
    my_role: householdRole,
    is_default: z.boolean(),
    member_count: z.int().positive(),
  })),
});
export type HouseholdListResult = z.infer<typeof HouseholdListResult>;

export const HouseholdRenameResult = z.strictObject({ household_id: id, name: z.string(), previous_name: z.string() });
export type HouseholdRenameResult = z.infer<typeof HouseholdRenameResult>;

export const HouseholdSetDefaultResult = z.strictObject({
  default_household_id: id,
  previous_default_household_id: id.nullable(),
});
export type HouseholdSetDefaultResult = z.infer<typeof HouseholdSetDefaultResult>;

/** The membership as it was (role, default flag, joining time): undoing puts it back. */
const FormerMembership = { role: householdRole, was_default: z.boolean(), joined_at: timestamp };

export const HouseholdLeaveResult = z.strictObject({ left: z.literal(true), household_id: id, ...FormerMembership });
export type HouseholdLeaveResult = z.infer<typeof HouseholdLeaveResult>;

export const HouseholdRemoveMemberResult = z.strictObject({
  removed: z.literal(true),
  household_id: id,
  user_id: id,
  ...FormerMembership,
});
export type HouseholdRemoveMemberResult = z.infer<typeof HouseholdRemoveMemberResult>;

export const HouseholdSetRoleResult = z.strictObject({
  household_id: id,
  user_id: id,
  role: householdRole,
  previous_role: householdRole,
});
export type HouseholdSetRoleResult = z.infer<typeof HouseholdSetRoleResult>;

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
export const HistoryEntry = z.strictObject({
  invocation_id: id,
  tool: z.string(),
  user_id: id,
  created_at: timestamp,
  summary: z.string(),
  undone: z.boolean(),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

export const HistoryListResult = z.strictObject({ entries: z.array(HistoryEntry), next_cursor: nextCursor });
export type HistoryListResult = z.infer<typeof HistoryListResult>;

/**
 * history.undo: `inverse` is what the undo did, as a write (a tool's name, its reply, and the write whose rows it
 * moved): undoing this undo (a redo) undoes that write.
 */
export const HistoryUndoResult = z.strictObject({
  undone_invocation_id: id,
  undone_tool: z.string(),
  undone_summary: z.string(),
  message: z.string(),
  inverse: z.strictObject({
    tool: z.string(),
    response: z.unknown(),
    invocation_id: id.nullable(),
  }),
});
export type HistoryUndoResult = z.infer<typeof HistoryUndoResult>;
/** recipe.parse_text (and the draft of media.ocr_image): a recipe.create input to correct, and each line read. */
const lineProblem = z.enum(["range", "no_quantity", "rounded", "no_unit", "no_name", "unmatched"]);
const DraftIngredientLine = z.strictObject({
  ingredient_id: id.optional(),
  name: z.string().optional(),
  quantity: z.number().positive().nullable(),
  unit: z.enum(units).nullable(),
  prep_state: z.string().nullable(),
  note: z.string().optional(),
});
export const RecipeDraft = z.strictObject({
  draft: z.strictObject({
    title: z.string().optional(),
    ingredients: z.array(DraftIngredientLine),
    instructions: z.string().optional(),
  }),
  /** True when recipe.create would take the draft as it is. */
  ready: z.boolean(),
  lines: z.array(z.strictObject({
    original: z.string(),
    quantity: z.number().positive().nullable(),
    quantity_text: z.string().nullable(),
    unit: z.enum(units).nullable(),
    unit_text: z.string().nullable(),
    prep_state: z.string().nullable(),
    name: z.string(),
    note: z.string().nullable(),
    problems: z.array(lineProblem),
    section: z.string().nullable(),
    ingredient: Ingredient.nullable(),
    suggestions: IngredientSearchResult.shape.ingredients,
  })),
  other_lines: z.array(z.string()),
});
export type RecipeDraft = z.infer<typeof RecipeDraft>;

/** What app.recipe_parse_text returns for the names it is given, in their order. */
export const IngredientNameMatches = z.strictObject({
  matches: z.array(z.strictObject({
    name: z.string(),
    ingredient: Ingredient.nullable(),
    /** Which of the line's candidate names matched (0: the name as read). */
    candidate: z.int().nullable(),
    /** The count unit a counted line takes (from the ingredient or the alias), or null. */
    count_unit: z.enum(["whole", "piece"]).nullable(),
    /** What the matched alias says beyond the ingredient's name ("cloves"), or null. */
    alias_note: z.string().nullable(),
    suggestions: IngredientSearchResult.shape.ingredients,
  })),
});
export type IngredientNameMatches = z.infer<typeof IngredientNameMatches>;

export const MediaOcrImageResult = z.strictObject({
  extracted_text: z.string(),
  confidence: z.number().min(0).max(1),
  image: z.strictObject({
    type: z.enum(["image/png", "image/jpeg", "image/webp"]),
    width: z.int().positive(),
    height: z.int().positive(),
  }),
  recipe: RecipeDraft,
});
export type MediaOcrImageResult = z.infer<typeof MediaOcrImageResult>;

export const MediaSpeechToTextResult = z.strictObject({
  transcript: z.string(),
  confidence: z.number().min(0).max(1).nullable(),
  confidence_source: z.enum(["logprobs", "segments", "none"]),
  audio: z.strictObject({ type: z.string(), bytes: z.int().positive() }),
});
export type MediaSpeechToTextResult = z.infer<typeof MediaSpeechToTextResult>;

/** app.planner_add_recurring: the series and its occurrences, each an ordinary planned meal. */
export const PlannerAddRecurringResult = z.strictObject({
  series_id: id,
  meals: z.array(PlannerMeal).min(1).max(100),
  message: z.string(),
});
export type PlannerAddRecurringResult = z.infer<typeof PlannerAddRecurringResult>;

/** One of app.planner_list_series' series: its rule as stored, and its live occurrences. */
export const PlannerSeries = z.strictObject({
  id,
  recipe_id: id,
  recipe_title: z.string(),
  meal_type: z.enum(mealTypes),
  servings: z.int().positive().nullable(),
  note: z.string().nullable(),
  weekdays: z.array(z.enum(weekdays)).min(1).max(7),
  every_weeks: z.int().min(1).max(52),
  start_date: z.iso.date(),
  /** The first and last day of the occurrences still planned; null when none is left. */
  first_date: z.iso.date().nullable(),
  last_date: z.iso.date().nullable(),
  live_meal_count: z.int().nonnegative(),
  created_at: timestamp,
});
export type PlannerSeries = z.infer<typeof PlannerSeries>;

export const PlannerListSeriesResult = z.strictObject({ series: z.array(PlannerSeries), next_cursor: nextCursor });
export type PlannerListSeriesResult = z.infer<typeof PlannerListSeriesResult>;

export const PlannerRemoveSeriesResult = z.strictObject({
  series_id: id,
  removed_meal_ids: z.array(id),
  message: z.string(),
});
export type PlannerRemoveSeriesResult = z.infer<typeof PlannerRemoveSeriesResult>;

/**
 * planner.update_series: `previous` holds the series' old value of each field the call gave, `previous_meals`
 * each changed occurrence's (one changed by itself before had its own).
 */
export const PlannerUpdateSeriesResult = z.strictObject({
  series_id: id,
  meals: z.array(PlannerMeal),
  previous: z.strictObject(PreviousMealFields),
  previous_meals: z.array(z.strictObject({ id, ...PreviousMealFields })),
  message: z.string(),
});
export type PlannerUpdateSeriesResult = z.infer<typeof PlannerUpdateSeriesResult>;

/** recipe.import_url: recipe.parse_text's draft, and the page finally read (after redirects). */
export const RecipeImportResult = z.strictObject({ ...RecipeDraft.shape, source_url: z.string() });
export type RecipeImportResult = z.infer<typeof RecipeImportResult>;

export const GroceryChangesResult = z.strictObject({
  list: z.strictObject({ id, name: z.string(), deleted_at: timestamp.nullable(), version: changeVersion }),
  /** Live items changed after `since`, as grocery.get_list shows them. */
  items: z.array(GroceryListItem),
  /** Items removed after `since`; merged_into_id names the line a folded or converted one went into. */
  removed: z.array(z.strictObject({ id, merged_into_id: id.nullable() })),
  version: changeVersion,
  next_cursor: nextCursor,
  /** The household's aisle order now (it has no version: every pull carries it). */
  aisle_order: AisleOrder,
});
export type GroceryChangesResult = z.infer<typeof GroceryChangesResult>;

export const PlannerChangesResult = z.strictObject({
  /** Meals changed after `since` that are now live in the range. */
  meals: z.array(PlannerMeal),
  /** Meals removed, or moved out of the range, after `since`. */
  removed: z.array(id),
  version: changeVersion,
  next_cursor: nextCursor,
});
export type PlannerChangesResult = z.infer<typeof PlannerChangesResult>;

/** An invite as its household's owners see it. */
export const HouseholdInvite = z.strictObject({
  invite_id: id,
  code: z.string(),
  created_at: timestamp,
  created_by: id.nullable(),
  expires_at: timestamp,
  max_uses: z.int().positive().nullable(),
  use_count: z.int().nonnegative(),
  revoked_at: timestamp.nullable(),
  status: z.enum(["active", "expired", "revoked", "used_up"]),
});
export type HouseholdInvite = z.infer<typeof HouseholdInvite>;

export const HouseholdListInvitesResult = z.strictObject({
  household_id: id,
  household_name: z.string(),
  invites: z.array(HouseholdInvite),
  next_cursor: nextCursor,
});
export type HouseholdListInvitesResult = z.infer<typeof HouseholdListInvitesResult>;

/** household.revoke_invite: never the code (every member reads the history), its first six characters. */
export const HouseholdRevokeInviteResult = z.strictObject({
  invite_id: id,
  household_id: id,
  household_name: z.string(),
  code_prefix: z.string(),
  expires_at: timestamp,
  use_count: z.int().nonnegative(),
  revoked_at: timestamp,
  revoked_by: id.nullable(),
  /** It was revoked before this call, which changed nothing. */
  already_revoked: z.boolean(),
  message: z.string(),
});
export type HouseholdRevokeInviteResult = z.infer<typeof HouseholdRevokeInviteResult>;

export const HouseholdSetAisleOrderResult = z.strictObject({
  household_id: id,
  household_name: z.string(),
  /** The categories as set, in order; null: the default order. */
  categories: z.array(z.enum(groceryCategories)).nullable(),
  /** The order before (null: the default), which undoing puts back. */
  previous_categories: z.array(z.enum(groceryCategories)).nullable(),
  aisle_order: AisleOrder,
  message: z.string(),
});
export type HouseholdSetAisleOrderResult = z.infer<typeof HouseholdSetAisleOrderResult>;

import * as z from "zod";
import { defineTool } from "../define-tool.ts";
import {
  checkPlannerSpan,
  dateField,
  idField,
  limits,
  pageFields,
  prepStateField,
  quantityField,
  servingsField,
  textField,
  unitField,
} from "../fields.ts";
import { groceryDocs } from "./docs.ts";
import { groceryEditDocs } from "./docs-edits.ts";
import { groceryPlanDocs } from "./docs-plan.ts";
import { itemOnList, linesWords, lineWords } from "./describe.ts";
import { amountOf, counted, dayWords, listWords } from "../describe/wording.ts";
import {
  GroceryAddItemResult,
  GroceryClearCheckedResult,
  GroceryCreateListResult,
  GroceryDeleteListResult,
  GroceryGetListResult,
  GroceryItemResult,
  GroceryListListsResult,
  GroceryPushRecipeResult,
  GroceryRemoveItemResult,
  GroceryRenameListResult,
  GroceryRestoreItemResult,
  GroceryRestoreListResult,
  GroceryUncheckItemResult,
  GroceryUpdateItemResult,
  PushIngredientsResult,
} from "./results.ts";
import { GrocerySyncPlanChoicesResult, syncChoiceFields } from "./sync-choices.ts";

import { groceryListId } from "./list-field.ts";
import { formatFraction } from "../../client/amounts.ts";
export { groceryListId };

// A unit on its own, as a sentence says it ("counted in cans"), for an edit that changes only the unit.
const unitWords: Readonly<Record<string, string>> = {
  whole: "whole ones",
  piece: "pieces",
  can: "cans",
  package: "packages",
};
const groceryItemId = idField("The grocery item's id (from grocery.get_list).");

/** The list's version the client last read: a stale write that would undo someone else's later change is refused. */
const seenVersion = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional().describe(
  "The list's version you last read (grocery.get_list's or the last grocery.changes' `version`), for a write made " +
    "offline or from a screen that may be stale: if someone else changed what this write would overwrite after " +
    "that version, the write is refused as a CONFLICT (nothing changes) instead of undoing their change. Absent: " +
    "no such check.",
);
const itemWriteInput = { grocery_item_id: groceryItemId, seen_version: seenVersion };

const nullableId = (description: string) => idField(description).nullable().optional().describe(description);

export const listLists = defineTool({
  name: "grocery.list_lists",
  ...groceryDocs.listLists,
  effect: "read",
  inputSchema: z.strictObject(pageFields(50)),
  outputSchema: GroceryListListsResult,
});

export const getList = defineTool({
  name: "grocery.get_list",
  ...groceryDocs.getList,
  effect: "read",
  inputSchema: z.strictObject({ grocery_list_id: groceryListId }),
  outputSchema: GroceryGetListResult,
});

export const createList = defineTool({
  name: "grocery.create_list",
  ...groceryDocs.createList,
  // Every grocery write is medium: items and lists are cheap to put back.
  effect: "write",
  risk: "medium",
  inputSchema: z.strictObject({
    name: textField(100, "List name, 1–100 characters after trimming; unique among the household's live lists."),
  }),
  describe: (input) => `Create the list ${input.name}`,
  outputSchema: GroceryCreateListResult,
});

export const pushIngredients = defineTool({
  name: "grocery.push_ingredients",
  ...groceryDocs.pushIngredients,
  effect: "write",
  risk: "medium",
  latencyBudgetMs: 3000,
  inputSchema: z.strictObject({
    grocery_list_id: groceryListId,
    ingredients: z.array(
      z.strictObject({
        ingredient_id: idField("The ingredient's id (from recipe.get, planner.get_meal or ingredient.search)."),
        quantity: quantityField(),
        unit: unitField(),
        prep_state: prepStateField(),
        source_recipe_id: nullableId("The recipe this line comes from, for traceability; null or absent if none."),
        planner_meal_id: nullableId("The planned meal this line comes from, for traceability; null or absent if none."),
      }).describe("One line to add: ingredient, numeric quantity, unit, optional prep state and source."),
    )
      .min(1, { error: "push at least one ingredient line" })
      .max(limits.maxPushLines)
      .describe("Lines to merge into the list (1–500)."),
  }),
  describe: (input, names) => `Add ${linesWords(input.ingredients, names)} to ${names.list(input.grocery_list_id)}`,
  outputSchema: PushIngredientsResult,
});

export const addItem = defineTool({
  name: "grocery.add_item",
  ...groceryDocs.addItem,
  effect: "write",
  risk: "medium",
  inputSchema: z.strictObject({
    grocery_list_id: groceryListId,
    ingredient_id: idField("A known ingredient (from ingredient.search). Give this or name.").optional(),
    name: textField(100, 'A free item name ("paper towels") when no ingredient fits. Give this or ingredient_id.')
      .optional(),
    quantity: quantityField(),
    unit: unitField(),
    prep_state: prepStateField(),
  }).refine((input) => input.ingredient_id !== undefined || input.name !== undefined, {
    error: "give ingredient_id or name",
    path: ["name"],
  }).refine((input) => input.ingredient_id === undefined || input.name === undefined, {
    error: "give ingredient_id or name, not both",
    path: ["name"],
  }),
  describe: (input, names) => `Add ${lineWords(input, names)} to ${names.list(input.grocery_list_id)}`,
  outputSchema: GroceryAddItemResult,
});

export const checkItem = defineTool({
  name: "grocery.check_item",
  ...groceryDocs.checkItem,
  effect: "write",
  risk: "medium",
  inputSchema: z.strictObject(itemWriteInput),
  describe: (input, names) => `Check ${itemOnList(input.grocery_item_id, names)}`,
  outputSchema: GroceryItemResult,
});

export const uncheckItem = defineTool({
  name: "grocery.uncheck_item",
  ...groceryDocs.uncheckItem,
  effect: "write",
  risk: "medium",
  inputSchema: z.strictObject(itemWriteInput),
  describe: (input, names) => `Uncheck ${itemOnList(input.grocery_item_id, names)}`,
  outputSchema: GroceryUncheckItemResult,
});

export const removeItem = defineTool({
  name: "grocery.remove_item",
  ...groceryDocs.removeItem,
  effect: "write",
  risk: "medium",
  inputSchema: z.strictObject(itemWriteInput),
  describe: (input, names) =>
    `Remove ${names.item(input.grocery_item_id)} from ${names.itemList(input.grocery_item_id)}`,
  outputSchema: GroceryRemoveItemResult,
});

export const updateItem = defineTool({
  name: "grocery.update_item",
  ...groceryEditDocs.updateItem,
  effect: "write",
  risk: "medium",
  inputSchema: z.strictObject({
    ...itemWriteInput,
    quantity: quantityField().optional(),
    unit: unitField().optional(),
    prep_state: prepStateField(),
  }).refine((input) => ["quantity", "unit", "prep_state"].some((field) => field in input), {
    error: "give at least one of quantity, unit and prep_state",
    path: ["quantity"],
  }),
  describe: (input, names) => {
    const changes = [
      input.quantity !== undefined && input.unit !== undefined
        ? `amount ${amountOf(input.quantity, input.unit, names.item(input.grocery_item_id))}`
        : input.quantity !== undefined
        ? `quantity ${formatFraction(input.quantity)}`
        : input.unit !== undefined
        ? `counted in ${unitWords[input.unit] ?? input.unit}`
        : null,
      input.prep_state === null ? "no prep state" : input.prep_state ? `prep state ${input.prep_state}` : null,
    ].filter((change) => change !== null);
    return `Change ${itemOnList(input.grocery_item_id, names)}: ${listWords(changes)}`;
  },
  outputSchema: GroceryUpdateItemResult,
});

export const renameList = defineTool({
  name: "grocery.rename_list",
  ...groceryEditDocs.renameList,
  effect: "write",
  risk: "medium",
  inputSchema: z.strictObject({
    grocery_list_id: groceryListId,
    name: textField(100, "The new name, 1–100 characters after trimming; unique among the household's live lists."),
  }),
  describe: (input, names, recorded) => {
    // In the history the list already has its new name: the old one is the reply's.
    const before = recorded?.previous_name ?? names.list(input.grocery_list_id);
    return before === input.name ? `Rename a list to ${input.name}` : `Rename the list ${before} to ${input.name}`;
  },
  outputSchema: GroceryRenameListResult,
});

export const deleteList = defineTool({
  name: "grocery.delete_list",
  ...groceryEditDocs.deleteList,
  effect: "write",
  risk: "high",
  inputSchema: z.strictObject({ grocery_list_id: groceryListId }),
  describe: (input, names) => `Delete the list ${names.list(input.grocery_list_id)}`,
  outputSchema: GroceryDeleteListResult,
});

export const restoreList = defineTool({
  name: "grocery.restore_list",
  ...groceryEditDocs.restoreList,
  effect: "write",
  risk: "medium",
  inputSchema: z.strictObject({ grocery_list_id: groceryListId }),
  describe: (input, names) => `Restore the list ${names.list(input.grocery_list_id)}`,
  outputSchema: GroceryRestoreListResult,
});

export const clearChecked = defineTool({
  name: "grocery.clear_checked",
  ...groceryEditDocs.clearChecked,
  effect: "write",
  risk: "medium",
  inputSchema: z.strictObject({ grocery_list_id: groceryListId }),
  describe: (input, names) => `Clear the checked items from ${names.list(input.grocery_list_id)}`,
  outputSchema: GroceryClearCheckedResult,
});

export const restoreItem = defineTool({
  name: "grocery.restore_item",
  ...groceryEditDocs.restoreItem,
  effect: "write",
  risk: "medium",
  inputSchema: z.strictObject({ grocery_item_id: groceryItemId }),
  describe: (input, names) =>
    `Put ${names.item(input.grocery_item_id)} back on ${names.itemList(input.grocery_item_id)}`,
  outputSchema: GroceryRestoreItemResult,
});

export const pushRecipe = defineTool({
  name: "grocery.push_recipe",
  ...groceryPlanDocs.pushRecipe,
  effect: "write",
  risk: "medium",
  latencyBudgetMs: 3000,
  inputSchema: z.strictObject({
    grocery_list_id: groceryListId,
    recipe_id: idField("The recipe's id (from recipe.list or recipe.get)."),
    servings: servingsField(
      "Servings to push for, 1–100; the recipe's own servings are the base. Absent: the recipe's own amounts.",
    ).optional(),
  }),
  describe: (input, names) =>
    `Add the ingredients of ${names.recipe(input.recipe_id)} to ${names.list(input.grocery_list_id)}` +
    (input.servings ? ` (${counted(input.servings, "serving")})` : ""),
  outputSchema: GroceryPushRecipeResult,
});

export const syncPlan = defineTool({
  name: "grocery.sync_plan",
  ...groceryPlanDocs.syncPlan,
  effect: "write",
  risk: "medium",
  latencyBudgetMs: 3000,
  inputSchema: z.strictObject({
    grocery_list_id: groceryListId,
    start_date: dateField("First day of the plan to bring in, YYYY-MM-DD (inclusive)."),
    end_date: dateField("Last day, YYYY-MM-DD (inclusive); at most 92 days after start_date."),
    preview: z.boolean().default(false)
      .describe("true: return what would change and write nothing. false (default): make the changes."),
    ...syncChoiceFields,
  }).superRefine(checkPlannerSpan),
  describe: (input, names) =>
    `${input.preview ? "Preview bringing" : "Bring"} the plan from ${dayWords(input.start_date)} to ` +
    `${dayWords(input.end_date)} into ${names.list(input.grocery_list_id)}` +
    (input.leave_out_meal_ids?.length ? `, leaving out ${counted(input.leave_out_meal_ids.length, "meal")}` : "") +
    (input.include_ingredient_ids?.length
      ? `, with ${counted(input.include_ingredient_ids.length, "on-hand ingredient")} on it anyway`
      : ""),
  outputSchema: GrocerySyncPlanChoicesResult,
});

export const groceryTools = [
  listLists,
  getList,
  createList,
  pushIngredients,
  addItem,
  checkItem,
  uncheckItem,
  removeItem,
  updateItem,
  renameList,
  deleteList,
  restoreList,
  clearChecked,
  restoreItem,
  pushRecipe,
  syncPlan,
];

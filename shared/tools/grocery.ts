import { z } from "zod";
import { defineTool } from "./define-tool.ts";
import { idField, limits, pageFields, prepStateField, quantityField, textField, unitField } from "./fields.ts";
import { groceryDocs } from "./docs/grocery.ts";
import {
  GroceryAddItemResult,
  GroceryCreateListResult,
  GroceryGetListResult,
  GroceryItemResult,
  GroceryListListsResult,
  GroceryRemoveItemResult,
  GroceryUncheckItemResult,
  PushIngredientsResult,
} from "./results.ts";

const groceryListId = idField("The grocery list's id (from grocery.list_lists or grocery.create_list).");
const groceryItemId = idField("The grocery item's id (from grocery.get_list).");

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
  outputSchema: GroceryAddItemResult,
});

export const checkItem = defineTool({
  name: "grocery.check_item",
  ...groceryDocs.checkItem,
  effect: "write",
  risk: "medium",
  inputSchema: z.strictObject({ grocery_item_id: groceryItemId }),
  outputSchema: GroceryItemResult,
});

export const uncheckItem = defineTool({
  name: "grocery.uncheck_item",
  ...groceryDocs.uncheckItem,
  effect: "write",
  risk: "medium",
  inputSchema: z.strictObject({ grocery_item_id: groceryItemId }),
  outputSchema: GroceryUncheckItemResult,
});

export const removeItem = defineTool({
  name: "grocery.remove_item",
  ...groceryDocs.removeItem,
  effect: "write",
  risk: "medium",
  inputSchema: z.strictObject({ grocery_item_id: groceryItemId }),
  outputSchema: GroceryRemoveItemResult,
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
];

import { z } from "zod";
import { defineTool } from "./define-tool.ts";
import { readTraits, writeTraits } from "./traits.ts";
import { emptyInput, idField, limits, prepStateField, quantityField, textField, unitField } from "./fields.ts";
import { groceryDocs } from "./docs/grocery.ts";
import type { GroceryItem, GroceryItemDetail, GroceryListSummary, PushIngredientsResult } from "./results.ts";

const groceryListId = idField("The grocery list's id (from grocery.list_lists or grocery.create_list).");
const groceryItemId = idField("The grocery item's id (from grocery.get_list).");

const nullableId = (description: string) => idField(description).nullable().optional().describe(description);

export const listLists = defineTool({
  name: "grocery.list_lists",
  ...groceryDocs.listLists,
  ...readTraits(),
  inputSchema: emptyInput,
  execute: (input, context) => context.invoke<{ lists: GroceryListSummary[] }>("app.grocery_list_lists", input),
});

export const getList = defineTool({
  name: "grocery.get_list",
  ...groceryDocs.getList,
  ...readTraits(),
  inputSchema: z.strictObject({ grocery_list_id: groceryListId }),
  execute: (input, context) =>
    context.invoke<{ list: GroceryListSummary; items: GroceryItemDetail[] }>("app.grocery_get_list", input),
});

export const createList = defineTool({
  name: "grocery.create_list",
  ...groceryDocs.createList,
  // Every grocery write is medium: items and lists are cheap to put back.
  ...writeTraits("medium"),
  inputSchema: z.strictObject({
    name: textField(100, "List name, 1–100 characters after trimming; unique among the household's live lists."),
  }),
  execute: (input, context) =>
    context.invoke<{ grocery_list_id: string; name: string; created_at: string }>("app.grocery_create_list", input),
});

export const pushIngredients = defineTool({
  name: "grocery.push_ingredients",
  ...groceryDocs.pushIngredients,
  ...writeTraits("medium", { latencyBudgetMs: 3000 }),
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
  execute: (input, context) => context.invoke<PushIngredientsResult>("app.grocery_push_ingredients", input),
});

export const addItem = defineTool({
  name: "grocery.add_item",
  ...groceryDocs.addItem,
  ...writeTraits("medium"),
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
  execute: (input, context) =>
    context.invoke<{ grocery_item_id: string; merged: boolean; item: GroceryItem; message: string }>(
      "app.grocery_add_item",
      input,
    ),
});

export const checkItem = defineTool({
  name: "grocery.check_item",
  ...groceryDocs.checkItem,
  ...writeTraits("medium"),
  inputSchema: z.strictObject({ grocery_item_id: groceryItemId }),
  execute: (input, context) => context.invoke<{ item: GroceryItemDetail }>("app.grocery_check_item", input),
});

export const uncheckItem = defineTool({
  name: "grocery.uncheck_item",
  ...groceryDocs.uncheckItem,
  ...writeTraits("medium"),
  inputSchema: z.strictObject({ grocery_item_id: groceryItemId }),
  execute: (input, context) => context.invoke<{ item: GroceryItemDetail }>("app.grocery_uncheck_item", input),
});

export const removeItem = defineTool({
  name: "grocery.remove_item",
  ...groceryDocs.removeItem,
  ...writeTraits("medium"),
  inputSchema: z.strictObject({ grocery_item_id: groceryItemId }),
  execute: (input, context) =>
    context.invoke<{ removed: true; item: GroceryItemDetail & { deleted_at: string } }>(
      "app.grocery_remove_item",
      input,
    ),
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

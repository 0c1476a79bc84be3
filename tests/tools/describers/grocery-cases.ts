// The describer cases of the grocery write tools: the input, and the sentence a person reads.
import { callToolOk } from "../../support/tools-client.ts";
import { alice, type Case, milk, newItem, newList, newRecipe, rice } from "./fixtures.ts";

export const groceryCases: Record<string, () => Promise<Case>> = {
  "grocery.create_list": () => Promise.resolve({ input: { name: "Party" }, proposal: "Create the list Party" }),
  "grocery.push_ingredients": async () => {
    const list = await newList();
    return {
      input: {
        grocery_list_id: list.id,
        ingredients: [
          { ingredient_id: milk, quantity: 1, unit: "l" },
          { ingredient_id: rice, quantity: 2, unit: "cup", prep_state: "rinsed" },
        ],
      },
      proposal: `Add 1 l milk and 2 cups white rice (rinsed) to ${list.name}`,
    };
  },
  "grocery.add_item": async () => {
    const list = await newList();
    return {
      input: { grocery_list_id: list.id, ingredient_id: milk, quantity: 1, unit: "l" },
      proposal: `Add 1 l milk to ${list.name}`,
    };
  },
  // The proposal and the history are the describer's, from the text as typed (the record keeps the text, not the
  // lines read from it).
  "grocery.add_text": async () => {
    const list = await newList();
    return {
      input: { grocery_list_id: list.id, text: "2 l milk, onions" },
      proposal: `Add 2 l milk and onions to ${list.name}`,
    };
  },
  "grocery.check_item": async () => {
    const { list, itemId } = await newItem();
    return { input: { grocery_item_id: itemId }, proposal: `Check garlic on ${list.name}` };
  },
  "grocery.uncheck_item": async () => {
    const { list, itemId } = await newItem();
    await callToolOk(alice, "grocery.check_item", { grocery_item_id: itemId });
    return { input: { grocery_item_id: itemId }, proposal: `Uncheck garlic on ${list.name}` };
  },
  "grocery.remove_item": async () => {
    const { list, itemId } = await newItem();
    return { input: { grocery_item_id: itemId }, proposal: `Remove garlic from ${list.name}` };
  },
  "grocery.restore_item": async () => {
    const { list, itemId } = await newItem();
    await callToolOk(alice, "grocery.remove_item", { grocery_item_id: itemId });
    return { input: { grocery_item_id: itemId }, proposal: `Put garlic back on ${list.name}` };
  },
  "grocery.update_item": async () => {
    const { list, itemId } = await newItem();
    return {
      input: { grocery_item_id: itemId, quantity: 3, unit: "whole", prep_state: "minced" },
      proposal: `Change garlic on ${list.name}: amount 3 heads garlic and prep state minced`,
    };
  },
  "grocery.rename_list": async () => {
    const list = await newList();
    return {
      input: { grocery_list_id: list.id, name: "Big shop" },
      proposal: `Rename the list ${list.name} to Big shop`,
    };
  },
  "grocery.delete_list": async () => {
    const list = await newList();
    return { input: { grocery_list_id: list.id }, proposal: `Delete the list ${list.name}` };
  },
  "grocery.restore_list": async () => {
    const list = await newList();
    await callToolOk(alice, "grocery.delete_list", { grocery_list_id: list.id });
    return { input: { grocery_list_id: list.id }, proposal: `Restore the list ${list.name}` };
  },
  "grocery.clear_checked": async () => {
    const { list, itemId } = await newItem();
    await callToolOk(alice, "grocery.check_item", { grocery_item_id: itemId });
    return { input: { grocery_list_id: list.id }, proposal: `Clear the checked items from ${list.name}` };
  },
  "grocery.push_recipe": async () => {
    const list = await newList();
    const recipe = await newRecipe();
    return {
      input: { grocery_list_id: list.id, recipe_id: recipe.id, servings: 8 },
      proposal: `Add the ingredients of ${recipe.title} to ${list.name} (8 servings)`,
    };
  },
  "grocery.sync_plan": async () => {
    const list = await newList();
    return {
      input: { grocery_list_id: list.id, start_date: "2026-12-01", end_date: "2026-12-07" },
      proposal: `Bring the plan from Tuesday 1 December to Monday 7 December into ${list.name}`,
    };
  },
  "grocery.apply_conversion": async () => {
    const list = await newList();
    const first = await callToolOk(alice, "grocery.add_item", {
      grocery_list_id: list.id,
      ingredient_id: milk,
      quantity: 1,
      unit: "cup",
    });
    const second = await callToolOk(alice, "grocery.add_item", {
      grocery_list_id: list.id,
      ingredient_id: milk,
      quantity: 250,
      unit: "ml",
    });
    return {
      input: { grocery_list_id: list.id, item_ids: [first.item.id, second.item.id], unit: "ml" },
      proposal: `Merge 2 lines of milk on ${list.name} into one line in ml`,
    };
  },
};

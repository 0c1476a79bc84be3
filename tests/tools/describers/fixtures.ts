// What the describer cases arrange: Alice's household (renamed The Smiths), catalog ingredients, and a new list,
// item, recipe, meal, series or member per case, with unique names so the cases never share rows.
import { callToolOk } from "../../support/tools-client.ts";
import { catalogIngredient, householdOf, joinHousehold } from "../../support/households.ts";
import { adminSql, createTestUser, type TestUser } from "../../support/stack.ts";

export const sql = adminSql();
export const alice = await createTestUser(sql, "describers-alice");
export const householdId = await householdOf(sql, alice);
export const milk = await catalogIngredient(sql, "milk");
export const rice = await catalogIngredient(sql, "white rice");
export const garlic = await catalogIngredient(sql, "garlic");
await callToolOk(alice, "household.rename", { name: "The Smiths" });

let counter = 0;
export const unique = (label: string) => `${label} ${++counter}`;

export async function newList(name = unique("Weekly shop")): Promise<{ id: string; name: string }> {
  return { id: (await callToolOk(alice, "grocery.create_list", { name })).grocery_list_id, name };
}

export async function newItem(): Promise<{ list: { id: string; name: string }; itemId: string }> {
  const list = await newList();
  const { item } = await callToolOk(alice, "grocery.add_item", {
    grocery_list_id: list.id,
    ingredient_id: garlic,
    quantity: 2,
    unit: "whole",
  });
  return { list, itemId: item.id };
}

export async function newRecipe(title = unique("Spaghetti bolognese")): Promise<{ id: string; title: string }> {
  const { recipe_id } = await callToolOk(alice, "recipe.create", {
    title,
    servings: 4,
    ingredients: [{ ingredient_id: rice, quantity: 1, unit: "cup" }],
  });
  return { id: recipe_id, title };
}

export async function newMeal(): Promise<{ id: string; title: string }> {
  const recipe = await newRecipe();
  const meal = await callToolOk(alice, "planner.add_meal", {
    recipe_id: recipe.id,
    date: "2026-12-01",
    meal_type: "dinner",
  });
  return { id: meal.planner_meal_id, title: recipe.title };
}

export async function newSeries(): Promise<{ id: string; title: string }> {
  const recipe = await newRecipe();
  const series = await callToolOk(alice, "planner.add_recurring", {
    recipe_id: recipe.id,
    start_date: "2026-12-01",
    weekdays: ["tuesday"],
    count: 3,
    meal_type: "dinner",
  });
  return { id: series.series_id, title: recipe.title };
}

export async function member(label: string): Promise<TestUser> {
  const user = await createTestUser(sql, label);
  await joinHousehold(user, alice);
  return user;
}

export interface Case {
  input: Record<string, unknown>;
  /**
   * The sentence of the proposal, and of the history entry when it differs. Names are read when the sentence is made,
   * so a rename or a move is told with what its reply says was there before.
   */
  proposal: string | RegExp;
  /** null: a person's own write that no household's history lists (household.set_display_name). */
  history?: string | RegExp | null;
  /** Who proposes and confirms it (alice unless named), in which household. */
  by?: TestUser;
  householdId?: string;
  /**
   * Performed by its proposer directly rather than confirmed: a member who leaves cannot then record the decision of
   * an action in the household they left.
   */
  performed?: boolean;
}

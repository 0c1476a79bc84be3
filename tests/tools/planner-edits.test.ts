// planner.update_meal and planner.get_meals_for_date: success, validation, another household's
// meals (404, unchanged) and the undo of an update.
import assert from "node:assert/strict";
import { callTool, callToolOk } from "../support/tools-client.ts";
import { catalogIngredient, twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";

const sql = adminSql();
const { alice, bob } = await twoHouseholds(sql, "planner-edits");
const eggs = await catalogIngredient(sql, "eggs");
const { recipe_id: recipeId } = await callToolOk(alice, "recipe.create", {
  title: "Frittata",
  ingredients: [{ ingredient_id: eggs, quantity: 6, unit: "whole" }],
});

Deno.test("planner.update_meal moves a meal and changes servings and note; the previous values undo it", async () => {
  const added = await callToolOk(alice, "planner.add_meal", {
    recipe_id: recipeId,
    date: "2027-06-01",
    meal_type: "dinner",
    servings: 2,
  });
  const moved = await callToolOk(alice, "planner.update_meal", {
    planner_meal_id: added.planner_meal_id,
    date: "2027-06-03",
    meal_type: "lunch",
    servings: 4,
    note: "with salad",
  });
  assert.deepEqual(moved.previous, { date: "2027-06-01", meal_type: "dinner", servings: 2, note: null });
  assert.deepEqual([moved.meal.date, moved.meal.meal_type, moved.meal.servings, moved.meal.note], [
    "2027-06-03",
    "lunch",
    4,
    "with salad",
  ]);
  const day = await callToolOk(alice, "planner.get_meals_for_date", { date: "2027-06-03" });
  assert.deepEqual(day.meals.map((meal) => meal.id), [added.planner_meal_id]);
  assert.deepEqual((await callToolOk(alice, "planner.get_meals_for_date", { date: "2027-06-01" })).meals, []);

  const undone = await callToolOk(alice, "planner.update_meal", {
    planner_meal_id: added.planner_meal_id,
    ...moved.previous,
  });
  assert.deepEqual({ ...undone.meal }, { ...added.meal });
});

Deno.test("planner.get_meals_for_date lists one day breakfast, lunch, dinner; removed meals are left out", async () => {
  const plan = async (meal_type: string) =>
    (await callToolOk(alice, "planner.add_meal", { recipe_id: recipeId, date: "2027-07-04", meal_type }))
      .planner_meal_id;
  const dinner = await plan("dinner");
  const breakfast = await plan("breakfast");
  const lunch = await plan("lunch");
  await callToolOk(alice, "planner.remove_meal", { planner_meal_id: lunch });
  const day = await callToolOk(alice, "planner.get_meals_for_date", { date: "2027-07-04" });
  assert.deepEqual(day.meals.map((meal) => meal.id), [breakfast, dinner]);
  assert.equal(day.date, "2027-07-04");
  assert.deepEqual((await callToolOk(bob, "planner.get_meals_for_date", { date: "2027-07-04" })).meals, []);
});

Deno.test("planner.update_meal refuses nothing to change and bad values; another household's meal is NOT_FOUND", async () => {
  const { planner_meal_id } = await callToolOk(alice, "planner.add_meal", {
    recipe_id: recipeId,
    date: "2027-08-01",
    meal_type: "breakfast",
  });
  for (
    const [input, field] of [
      [{ planner_meal_id }, "date"],
      [{ planner_meal_id, date: "2027-02-30" }, "date"],
      [{ planner_meal_id, meal_type: "brunch" }, "meal_type"],
      [{ planner_meal_id, servings: 0 }, "servings"],
      [{ planner_meal_id, recipe_id: recipeId }, "recipe_id"],
    ] as const
  ) {
    const reply = await callTool(alice, "planner.update_meal", input);
    assert.equal(reply.status, 400, JSON.stringify(input));
    assert.equal(reply.body.error?.field, field, JSON.stringify(reply.body));
  }
  assert.equal((await callTool(alice, "planner.get_meals_for_date", { date: "2027-13-01" })).status, 400);
  const stolen = await callTool(bob, "planner.update_meal", { planner_meal_id, date: "2027-08-02" });
  assert.equal(stolen.status, 404);
  const [row] = await sql<
    { date: string }[]
  >`select date::text from public.planner_meals where id = ${planner_meal_id}`;
  assert.equal(row.date, "2027-08-01");
});

globalThis.addEventListener("unload", () => sql.end());

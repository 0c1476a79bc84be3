import assert from "node:assert/strict";
import { callTool, callToolOk, supabaseAs } from "../support/tools-client.ts";
import { catalogIngredient, twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";

const sql = adminSql();
const { alice, bob } = await twoHouseholds(sql, "planner");
const eggs = await catalogIngredient(sql, "eggs");
await sql.end();

const { recipe_id: omeletteId } = await callToolOk(alice, "recipe.create", {
  title: "Omelette",
  ingredients: [{ ingredient_id: eggs, quantity: 3, unit: "whole" }],
});

Deno.test("planner.add_meal returns the meal id and a message; list_meals is inclusive and ordered", async () => {
  const client = supabaseAs(alice);
  const added = await client.functions.invoke("planner/add_meal", {
    body: { recipe_id: omeletteId, date: "2026-12-01", meal_type: "dinner", servings: 2, note: "double" },
  });
  assert.equal(added.error, null);
  assert.equal(added.data.data.message, "Added Omelette to 2026-12-01 (dinner)");
  assert.equal(added.data.data.meal.id, added.data.data.planner_meal_id);
  await callToolOk(alice, "planner.add_meal", { recipe_id: omeletteId, date: "2026-12-01", meal_type: "breakfast" });
  await callToolOk(alice, "planner.add_meal", { recipe_id: omeletteId, date: "2026-12-03", meal_type: "lunch" });
  await callToolOk(alice, "planner.add_meal", { recipe_id: omeletteId, date: "2026-12-04", meal_type: "lunch" });

  const { meals } = await callToolOk(alice, "planner.list_meals", {
    start_date: "2026-12-01",
    end_date: "2026-12-03",
  });
  assert.deepEqual(meals.map((meal) => [meal.date, meal.meal_type, meal.recipe_title]), [
    ["2026-12-01", "breakfast", "Omelette"],
    ["2026-12-01", "dinner", "Omelette"],
    ["2026-12-03", "lunch", "Omelette"],
  ]);
});

Deno.test("planner dates must be real YYYY-MM-DD days and meal types one of three", async () => {
  const cases: [Record<string, unknown>, string][] = [
    [{ recipe_id: omeletteId, date: "2026-02-30", meal_type: "dinner" }, "date"],
    [{ recipe_id: omeletteId, date: "2026-1-5", meal_type: "dinner" }, "date"],
    [{ recipe_id: omeletteId, date: "2026-12-01T18:00:00Z", meal_type: "dinner" }, "date"],
    [{ recipe_id: omeletteId, date: "next tuesday", meal_type: "dinner" }, "date"],
    [{ recipe_id: omeletteId, date: "2026-12-01", meal_type: "brunch" }, "meal_type"],
    [{ recipe_id: "tacos", date: "2026-12-01", meal_type: "dinner" }, "recipe_id"],
    [{ date: "2026-12-01", meal_type: "dinner" }, "recipe_id"],
  ];
  for (const [input, field] of cases) {
    const response = await callTool(alice, "planner.add_meal", input);
    assert.equal(response.status, 400, JSON.stringify(input));
    assert.equal(response.body.error?.field, field, JSON.stringify(input));
  }
  const backwards = await callTool(alice, "planner.list_meals", { start_date: "2026-12-05", end_date: "2026-12-01" });
  assert.equal(backwards.body.error?.field, "end_date");
  const tooLong = await callTool(alice, "planner.list_meals", { start_date: "2026-01-01", end_date: "2026-06-01" });
  assert.equal(tooLong.body.error?.field, "end_date");
  const longest = await callTool(alice, "planner.list_meals", { start_date: "2026-01-01", end_date: "2026-04-03" });
  assert.equal(longest.status, 200);
});

Deno.test("planner.get_meal includes the recipe's ingredient lines", async () => {
  const { planner_meal_id } = await callToolOk(alice, "planner.add_meal", {
    recipe_id: omeletteId,
    date: "2026-12-10",
    meal_type: "breakfast",
  });
  const { meal } = await callToolOk(
    alice,
    "planner.get_meal",
    { planner_meal_id },
  );
  assert.equal(meal.id, planner_meal_id);
  assert.deepEqual(meal.ingredients.map((line) => [line.ingredient_name, line.quantity]), [["eggs", 3]]);
});

Deno.test("planner.remove_meal is soft and returns the meal; restore_meal undoes it once", async () => {
  const { planner_meal_id } = await callToolOk(alice, "planner.add_meal", {
    recipe_id: omeletteId,
    date: "2026-12-20",
    meal_type: "lunch",
  });
  const removed = await callToolOk(
    alice,
    "planner.remove_meal",
    { planner_meal_id },
  );
  assert.equal(removed.removed, true);
  assert.deepEqual([removed.meal.id, removed.meal.date, removed.meal.meal_type], [
    planner_meal_id,
    "2026-12-20",
    "lunch",
  ]);
  assert.match(removed.meal.deleted_at, /^2\d{3}-/);
  const range = { start_date: "2026-12-20", end_date: "2026-12-20" };
  assert.deepEqual((await callToolOk(alice, "planner.list_meals", range)).meals, []);
  assert.equal((await callTool(alice, "planner.remove_meal", { planner_meal_id })).status, 404);
  assert.equal((await callTool(alice, "planner.get_meal", { planner_meal_id })).status, 404);

  const restored = await callToolOk(alice, "planner.restore_meal", {
    planner_meal_id,
  });
  assert.equal(restored.meal.id, planner_meal_id);
  assert.equal((await callToolOk(alice, "planner.list_meals", range)).meals.length, 1);
  const again = await callTool(alice, "planner.restore_meal", { planner_meal_id });
  assert.equal(again.status, 409);
  assert.equal(again.body.error?.type, "CONFLICT");
});

Deno.test("another household's planned meal is NOT_FOUND for every planner tool", async () => {
  const { planner_meal_id } = await callToolOk(alice, "planner.add_meal", {
    recipe_id: omeletteId,
    date: "2026-12-24",
    meal_type: "dinner",
  });
  for (const tool of ["planner.get_meal", "planner.remove_meal", "planner.restore_meal"]) {
    const response = await callTool(bob, tool, { planner_meal_id });
    assert.equal(response.status, 404, tool);
    assert.equal(response.body.error?.field, "planner_meal_id", tool);
  }
  const bobsView = await callToolOk(bob, "planner.list_meals", {
    start_date: "2026-12-24",
    end_date: "2026-12-24",
  });
  assert.deepEqual(bobsView.meals, []);
  const alicesView = await callToolOk(alice, "planner.list_meals", {
    start_date: "2026-12-24",
    end_date: "2026-12-24",
  });
  assert.equal(alicesView.meals.length, 1);
});

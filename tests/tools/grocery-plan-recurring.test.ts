// Recurring meals: planner.add_recurring makes ordinary planned meals that list_meals shows and
// grocery.sync_plan brings in; one occurrence changes alone; planner.remove_series removes the rest.
import assert from "node:assert/strict";
import { callTool, callToolOk } from "../support/tools-client.ts";
import { twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";
import { listLines } from "../support/grocery.ts";

const sql = adminSql();
const { alice, bob } = await twoHouseholds(sql, "grocery-plan-recurring");
const recipeId = (await callToolOk(alice, "recipe.create", {
  title: "Taco night",
  servings: 2,
  ingredients: [{ name: "onion", quantity: 1, unit: "whole" }],
})).recipe_id;
const range = { start_date: "2027-03-01", end_date: "2027-03-31" };

Deno.test("planner.add_recurring: 3 weekly dinners appear 3 times, sync, and change one by one or all together", async () => {
  const series = await callToolOk(alice, "planner.add_recurring", {
    recipe_id: recipeId,
    start_date: "2027-03-01",
    weekdays: ["tuesday"],
    count: 3,
    meal_type: "dinner",
    servings: 4,
  });
  assert.deepEqual(series.meals.map((meal) => meal.date), ["2027-03-02", "2027-03-09", "2027-03-16"]);
  const listed = await callToolOk(alice, "planner.list_meals", range);
  assert.deepEqual(listed.meals.filter((meal) => meal.recipe_id === recipeId).map((meal) => meal.date), [
    "2027-03-02",
    "2027-03-09",
    "2027-03-16",
  ]);

  const listId = (await callToolOk(alice, "grocery.create_list", { name: "Tacos" })).grocery_list_id;
  const sync = () => callToolOk(alice, "grocery.sync_plan", { grocery_list_id: listId, ...range });
  assert.equal((await sync()).meals_in_range, 3);
  assert.deepEqual(await listLines(sql, listId), ["onion 6 whole"], "3 × (1 onion for 2, at 4 servings)");

  await callToolOk(alice, "planner.update_meal", { planner_meal_id: series.meals[1].id, servings: 2 });
  await sync();
  assert.deepEqual(await listLines(sql, listId), ["onion 5 whole"], "one occurrence changed alone");

  const whole = await callToolOk(alice, "planner.update_series", { series_id: series.series_id, servings: 6 });
  assert.deepEqual([whole.meals.length, whole.previous], [3, { servings: 4 }]);
  await sync();
  assert.deepEqual(await listLines(sql, listId), ["onion 9 whole"], "the whole series at 6 servings");
  await callToolOk(alice, "planner.update_series", { series_id: series.series_id, ...whole.previous });
  await sync();
  assert.deepEqual(await listLines(sql, listId), ["onion 6 whole"], "undo: the previous servings back");

  const removed = await callToolOk(alice, "planner.remove_series", { series_id: series.series_id });
  assert.equal(removed.removed_meal_ids.length, 3);
  await sync();
  assert.deepEqual(await listLines(sql, listId), []);
  await callToolOk(alice, "planner.restore_meal", { planner_meal_id: removed.removed_meal_ids[0] });
  await sync();
  assert.deepEqual(await listLines(sql, listId), ["onion 2 whole"], "undo: a restored occurrence syncs again");
});

Deno.test("planner.add_recurring: every 2 weeks on two days until a date; remove_series from a date keeps the earlier", async () => {
  const series = await callToolOk(alice, "planner.add_recurring", {
    recipe_id: recipeId,
    start_date: "2027-04-01",
    weekdays: ["monday", "thursday"],
    every_weeks: 2,
    until_date: "2027-04-30",
    meal_type: "lunch",
  });
  assert.deepEqual(series.meals.map((meal) => meal.date), [
    "2027-04-01",
    "2027-04-12",
    "2027-04-15",
    "2027-04-26",
    "2027-04-29",
  ]);
  const removed = await callToolOk(alice, "planner.remove_series", {
    series_id: series.series_id,
    from_date: "2027-04-20",
  });
  assert.equal(removed.removed_meal_ids.length, 2);
  const left = await callToolOk(alice, "planner.list_meals", { start_date: "2027-04-01", end_date: "2027-04-30" });
  assert.equal(left.meals.filter((meal) => meal.recipe_id === recipeId).length, 3);
});

Deno.test("planner.add_recurring refuses bad input by field; another household's recipe or series is NOT_FOUND", async () => {
  const base = { recipe_id: recipeId, start_date: "2027-05-03", weekdays: ["friday"], meal_type: "dinner" };
  for (
    const [input, field] of [
      [base, "count"],
      [{ ...base, count: 2, until_date: "2027-06-01" }, "count"],
      [{ ...base, count: 101 }, "count"],
      [{ ...base, weekdays: ["friday", "friday"], count: 2 }, "weekdays"],
      [{ ...base, weekdays: ["fri"], count: 2 }, "weekdays[0]"],
      [{ ...base, until_date: "2027-05-01" }, "until_date"],
      [{ ...base, until_date: "2027-05-06" }, "until_date"],
      [
        { ...base, weekdays: ["monday", "tuesday", "wednesday", "thursday", "friday"], until_date: "2028-01-01" },
        "until_date",
      ],
    ] as const
  ) {
    const reply = await callTool(alice, "planner.add_recurring", input);
    assert.equal(reply.status, 400, JSON.stringify(input));
    assert.equal(reply.body.error?.field, field, JSON.stringify(reply.body));
  }
  const foreign = await callTool(bob, "planner.add_recurring", { ...base, count: 2 });
  assert.deepEqual([foreign.status, foreign.body.error?.field], [404, "recipe_id"]);
  const series = await callToolOk(alice, "planner.add_recurring", { ...base, count: 2 });
  const notBobs = await callTool(bob, "planner.remove_series", { series_id: series.series_id });
  assert.deepEqual([notBobs.status, notBobs.body.error?.type], [404, "NOT_FOUND"]);
  const notBobsEither = await callTool(bob, "planner.update_series", { series_id: series.series_id, servings: 2 });
  assert.deepEqual([notBobsEither.status, notBobsEither.body.error?.type], [404, "NOT_FOUND"]);
  const nothing = await callTool(alice, "planner.update_series", { series_id: series.series_id });
  assert.deepEqual([nothing.status, nothing.body.error?.field], [400, "servings"]);
});

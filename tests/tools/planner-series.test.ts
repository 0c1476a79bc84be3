// Repeating meals known to the server: every meal a tool returns names its series (series_id, null for a one-off),
// and planner.list_series lists the household's live series to every member of it, and to no one else.
import assert from "node:assert/strict";
import { callTool, callToolOk } from "../support/tools-client.ts";
import { householdOf, joinHousehold, twoHouseholds } from "../support/households.ts";
import { adminSql, createTestUser } from "../support/stack.ts";

const sql = adminSql();
const { alice, bob } = await twoHouseholds(sql, "planner-series");
const carol = await createTestUser(sql, "planner-series-carol");
const aliceHousehold = await householdOf(sql, alice);
await sql.end();
await joinHousehold(carol, alice);

const recipe = (title: string) =>
  callToolOk(alice, "recipe.create", {
    title,
    servings: 2,
    ingredients: [{ name: "onion", quantity: 1, unit: "whole" }],
  })
    .then((created) => created.recipe_id);
const curryId = await recipe("Green curry");
const soupId = await recipe("Pea soup");

Deno.test("every meal a planner tool returns names its series; a one-off meal's series_id is null", async () => {
  const { version } = await callToolOk(alice, "planner.list_meals", {
    start_date: "2027-06-01",
    end_date: "2027-06-30",
  });
  const added = await callToolOk(alice, "planner.add_recurring", {
    recipe_id: curryId,
    start_date: "2027-06-07",
    weekdays: ["wednesday"],
    count: 2,
    meal_type: "dinner",
  });
  assert.deepEqual(added.meals.map((meal) => meal.series_id), [added.series_id, added.series_id]);
  const oneOff = await callToolOk(alice, "planner.add_meal", {
    recipe_id: soupId,
    date: "2027-06-09",
    meal_type: "lunch",
  });
  assert.equal(oneOff.meal.series_id, null);

  const listed = await callToolOk(alice, "planner.list_meals", { start_date: "2027-06-07", end_date: "2027-06-20" });
  assert.deepEqual(listed.meals.map((meal) => [meal.recipe_title, meal.date, meal.series_id]), [
    ["Pea soup", "2027-06-09", null],
    ["Green curry", "2027-06-09", added.series_id],
    ["Green curry", "2027-06-16", added.series_id],
  ]);
  const occurrence = added.meals[0].id;
  assert.equal(
    (await callToolOk(alice, "planner.get_meal", { planner_meal_id: occurrence })).meal.series_id,
    added.series_id,
  );
  const forDate = await callToolOk(alice, "planner.get_meals_for_date", { date: "2027-06-09" });
  assert.deepEqual(forDate.meals.map((meal) => meal.series_id).sort(), [added.series_id, null].sort());
  const changes = await callToolOk(alice, "planner.changes", {
    start_date: "2027-06-07",
    end_date: "2027-06-20",
    since: version,
  });
  assert.deepEqual(changes.meals.map((meal) => meal.series_id).sort(), [added.series_id, added.series_id, null].sort());
  const updated = await callToolOk(alice, "planner.update_meal", { planner_meal_id: occurrence, servings: 3 });
  assert.equal(updated.meal.series_id, added.series_id);
  const removed = await callToolOk(alice, "planner.remove_meal", { planner_meal_id: occurrence });
  assert.equal(removed.meal.series_id, added.series_id);
  const restored = await callToolOk(alice, "planner.restore_meal", { planner_meal_id: occurrence });
  assert.equal(restored.meal.series_id, added.series_id);
  const series = await callToolOk(alice, "planner.update_series", { series_id: added.series_id, servings: 4 });
  assert.deepEqual(series.meals.map((meal) => meal.series_id), [added.series_id, added.series_id]);
  await callToolOk(alice, "planner.remove_series", { series_id: added.series_id });
});

Deno.test("planner.list_series shows each live series' rule and the occurrences still planned", async () => {
  // Tuesdays and Fridays every other week from Monday 2027-05-03: 4, 7, 18 and 21 May.
  const added = await callToolOk(alice, "planner.add_recurring", {
    recipe_id: curryId,
    start_date: "2027-05-03",
    weekdays: ["friday", "tuesday"],
    every_weeks: 2,
    count: 4,
    meal_type: "lunch",
    servings: 5,
    note: "mild",
  });
  const listedOne = async () => {
    const { series, next_cursor } = await callToolOk(alice, "planner.list_series", {});
    assert.equal(next_cursor, null);
    return series.find((one) => one.id === added.series_id);
  };
  const listed = await listedOne();
  assert.ok(listed, "the new series is listed");
  const { created_at: _createdAt, ...rule } = listed;
  assert.deepEqual(rule, {
    id: added.series_id,
    recipe_id: curryId,
    recipe_title: "Green curry",
    meal_type: "lunch",
    servings: 5,
    note: "mild",
    weekdays: ["tuesday", "friday"],
    every_weeks: 2,
    start_date: "2027-05-03",
    first_date: "2027-05-04",
    last_date: "2027-05-21",
    live_meal_count: 4,
  });

  await callToolOk(alice, "planner.remove_meal", { planner_meal_id: added.meals[0].id });
  const afterOne = await listedOne();
  assert.deepEqual([afterOne?.first_date, afterOne?.last_date, afterOne?.live_meal_count], [
    "2027-05-07",
    "2027-05-21",
    3,
  ]);

  await callToolOk(alice, "planner.remove_series", { series_id: added.series_id, from_date: "2027-05-18" });
  const afterFrom = await listedOne();
  assert.deepEqual([afterFrom?.first_date, afterFrom?.last_date, afterFrom?.live_meal_count], [
    "2027-05-07",
    "2027-05-07",
    1,
  ]);

  await callToolOk(alice, "planner.remove_meal", { planner_meal_id: added.meals[1].id });
  const none = await listedOne();
  assert.deepEqual(
    [none?.first_date, none?.last_date, none?.live_meal_count],
    [null, null, 0],
    "a live series with none left",
  );

  await callToolOk(alice, "planner.remove_series", { series_id: added.series_id });
  assert.equal(await listedOne(), undefined, "a removed series is not listed");
});

Deno.test("a member who joined sees and stops a series another member set up; another household sees none", async () => {
  const added = await callToolOk(alice, "planner.add_recurring", {
    recipe_id: soupId,
    start_date: "2027-07-05",
    weekdays: ["monday"],
    count: 3,
    meal_type: "dinner",
  });
  const carolSees = await callToolOk(carol, "planner.list_series", {});
  assert.deepEqual(carolSees.series.map((one) => [one.id, one.recipe_title, one.live_meal_count]), [
    [added.series_id, "Pea soup", 3],
  ]);

  assert.deepEqual((await callToolOk(bob, "planner.list_series", {})).series, [], "Bob's household has no series");
  const named = await callTool(bob, "planner.list_series", {}, { householdId: aliceHousehold });
  assert.equal(named.status, 404);
  assert.equal(named.body.error?.field, "household_id");

  await callToolOk(carol, "planner.remove_series", { series_id: added.series_id });
  assert.deepEqual((await callToolOk(alice, "planner.list_series", {})).series, [], "stopped for Alice too");
});

Deno.test("planner.list_series pages oldest first; a cursor it did not give is refused", async () => {
  const made: string[] = [];
  for (const weekday of ["monday", "tuesday", "wednesday"] as const) {
    const added = await callToolOk(bob, "planner.add_recurring", {
      recipe_id: (await callToolOk(bob, "recipe.create", {
        title: `Bob's ${weekday}`,
        ingredients: [{ name: "onion", quantity: 1, unit: "whole" }],
      })).recipe_id,
      start_date: "2027-08-02",
      weekdays: [weekday],
      count: 1,
      meal_type: "breakfast",
    });
    made.push(added.series_id);
  }
  const first = await callToolOk(bob, "planner.list_series", { limit: 2 });
  assert.deepEqual(first.series.map((one) => one.id), made.slice(0, 2));
  assert.ok(first.next_cursor);
  const second = await callToolOk(bob, "planner.list_series", { limit: 2, cursor: first.next_cursor });
  assert.deepEqual(second.series.map((one) => one.id), made.slice(2));
  assert.equal(second.next_cursor, null);

  const bad = await callTool(bob, "planner.list_series", { cursor: "not a cursor" });
  assert.equal(bad.status, 400);
  assert.equal(bad.body.error?.field, "cursor");
  const tooMany = await callTool(bob, "planner.list_series", { limit: 101 });
  assert.equal(tooMany.body.error?.field, "limit");
});

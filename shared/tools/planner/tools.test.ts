import assert from "node:assert/strict";
import { addMeal, getMeal, listMeals, removeMeal, restoreMeal } from "./tools.ts";
import { acceptedInput, assertRejected, someId } from "../testing/tool-assertions.ts";

const meal = { recipe_id: someId, date: "2026-03-04", meal_type: "dinner" };

Deno.test("planner.add_meal passes its input through unchanged", async () => {
  assert.deepEqual(await acceptedInput(addMeal, { ...meal, servings: 4, note: " guests " }), {
    ...meal,
    servings: 4,
    note: "guests",
  });
  assert.deepEqual(await acceptedInput(addMeal, { ...meal, date: "2028-02-29" }), { ...meal, date: "2028-02-29" });
});

Deno.test("planner.add_meal refuses dates that are not real YYYY-MM-DD calendar dates", async () => {
  for (
    const date of [
      "2026-02-30",
      "2027-02-29",
      "2026-13-01",
      "2026-04-31",
      "2026-3-4",
      "2026-03-04T00:00:00Z",
      "",
      "tomorrow",
    ]
  ) {
    await assertRejected(addMeal, { ...meal, date }, "date");
  }
  await assertRejected(addMeal, { ...meal, date: 20260304 }, "date");
});

Deno.test("planner.add_meal needs one of the three meal types and a recipe id", async () => {
  for (const meal_type of ["supper", "Dinner", "snack", ""]) {
    const error = await assertRejected(addMeal, { ...meal, meal_type }, "meal_type");
    assert.match(error.message, /breakfast, lunch, dinner/);
  }
  await assertRejected(addMeal, { date: meal.date, meal_type: "lunch" }, "recipe_id");
  await assertRejected(addMeal, { ...meal, servings: 0 }, "servings");
  await assertRejected(addMeal, { ...meal, when: "evening" }, "when");
});

Deno.test("planner.list_meals needs end_date on or after start_date, at most 92 days later", async () => {
  const range = { start_date: "2026-03-01", end_date: "2026-03-07" };
  assert.deepEqual(await acceptedInput(listMeals, range), { ...range, limit: 100 });
  assert.ok(await acceptedInput(listMeals, { start_date: "2026-03-01", end_date: "2026-03-01" }));
  assert.ok(await acceptedInput(listMeals, { start_date: "2026-01-01", end_date: "2026-04-03" }));
  await assertRejected(listMeals, { start_date: "2026-01-01", end_date: "2026-04-04" }, "end_date");
  await assertRejected(listMeals, { start_date: "2026-03-07", end_date: "2026-03-01" }, "end_date");
  await assertRejected(listMeals, { start_date: "2026-02-30", end_date: "2026-03-01" }, "start_date");
  await assertRejected(listMeals, { start_date: "2026-03-01" }, "end_date");
});

Deno.test("planner meal tools need a UUID planner_meal_id", async () => {
  for (const tool of [getMeal, removeMeal, restoreMeal]) {
    await assertRejected(tool, {}, "planner_meal_id");
    await assertRejected(tool, { planner_meal_id: "monday dinner" }, "planner_meal_id");
    assert.deepEqual(await acceptedInput(tool, { planner_meal_id: someId }), { planner_meal_id: someId });
  }
});

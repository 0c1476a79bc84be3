// grocery.sync_plan with what the household has on hand and the meals the person chose: on-hand ingredients stay off
// the list and come back apart ("you have these"), unless included anyway; a left-out meal adds nothing; an
// ingredient marked on hand after it was synced has its unbought part taken back by the next sync, while what was
// bought or added by hand stays; the preview returns what the real run makes; undo takes back exactly the sync.
import assert from "node:assert/strict";
import { callTool, callToolOk } from "../support/tools-client.ts";
import { catalogIngredient, twoHouseholds } from "../support/households.ts";
import { lastWrite } from "../support/history.ts";
import { adminSql } from "../support/stack.ts";
import { listLines } from "../support/grocery.ts";

const sql = adminSql();
const { alice, bob } = await twoHouseholds(sql, "grocery-plan-sync-choices");
const salt = await catalogIngredient(sql, "salt");
const onion = await catalogIngredient(sql, "onion");

const soup = (await callToolOk(alice, "recipe.create", {
  title: "Onion soup",
  servings: 2,
  ingredients: [
    { name: "onion", quantity: 3, unit: "whole" },
    { name: "salt", quantity: 1, unit: "tsp" },
    { name: "butter", quantity: 1, unit: "tbsp" },
  ],
})).recipe_id;
const tart = (await callToolOk(alice, "recipe.create", {
  title: "Onion tart",
  servings: 4,
  ingredients: [{ name: "onion", quantity: 2, unit: "whole" }, { name: "salt", quantity: 0.5, unit: "tsp" }],
})).recipe_id;

const setOnHand = (ingredient_id: string, on_hand: boolean) =>
  callToolOk(alice, "household.set_on_hand", { ingredient_id, on_hand });

// Each test plans in a month of its own (the household is shared), days 1 to 7.
async function setUp(name: string, month: string) {
  const week = { start_date: `${month}-01`, end_date: `${month}-07` };
  const listId = (await callToolOk(alice, "grocery.create_list", { name })).grocery_list_id;
  const plan = async (recipe_id: string, day: number) =>
    (await callToolOk(alice, "planner.add_meal", { recipe_id, date: `${month}-0${day}`, meal_type: "dinner" }))
      .planner_meal_id;
  const sync = (choices: Record<string, unknown> = {}, preview = false) =>
    callToolOk(alice, "grocery.sync_plan", { grocery_list_id: listId, ...week, preview, ...choices });
  return { listId, plan, sync };
}

Deno.test("on-hand salt stays off the list and is listed with what the meals need; the rest goes on", async () => {
  await setOnHand(salt, true);
  try {
    const { listId, plan, sync } = await setUp("Choices on hand", "2028-01");
    const soupMeal = await plan(soup, 1);
    const tartMeal = await plan(tart, 2);
    const preview = await sync({}, true);
    assert.deepEqual(preview.on_hand.map((entry) => [entry.ingredient_name, entry.included, entry.needed]), [
      ["salt", false, [{ quantity: 1.5, unit: "tsp", prep_state: null }]],
    ]);
    assert.deepEqual(preview.on_hand[0].meals.map((meal) => [meal.planner_meal_id, meal.recipe_title]), [
      [soupMeal, "Onion soup"],
      [tartMeal, "Onion tart"],
    ]);
    assert.deepEqual(preview.meals.map((meal) => [meal.planner_meal_id, meal.included]), [
      [soupMeal, true],
      [tartMeal, true],
    ]);
    assert.ok(!preview.changes.some((change) => change.ingredient_id === salt), "no change names salt");
    assert.match(preview.message, /Left off what you have on hand: salt\.$/);
    assert.deepEqual(await listLines(sql, listId), [], "the preview wrote nothing");

    const applied = await sync();
    assert.deepEqual(applied.changes, preview.changes, "the run makes what the preview showed");
    assert.deepEqual(applied.on_hand, preview.on_hand);
    assert.deepEqual(await listLines(sql, listId), ["butter 1 tbsp", "onion 5 whole"]);
    assert.deepEqual((await sync()).changes, [], "a second sync changes nothing");

    // Included anyway: salt goes on, for both meals; leaving it off again takes it back.
    const included = await sync({ include_ingredient_ids: [salt] });
    assert.deepEqual(included.on_hand.map((entry) => [entry.ingredient_name, entry.included]), [["salt", true]]);
    assert.doesNotMatch(included.message, /Left off/);
    assert.deepEqual(await listLines(sql, listId), ["butter 1 tbsp", "onion 5 whole", "salt 1.5 tsp"]);
    await sync();
    assert.deepEqual(await listLines(sql, listId), ["butter 1 tbsp", "onion 5 whole"]);
  } finally {
    await setOnHand(salt, false);
  }
});

Deno.test("a left-out meal adds nothing; choosing it later adds it; leaving it out again takes back its unbought part", async () => {
  const { listId, plan, sync } = await setUp("Choices meals", "2028-02");
  const soupMeal = await plan(soup, 1);
  const tartMeal = await plan(tart, 2);
  const preview = await sync({ leave_out_meal_ids: [tartMeal] }, true);
  assert.deepEqual(preview.meals.map((meal) => [meal.recipe_title, meal.included]), [
    ["Onion soup", true],
    ["Onion tart", false],
  ]);
  assert.match(preview.message, /Left out 1 meal of 2\./);
  assert.deepEqual(new Set(preview.changes.map((change) => change.planner_meal_id)), new Set([soupMeal]));
  await sync({ leave_out_meal_ids: [tartMeal] });
  assert.deepEqual(await listLines(sql, listId), ["butter 1 tbsp", "onion 3 whole", "salt 1 tsp"]);

  // An id that is not a meal of the range is ignored.
  assert.deepEqual((await sync({ leave_out_meal_ids: [tartMeal, crypto.randomUUID()] })).changes, []);

  await sync();
  assert.deepEqual(await listLines(sql, listId), ["butter 1 tbsp", "onion 5 whole", "salt 1.5 tsp"]);
  // Leaving the soup out now: its unbought lines go back, the bought butter stays (kept).
  const list = await callToolOk(alice, "grocery.get_list", { grocery_list_id: listId });
  const butter = list.items.find((item) => item.name === "butter")!;
  await callToolOk(alice, "grocery.check_item", { grocery_item_id: butter.id });
  const leftOut = await sync({ leave_out_meal_ids: [soupMeal] });
  assert.deepEqual(leftOut.kept.map((kept) => [kept.ingredient_name, kept.quantity]), [["butter", 1]]);
  assert.deepEqual(await listLines(sql, listId), ["butter 1 tbsp (checked)", "onion 2 whole", "salt 0.5 tsp"]);
});

Deno.test("marked on hand after a sync: the next sync takes back its unbought part; hand-added salt stays", async () => {
  const { listId, plan, sync } = await setUp("Choices marked later", "2028-03");
  await plan(soup, 1);
  await sync();
  await callToolOk(alice, "grocery.add_item", { grocery_list_id: listId, ingredient_id: salt, quantity: 2, unit: "g" });
  assert.deepEqual(await listLines(sql, listId), ["butter 1 tbsp", "onion 3 whole", "salt 1 tsp", "salt 2 g"]);
  await setOnHand(salt, true);
  try {
    const preview = await sync({}, true);
    assert.deepEqual(
      preview.changes.map((change) => [change.ingredient_name, change.withdrawn, change.added]),
      [["salt", 1, 0]],
      "the preview shows the salt the plan put there going back",
    );
    await sync();
    assert.deepEqual(await listLines(sql, listId), ["butter 1 tbsp", "onion 3 whole", "salt 2 g"]);

    // The sync's undo puts back exactly what it took.
    const write = await lastWrite(alice, { tool: "grocery.sync_plan" });
    await callToolOk(alice, "history.undo", { invocation_id: write.invocation_id });
    assert.deepEqual(await listLines(sql, listId), ["butter 1 tbsp", "onion 3 whole", "salt 1 tsp", "salt 2 g"]);
  } finally {
    await setOnHand(salt, false);
  }
});

Deno.test("the choices are checked: ids, sizes and unknown keys are refused; another household's marks do not count", async () => {
  const { listId, plan, sync } = await setUp("Choices refused", "2028-04");
  await plan(tart, 1);
  const week = { grocery_list_id: listId, start_date: "2028-04-01", end_date: "2028-04-07", preview: true };
  for (
    const [choices, field] of [
      [{ leave_out_meal_ids: ["tart"] }, "leave_out_meal_ids[0]"],
      [{ include_ingredient_ids: "salt" }, "include_ingredient_ids"],
      [{ leave_out_meal_ids: Array.from({ length: 2001 }, () => crypto.randomUUID()) }, "leave_out_meal_ids"],
    ] as const
  ) {
    const refused = await callTool(alice, "grocery.sync_plan", { ...week, ...choices });
    assert.deepEqual([refused.status, refused.body.error?.type, refused.body.error?.field], [
      400,
      "VALIDATION_ERROR",
      field,
    ]);
  }
  // Bob's household has onions on hand; Alice's sync does not see it.
  await callToolOk(bob, "household.set_on_hand", { ingredient_id: onion, on_hand: true });
  const preview = await sync({}, true);
  assert.deepEqual(preview.on_hand, []);
  assert.ok(preview.changes.some((change) => change.ingredient_id === onion));
});

globalThis.addEventListener("unload", () => sql.end());

// grocery.sync_plan: the plan of a date range into a list, each meal scaled to its servings;
// a re-sync changes nothing; a removed, moved or rescaled meal has exactly its own contribution taken back
// or adjusted; a checked item is never reduced; preview returns what the real run changes.
import assert from "node:assert/strict";
import { callTool, callToolOk } from "../support/tools-client.ts";
import { twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";
import { listLines } from "../support/grocery.ts";

const sql = adminSql();
const { alice, bob } = await twoHouseholds(sql, "grocery-plan-sync");

const rice = (await callToolOk(alice, "recipe.create", {
  title: "Rice bowl",
  servings: 4,
  ingredients: [{ name: "white rice", quantity: 2, unit: "cup" }, { name: "onion", quantity: 1, unit: "whole" }],
})).recipe_id;
const soup = (await callToolOk(alice, "recipe.create", {
  title: "Onion soup",
  servings: 2,
  ingredients: [{ name: "onion", quantity: 3, unit: "whole" }, { name: "butter", quantity: 0.5, unit: "tbsp" }],
})).recipe_id;

// Each test plans in a week of its own (the household is shared): "2027-01" is 2027-01-01 to 2027-01-07.
async function setUp(name: string, month: string) {
  const week = { start_date: `${month}-01`, end_date: `${month}-07` };
  const listId = (await callToolOk(alice, "grocery.create_list", { name })).grocery_list_id;
  const plan = async (recipe_id: string, day: number, servings?: number) =>
    (await callToolOk(alice, "planner.add_meal", {
      recipe_id,
      date: `${month}-0${day}`,
      meal_type: "dinner",
      ...(servings === undefined ? {} : { servings }),
    })).planner_meal_id;
  return {
    listId,
    week,
    plan,
    sync: (preview = false) => callToolOk(alice, "grocery.sync_plan", { grocery_list_id: listId, ...week, preview }),
  };
}

// The list row by row, as stored: what a re-sync must leave exactly as it was.
const rows = (listId: string) =>
  sql`select i.id, i.quantity::text, i.unit, i.checked, i.deleted_at, i.updated_at,
        (select count(*)::int from public.grocery_item_sources s where s.grocery_item_id = i.id) as sources,
        (select count(*)::int from public.grocery_item_withdrawals w where w.grocery_item_id = i.id) as withdrawals
      from public.grocery_items i where i.grocery_list_id = ${listId} order by i.id`;

Deno.test("grocery.sync_plan: each meal scaled to its servings; a second sync changes nothing, row by row", async () => {
  const { listId, plan, sync } = await setUp("Sync twice", "2027-01");
  await plan(rice, 1, 6);
  await plan(soup, 2);
  const first = await sync();
  assert.equal(first.meals_in_range, 2);
  assert.deepEqual(await listLines(sql, listId), ["butter 0.5 tbsp", "onion 4.5 whole", "white rice 3 cup"]);
  const before = await rows(listId);
  const second = await sync();
  assert.deepEqual([second.changes, second.withdrawals, second.kept], [[], [], []]);
  assert.deepEqual(await rows(listId), before, "sync twice = sync once");
});

Deno.test("grocery.sync_plan: a removed meal has exactly its part subtracted, the others untouched", async () => {
  const { listId, plan, sync } = await setUp("Sync remove", "2027-02");
  const bowl = await plan(rice, 3, 2);
  await plan(soup, 4, 2);
  await sync();
  assert.deepEqual(await listLines(sql, listId), ["butter 0.5 tbsp", "onion 3.5 whole", "white rice 1 cup"]);
  await callToolOk(alice, "planner.remove_meal", { planner_meal_id: bowl });
  const resynced = await sync();
  assert.deepEqual(
    resynced.changes.map((change) => [change.ingredient_name, change.meal_status, change.withdrawn, change.added]),
    [["onion", "removed", 0.5, 0], ["white rice", "removed", 1, 0]],
  );
  assert.deepEqual(await listLines(sql, listId), ["butter 0.5 tbsp", "onion 3 whole"]);
  assert.deepEqual((await sync()).changes, [], "and the next sync changes nothing");
});

Deno.test("grocery.sync_plan: changed servings adjust by exactly the difference; moving out of the range withdraws", async () => {
  const { listId, plan, sync } = await setUp("Sync servings", "2027-03");
  const bowl = await plan(rice, 5, 4);
  await sync();
  await callToolOk(alice, "planner.update_meal", { planner_meal_id: bowl, servings: 6 });
  const up = await sync();
  assert.deepEqual(
    up.changes.map((change) => [change.ingredient_name, change.quantity_before, change.quantity_after]),
    [
      ["onion", 1, 1.5],
      ["white rice", 2, 3],
    ],
  );
  assert.deepEqual(await listLines(sql, listId), ["onion 1.5 whole", "white rice 3 cup"]);
  await callToolOk(alice, "planner.update_meal", { planner_meal_id: bowl, servings: 3 });
  await sync();
  assert.deepEqual(await listLines(sql, listId), ["onion 0.75 whole", "white rice 1.5 cup"]);
  await callToolOk(alice, "planner.update_meal", { planner_meal_id: bowl, date: "2027-03-09" });
  const moved = await sync();
  assert.ok(moved.changes.every((change) => change.meal_status === "out_of_range"));
  assert.deepEqual(await listLines(sql, listId), []);
});

Deno.test("grocery.sync_plan: a checked item is never reduced; what is still needed goes on a new unchecked line", async () => {
  const { listId, plan, sync } = await setUp("Sync checked", "2027-04");
  const bowl = await plan(rice, 6, 4);
  const first = await sync();
  assert.equal(first.changes.length, 2);
  const [riceItem] = await sql<{ id: string }[]>`
    select id from public.grocery_items where grocery_list_id = ${listId} and unit = 'cup'`;
  await callToolOk(alice, "grocery.check_item", { grocery_item_id: riceItem.id });
  await callToolOk(alice, "planner.update_meal", { planner_meal_id: bowl, servings: 8 });
  await sync();
  assert.deepEqual(await listLines(sql, listId), ["onion 2 whole", "white rice 2 cup", "white rice 2 cup (checked)"]);
  await callToolOk(alice, "planner.update_meal", { planner_meal_id: bowl, servings: 2 });
  const down = await sync();
  assert.deepEqual(down.kept.map((kept) => [kept.ingredient_name, kept.quantity]), [["white rice", 1]]);
  assert.deepEqual(await listLines(sql, listId), ["onion 0.5 whole", "white rice 2 cup (checked)"]);
  const again = await sync();
  assert.deepEqual([again.changes, again.kept.length], [[], 1], "the bought part is reported, nothing changes");
});

Deno.test("grocery.sync_plan: preview returns exactly what the real run then changes, and writes nothing", async () => {
  const { listId, plan, sync } = await setUp("Sync preview", "2027-05");
  const bowl = await plan(rice, 7, 4);
  await plan(soup, 7, 3);
  await sync();
  await callToolOk(alice, "planner.update_meal", { planner_meal_id: bowl, servings: 1 });
  await plan(soup, 1, 1);
  const before = await rows(listId);
  const preview = await sync(true);
  assert.equal(preview.preview, true);
  assert.deepEqual(await rows(listId), before, "a preview writes nothing");
  const real = await sync();
  assert.ok(real.changes.length > 0);
  assert.deepEqual([real.changes, real.withdrawals, real.kept], [preview.changes, preview.withdrawals, preview.kept]);
});

Deno.test("grocery.sync_plan: concurrent syncs of one list change what one sync would", async () => {
  const { listId, plan, sync } = await setUp("Sync concurrent", "2027-06");
  await plan(rice, 2, 5);
  await plan(soup, 3, 7);
  const replies = await Promise.all([sync(), sync(), sync(), sync()]);
  assert.equal(replies.filter((reply) => reply.changes.length > 0).length, 1, "one of them made the changes");
  assert.deepEqual(await listLines(sql, listId), ["butter 1.75 tbsp", "onion 11.75 whole", "white rice 2.5 cup"]);
});

Deno.test("grocery.sync_plan refuses bad input by field, and another household's list is NOT_FOUND", async () => {
  const { listId, week } = await setUp("Sync refusals", "2027-07");
  for (
    const [input, field] of [
      [{ grocery_list_id: listId, start_date: "2026-11-29", end_date: "2026-11-23" }, "end_date"],
      [{ grocery_list_id: listId, start_date: "2026-01-01", end_date: "2026-06-01" }, "end_date"],
      [{ grocery_list_id: listId, start_date: "2026-02-30", end_date: "2026-03-01" }, "start_date"],
      [{ grocery_list_id: listId, ...week, preview: "yes" }, "preview"],
      [{ ...week }, "grocery_list_id"],
    ] as const
  ) {
    const reply = await callTool(alice, "grocery.sync_plan", input);
    assert.equal(reply.status, 400, JSON.stringify(input));
    assert.equal(reply.body.error?.field, field, JSON.stringify(reply.body));
  }
  const foreign = await callTool(bob, "grocery.sync_plan", { grocery_list_id: listId, ...week });
  assert.deepEqual([foreign.status, foreign.body.error?.type, foreign.body.error?.field], [
    404,
    "NOT_FOUND",
    "grocery_list_id",
  ]);
});

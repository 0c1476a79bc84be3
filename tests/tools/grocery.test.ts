import assert from "node:assert/strict";
import { callTool, callToolOk, supabaseAs } from "../support/tools-client.ts";
import { catalogIngredient, householdOf, twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";
import type { GroceryGetListResult, GroceryListSummary } from "../../shared/tools/grocery/results.ts";

const sql = adminSql();
const { alice, bob } = await twoHouseholds(sql, "grocery");
const aliceHousehold = await householdOf(sql, alice);
const rice = await catalogIngredient(sql, "white rice");

const isoTimestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/;

async function newList(name: string): Promise<string> {
  const created = await callToolOk(alice, "grocery.create_list", { name });
  return created.grocery_list_id;
}

async function addFree(listId: string, name: string): Promise<string> {
  const added = await callToolOk(alice, "grocery.add_item", {
    grocery_list_id: listId,
    name,
    quantity: 1,
    unit: "piece",
  });
  return added.grocery_item_id;
}

Deno.test("create_list, list_lists and get_list show exactly what was added, through supabase-js", async () => {
  const client = supabaseAs(alice);
  const created = await client.functions.invoke("grocery/create_list", { body: { name: "  Saturday market " } });
  assert.equal(created.error, null);
  const { grocery_list_id: listId, name, created_at } = created.data.data;
  assert.equal(name, "Saturday market");
  assert.match(created_at, isoTimestamp);
  const candles = await callToolOk(alice, "grocery.add_item", {
    grocery_list_id: listId,
    name: "birthday candles",
    quantity: 2,
    unit: "package",
  });
  const riceItem = await callToolOk(alice, "grocery.add_item", {
    grocery_list_id: listId,
    ingredient_id: rice,
    quantity: 0.5,
    unit: "cup",
    prep_state: "rinsed",
  });

  const { data, error } = await client.functions.invoke("grocery/get_list", { body: { grocery_list_id: listId } });
  assert.equal(error, null);
  const { list, items } = data.data as GroceryGetListResult;
  assert.deepEqual({ ...list, updated_at: undefined }, {
    id: listId,
    name: "Saturday market",
    item_count: 2,
    unchecked_count: 2,
    created_at,
    updated_at: undefined,
  });
  assert.match(list.updated_at, isoTimestamp);
  const withoutSourceTimes = items.map((item) => ({
    ...item,
    sources: item.sources.map((source) => ({ ...source, created_at: undefined })),
  }));
  assert.deepEqual(withoutSourceTimes, [
    {
      id: candles.grocery_item_id,
      ingredient_id: null,
      name: "birthday candles",
      quantity: 2,
      unit: "package",
      prep_state: null,
      checked: false,
      checked_at: null,
      sources: [{ recipe_id: null, planner_meal_id: null, quantity_added: 2, unit: "package", created_at: undefined }],
      // A free-text item has no aisle; a package is bought whole.
      category: null,
      buy: { quantity: 2, unit: "package", wording: "2 packages" },
      checked_by: null,
      checked_by_name: null,
    },
    {
      id: riceItem.grocery_item_id,
      ingredient_id: rice,
      name: "white rice",
      quantity: 0.5,
      unit: "cup",
      prep_state: "rinsed",
      checked: false,
      checked_at: null,
      sources: [{ recipe_id: null, planner_meal_id: null, quantity_added: 0.5, unit: "cup", created_at: undefined }],
      category: "pantry",
      buy: null,
      checked_by: null,
      checked_by_name: null,
    },
  ]);

  const { lists } = await callToolOk(alice, "grocery.list_lists", {});
  assert.deepEqual(lists.find((entry) => entry.id === listId), list);
});

Deno.test("list_lists: live lists newest first with live and unchecked counts; a removed list is gone", async () => {
  const [first, second, third] = [await newList("Counts A"), await newList("Counts B"), await newList("Counts C")];
  await addFree(first, "milk");
  const bought = await addFree(first, "bread");
  const dropped = await addFree(first, "jam");
  await callToolOk(alice, "grocery.check_item", { grocery_item_id: bought });
  await callToolOk(alice, "grocery.remove_item", { grocery_item_id: dropped });

  const summary = (lists: GroceryListSummary[]) =>
    lists.filter((list) => [first, second, third].includes(list.id))
      .map((list) => [list.name, list.item_count, list.unchecked_count]);
  const before = await callToolOk(alice, "grocery.list_lists", {});
  assert.deepEqual(summary(before.lists), [["Counts C", 0, 0], ["Counts B", 0, 0], ["Counts A", 2, 1]]);
  const times = before.lists.map((list) => Date.parse(list.created_at));
  assert.deepEqual(times, [...times].sort((a, b) => b - a));

  await sql`update public.grocery_lists set deleted_at = now() where id = ${second}`;
  const after = await callToolOk(alice, "grocery.list_lists", {});
  assert.deepEqual(summary(after.lists), [["Counts C", 0, 0], ["Counts A", 2, 1]]);
  const gone = await callTool(alice, "grocery.get_list", { grocery_list_id: second });
  assert.deepEqual([gone.status, gone.body.error?.type, gone.body.error?.field], [404, "NOT_FOUND", "grocery_list_id"]);
  const reused = await callToolOk(alice, "grocery.create_list", { name: "counts b" });
  assert.equal(reused.name, "counts b");
});

Deno.test("get_list shows unchecked items first, each group in the order the items were added", async () => {
  const listId = await newList("Order");
  const [eggs, flour, sugar] = [
    await addFree(listId, "eggs"),
    await addFree(listId, "flour"),
    await addFree(listId, "sugar"),
  ];
  await callToolOk(alice, "grocery.check_item", { grocery_item_id: eggs });
  const { list, items } = await callToolOk(alice, "grocery.get_list", {
    grocery_list_id: listId,
  });
  assert.deepEqual(items.map((item) => [item.id, item.checked]), [[flour, false], [sugar, false], [eggs, true]]);
  assert.deepEqual([list.item_count, list.unchecked_count], [3, 2]);
});

Deno.test("a live list's name is unique per household, ignoring case and spaces: CONFLICT on field name", async () => {
  await newList("Weekly shop");
  const duplicate = await callTool(alice, "grocery.create_list", { name: " weekly SHOP" });
  assert.equal(duplicate.status, 409);
  assert.deepEqual([duplicate.body.error?.type, duplicate.body.error?.field], ["CONFLICT", "name"]);
  assert.equal(duplicate.body.error?.message, 'a grocery list named "weekly SHOP" already exists in this household');
  const [{ count }] = await sql`
    select count(*)::int as count from public.grocery_lists
    where household_id = ${aliceHousehold} and lower(name) = 'weekly shop'`;
  assert.equal(count, 1);
  const otherHousehold = await callTool(bob, "grocery.create_list", { name: "Weekly shop" });
  assert.equal(otherHousehold.status, 200);
});

Deno.test("list tools refuse bad input with VALIDATION_ERROR naming the field, unknown keys included", async () => {
  const listId = await newList("Validation");
  const attempts: [string, unknown, string][] = [
    ["grocery.create_list", { name: "   " }, "name"],
    ["grocery.create_list", { name: "x".repeat(101) }, "name"],
    ["grocery.create_list", {}, "name"],
    ["grocery.create_list", { name: "Fine", color: "red" }, "color"],
    ["grocery.list_lists", { include_deleted: true }, "include_deleted"],
    ["grocery.get_list", {}, "grocery_list_id"],
    ["grocery.get_list", { grocery_list_id: "not-a-uuid" }, "grocery_list_id"],
    ["grocery.get_list", { grocery_list_id: listId, with_sources: false }, "with_sources"],
  ];
  for (const [tool, input, field] of attempts) {
    const response = await callTool(alice, tool, input);
    const label = `${tool} ${JSON.stringify(input)}`;
    assert.equal(response.status, 400, label);
    assert.equal(response.body.error?.type, "VALIDATION_ERROR", label);
    assert.equal(response.body.error?.field, field, label);
  }
  const unknownList = await callTool(alice, "grocery.get_list", { grocery_list_id: crypto.randomUUID() });
  assert.deepEqual([unknownList.status, unknownList.body.error?.field], [404, "grocery_list_id"]);
  const [{ count }] = await sql`
    select count(*)::int as count from public.grocery_lists where household_id = ${aliceHousehold} and name = 'Fine'`;
  assert.equal(count, 0);
});

globalThis.addEventListener("unload", () => sql.end());

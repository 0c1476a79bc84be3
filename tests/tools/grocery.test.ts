import assert from "node:assert/strict";
import { callTool, callToolOk, supabaseAs } from "../support/tools-client.ts";
import { catalogIngredient, twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";

const sql = adminSql();
const { alice, bob } = await twoHouseholds(sql, "grocery");
const [rice, onion] = await Promise.all(["white rice", "onion"].map((name) => catalogIngredient(sql, name)));
await sql.end();

type Item = { id: string; name: string; quantity: number; unit: string; prep_state: string | null; checked: boolean };
type ItemDetail = Item & { checked_at: string | null; sources: { quantity_added: number; recipe_id: string | null }[] };
type ListSummary = { id: string; name: string; item_count: number; unchecked_count: number };

async function newList(name: string): Promise<string> {
  const created = await callToolOk<{ grocery_list_id: string; name: string }>(alice, "grocery.create_list", { name });
  assert.equal(created.name, name.trim());
  return created.grocery_list_id;
}

Deno.test("create_list, list_lists and get_list show exactly what was added, through supabase-js", async () => {
  const client = supabaseAs(alice);
  const created = await client.functions.invoke("grocery/create_list", { body: { name: "  Saturday market " } });
  assert.equal(created.error, null);
  const listId = created.data.data.grocery_list_id;
  assert.equal(created.data.data.name, "Saturday market");
  await callToolOk(alice, "grocery.add_item", {
    grocery_list_id: listId,
    name: "paper towels",
    quantity: 2,
    unit: "package",
  });
  await callToolOk(alice, "grocery.add_item", {
    grocery_list_id: listId,
    ingredient_id: rice,
    quantity: 0.5,
    unit: "cup",
  });

  const { data } = await client.functions.invoke("grocery/get_list", { body: { grocery_list_id: listId } });
  const { list, items } = data.data as { list: ListSummary; items: ItemDetail[] };
  assert.deepEqual([list.name, list.item_count, list.unchecked_count], ["Saturday market", 2, 2]);
  assert.deepEqual(items.map((item) => [item.name, item.quantity, item.unit, item.checked]), [
    ["paper towels", 2, "package", false],
    ["white rice", 0.5, "cup", false],
  ]);
  assert.deepEqual(items[1].sources.map((source) => source.quantity_added), [0.5]);

  const { lists } = await callToolOk<{ lists: ListSummary[] }>(alice, "grocery.list_lists", {});
  assert.deepEqual(lists.find((entry) => entry.id === listId), { ...list });
});

Deno.test("a live list's name is unique per household, ignoring case and spaces", async () => {
  await newList("Weekly shop");
  const duplicate = await callTool(alice, "grocery.create_list", { name: " weekly SHOP" });
  assert.equal(duplicate.status, 409);
  assert.equal(duplicate.body.error?.type, "CONFLICT");
  assert.equal(duplicate.body.error?.field, "name");
  const otherHousehold = await callTool(bob, "grocery.create_list", { name: "Weekly shop" });
  assert.equal(otherHousehold.status, 200);
  const blank = await callTool(alice, "grocery.create_list", { name: "   " });
  assert.equal(blank.body.error?.field, "name");
});

Deno.test("add_item merges a known ingredient like push, never into a checked item; a free name is always new", async () => {
  const listId = await newList("Add items");
  const first = await callToolOk<{ grocery_item_id: string; merged: boolean; message: string }>(
    alice,
    "grocery.add_item",
    {
      grocery_list_id: listId,
      ingredient_id: onion,
      quantity: 1,
      unit: "whole",
    },
  );
  assert.equal(first.merged, false);
  const second = await callToolOk<{ grocery_item_id: string; merged: boolean; item: Item; message: string }>(
    alice,
    "grocery.add_item",
    { grocery_list_id: listId, ingredient_id: onion, quantity: 2, unit: "whole" },
  );
  assert.equal(second.merged, true);
  assert.equal(second.grocery_item_id, first.grocery_item_id);
  assert.equal(second.item.quantity, 3);
  assert.match(second.message, /merged/);

  await callToolOk(alice, "grocery.check_item", { grocery_item_id: first.grocery_item_id });
  const third = await callToolOk<{ grocery_item_id: string; merged: boolean }>(alice, "grocery.add_item", {
    grocery_list_id: listId,
    ingredient_id: onion,
    quantity: 1,
    unit: "whole",
  });
  assert.equal(third.merged, false);
  assert.notEqual(third.grocery_item_id, first.grocery_item_id);

  const towels = { grocery_list_id: listId, name: "paper towels", quantity: 1, unit: "package" };
  const a = await callToolOk<{ grocery_item_id: string }>(alice, "grocery.add_item", towels);
  const b = await callToolOk<{ grocery_item_id: string }>(alice, "grocery.add_item", towels);
  assert.notEqual(a.grocery_item_id, b.grocery_item_id);

  for (
    const [input, field] of [
      [{ grocery_list_id: listId, quantity: 1, unit: "whole" }, "name"],
      [{ grocery_list_id: listId, ingredient_id: onion, name: "onion", quantity: 1, unit: "whole" }, "name"],
      [{ grocery_list_id: listId, name: "salt", quantity: "a pinch", unit: "tsp" }, "quantity"],
      [{ grocery_list_id: listId, name: "salt", quantity: 1, unit: "pinch" }, "unit"],
    ] as const
  ) {
    const response = await callTool(alice, "grocery.add_item", input);
    assert.equal(response.status, 400, JSON.stringify(input));
    assert.equal(response.body.error?.field, field, JSON.stringify(input));
  }
});

Deno.test("check, uncheck and remove: who and when are kept, removal is soft and returns the item", async () => {
  const listId = await newList("Flow");
  const { grocery_item_id } = await callToolOk<{ grocery_item_id: string }>(alice, "grocery.add_item", {
    grocery_list_id: listId,
    ingredient_id: rice,
    quantity: 1,
    unit: "cup",
  });
  const checked = await callToolOk<{ item: ItemDetail }>(alice, "grocery.check_item", { grocery_item_id });
  assert.equal(checked.item.checked, true);
  assert.match(checked.item.checked_at!, /^2\d{3}-/);
  const again = await callToolOk<{ item: ItemDetail }>(alice, "grocery.check_item", { grocery_item_id });
  assert.equal(again.item.checked_at, checked.item.checked_at);
  const sql = adminSql();
  const [{ checked_by }] = await sql`select checked_by from public.grocery_items where id = ${grocery_item_id}`;
  await sql.end();
  assert.equal(checked_by, alice.id);

  const unchecked = await callToolOk<{ item: ItemDetail }>(alice, "grocery.uncheck_item", { grocery_item_id });
  assert.deepEqual([unchecked.item.checked, unchecked.item.checked_at], [false, null]);

  const removed = await callToolOk<{ removed: boolean; item: ItemDetail & { deleted_at: string } }>(
    alice,
    "grocery.remove_item",
    { grocery_item_id },
  );
  assert.equal(removed.item.id, grocery_item_id);
  assert.match(removed.item.deleted_at, /^2\d{3}-/);
  const { items } = await callToolOk<{ items: Item[] }>(alice, "grocery.get_list", { grocery_list_id: listId });
  assert.deepEqual(items, []);
  for (const tool of ["grocery.remove_item", "grocery.check_item", "grocery.uncheck_item"]) {
    assert.equal((await callTool(alice, tool, { grocery_item_id })).status, 404, tool);
  }
});

Deno.test("another household's list and items are NOT_FOUND for every grocery tool", async () => {
  const listId = await newList("Private");
  const { grocery_item_id } = await callToolOk<{ grocery_item_id: string }>(alice, "grocery.add_item", {
    grocery_list_id: listId,
    ingredient_id: rice,
    quantity: 1,
    unit: "cup",
  });
  const attempts: [string, Record<string, unknown>, string][] = [
    ["grocery.get_list", { grocery_list_id: listId }, "grocery_list_id"],
    ["grocery.add_item", { grocery_list_id: listId, name: "x", quantity: 1, unit: "g" }, "grocery_list_id"],
    ["grocery.push_ingredients", {
      grocery_list_id: listId,
      ingredients: [{ ingredient_id: rice, quantity: 1, unit: "cup" }],
    }, "grocery_list_id"],
    ["grocery.check_item", { grocery_item_id }, "grocery_item_id"],
    ["grocery.uncheck_item", { grocery_item_id }, "grocery_item_id"],
    ["grocery.remove_item", { grocery_item_id }, "grocery_item_id"],
  ];
  for (const [tool, input, field] of attempts) {
    const response = await callTool(bob, tool, input);
    assert.equal(response.status, 404, tool);
    assert.equal(response.body.error?.type, "NOT_FOUND", tool);
    assert.equal(response.body.error?.field, field, tool);
  }
  const { lists } = await callToolOk<{ lists: ListSummary[] }>(bob, "grocery.list_lists", {});
  assert.equal(lists.some((list) => list.id === listId), false);
  const { items } = await callToolOk<{ items: ItemDetail[] }>(alice, "grocery.get_list", { grocery_list_id: listId });
  assert.deepEqual(items.map((item) => [item.quantity, item.checked]), [[1, false]]);
});

Deno.test("get_list shows an item's 20 latest contributions, oldest first, with the total quantity exact", async () => {
  const listId = await newList("Many contributions");
  for (let round = 1; round <= 22; round++) {
    await callToolOk(alice, "grocery.push_ingredients", {
      grocery_list_id: listId,
      ingredients: [{ ingredient_id: rice, quantity: round / 4, unit: "cup" }],
    });
  }
  const { items } = await callToolOk<{ items: ItemDetail[] }>(alice, "grocery.get_list", { grocery_list_id: listId });
  assert.equal(items.length, 1);
  assert.equal(items[0].quantity, 63.25); // (1 + 2 + … + 22) / 4
  assert.deepEqual(
    items[0].sources.map((source) => source.quantity_added),
    Array.from({ length: 20 }, (_, index) => (index + 3) / 4),
  );
});

import assert from "node:assert/strict";
import { callTool, callToolOk, supabaseAs } from "../support/tools-client.ts";
import { catalogIngredient, twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";
import type { GroceryAddItemResult, GroceryItem, GroceryItemDetail } from "../../shared/tools/grocery/results.ts";

const sql = adminSql();
const { alice, bob } = await twoHouseholds(sql, "grocery-items");
const [rice, onion] = await Promise.all(["white rice", "onion"].map((name) => catalogIngredient(sql, name)));

async function newList(name: string): Promise<string> {
  const created = await callToolOk(alice, "grocery.create_list", { name });
  return created.grocery_list_id;
}

async function itemsOf(listId: string): Promise<GroceryItemDetail[]> {
  const { items } = await callToolOk(alice, "grocery.get_list", { grocery_list_id: listId });
  return items;
}

Deno.test("add_item merges a known ingredient like push and records the source; never into a checked item", async () => {
  const listId = await newList("Add items");
  const onionItem = (id: string, quantity: number, checked = false): GroceryItem => ({
    id,
    ingredient_id: onion,
    name: "onion",
    quantity,
    unit: "whole",
    prep_state: null,
    checked,
  });
  const first = await callToolOk(alice, "grocery.add_item", {
    grocery_list_id: listId,
    ingredient_id: onion,
    quantity: 1,
    unit: "whole",
  });
  assert.deepEqual(first, {
    grocery_item_id: first.grocery_item_id,
    merged: false,
    item: onionItem(first.grocery_item_id, 1),
    message: "Added 1 onion to Add items",
  });
  const second = await callToolOk(alice, "grocery.add_item", {
    grocery_list_id: listId,
    ingredient_id: onion,
    quantity: 2.25,
    unit: "whole",
    prep_state: null,
  });
  assert.deepEqual(second, {
    grocery_item_id: first.grocery_item_id,
    merged: true,
    item: onionItem(first.grocery_item_id, 3.25),
    message: "Added 2¼ onions to Add items (merged into the item already there)",
  });
  const chopped = await callToolOk(alice, "grocery.add_item", {
    grocery_list_id: listId,
    ingredient_id: onion,
    quantity: 1,
    unit: "whole",
    prep_state: "chopped",
  });
  assert.equal(chopped.merged, false);
  assert.notEqual(chopped.grocery_item_id, first.grocery_item_id);

  await callToolOk(alice, "grocery.check_item", { grocery_item_id: first.grocery_item_id });
  const afterCheck = await callToolOk(alice, "grocery.add_item", {
    grocery_list_id: listId,
    ingredient_id: onion,
    quantity: 1,
    unit: "whole",
  });
  assert.equal(afterCheck.merged, false);
  assert.deepEqual(afterCheck.item, onionItem(afterCheck.grocery_item_id, 1));

  const items = await itemsOf(listId);
  assert.deepEqual(
    items.map((
      item,
    ) => [item.id, item.quantity, item.prep_state, item.checked, item.sources.map((s) => s.quantity_added)]),
    [
      [chopped.grocery_item_id, 1, "chopped", false, [1]],
      [afterCheck.grocery_item_id, 1, null, false, [1]],
      [first.grocery_item_id, 3.25, null, true, [1, 2.25]],
    ],
  );
});

Deno.test("add_item with a free name adds a free item, and the same free name merges into it, through supabase-js", async () => {
  const listId = await newList("Free names");
  const client = supabaseAs(alice);
  const candles = { grocery_list_id: listId, name: " birthday candles ", quantity: 1, unit: "package" };
  const first = await client.functions.invoke("grocery/add_item", { body: candles });
  const second = await client.functions.invoke("grocery/add_item", { body: { ...candles, name: "Birthday Candles" } });
  assert.equal(first.error, null);
  const [a, b] = [first.data.data as GroceryAddItemResult, second.data.data as GroceryAddItemResult];
  assert.deepEqual([a.merged, b.merged], [false, true]);
  assert.equal(b.grocery_item_id, a.grocery_item_id);
  assert.deepEqual(a.item, {
    id: a.grocery_item_id,
    ingredient_id: null,
    name: "birthday candles",
    quantity: 1,
    unit: "package",
    prep_state: null,
    checked: false,
  });
  assert.deepEqual(b.item, { ...a.item, quantity: 2 }, "the first spelling stays");
  assert.equal(a.message, "Added 1 package birthday candles to Free names");
  const inCans = await callToolOk(alice, "grocery.add_item", { ...candles, unit: "can" });
  assert.equal(inCans.merged, false, "another unit is another item");
  const items = await itemsOf(listId);
  assert.deepEqual(items.map((item) => [item.name, item.quantity, item.unit, item.sources.length]), [
    ["birthday candles", 2, "package", 2],
    ["birthday candles", 1, "can", 1],
  ]);
});

Deno.test("add_item refuses bad input with the offending field, and adds nothing", async () => {
  const listId = await newList("Refusals");
  const bobsOwn = await callToolOk(bob, "ingredient.create", { name: "Bob's hot sauce" });
  const base = { grocery_list_id: listId, quantity: 1, unit: "whole" };
  const attempts: [Record<string, unknown>, string][] = [
    [base, "name"],
    [{ ...base, ingredient_id: onion, name: "onion" }, "name"],
    [{ ...base, name: "  " }, "name"],
    [{ ...base, name: "salt", quantity: "a pinch" }, "quantity"],
    [{ ...base, name: "salt", quantity: 0 }, "quantity"],
    [{ ...base, name: "salt", quantity: 1_000_001 }, "quantity"],
    [{ ...base, name: "salt", unit: "pinch" }, "unit"],
    [{ ...base, name: "salt", unit: undefined }, "unit"],
    [{ ...base, ingredient_id: "onion" }, "ingredient_id"],
    [{ ...base, ingredient_id: onion, prep_state: "" }, "prep_state"],
    [{ ...base, ingredient_id: onion, source_recipe_id: null }, "source_recipe_id"],
    [{ ...base, grocery_list_id: "list-1", name: "salt" }, "grocery_list_id"],
    // Another household's ingredient is unknown here.
    [{ ...base, ingredient_id: bobsOwn.ingredient_id }, "ingredient_id"],
  ];
  for (const [input, field] of attempts) {
    const response = await callTool(alice, "grocery.add_item", input);
    assert.equal(response.status, 400, JSON.stringify(input));
    assert.equal(response.body.error?.type, "VALIDATION_ERROR", JSON.stringify(input));
    assert.equal(response.body.error?.field, field, JSON.stringify(input));
  }
  assert.deepEqual(await itemsOf(listId), []);

  // The merged total is bounded too, and named after add_item's own field.
  await callToolOk(alice, "grocery.add_item", { ...base, ingredient_id: rice, quantity: 999_999, unit: "g" });
  const overflow = await callTool(alice, "grocery.add_item", { ...base, ingredient_id: rice, quantity: 2, unit: "g" });
  assert.deepEqual([overflow.status, overflow.body.error?.field], [400, "quantity"]);
  assert.equal(overflow.body.error?.message, "quantity would exceed 1000000 after merging");
  assert.deepEqual((await itemsOf(listId)).map((item) => item.quantity), [999_999]);
});

Deno.test("check, uncheck and remove: who and when are kept, repeats change nothing, removal is soft", async () => {
  const listId = await newList("Flow");
  const { grocery_item_id } = await callToolOk(alice, "grocery.add_item", {
    grocery_list_id: listId,
    ingredient_id: rice,
    quantity: 1,
    unit: "cup",
  });
  const checked = await callToolOk(alice, "grocery.check_item", { grocery_item_id });
  assert.deepEqual([checked.item.id, checked.item.checked, checked.item.quantity], [grocery_item_id, true, 1]);
  assert.match(checked.item.checked_at!, /^\d{4}-\d{2}-\d{2}T/);
  assert.deepEqual(checked.item.sources.map((source) => [source.quantity_added, source.unit]), [[1, "cup"]]);
  const again = await callToolOk(alice, "grocery.check_item", { grocery_item_id });
  assert.deepEqual(again.item, checked.item);
  const [row] = await sql`select checked_by, checked_at from public.grocery_items where id = ${grocery_item_id}`;
  assert.equal(row.checked_by, alice.id);
  assert.equal(row.checked_at.getTime(), Date.parse(checked.item.checked_at!));

  const unchecked = await callToolOk(alice, "grocery.uncheck_item", { grocery_item_id });
  assert.deepEqual(unchecked.item, { ...checked.item, checked: false, checked_at: null });
  const uncheckedAgain = await callToolOk(alice, "grocery.uncheck_item", { grocery_item_id });
  assert.deepEqual(uncheckedAgain.item, unchecked.item);
  const [cleared] = await sql`select checked_by, checked_at from public.grocery_items where id = ${grocery_item_id}`;
  assert.deepEqual([cleared.checked_by, cleared.checked_at], [null, null]);

  const removed = await callToolOk(
    alice,
    "grocery.remove_item",
    { grocery_item_id },
  );
  assert.equal(removed.removed, true);
  assert.deepEqual({ ...removed.item, deleted_at: undefined }, { ...unchecked.item, deleted_at: undefined });
  assert.match(removed.item.deleted_at, /^\d{4}-\d{2}-\d{2}T/);
  assert.deepEqual(await itemsOf(listId), []);
  const [kept] = await sql`
    select (select count(*)::int from public.grocery_item_sources where grocery_item_id = ${grocery_item_id}) as sources,
      deleted_at is not null as deleted
    from public.grocery_items where id = ${grocery_item_id}`;
  assert.deepEqual([kept.sources, kept.deleted], [1, true]);
  for (const tool of ["grocery.remove_item", "grocery.check_item", "grocery.uncheck_item"]) {
    const response = await callTool(alice, tool, { grocery_item_id });
    assert.deepEqual([response.status, response.body.error?.field], [404, "grocery_item_id"], tool);
  }
});

Deno.test("an item of a removed list is NOT_FOUND for check, uncheck and remove", async () => {
  const listId = await newList("Removed list");
  const { grocery_item_id } = await callToolOk(alice, "grocery.add_item", {
    grocery_list_id: listId,
    name: "candles",
    quantity: 6,
    unit: "piece",
  });
  await sql`update public.grocery_lists set deleted_at = now() where id = ${listId}`;
  for (const tool of ["grocery.check_item", "grocery.uncheck_item", "grocery.remove_item"]) {
    const response = await callTool(alice, tool, { grocery_item_id });
    assert.deepEqual([response.status, response.body.error?.type], [404, "NOT_FOUND"], tool);
  }
  const addToIt = await callTool(alice, "grocery.add_item", {
    grocery_list_id: listId,
    name: "x",
    quantity: 1,
    unit: "g",
  });
  assert.deepEqual([addToIt.status, addToIt.body.error?.field], [404, "grocery_list_id"]);
  const [row] = await sql`select checked, deleted_at from public.grocery_items where id = ${grocery_item_id}`;
  assert.deepEqual([row.checked, row.deleted_at], [false, null]);
});

Deno.test("item tools refuse bad ids and unknown keys with VALIDATION_ERROR naming the field", async () => {
  for (const tool of ["grocery.check_item", "grocery.uncheck_item", "grocery.remove_item"]) {
    for (
      const [input, field] of [
        [{}, "grocery_item_id"],
        [{ grocery_item_id: 42 }, "grocery_item_id"],
        [{ grocery_item_id: crypto.randomUUID(), checked: true }, "checked"],
      ] as const
    ) {
      const response = await callTool(alice, tool, input);
      assert.deepEqual(
        [response.status, response.body.error?.type, response.body.error?.field],
        [400, "VALIDATION_ERROR", field],
        `${tool} ${JSON.stringify(input)}`,
      );
    }
    const unknown = await callTool(alice, tool, { grocery_item_id: crypto.randomUUID() });
    assert.deepEqual([unknown.status, unknown.body.error?.field], [404, "grocery_item_id"], tool);
  }
});

Deno.test("get_list shows an item's 20 latest contributions, oldest first, with the total quantity exact", async () => {
  const listId = await newList("Many contributions");
  for (let round = 1; round <= 22; round++) {
    await callToolOk(alice, "grocery.push_ingredients", {
      grocery_list_id: listId,
      ingredients: [{ ingredient_id: rice, quantity: round / 4, unit: "cup" }],
    });
  }
  const items = await itemsOf(listId);
  assert.equal(items.length, 1);
  assert.equal(items[0].quantity, 63.25); // (1 + 2 + … + 22) / 4
  assert.deepEqual(
    items[0].sources.map((source) => source.quantity_added),
    Array.from({ length: 20 }, (_, index) => (index + 3) / 4),
  );
});

globalThis.addEventListener("unload", () => sql.end());

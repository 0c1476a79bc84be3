import assert from "node:assert/strict";
import { callTool } from "../support/tools-client.ts";
import { catalogIngredient, householdOf, twoHouseholds } from "../support/households.ts";
import { createList, listLines, pushIngredients, sourceCount } from "../support/grocery.ts";
import { adminSql } from "../support/stack.ts";

const sql = adminSql();
const { alice, bob } = await twoHouseholds(sql, "push-ingredients");
const aliceHousehold = await householdOf(sql, alice);
const [rice, chicken, onion] = await Promise.all(
  ["white rice", "chicken breast", "onion"].map((name) => catalogIngredient(sql, name)),
);
const [bobsOwnIngredient] = await sql<{ id: string }[]>`
  insert into public.ingredients (household_id, name, created_by)
  values (${await householdOf(sql, bob)}, 'bob''s secret spice', ${bob.id}) returning id`;

Deno.test("grocery.push_ingredients: spec example 1: rice 1 cup + 0.5 cup + 1.75 cup is one item of exactly 3.25 cup", async () => {
  const listId = await createList(sql, alice, aliceHousehold);
  await pushIngredients(alice, listId, [{ ingredient_id: rice, quantity: 1, unit: "cup", prep_state: null }]);
  const result = await pushIngredients(alice, listId, [
    { ingredient_id: rice, quantity: 0.5, unit: "cup", prep_state: null },
    { ingredient_id: rice, quantity: 1.75, unit: "cup" },
  ]);
  assert.deepEqual(await listLines(sql, listId), ["white rice 3.25 cup"]);
  assert.deepEqual(result.merged.map((item) => [item.quantity_before, item.quantity_after]), [[1, 3.25]]);
  assert.deepEqual(result.summary, { lines_received: 2, items_added: 0, items_merged: 1 });
  assert.equal(result.item_count, 1);
  assert.equal(await sourceCount(sql, listId), 3);
});

Deno.test("grocery.push_ingredients: spec example 2: chicken 1 lb and 500 g stay two items (no unit conversion)", async () => {
  const listId = await createList(sql, alice, aliceHousehold);
  await pushIngredients(alice, listId, [{ ingredient_id: chicken, quantity: 1, unit: "lb" }]);
  const result = await pushIngredients(alice, listId, [{ ingredient_id: chicken, quantity: 500, unit: "g" }]);
  assert.deepEqual(await listLines(sql, listId), ["chicken breast 1 lb", "chicken breast 500 g"]);
  assert.equal(result.item_count, 2);
});

Deno.test("grocery.push_ingredients: spec example 3: onion 1 whole and 1 whole chopped stay two items", async () => {
  const listId = await createList(sql, alice, aliceHousehold);
  await pushIngredients(alice, listId, [{ ingredient_id: onion, quantity: 1, unit: "whole" }]);
  await pushIngredients(alice, listId, [{ ingredient_id: onion, quantity: 1, unit: "whole", prep_state: "chopped" }]);
  assert.deepEqual(await listLines(sql, listId), ["onion 1 whole", "onion 1 whole chopped"]);
});

Deno.test("grocery.push_ingredients: a failure at the database on the last line leaves nothing of the batch behind", async () => {
  const listId = await createList(sql, alice, aliceHousehold);
  await pushIngredients(alice, listId, [{ ingredient_id: rice, quantity: 1, unit: "cup" }]);
  const response = await callTool(alice, "grocery.push_ingredients", {
    grocery_list_id: listId,
    ingredients: [
      { ingredient_id: rice, quantity: 2, unit: "cup" },
      { ingredient_id: onion, quantity: 3, unit: "whole" },
      { ingredient_id: bobsOwnIngredient.id, quantity: 1, unit: "tsp" },
    ],
  });
  assert.equal(response.status, 400);
  assert.equal(response.body.error?.type, "VALIDATION_ERROR");
  assert.equal(response.body.error?.field, "ingredients[2].ingredient_id");
  assert.deepEqual(await listLines(sql, listId), ["white rice 1 cup"]);
  assert.equal(await sourceCount(sql, listId), 1);
});

Deno.test("grocery.push_ingredients: pushing into another household's list is NOT_FOUND and changes nothing", async () => {
  const listId = await createList(sql, alice, aliceHousehold);
  const response = await callTool(bob, "grocery.push_ingredients", {
    grocery_list_id: listId,
    ingredients: [{ ingredient_id: rice, quantity: 1, unit: "cup" }],
  });
  assert.equal(response.status, 404);
  assert.equal(response.body.error?.field, "grocery_list_id");
  assert.deepEqual(await listLines(sql, listId), []);
});

Deno.test("grocery.push_ingredients: a push takes at most 500 lines, and at least one", async () => {
  const listId = await createList(sql, alice, aliceHousehold);
  const line = { ingredient_id: rice, quantity: 0.25, unit: "cup" };
  const tooMany = await callTool(alice, "grocery.push_ingredients", {
    grocery_list_id: listId,
    ingredients: Array(501).fill(line),
  });
  assert.equal(tooMany.status, 400);
  assert.equal(tooMany.body.error?.field, "ingredients");
  const none = await callTool(alice, "grocery.push_ingredients", { grocery_list_id: listId, ingredients: [] });
  assert.equal(none.body.error?.field, "ingredients");
  const result = await pushIngredients(alice, listId, Array(500).fill(line));
  assert.deepEqual(result.summary, { lines_received: 500, items_added: 1, items_merged: 0 });
  assert.deepEqual(await listLines(sql, listId), ["white rice 125 cup"]);
});

Deno.test("grocery.push_ingredients: concurrent pushes into one list lose no update", async () => {
  const listId = await createList(sql, alice, aliceHousehold);
  await Promise.all(
    Array.from({ length: 12 }, (_, index) =>
      pushIngredients(alice, listId, [
        { ingredient_id: rice, quantity: 0.25, unit: "cup" },
        { ingredient_id: index % 2 ? onion : chicken, quantity: 1, unit: "whole" },
      ])),
  );
  assert.deepEqual(await listLines(sql, listId), ["chicken breast 6 whole", "onion 6 whole", "white rice 3 cup"]);
});

globalThis.addEventListener("unload", () => sql.end());

Deno.test("grocery.push_ingredients: a list holds at most 1000 items: the push that would pass it changes nothing", async () => {
  const listId = await createList(sql, alice, aliceHousehold);
  const catalog = (await sql<{ id: string }[]>`
    select id from public.ingredients where household_id is null order by normalized_name limit 250`).map((row) =>
    row.id
  );
  const units = ["cup", "tbsp", "tsp", "g", "kg"];
  const lines = units.flatMap((unit) =>
    catalog.map((ingredientId) => ({ ingredient_id: ingredientId, quantity: 1, unit }))
  );
  await pushIngredients(alice, listId, lines.slice(0, 500));
  const full = await pushIngredients(alice, listId, lines.slice(500, 1000));
  assert.equal(full.item_count, 1000);
  const over = await callTool(alice, "grocery.push_ingredients", {
    grocery_list_id: listId,
    ingredients: lines.slice(1000, 1001),
  });
  assert.equal(over.status, 409);
  assert.match(over.body.error!.message, /at most 1000 items/);
  const merged = await pushIngredients(alice, listId, lines.slice(0, 1));
  assert.equal(merged.item_count, 1000);
  const [{ count }] =
    await sql`select count(*)::int as count from public.grocery_items where grocery_list_id = ${listId}`;
  assert.equal(count, 1000);
});

Deno.test("grocery.push_ingredients: a merged total past 1,000,000 names the key's first line and changes nothing", async () => {
  const listId = await createList(sql, alice, aliceHousehold);
  await pushIngredients(alice, listId, [{ ingredient_id: rice, quantity: 999_999, unit: "g" }]);
  const cases: [Record<string, unknown>[], string][] = [
    // Into the item already there: its key's first line is the second.
    [
      [{ ingredient_id: onion, quantity: 1, unit: "whole" }, { ingredient_id: rice, quantity: 2, unit: "g" }],
      "ingredients[1].quantity",
    ],
    // A new item whose lines together pass it: named by the first of them.
    [[
      { ingredient_id: rice, quantity: 1, unit: "cup" },
      { ingredient_id: chicken, quantity: 600_000, unit: "g" },
      { ingredient_id: onion, quantity: 1, unit: "whole" },
      { ingredient_id: chicken, quantity: 400_001, unit: "g" },
    ], "ingredients[1].quantity"],
  ];
  for (const [ingredients, field] of cases) {
    const response = await callTool(alice, "grocery.push_ingredients", { grocery_list_id: listId, ingredients });
    assert.equal(response.status, 400);
    assert.equal(response.body.error?.field, field);
    assert.equal(response.body.error?.message, "quantity would exceed 1000000 after merging");
  }
  assert.deepEqual(await listLines(sql, listId), ["white rice 999999 g"]);
  assert.equal(await sourceCount(sql, listId), 1);
});

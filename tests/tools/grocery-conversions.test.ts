// Unit conversion proposals: proposed with exact arithmetic, applied only as accepted, volume with
// volume and weight with weight only, sources kept.
import assert from "node:assert/strict";
import { callTool, callToolOk } from "../support/tools-client.ts";
import { catalogIngredient, twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";

const sql = adminSql();
const { alice, bob } = await twoHouseholds(sql, "conversions");
const [rice, flour, eggs] = await Promise.all(
  ["white rice", "all-purpose flour", "eggs"].map((name) => catalogIngredient(sql, name)),
);

async function listWith(lines: { ingredient_id: string; quantity: number; unit: string; prep_state?: string }[]) {
  const listId = (await callToolOk(alice, "grocery.create_list", { name: `Convert ${crypto.randomUUID()}` }))
    .grocery_list_id;
  const pushed = await callToolOk(alice, "grocery.push_ingredients", { grocery_list_id: listId, ingredients: lines });
  return { listId, ids: pushed.added.map((item) => item.id) };
}

Deno.test("1 lb and 100 g of rice: proposed into lb with the exact arithmetic, applied as accepted, sources kept", async () => {
  const { listId, ids } = await listWith([
    { ingredient_id: rice, quantity: 1, unit: "lb" },
    { ingredient_id: rice, quantity: 100, unit: "g" },
    { ingredient_id: flour, quantity: 2, unit: "cup" },
    { ingredient_id: flour, quantity: 100, unit: "g" },
    { ingredient_id: eggs, quantity: 2, unit: "whole" },
    { ingredient_id: eggs, quantity: 1, unit: "package" },
  ]);
  const { proposals } = await callToolOk(alice, "grocery.propose_conversions", { grocery_list_id: listId });
  assert.equal(proposals.length, 1, "never cups with grams, never count units");
  const [proposal] = proposals;
  // lb, the unit holding most of it (453.59237 g against 100 g).
  assert.deepEqual([proposal.ingredient_id, proposal.unit, proposal.item_ids.toSorted()], [
    rice,
    "lb",
    [ids[0], ids[1]].sort(),
  ]);
  // 1 + 100 / 453.59237, exactly as numeric division gives it; stored to 3 decimals.
  assert.equal(proposal.quantity, 1.22);
  assert.equal(proposal.rounded, true);
  assert.ok(Math.abs(proposal.exact_quantity - (1 + 100 / 453.59237)) < 1e-12);
  assert.match(proposal.arithmetic, /(^1 lb \+ 100 g|^100 g \+ 1 lb) = 1\.22046226/);
  const [{ items: before }] = [await callToolOk(alice, "grocery.get_list", { grocery_list_id: listId })];
  assert.equal(before.length, 6, "proposing changes nothing");

  const applied = await callToolOk(alice, "grocery.apply_conversion", {
    grocery_list_id: listId,
    item_ids: proposal.item_ids,
    unit: proposal.unit,
  });
  assert.deepEqual([applied.item.quantity, applied.item.unit], [1.22, "lb"]);
  assert.deepEqual([applied.item.id, ...applied.merged_item_ids].sort(), [ids[0], ids[1]].sort());
  // (One push made both lines at one instant, so the sources' order between them is the ids'.)
  assert.deepEqual(
    applied.item.sources.map((source) => `${source.quantity_added} ${source.unit}`).sort(),
    ["1 lb", "100 g"],
    "each source keeps what it added, in its unit",
  );
  const { proposals: after } = await callToolOk(alice, "grocery.propose_conversions", { grocery_list_id: listId });
  assert.deepEqual(after, []);
});

Deno.test("apply_conversion refuses mixed ingredients, a unit of the other kind and another household's list", async () => {
  const { listId, ids } = await listWith([
    { ingredient_id: flour, quantity: 1, unit: "cup" },
    { ingredient_id: flour, quantity: 2, unit: "tbsp" },
    { ingredient_id: rice, quantity: 1, unit: "cup" },
  ]);
  const cases: [Record<string, unknown>, number, string][] = [
    [{ grocery_list_id: listId, item_ids: [ids[0], ids[2]], unit: "cup" }, 400, "item_ids"],
    [{ grocery_list_id: listId, item_ids: [ids[0], ids[1]], unit: "g" }, 400, "unit"],
    [{ grocery_list_id: listId, item_ids: [ids[0]], unit: "cup" }, 400, "item_ids"],
    [{ grocery_list_id: listId, item_ids: [ids[0], ids[0]], unit: "cup" }, 400, "item_ids"],
    [{ grocery_list_id: listId, item_ids: [ids[0], crypto.randomUUID()], unit: "cup" }, 404, "item_ids"],
  ];
  for (const [input, status, field] of cases) {
    const reply = await callTool(alice, "grocery.apply_conversion", input);
    assert.deepEqual([reply.status, reply.body.error?.field], [status, field], JSON.stringify(reply.body));
  }
  const stolen = await callTool(bob, "grocery.apply_conversion", {
    grocery_list_id: listId,
    item_ids: [ids[0], ids[1]],
    unit: "cup",
  });
  assert.equal(stolen.status, 404);
  assert.equal((await callTool(bob, "grocery.propose_conversions", { grocery_list_id: listId })).status, 404);
  const items = (await callToolOk(alice, "grocery.get_list", { grocery_list_id: listId })).items;
  assert.deepEqual(items.map((item) => `${item.name} ${item.quantity} ${item.unit}`).sort(), [
    "all-purpose flour 1 cup",
    "all-purpose flour 2 tbsp",
    "white rice 1 cup",
  ], "nothing changed");
});

Deno.test("2 tbsp and 1 cup of flour merge into a cup exactly: 1.125 cup, not rounded", async () => {
  const { listId, ids } = await listWith([
    { ingredient_id: flour, quantity: 1, unit: "cup" },
    { ingredient_id: flour, quantity: 2, unit: "tbsp" },
  ]);
  const applied = await callToolOk(alice, "grocery.apply_conversion", {
    grocery_list_id: listId,
    item_ids: ids,
    unit: "cup",
  });
  assert.deepEqual([applied.item.quantity, applied.rounded, applied.exact_quantity], [1.125, false, 1.125]);
});

globalThis.addEventListener("unload", () => sql.end());

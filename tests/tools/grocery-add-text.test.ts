// grocery.add_text over HTTP: typed lines read as recipe lines, names matched as recipe.parse_text matches them,
// merged as every add merges; idempotent, undoable exactly, refused in words.
import assert from "node:assert/strict";
import { callTool, callToolOk } from "../support/tools-client.ts";
import { catalogIngredient, twoHouseholds } from "../support/households.ts";
import { lastWrite } from "../support/history.ts";
import { adminSql } from "../support/stack.ts";
import type { GroceryGetListResult } from "../../shared/tools/grocery/results.ts";

type ListItem = GroceryGetListResult["items"][number];

const sql = adminSql();
const { alice, bob } = await twoHouseholds(sql, "grocery-add-text");
const [milk, onion] = await Promise.all(["milk", "onion"].map((name) => catalogIngredient(sql, name)));

async function newList(name: string): Promise<string> {
  return (await callToolOk(alice, "grocery.create_list", { name })).grocery_list_id;
}

async function itemsOf(listId: string): Promise<ListItem[]> {
  return (await callToolOk(alice, "grocery.get_list", { grocery_list_id: listId })).items;
}

function line(item: ListItem): string {
  const kind = item.ingredient_id ? ` [${item.category}]` : " (free)";
  return `${item.quantity} ${item.unit} ${item.name}${kind}`;
}

function errorOf(body: { ok: boolean; error?: { type: string; field?: string; message: string } }) {
  assert.ok(!body.ok && body.error);
  return body.error;
}

async function listWithRecipeOnions(name: string): Promise<string> {
  const listId = await newList(name);
  const { recipe_id } = await callToolOk(alice, "recipe.create", {
    title: `${name} soup`,
    ingredients: [{ ingredient_id: onion, quantity: 2, unit: "whole" }],
  });
  await callToolOk(alice, "grocery.push_recipe", { grocery_list_id: listId, recipe_id });
  return listId;
}

Deno.test("2 l milk is 2 l of the catalog's milk, in dairy", async () => {
  const listId = await newList("Add text milk");
  const added = await callToolOk(alice, "grocery.add_text", { grocery_list_id: listId, text: "2 l milk" });
  assert.equal(added.lines.length, 1);
  assert.deepEqual({ ...added.lines[0], grocery_item_id: "" }, {
    text: "2 l milk",
    name: "milk",
    ingredient_id: milk,
    quantity: 2,
    unit: "l",
    prep_state: null,
    note: null,
    grocery_item_id: "",
    merged: false,
  });
  assert.deepEqual(added.summary, { lines_received: 1, items_added: 1, items_merged: 0 });
  assert.equal(added.message, "Added 2 l milk to Add text milk");
  assert.deepEqual((await itemsOf(listId)).map(line), ["2 l milk [dairy]"]);
});

Deno.test("onions merge into the recipe's 2 whole onion: one line of 3", async () => {
  const listId = await listWithRecipeOnions("Add text onions");
  const added = await callToolOk(alice, "grocery.add_text", { grocery_list_id: listId, text: "onions" });
  assert.equal(added.lines[0].ingredient_id, onion);
  assert.equal(added.lines[0].merged, true);
  assert.deepEqual(added.summary, { lines_received: 1, items_added: 0, items_merged: 1 });
  const items = await itemsOf(listId);
  assert.deepEqual(items.map(line), ["3 whole onion [produce]"]);
  assert.equal(items[0].id, added.lines[0].grocery_item_id);
});

Deno.test("a comma list, a decimal comma and a note in parentheses", async () => {
  const listId = await newList("Add text commas");
  const added = await callToolOk(alice, "grocery.add_text", {
    grocery_list_id: listId,
    text: "3 tomatoes, 1,5 kg potatoes; onions (red, large)\n2 onions",
  });
  assert.deepEqual(
    added.lines.map((read) => [read.text, read.name, read.quantity, read.unit, read.note, read.merged]),
    [
      ["3 tomatoes", "tomato", 3, "whole", null, false],
      ["1.5 kg potatoes", "potato", 1.5, "kg", null, false],
      ["onions (red, large)", "onion", 1, "whole", "red, large", false],
      ["2 onions", "onion", 2, "whole", null, false],
    ],
  );
  assert.deepEqual((await itemsOf(listId)).map(line).sort(), [
    "1.5 kg potato [produce]",
    "3 whole onion [produce]",
    "3 whole tomato [produce]",
  ]);
});

Deno.test("a name that matches nothing is added as typed, and merges with itself", async () => {
  const listId = await newList("Add text free");
  const added = await callToolOk(alice, "grocery.add_text", {
    grocery_list_id: listId,
    text: "2 zorblax crackers\nzorblax crackers",
  });
  assert.deepEqual(added.lines.map((read) => [read.name, read.ingredient_id, read.quantity, read.unit]), [
    ["zorblax crackers", null, 2, "whole"],
    ["zorblax crackers", null, 1, "whole"],
  ]);
  assert.deepEqual(added.summary, { lines_received: 2, items_added: 1, items_merged: 0 });
  assert.deepEqual((await itemsOf(listId)).map(line), ["3 whole zorblax crackers (free)"]);
});

Deno.test("the same Idempotency-Key adds once", async () => {
  const listId = await newList("Add text replay");
  const input = { grocery_list_id: listId, text: "2 l milk, onions" };
  const key = crypto.randomUUID();
  const first = await callTool(alice, "grocery.add_text", input, { idempotencyKey: key });
  const second = await callTool(alice, "grocery.add_text", input, { idempotencyKey: key });
  assert.equal(first.status, 200);
  assert.equal(second.headers.get("idempotent-replayed"), "true");
  assert.deepEqual(second.body, first.body);
  assert.deepEqual((await itemsOf(listId)).map(line).sort(), ["1 whole onion [produce]", "2 l milk [dairy]"]);
  const other = await callTool(alice, "grocery.add_text", { ...input, text: "3 l milk" }, { idempotencyKey: key });
  assert.equal(other.status, 422);
});

Deno.test("history.undo takes back exactly what the add added", async () => {
  const listId = await listWithRecipeOnions("Add text undo");
  await callToolOk(alice, "grocery.add_text", { grocery_list_id: listId, text: "onions, 2 l milk, zorblax" });
  assert.deepEqual((await itemsOf(listId)).map(line).sort(), [
    "1 whole zorblax (free)",
    "2 l milk [dairy]",
    "3 whole onion [produce]",
  ]);
  const write = await lastWrite(alice, { tool: "grocery.add_text" });
  assert.equal(write.summary, "Add onions, 2 l milk and zorblax to Add text undo");
  const undone = await callToolOk(alice, "history.undo", { invocation_id: write.invocation_id });
  assert.match(undone.message, /Took back/);
  assert.deepEqual((await itemsOf(listId)).map(line), ["2 whole onion [produce]"]);
  const ledger = await sql`select * from private.grocery_ledger_violations(${listId}::uuid)`;
  assert.equal(ledger.length, 0);
});

Deno.test("another household's list is NOT_FOUND and nothing is written", async () => {
  const listId = await newList("Add text private");
  const refused = await callTool(bob, "grocery.add_text", { grocery_list_id: listId, text: "2 l milk" });
  assert.equal(refused.status, 404);
  assert.equal(errorOf(refused.body).type, "NOT_FOUND");
  assert.deepEqual(await itemsOf(listId), []);
});

Deno.test("too much text, too many lines and unreadable lines are refused naming text; never a 500", async () => {
  const listId = await newList("Add text limits");
  const cases: [unknown, number, RegExp][] = [
    ["x".repeat(2001), 400, /2000/],
    [Array.from({ length: 51 }, (_, index) => `item ${index}`).join("\n"), 400, /51 lines/],
    [`${"y".repeat(101)}`, 400, /longer than 100/],
    ["2 kg", 400, /names nothing/],
    ["0 eggs", 400, /not a number above 0/],
    ["2000000 l milk", 400, /1,000,000/],
    ["   ", 400, /blank/],
    [42, 400, /string/],
  ];
  for (const [text, status, message] of cases) {
    const refused = await callTool(alice, "grocery.add_text", { grocery_list_id: listId, text });
    assert.equal(refused.status, status, JSON.stringify(text).slice(0, 40));
    assert.equal(errorOf(refused.body).field, "text");
    assert.match(errorOf(refused.body).message, message);
  }
  const over = await callTool(alice, "grocery.add_text", { grocery_list_id: listId, text: "999999 l milk" });
  assert.equal(over.status, 200);
  const merged = await callTool(alice, "grocery.add_text", { grocery_list_id: listId, text: "2 l milk" });
  assert.equal(merged.status, 400);
  assert.equal(errorOf(merged.body).field, "text");
  const huge = await callTool(alice, "grocery.add_text", { grocery_list_id: listId, text: "z".repeat(2_000_000) });
  assert.equal(huge.status, 413);
  assert.deepEqual((await itemsOf(listId)).map(line), ["999999 l milk [dairy]"]);
});

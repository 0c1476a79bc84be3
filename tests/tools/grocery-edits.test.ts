// Editing lists and items, and undoing removals: each tool's success, its
// validation errors, another household's rows (404, unchanged) and its undo.
import assert from "node:assert/strict";
import { callTool, callToolOk } from "../support/tools-client.ts";
import { catalogIngredient, twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";

const sql = adminSql();
const { alice, bob } = await twoHouseholds(sql, "grocery-edits");
const rice = await catalogIngredient(sql, "white rice");

async function listWithRice(name: string, lines: { quantity: number; unit: string }[]) {
  const listId = (await callToolOk(alice, "grocery.create_list", { name })).grocery_list_id;
  const pushed = await callToolOk(alice, "grocery.push_ingredients", {
    grocery_list_id: listId,
    ingredients: lines.map((line) => ({ ingredient_id: rice, ...line })),
  });
  return { listId, itemIds: pushed.added.map((item) => item.id) };
}

const itemsOf = async (listId: string) =>
  (await callToolOk(alice, "grocery.get_list", { grocery_list_id: listId })).items.map((
    item,
  ) => [item.quantity, item.unit, item.prep_state, item.checked, item.sources.length]);

Deno.test("grocery.update_item resolves a unit mismatch by hand, folding into the matching line; undo restores", async () => {
  const { listId, itemIds: [pounds, grams] } = await listWithRice("Mismatch", [
    { quantity: 1, unit: "lb" },
    { quantity: 500, unit: "g" },
  ]);
  const updated = await callToolOk(alice, "grocery.update_item", {
    grocery_item_id: grams,
    quantity: 1.1,
    unit: "lb",
  });
  assert.deepEqual(updated.previous, { quantity: 500, unit: "g" });
  assert.equal(updated.folded_into_item_id, pounds);
  assert.deepEqual([updated.item.id, updated.item.quantity, updated.item.unit], [pounds, 2.1, "lb"]);
  assert.deepEqual(await itemsOf(listId), [[2.1, "lb", null, false, 2]]);

  const prep = await callToolOk(alice, "grocery.update_item", { grocery_item_id: pounds, prep_state: "Rinsed" });
  assert.deepEqual([prep.previous, prep.item.prep_state, prep.folded_into_item_id], [
    { prep_state: null },
    "Rinsed",
    null,
  ]);
  const undone = await callToolOk(alice, "grocery.update_item", { grocery_item_id: pounds, ...prep.previous });
  assert.equal(undone.item.prep_state, null, "undo: the previous values put back");
});

Deno.test("grocery.update_item refuses nothing to change and bad values, naming the field", async () => {
  const { itemIds: [item] } = await listWithRice("Refusals", [{ quantity: 1, unit: "cup" }]);
  for (
    const [input, field] of [
      [{ grocery_item_id: item }, "quantity"],
      [{ grocery_item_id: item, quantity: 0 }, "quantity"],
      [{ grocery_item_id: item, unit: "cups" }, "unit"],
      [{ grocery_item_id: item, note: "x" }, "note"],
      [{ grocery_item_id: "nope", quantity: 1 }, "grocery_item_id"],
    ] as const
  ) {
    const reply = await callTool(alice, "grocery.update_item", input);
    assert.equal(reply.status, 400, JSON.stringify(input));
    assert.equal(reply.body.error?.field, field, JSON.stringify(reply.body));
  }
});

Deno.test("grocery.rename_list, delete_list and restore_list, each undone by the next", async () => {
  const { listId } = await listWithRice("Before", [{ quantity: 2, unit: "cup" }]);
  const renamed = await callToolOk(alice, "grocery.rename_list", { grocery_list_id: listId, name: " After " });
  assert.deepEqual([renamed.list.name, renamed.previous_name], ["After", "Before"]);
  await callToolOk(alice, "grocery.create_list", { name: "Taken" });
  const clash = await callTool(alice, "grocery.rename_list", { grocery_list_id: listId, name: "taken" });
  assert.deepEqual([clash.status, clash.body.error?.type, clash.body.error?.field], [409, "CONFLICT", "name"]);

  const deleted = await callToolOk(alice, "grocery.delete_list", { grocery_list_id: listId });
  assert.equal(deleted.list.id, listId);
  assert.equal((await callTool(alice, "grocery.get_list", { grocery_list_id: listId })).status, 404);
  const lists = await callToolOk(alice, "grocery.list_lists", {});
  assert.ok(!lists.lists.some((list) => list.id === listId), "a deleted list is not listed");
  const twice = await callTool(alice, "grocery.delete_list", { grocery_list_id: listId });
  assert.equal(twice.status, 409);

  const restored = await callToolOk(alice, "grocery.restore_list", { grocery_list_id: listId });
  assert.deepEqual([restored.list.name, restored.list.item_count], ["After", 1]);
  assert.deepEqual(await itemsOf(listId), [[2, "cup", null, false, 1]], "items and sources came back");
  assert.equal((await callTool(alice, "grocery.restore_list", { grocery_list_id: listId })).status, 409);
});

Deno.test("grocery.clear_checked removes only checked items; restore_item brings each back as it was", async () => {
  const { listId, itemIds: [cups, grams] } = await listWithRice("Clear", [
    { quantity: 1, unit: "cup" },
    { quantity: 100, unit: "g" },
  ]);
  await callToolOk(alice, "grocery.check_item", { grocery_item_id: cups });
  const cleared = await callToolOk(alice, "grocery.clear_checked", { grocery_list_id: listId });
  assert.deepEqual([cleared.removed_count, cleared.removed_item_ids, cleared.item_count], [1, [cups], 1]);
  assert.deepEqual(await itemsOf(listId), [[100, "g", null, false, 1]]);

  const restored = await callToolOk(alice, "grocery.restore_item", { grocery_item_id: cups });
  assert.deepEqual([restored.item.id, restored.item.checked, restored.folded_into_item_id], [cups, true, null]);
  assert.deepEqual(await itemsOf(listId), [[100, "g", null, false, 1], [1, "cup", null, true, 1]]);
  assert.equal((await callTool(alice, "grocery.restore_item", { grocery_item_id: cups })).status, 409);

  // A removed unchecked line whose key came back meanwhile folds into it instead of doubling it.
  await callToolOk(alice, "grocery.remove_item", { grocery_item_id: grams });
  const again = await callToolOk(alice, "grocery.push_ingredients", {
    grocery_list_id: listId,
    ingredients: [{ ingredient_id: rice, quantity: 50, unit: "g" }],
  });
  const back = await callToolOk(alice, "grocery.restore_item", { grocery_item_id: grams });
  assert.equal(back.folded_into_item_id, again.added[0].id);
  assert.deepEqual(await itemsOf(listId), [[150, "g", null, false, 2], [1, "cup", null, true, 1]]);
});

Deno.test("another household's lists and items are NOT_FOUND for every edit, and stay as they were", async () => {
  const { listId, itemIds: [item] } = await listWithRice("Private", [{ quantity: 3, unit: "cup" }]);
  await callToolOk(alice, "grocery.remove_item", { grocery_item_id: item });
  const attempts: [string, Record<string, unknown>][] = [
    ["grocery.update_item", { grocery_item_id: item, quantity: 9 }],
    ["grocery.restore_item", { grocery_item_id: item }],
    ["grocery.rename_list", { grocery_list_id: listId, name: "Mine now" }],
    ["grocery.delete_list", { grocery_list_id: listId }],
    ["grocery.restore_list", { grocery_list_id: listId }],
    ["grocery.clear_checked", { grocery_list_id: listId }],
  ];
  for (const [tool, input] of attempts) {
    const reply = await callTool(bob, tool, input);
    assert.equal(reply.status, 404, `${tool}: ${JSON.stringify(reply.body)}`);
  }
  const [row] = await sql<{ name: string; deleted: boolean; quantity: string; item_deleted: boolean }[]>`
    select l.name, l.deleted_at is not null as deleted, i.quantity::text, i.deleted_at is not null as item_deleted
    from public.grocery_lists l join public.grocery_items i on i.grocery_list_id = l.id where l.id = ${listId}`;
  assert.deepEqual({ ...row }, { name: "Private", deleted: false, quantity: "3", item_deleted: true });
});

Deno.test("recipe.restore brings a deleted recipe back with its lines; another household's is NOT_FOUND", async () => {
  const created = await callToolOk(alice, "recipe.create", {
    title: "Rice pudding",
    ingredients: [{ ingredient_id: rice, quantity: 0.5, unit: "cup" }],
  });
  const before = await callToolOk(alice, "recipe.get", { recipe_id: created.recipe_id });
  await callToolOk(alice, "recipe.delete", { recipe_id: created.recipe_id });
  assert.equal((await callTool(bob, "recipe.restore", { recipe_id: created.recipe_id })).status, 404);
  const restored = await callToolOk(alice, "recipe.restore", { recipe_id: created.recipe_id });
  assert.deepEqual(
    { ...restored.recipe, updated_at: "" },
    { ...before.recipe, updated_at: "" },
    "as it was, lines too",
  );
  assert.equal((await callTool(alice, "recipe.restore", { recipe_id: created.recipe_id })).status, 409);
  assert.equal((await callTool(alice, "recipe.restore", { recipe_id: "x" })).body.error?.field, "recipe_id");
});

globalThis.addEventListener("unload", () => sql.end());

// history.undo of grocery.uncheck_item (a fold included), grocery.sync_plan and grocery.apply_conversion, exactly;
// their CONFLICTs when a later write changed the rows (nothing changes); redo conflicts; a redo of another member's
// push puts back their rows as they made them.
import assert from "node:assert/strict";
import { callTool, callToolOk } from "../support/tools-client.ts";
import { createList, pushIngredients } from "../support/grocery.ts";
import { lastWrite } from "../support/history.ts";
import { catalogIngredient, householdOf, joinHousehold, twoHouseholds } from "../support/households.ts";
import { adminSql, createTestUser } from "../support/stack.ts";

const sql = adminSql();
const { alice } = await twoHouseholds(sql, "undo-grocery");
const householdId = await householdOf(sql, alice);
const bob = await createTestUser(sql, "undo-grocery-member");
await joinHousehold(bob, alice);
const rice = await catalogIngredient(sql, "white rice");
const eggs = await catalogIngredient(sql, "eggs");

/** One list's rows, items removed or not, every column but updated_at; its sources and withdrawals. */
async function listRows(listId: string): Promise<unknown> {
  const [rows] = await sql<{ rows: unknown }[]>`
    select jsonb_build_object(
      'items', (select jsonb_agg(to_jsonb(i) - array['updated_at', 'version', 'planner_version'] - array['checked_version', 'checked_changed_by', 'amount_version', 'amount_changed_by'] - 'deleted_at'
          || jsonb_build_object('removed', i.deleted_at is not null) order by i.id)
        from public.grocery_items i where i.grocery_list_id = ${listId}),
      'sources', (select jsonb_agg(to_jsonb(s) order by s.id) from public.grocery_item_sources s
        join public.grocery_items i on i.id = s.grocery_item_id where i.grocery_list_id = ${listId}),
      'withdrawals', (select jsonb_agg(to_jsonb(w) order by w.id) from public.grocery_item_withdrawals w
        join public.grocery_items i on i.id = w.grocery_item_id where i.grocery_list_id = ${listId})
    ) as rows`;
  return rows.rows;
}

const newList = () => createList(sql, alice, householdId, "Undo grocery");

function push(listId: string, quantity: number, unit = "cup", user = alice) {
  return pushIngredients(user, listId, [{ ingredient_id: rice, quantity, unit }], householdId);
}

async function refusedAndUnchanged(invocationId: string, listId: string, message: RegExp) {
  const rows = await listRows(listId);
  const refused = await callTool(alice, "history.undo", { invocation_id: invocationId });
  assert.equal(refused.status, 409, JSON.stringify(refused.body));
  assert.equal(refused.body.error?.type, "CONFLICT");
  assert.match(refused.body.error!.message, message);
  assert.deepEqual(await listRows(listId), rows, "nothing changed");
}

Deno.test("undoing an uncheck that folded puts the checked line back: quantity, sources, who and when", async () => {
  const listId = await newList();
  const first = (await push(listId, 1)).added[0];
  await callToolOk(bob, "grocery.check_item", { grocery_item_id: first.id }, { householdId });
  const second = (await push(listId, 2)).added[0];
  const before = await listRows(listId);

  const unchecked = await callToolOk(alice, "grocery.uncheck_item", { grocery_item_id: first.id });
  assert.equal(unchecked.folded_into_item_id, second.id);
  assert.equal(unchecked.previous.checked_by, bob.id);
  assert.equal(unchecked.previous.source_ids.length, 1);
  const undone = await callToolOk(alice, "history.undo", {});
  assert.equal(undone.undone_tool, "grocery.uncheck_item");
  assert.deepEqual(await listRows(listId), before, "every column, checked_by too: Bob checked it, not Alice who undid");
});

Deno.test("an uncheck whose fold a later push changed is not undone: CONFLICT, nothing changes", async () => {
  const listId = await newList();
  const first = (await push(listId, 1)).added[0];
  await callToolOk(alice, "grocery.check_item", { grocery_item_id: first.id });
  await push(listId, 2);
  await callToolOk(alice, "grocery.uncheck_item", { grocery_item_id: first.id });
  const uncheckId = (await lastWrite(alice, { tool: "grocery.uncheck_item" })).invocation_id;
  await push(listId, 0.5);
  await refusedAndUnchanged(uncheckId, listId, /changed by a later write; undo that write first/);
});

Deno.test("undoing a sync takes back exactly its additions and puts back exactly its withdrawals", async () => {
  const listId = await newList();
  const range = { grocery_list_id: listId, start_date: "2027-11-01", end_date: "2027-11-07" };
  const recipe = await callToolOk(alice, "recipe.create", {
    title: "Frittata",
    servings: 2,
    ingredients: [{ ingredient_id: eggs, quantity: 4, unit: "whole" }],
  });
  const meal = await callToolOk(alice, "planner.add_meal", {
    recipe_id: recipe.recipe_id,
    date: "2027-11-02",
    meal_type: "dinner",
    servings: 2,
  });
  await callToolOk(alice, "grocery.sync_plan", range);
  // Bob adds eggs of his own to the same line: the sync must never take those.
  await callToolOk(bob, "grocery.add_item", { grocery_list_id: listId, name: "eggs", quantity: 6, unit: "whole" }, {
    householdId,
  });
  await callToolOk(alice, "planner.update_meal", { planner_meal_id: meal.planner_meal_id, servings: 1 });
  const before = await listRows(listId);

  const synced = await callToolOk(alice, "grocery.sync_plan", range);
  assert.deepEqual(synced.withdrawals.map((withdrawal) => withdrawal.quantity), [2]);
  const syncId = (await lastWrite(alice, { tool: "grocery.sync_plan" })).invocation_id;
  const [withdrawal] = await sql`select invocation_id from public.grocery_item_withdrawals
    where planner_meal_id = ${meal.planner_meal_id}`;
  assert.equal(withdrawal.invocation_id, syncId, "the withdrawal names the sync that made it");

  const undone = await callToolOk(alice, "history.undo", {});
  assert.equal(undone.message, "Took back its 0 additions and put back its 1 withdrawal, on 1 item.");
  assert.deepEqual(await listRows(listId), before);
});

Deno.test("a sync whose item was checked since is not undone: CONFLICT, nothing changes", async () => {
  const listId = await newList();
  const recipe = await callToolOk(alice, "recipe.create", {
    title: "Congee",
    ingredients: [{ ingredient_id: rice, quantity: 1, unit: "cup" }],
  });
  await callToolOk(alice, "planner.add_meal", { recipe_id: recipe.recipe_id, date: "2027-11-09", meal_type: "lunch" });
  const synced = await callToolOk(alice, "grocery.sync_plan", {
    grocery_list_id: listId,
    start_date: "2027-11-08",
    end_date: "2027-11-14",
  });
  assert.equal(synced.changes.length, 1);
  const syncId = (await lastWrite(alice, { tool: "grocery.sync_plan" })).invocation_id;
  const [item] = (await callToolOk(alice, "grocery.get_list", { grocery_list_id: listId })).items;
  await callToolOk(alice, "grocery.check_item", { grocery_item_id: item.id });
  await refusedAndUnchanged(syncId, listId, /white rice was checked since/);
});

Deno.test("undoing a conversion that folded into a line already in that unit puts every line back", async () => {
  const listId = await newList();
  const pushed = await pushIngredients(alice, listId, [
    { ingredient_id: rice, quantity: 1, unit: "lb" },
    { ingredient_id: rice, quantity: 100, unit: "g" },
    { ingredient_id: rice, quantity: 2, unit: "oz" },
  ]);
  const [pound, grams, ounces] = pushed.added;
  const before = await listRows(listId);
  // The ounces are left out of the proposal: the kept line, now in oz, folds into them.
  const applied = await callToolOk(alice, "grocery.apply_conversion", {
    grocery_list_id: listId,
    item_ids: [pound.id, grams.id],
    unit: "oz",
  });
  assert.equal(applied.folded_into_item_id, ounces.id);
  const kept = pushed.added.find((item) => item.id === applied.kept_item_id)!;
  assert.deepEqual([applied.previous.quantity, applied.previous.unit], [kept.quantity, kept.unit]);
  const undone = await callToolOk(alice, "history.undo", {});
  assert.equal(undone.undone_tool, "grocery.apply_conversion");
  assert.deepEqual(await listRows(listId), before);
});

Deno.test("a conversion is not undone when a later write added a line one of its lines would duplicate", async () => {
  const listId = await newList();
  const pushed = await pushIngredients(alice, listId, [
    { ingredient_id: rice, quantity: 1, unit: "cup" },
    { ingredient_id: rice, quantity: 250, unit: "ml" },
  ]);
  await callToolOk(alice, "grocery.apply_conversion", {
    grocery_list_id: listId,
    item_ids: pushed.added.map((item) => item.id),
    unit: "cup",
  });
  const conversionId = (await lastWrite(alice, { tool: "grocery.apply_conversion" })).invocation_id;
  await push(listId, 100, "ml");
  await refusedAndUnchanged(conversionId, listId, /a later write added a line of white rice in ml/);
});

Deno.test("a redo meets the same CONFLICTs: a line a later write added, a line a later write changed", async () => {
  const listId = await newList();
  await push(listId, 2);
  await callToolOk(alice, "history.undo", {});
  const undoId = (await lastWrite(alice, { tool: "history.undo" })).invocation_id;
  await push(listId, 1);
  await refusedAndUnchanged(undoId, listId, /a later write added a line of white rice in cup/);

  const otherList = await newList();
  const [item] = (await push(otherList, 2)).added;
  await push(otherList, 1);
  await callToolOk(alice, "history.undo", {});
  const secondUndoId = (await lastWrite(alice, { tool: "history.undo" })).invocation_id;
  await callToolOk(alice, "grocery.update_item", { grocery_item_id: item.id, quantity: 5 });
  await refusedAndUnchanged(secondUndoId, otherList, /white rice was changed by a later write/);
});

Deno.test("redoing another member's push puts back their source rows as they made them", async () => {
  const listId = await newList();
  await push(listId, 1.25, "cup", bob);
  const after = await listRows(listId);
  await callToolOk(alice, "history.undo", {});
  const undoId = (await lastWrite(alice, { tool: "history.undo" })).invocation_id;
  await callToolOk(alice, "history.undo", { invocation_id: undoId });
  assert.deepEqual(await listRows(listId), after);
  const [source] = await sql`select s.created_by from public.grocery_item_sources s
    join public.grocery_items i on i.id = s.grocery_item_id where i.grocery_list_id = ${listId}`;
  assert.equal(source.created_by, bob.id);
});

globalThis.addEventListener("unload", () => sql.end());

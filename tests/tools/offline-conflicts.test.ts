// Writes made offline: a stale write that would undo someone else's later change is a conflict, never a
// silent un-tick; an item that is gone is answered in words (and a merged one with the line it went into); a retry
// with the same Idempotency-Key replays the first answer, a refusal included.
import assert from "node:assert/strict";
import { catalogIngredient, householdOf, joinHousehold, twoHouseholds } from "../support/households.ts";
import { adminSql, type TestUser } from "../support/stack.ts";
import { callTool, callToolOk } from "../support/tools-client.ts";

const sql = adminSql();
const { alice, bob } = await twoHouseholds(sql, "offline");
const household = await householdOf(sql, alice);
await joinHousehold(bob, alice, household);
const options = { householdId: household };
const rice = await catalogIngredient(sql, "white rice");
const milk = await catalogIngredient(sql, "milk");

async function newList(name: string): Promise<string> {
  return (await callToolOk(alice, "grocery.create_list", { name }, options)).grocery_list_id;
}

async function add(user: TestUser, listId: string, ingredientId: string, quantity: number, key?: string) {
  return await callToolOk(user, "grocery.add_item", {
    grocery_list_id: listId,
    ingredient_id: ingredientId,
    quantity,
    unit: "cup",
  }, { ...options, idempotencyKey: key });
}

async function read(listId: string) {
  return await callToolOk(alice, "grocery.get_list", { grocery_list_id: listId }, options);
}

async function itemOf(listId: string, itemId: string) {
  return (await read(listId)).items.find((item) => item.id === itemId);
}

Deno.test("offline writes: an uncheck of an item someone else ticked after your read is a conflict, and the item stays ticked", async () => {
  const listId = await newList("Offline uncheck");
  const { item } = await add(alice, listId, milk, 1);
  await callToolOk(alice, "grocery.check_item", { grocery_item_id: item.id }, options);
  await callToolOk(alice, "grocery.uncheck_item", { grocery_item_id: item.id }, options);
  const seen = (await read(listId)).version;
  await callToolOk(bob, "grocery.check_item", { grocery_item_id: item.id }, options);
  const versionBefore = (await read(listId)).version;

  const stale = await callTool(
    alice,
    "grocery.uncheck_item",
    { grocery_item_id: item.id, seen_version: seen },
    options,
  );
  assert.deepEqual([stale.status, stale.body.error?.type, stale.body.error?.field, stale.body.error?.retryable], [
    409,
    "CONFLICT",
    "seen_version",
    false,
  ]);
  assert.match(
    stale.body.error!.message,
    new RegExp(`"milk" was ticked by ${bob.email} after you last read Offline uncheck`),
  );
  const details = stale.body.error!.details as { reason: string; changed_by: string; item: { checked: boolean } };
  assert.deepEqual([details.reason, details.changed_by, details.item.checked], ["checked_changed", bob.id, true]);
  assert.equal((await itemOf(listId, item.id))?.checked, true, "never a silent un-tick");
  assert.equal((await read(listId)).version, versionBefore, "a refusal changes nothing, so it raises no version");

  // Read after Bob's tick: the uncheck is meant, and runs. Without seen_version it always runs, as before.
  const fresh = await callTool(alice, "grocery.uncheck_item", {
    grocery_item_id: item.id,
    seen_version: versionBefore,
  }, options);
  assert.equal(fresh.status, 200, JSON.stringify(fresh.body));
  await callToolOk(bob, "grocery.check_item", { grocery_item_id: item.id }, options);
  await callToolOk(alice, "grocery.uncheck_item", { grocery_item_id: item.id }, options);
  assert.equal((await itemOf(listId, item.id))?.checked, false);
});

Deno.test("offline writes: your own later changes never conflict with your offline writes", async () => {
  const listId = await newList("Offline own");
  const { item } = await add(alice, listId, milk, 2);
  const seen = (await read(listId)).version;
  // Queued offline in this order and replayed: tick, untick, edit, remove, all made against the same read.
  for (
    const [tool, input] of [
      ["grocery.check_item", {}],
      ["grocery.uncheck_item", {}],
      ["grocery.update_item", { quantity: 3 }],
      ["grocery.check_item", {}],
      ["grocery.remove_item", {}],
    ] as const
  ) {
    const reply = await callTool(alice, tool, { grocery_item_id: item.id, seen_version: seen, ...input }, options);
    assert.equal(reply.status, 200, `${tool}: ${JSON.stringify(reply.body)}`);
  }
});

Deno.test("offline writes: checking an item someone else checked is a success that changes nothing", async () => {
  const listId = await newList("Offline double tick");
  const { item } = await add(alice, listId, milk, 1);
  const seen = (await read(listId)).version;
  const bobs = await callToolOk(bob, "grocery.check_item", { grocery_item_id: item.id }, options);
  const versionAfterBob = (await read(listId)).version;
  for (const input of [{ grocery_item_id: item.id, seen_version: seen }, { grocery_item_id: item.id }]) {
    const reply = await callToolOk(alice, "grocery.check_item", input, options);
    assert.deepEqual([reply.item.checked, reply.item.checked_at], [true, bobs.item.checked_at]);
  }
  assert.equal((await read(listId)).version, versionAfterBob, "nothing changed");
  const [row] = await sql<{ checked_by: string }[]>`select checked_by from public.grocery_items where id = ${item.id}`;
  assert.equal(row.checked_by, bob.id, "the tick stays Bob's");
});

Deno.test("offline writes: a tick of an item someone else unticked after your read is a conflict", async () => {
  const listId = await newList("Offline untick");
  const { item } = await add(alice, listId, milk, 1);
  const seen = (await read(listId)).version;
  await callToolOk(bob, "grocery.check_item", { grocery_item_id: item.id }, options);
  await callToolOk(bob, "grocery.uncheck_item", { grocery_item_id: item.id }, options);
  const stale = await callTool(alice, "grocery.check_item", { grocery_item_id: item.id, seen_version: seen }, options);
  assert.deepEqual([stale.status, stale.body.error?.type], [409, "CONFLICT"]);
  assert.match(stale.body.error!.message, new RegExp(`was unticked by ${bob.email} after you last read`));
  assert.equal((await itemOf(listId, item.id))?.checked, false);
});

Deno.test("offline writes: an edit or a removal of an item whose amount someone else changed after your read is a conflict", async () => {
  const listId = await newList("Offline edit");
  const { item } = await add(alice, listId, rice, 1);
  const seen = (await read(listId)).version;
  const merged = await add(bob, listId, rice, 2); // merges into Alice's line: 3 cup
  assert.deepEqual([merged.merged, merged.grocery_item_id], [true, item.id]);

  const edit = await callTool(alice, "grocery.update_item", {
    grocery_item_id: item.id,
    seen_version: seen,
    quantity: 2,
  }, options);
  assert.deepEqual([edit.status, edit.body.error?.type, edit.body.error?.field], [409, "CONFLICT", "seen_version"]);
  assert.match(
    edit.body.error!.message,
    new RegExp(`"white rice" was changed by ${bob.email} .*: it is now 3 cups white rice`),
  );
  const details = edit.body.error!.details as { reason: string; item: { quantity: number } };
  assert.deepEqual([details.reason, details.item.quantity], ["amount_changed", 3]);

  const removal = await callTool(
    alice,
    "grocery.remove_item",
    { grocery_item_id: item.id, seen_version: seen },
    options,
  );
  assert.deepEqual([removal.status, removal.body.error?.type], [409, "CONFLICT"]);
  assert.equal((await itemOf(listId, item.id))?.quantity, 3, "Bob's 2 cup are neither overwritten nor removed");

  // A tick by someone else does not make an edit stale (the edit undoes no tick), but does make a removal stale.
  const seenAgain = (await read(listId)).version;
  await callToolOk(bob, "grocery.check_item", { grocery_item_id: item.id }, options);
  const later = await callTool(alice, "grocery.update_item", {
    grocery_item_id: item.id,
    seen_version: seenAgain,
    quantity: 4,
  }, options);
  assert.equal(later.status, 200, JSON.stringify(later.body));
  const gone = await callTool(
    alice,
    "grocery.remove_item",
    { grocery_item_id: item.id, seen_version: seenAgain },
    options,
  );
  assert.deepEqual([gone.status, (gone.body.error?.details as { reason?: string })?.reason], [409, "checked_changed"]);
});

Deno.test("offline writes: a write to an item someone removed is NOT_FOUND, said in words", async () => {
  const listId = await newList("Offline removed");
  const { item } = await add(alice, listId, milk, 1);
  const seen = (await read(listId)).version;
  await callToolOk(bob, "grocery.remove_item", { grocery_item_id: item.id }, options);
  for (const tool of ["grocery.check_item", "grocery.uncheck_item", "grocery.remove_item"] as const) {
    for (const input of [{ grocery_item_id: item.id }, { grocery_item_id: item.id, seen_version: seen }]) {
      const reply = await callTool(alice, tool, input, options);
      assert.deepEqual([reply.status, reply.body.error?.type, reply.body.error?.field], [
        404,
        "NOT_FOUND",
        "grocery_item_id",
      ]);
      assert.equal(reply.body.error!.message, '"milk" was removed from Offline removed. Nothing changed.');
      const details = reply.body.error!.details as { reason: string; merged_into: unknown; item: { id: string } };
      assert.deepEqual([details.reason, details.merged_into, details.item.id], ["removed", null, item.id]);
    }
  }
});

Deno.test("offline writes: a write to an item merged into another line answers with that line, not 'removed'", async () => {
  const listId = await newList("Offline merged");
  const { item: bought } = await add(alice, listId, rice, 2);
  await callToolOk(alice, "grocery.check_item", { grocery_item_id: bought.id }, options);
  const { item: line } = await add(alice, listId, rice, 1); // a new unchecked line beside the checked one
  const seen = (await read(listId)).version;
  // Bob unchecks the bought line: it folds into the unchecked one (3 cup) and is marked as merged into it.
  const fold = await callToolOk(bob, "grocery.uncheck_item", { grocery_item_id: bought.id }, options);
  assert.equal(fold.folded_into_item_id, line.id);

  for (const tool of ["grocery.check_item", "grocery.update_item"] as const) {
    const input = {
      grocery_item_id: bought.id,
      seen_version: seen,
      ...(tool === "grocery.update_item" ? { quantity: 5 } : {}),
    };
    const reply = await callTool(alice, tool, input, options);
    assert.deepEqual([reply.status, reply.body.error?.type], [404, "NOT_FOUND"], tool);
    assert.match(
      reply.body.error!.message,
      /"white rice" was merged into another line of Offline merged: "white rice", now 3 cups white rice/,
    );
    const details = reply.body.error!.details as { reason: string; merged_into: { id: string; quantity: number } };
    assert.deepEqual([details.reason, details.merged_into.id, details.merged_into.quantity], ["merged", line.id, 3]);
  }
  assert.equal((await itemOf(listId, line.id))?.checked, false, "the line it went into is not ticked for you");
});

Deno.test("offline writes: an add made offline merges like any add, and a tick of it applies to the line it landed on", async () => {
  const listId = await newList("Offline add");
  const seen = (await read(listId)).version;
  const bobs = await add(bob, listId, rice, 1); // Bob's line, made after Alice's read
  const key = crypto.randomUUID();
  const offlineAdd = await add(alice, listId, rice, 2, key);
  assert.deepEqual([offlineAdd.merged, offlineAdd.grocery_item_id], [true, bobs.item.id]);
  const replayed = await add(alice, listId, rice, 2, key);
  assert.deepEqual(replayed, offlineAdd, "a replayed add adds once");

  const tick = await callToolOk(alice, "grocery.check_item", {
    grocery_item_id: offlineAdd.grocery_item_id,
    seen_version: seen,
  }, options);
  assert.deepEqual([tick.item.id, tick.item.checked, tick.item.quantity], [bobs.item.id, true, 3]);
  assert.equal((await read(listId)).items.length, 1);
});

Deno.test("offline writes: a retried conflicted write replays the same conflict, and the history does not list it", async () => {
  const listId = await newList("Offline replay");
  const { item } = await add(alice, listId, milk, 1);
  const seen = (await read(listId)).version;
  await callToolOk(bob, "grocery.check_item", { grocery_item_id: item.id }, options);
  const key = crypto.randomUUID();
  const input = { grocery_item_id: item.id, seen_version: seen };
  const first = await callTool(alice, "grocery.uncheck_item", input, { ...options, idempotencyKey: key });
  assert.equal(first.status, 409);
  assert.equal(first.headers.get("idempotent-replayed"), null, "the first answer is not a replay");
  // Bob unticks it himself: the same uncheck run again now would be a success that changes nothing.
  await callToolOk(bob, "grocery.uncheck_item", { grocery_item_id: item.id }, options);
  const retry = await callTool(alice, "grocery.uncheck_item", input, { ...options, idempotencyKey: key });
  assert.deepEqual([retry.status, retry.body], [409, first.body]);
  assert.equal(
    retry.headers.get("idempotent-replayed"),
    "true",
    "a replayed refusal says so, as a replayed success does",
  );
  const other = await callTool(alice, "grocery.uncheck_item", input, options);
  assert.equal(other.status, 200, "a new call (no key) is decided afresh");

  const [refused] = await sql<{ id: string; refused: boolean }[]>`
    select id, response ? 'refusal' as refused from public.tool_invocations
    where user_id = ${alice.id} and idempotency_key = ${key}`;
  assert.equal(refused.refused, true, "the refusal is recorded under its key");
  const history = await callToolOk(alice, "history.list", { limit: 100 }, options);
  const ids = history.entries.map((entry) => entry.invocation_id);
  assert.ok(!ids.includes(refused.id), "a refusal is not a write of the history");
  assert.equal(history.entries[0].tool, "grocery.uncheck_item", "the uncheck that ran is");
});

Deno.test("offline writes: a seen_version past the list's version was not read from this list", async () => {
  const listId = await newList("Offline ahead");
  const { item } = await add(alice, listId, milk, 1);
  const { version } = await read(listId);
  const reply = await callTool(
    alice,
    "grocery.check_item",
    { grocery_item_id: item.id, seen_version: version + 3 },
    options,
  );
  assert.deepEqual([reply.status, reply.body.error?.type, reply.body.error?.field], [409, "CONFLICT", "seen_version"]);
  assert.match(reply.body.error!.message, /re-read it with grocery\.get_list/);
  assert.equal((await itemOf(listId, item.id))?.checked, false);
});

Deno.test("offline writes: update_item still needs a field to change when seen_version is given", async () => {
  const listId = await newList("Offline edit nothing");
  const { item } = await add(alice, listId, milk, 1);
  const reply = await callTool(alice, "grocery.update_item", { grocery_item_id: item.id, seen_version: 0 }, options);
  assert.deepEqual([reply.status, reply.body.error?.type, reply.body.error?.field], [
    400,
    "VALIDATION_ERROR",
    "quantity",
  ]);
  assert.match(reply.body.error!.message, /give at least one of quantity, unit and prep_state/);
});

globalThis.addEventListener("unload", () => sql.end());

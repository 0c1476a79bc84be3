// history.list and history.undo: the household's writes with who, when and a summary, paged; undo of
// a push by exactly its own source rows; conflicts that name what changed since; validation; another household.
import assert from "node:assert/strict";
import { callTool, callToolOk } from "../support/tools-client.ts";
import { catalogIngredient, householdOf, twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";

const sql = adminSql();
const { alice, bob } = await twoHouseholds(sql, "history");
const rice = await catalogIngredient(sql, "white rice");
const eggs = await catalogIngredient(sql, "eggs");

async function itemsOf(listId: string) {
  return (await callToolOk(alice, "grocery.get_list", { grocery_list_id: listId })).items;
}

async function sourceCount(itemId: string): Promise<number> {
  const [row] = await sql<{ count: number }[]>`
    select count(*)::int as count from public.grocery_item_sources where grocery_item_id = ${itemId}`;
  return row.count;
}

Deno.test("history.list shows the household's writes newest first, with who, when and a summary, paged", async () => {
  const { alice: carol } = await twoHouseholds(sql, "history-list");
  const { grocery_list_id } = await callToolOk(carol, "grocery.create_list", { name: "Market" });
  await callToolOk(carol, "grocery.rename_list", { grocery_list_id, name: "Farmers market" });
  await callToolOk(carol, "grocery.get_list", { grocery_list_id });
  await callToolOk(carol, "grocery.add_item", { grocery_list_id, name: "flowers", quantity: 1, unit: "whole" });

  const first = await callToolOk(carol, "history.list", { limit: 2 });
  assert.deepEqual(first.entries.map((entry) => entry.tool), ["grocery.add_item", "grocery.rename_list"]);
  // Each tool's describer's sentence (tests/tools/describers.test.ts); the rename's old name is its reply's.
  assert.deepEqual(first.entries.map((entry) => entry.summary), [
    "Add 1 flower to Farmers market",
    "Rename the list Market to Farmers market",
  ]);
  assert.ok(first.entries.every((entry) => entry.user_id === carol.id && !entry.undone));
  assert.ok(first.next_cursor);
  const second = await callToolOk(carol, "history.list", { limit: 2, cursor: first.next_cursor! });
  // The household's creation at sign-up is no tool call; reads are not listed.
  assert.deepEqual(second.entries.map((entry) => entry.tool), ["grocery.create_list"]);
  assert.equal(second.next_cursor, null);

  await callToolOk(carol, "history.undo", {});
  const after = await callToolOk(carol, "history.list", {});
  assert.deepEqual(after.entries.map((entry) => [entry.tool, entry.undone]), [
    ["history.undo", false],
    ["grocery.add_item", true],
    ["grocery.rename_list", false],
    ["grocery.create_list", false],
  ]);
  assert.equal(after.entries[0].summary, "Undo: add 1 flower to Farmers market");
  assert.ok(!(await callToolOk(bob, "history.list", {})).entries.some((entry) => entry.user_id === carol.id));
});

Deno.test("undoing a push subtracts exactly its own contributions, the latest push first", async () => {
  const { grocery_list_id } = await callToolOk(alice, "grocery.create_list", { name: "Pantry" });
  await callToolOk(alice, "grocery.push_ingredients", {
    grocery_list_id,
    ingredients: [{ ingredient_id: rice, quantity: 2, unit: "cup" }],
  });
  const second = await callToolOk(alice, "grocery.push_ingredients", {
    grocery_list_id,
    ingredients: [
      { ingredient_id: rice, quantity: 0.75, unit: "cup" },
      { ingredient_id: rice, quantity: 0.5, unit: "cup" },
      { ingredient_id: eggs, quantity: 6, unit: "whole" },
    ],
  });
  const riceId = second.merged[0].id;
  assert.equal(second.merged[0].quantity_after, 3.25);
  assert.equal(await sourceCount(riceId), 3);

  const undone = await callToolOk(alice, "history.undo", {});
  assert.equal(undone.undone_tool, "grocery.push_ingredients");
  assert.equal(undone.message, "Took back what it added to 2 items.");
  assert.deepEqual((await itemsOf(grocery_list_id)).map((item) => [item.id, item.quantity, item.sources.length]), [
    [riceId, 2, 1],
  ]);

  await callToolOk(alice, "history.undo", {});
  assert.deepEqual(await itemsOf(grocery_list_id), []);
  assert.equal(await sourceCount(riceId), 0);
});

Deno.test("a write a later write changed cannot be undone: CONFLICT names it, and nothing changes", async () => {
  const { grocery_list_id } = await callToolOk(alice, "grocery.create_list", { name: "Baking" });
  const pushed = await callToolOk(alice, "grocery.push_ingredients", {
    grocery_list_id,
    ingredients: [{ ingredient_id: eggs, quantity: 12, unit: "whole" }],
  });
  const { entries } = await callToolOk(alice, "history.list", { limit: 1 });
  const pushId = entries[0].invocation_id;
  await callToolOk(alice, "grocery.update_item", { grocery_item_id: pushed.added[0].id, quantity: 10 });

  const refused = await callTool(alice, "history.undo", { invocation_id: pushId });
  assert.equal(refused.status, 409);
  assert.equal(refused.body.error?.type, "CONFLICT");
  assert.match(refused.body.error!.message, /^eggs was changed by a later write; undo that write first$/);
  assert.deepEqual((await itemsOf(grocery_list_id)).map((item) => item.quantity), [10]);

  // Undone newest first, both go.
  await callToolOk(alice, "history.undo", {});
  await callToolOk(alice, "history.undo", { invocation_id: pushId });
  assert.deepEqual(await itemsOf(grocery_list_id), []);

  // A list that got items since it was created is not deleted by undoing its creation.
  const listEntries = (await callToolOk(alice, "history.list", { limit: 10 })).entries;
  const created = listEntries.find((entry) => entry.tool === "grocery.create_list")!;
  const again = await callToolOk(alice, "grocery.push_ingredients", {
    grocery_list_id,
    ingredients: [{ ingredient_id: eggs, quantity: 1, unit: "whole" }],
  });
  assert.equal(again.added.length, 1);
  const conflict = await callTool(alice, "history.undo", { invocation_id: created.invocation_id });
  assert.equal(conflict.status, 409);
  assert.match(conflict.body.error!.message, /the list "Baking" was changed by a later write/);
});

Deno.test("history tools refuse bad input with the field named", async () => {
  for (
    const [tool, input, field] of [
      ["history.undo", { invocation_id: "not-a-uuid" }, "invocation_id"],
      ["history.undo", { invocation_id: null }, "invocation_id"],
      ["history.undo", { tool: "grocery.add_item" }, "tool"],
      ["history.list", { limit: 0 }, "limit"],
      ["history.list", { limit: 101 }, "limit"],
      ["history.list", { cursor: "" }, "cursor"],
    ] as const
  ) {
    const reply = await callTool(alice, tool, input);
    assert.equal(reply.status, 400, JSON.stringify(input));
    assert.equal(reply.body.error?.type, "VALIDATION_ERROR");
    assert.equal(reply.body.error?.field, field, JSON.stringify(reply.body));
  }
  const forged = await callTool(alice, "history.list", { cursor: "bm90IG91cnM" });
  assert.equal(forged.status, 400, JSON.stringify(forged.body));
});

Deno.test("another household's write is NOT_FOUND to history.undo and stays done", async () => {
  const { grocery_list_id } = await callToolOk(alice, "grocery.create_list", { name: "Alice only" });
  const { entries } = await callToolOk(alice, "history.list", { limit: 1 });
  const stolen = await callTool(bob, "history.undo", { invocation_id: entries[0].invocation_id });
  assert.equal(stolen.status, 404);
  assert.equal(stolen.body.error?.field, "invocation_id");
  assert.equal((await callToolOk(alice, "grocery.get_list", { grocery_list_id })).list.name, "Alice only");
  assert.equal((await callToolOk(alice, "history.list", { limit: 1 })).entries[0].undone, false);
});

Deno.test("a household with no write has nothing to undo: NOT_FOUND", async () => {
  const { alice: dave } = await twoHouseholds(sql, "history-empty");
  const reply = await callTool(dave, "history.undo", {});
  assert.equal(reply.status, 404);
  assert.match(reply.body.error!.message, /no write to undo/);
});

Deno.test("a plain member does not see the owner's invites in the history; the owner does", async () => {
  const { alice: owner, bob: member } = await twoHouseholds(sql, "history-invites");
  const { code } = await callToolOk(owner, "household.create_invite", {});
  await callToolOk(member, "household.join", { code });
  const householdId = await householdOf(sql, owner);
  await callToolOk(owner, "grocery.create_list", { name: "Shared" }, { householdId });
  const seen = async (user: typeof owner) =>
    (await callToolOk(user, "history.list", {}, { householdId })).entries.map((entry) => entry.tool);
  // The join, made before the member was one, is a write of the household it joined: both see it.
  assert.deepEqual(await seen(owner), ["grocery.create_list", "household.join", "household.create_invite"]);
  assert.deepEqual(await seen(member), ["grocery.create_list", "household.join"]);
});

globalThis.addEventListener("unload", () => sql.end());

Deno.test("a preview changes nothing, so it is not in the history and cannot be undone", async () => {
  const { alice: dana } = await twoHouseholds(sql, "history-preview");
  const { grocery_list_id } = await callToolOk(dana, "grocery.create_list", { name: "Preview shop" });
  const preview = await callToolOk(dana, "grocery.sync_plan", {
    grocery_list_id,
    start_date: "2027-03-01",
    end_date: "2027-03-07",
    preview: true,
  });
  assert.equal(preview.preview, true);
  const [record] = await sql<{ id: string }[]>`
    select id from public.tool_invocations where user_id = ${dana.id} and tool = 'grocery.sync_plan'`;
  assert.ok(record, "the preview's call is recorded (its key replays it)");
  const history = await callToolOk(dana, "history.list", {});
  assert.deepEqual(history.entries.map((entry) => entry.tool), ["grocery.create_list"]);
  const undo = await callTool(dana, "history.undo", { invocation_id: record.id });
  assert.equal(undo.status, 404);
});

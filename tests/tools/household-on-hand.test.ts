// household.set_on_hand and household.list_on_hand: any member marks what the household always has; setting what is
// already so changes nothing; history.undo puts the mark back as it was; another household sees none of it.
import assert from "node:assert/strict";
import { catalogIngredient, householdOf, joinHousehold } from "../support/households.ts";
import { lastWrite } from "../support/history.ts";
import { adminSql, createTestUser } from "../support/stack.ts";
import { callTool, callToolOk } from "../support/tools-client.ts";

const sql = adminSql();
const owner = await createTestUser(sql, "on-hand-owner");
const household = await householdOf(sql, owner);
const member = await createTestUser(sql, "on-hand-member");
await joinHousehold(member, owner, household);
const outsider = await createTestUser(sql, "on-hand-outsider");
const salt = await catalogIngredient(sql, "salt");
const flour = await catalogIngredient(sql, "all-purpose flour");

const marks = async () =>
  (await sql<{ ingredient_id: string }[]>`
    select ingredient_id from public.household_on_hand where household_id = ${household} order by ingredient_id`)
    .map((row) => row.ingredient_id);

Deno.test("a member marks salt on hand; everyone in the household reads it; marking again changes nothing", async () => {
  const marked = await callToolOk(member, "household.set_on_hand", { ingredient_id: salt, on_hand: true }, {
    householdId: household,
  });
  assert.deepEqual([marked.on_hand, marked.previous_on_hand, marked.changed, marked.ingredient_name], [
    true,
    false,
    true,
    "salt",
  ]);
  assert.equal(marked.message, "Marked salt as on hand: syncing the plan leaves it off the list.");

  const listed = await callToolOk(owner, "household.list_on_hand", {});
  assert.deepEqual(listed.items.map((item) => [item.ingredient_name, item.marked_by_name]), [
    ["salt", member.email],
  ]);
  assert.equal(listed.count, 1);

  const again = await callToolOk(owner, "household.set_on_hand", { ingredient_id: salt, on_hand: true });
  assert.deepEqual([again.changed, again.message], [false, "salt was already on hand."]);
  assert.deepEqual(await marks(), [salt]);
  const write = await lastWrite(owner, { tool: "household.set_on_hand" });
  assert.equal(write.summary, "Mark salt as on hand");
});

Deno.test("history.undo of a mark unmarks it, and undoing the undo marks it again", async () => {
  await callToolOk(owner, "household.set_on_hand", { ingredient_id: flour, on_hand: true });
  const write = await lastWrite(owner, { tool: "household.set_on_hand" });
  const undone = await callToolOk(owner, "history.undo", { invocation_id: write.invocation_id });
  assert.equal(undone.message, "all-purpose flour is no longer on hand.");
  assert.ok(!(await marks()).includes(flour));
  const undo = await lastWrite(owner, { tool: "history.undo" });
  const redone = await callToolOk(owner, "history.undo", { invocation_id: undo.invocation_id });
  assert.equal(redone.message, "Marked all-purpose flour as on hand again.");
  assert.ok((await marks()).includes(flour));

  const unmarked = await callToolOk(owner, "household.set_on_hand", { ingredient_id: flour, on_hand: false });
  assert.deepEqual([unmarked.on_hand, unmarked.previous_on_hand, unmarked.changed], [false, true, true]);
  assert.ok(!(await marks()).includes(flour));
  const unmarking = await lastWrite(owner, { tool: "household.set_on_hand" });
  assert.equal(unmarking.summary, "Mark all-purpose flour as no longer on hand");
  await callToolOk(owner, "history.undo", { invocation_id: unmarking.invocation_id });
  assert.ok((await marks()).includes(flour), "the undo of an unmark marks it again");
});

Deno.test("an undo is refused while a later write changed the same mark, and allowed once that is undone", async () => {
  const pepper = await catalogIngredient(sql, "black pepper");
  await callToolOk(owner, "household.set_on_hand", { ingredient_id: pepper, on_hand: true });
  const first = await lastWrite(owner, { tool: "household.set_on_hand" });
  await callToolOk(member, "household.set_on_hand", { ingredient_id: pepper, on_hand: false }, {
    householdId: household,
  });
  const second = await lastWrite(owner, { tool: "household.set_on_hand" });
  const refused = await callTool(owner, "history.undo", { invocation_id: first.invocation_id });
  assert.deepEqual([refused.status, refused.body.error?.type], [409, "CONFLICT"]);
  assert.match(refused.body.error!.message, /black pepper was marked or unmarked on hand by a later write/);
  assert.ok(!(await marks()).includes(pepper), "the refused undo changed nothing");
  await callToolOk(owner, "history.undo", { invocation_id: second.invocation_id });
  await callToolOk(owner, "history.undo", { invocation_id: first.invocation_id });
  assert.ok(!(await marks()).includes(pepper));
});

Deno.test("an idempotent retry marks once; bad input is refused and changes nothing", async () => {
  const butter = await catalogIngredient(sql, "butter");
  const key = crypto.randomUUID();
  const first = await callTool(owner, "household.set_on_hand", { ingredient_id: butter, on_hand: true }, {
    idempotencyKey: key,
  });
  const retry = await callTool(owner, "household.set_on_hand", { ingredient_id: butter, on_hand: true }, {
    idempotencyKey: key,
  });
  assert.deepEqual(retry.body, first.body);
  assert.equal(retry.headers.get("idempotent-replayed"), "true");
  const [{ count }] = await sql<{ count: number }[]>`
    select count(*)::int as count from public.tool_invocations
    where household_id = ${household} and tool = 'household.set_on_hand' and input ->> 'ingredient_id' = ${butter}`;
  assert.equal(count, 1);

  const before = await marks();
  for (
    const [input, field] of [
      [{ ingredient_id: "salt", on_hand: true }, "ingredient_id"],
      [{ ingredient_id: salt, on_hand: "yes" }, "on_hand"],
      [{ ingredient_id: salt }, "on_hand"],
      [{ ingredient_id: salt, on_hand: true, note: "x" }, undefined],
    ] as const
  ) {
    const refused = await callTool(owner, "household.set_on_hand", input);
    assert.deepEqual([refused.status, refused.body.error?.type], [400, "VALIDATION_ERROR"], JSON.stringify(input));
    if (field) assert.equal(refused.body.error?.field, field);
  }
  const unknown = await callTool(owner, "household.set_on_hand", { ingredient_id: crypto.randomUUID(), on_hand: true });
  assert.deepEqual([unknown.status, unknown.body.error?.type, unknown.body.error?.field], [
    404,
    "NOT_FOUND",
    "ingredient_id",
  ]);
  assert.deepEqual(await marks(), before);
});

Deno.test("another household sees none of the marks, and cannot mark with this household's own ingredient", async () => {
  const listed = await callToolOk(outsider, "household.list_on_hand", {});
  assert.deepEqual(listed.items, []);
  const own = (await callToolOk(owner, "ingredient.create", { name: "house chili oil" })).ingredient_id;
  const refused = await callTool(outsider, "household.set_on_hand", { ingredient_id: own, on_hand: true });
  assert.deepEqual([refused.status, refused.body.error?.type], [404, "NOT_FOUND"]);
  const named = await callTool(outsider, "household.list_on_hand", {}, { householdId: household });
  assert.deepEqual([named.status, named.body.error?.type], [404, "NOT_FOUND"]);
  const [{ count }] = await sql<{ count: number }[]>`
    select count(*)::int as count from public.household_on_hand where household_id = ${household} and ingredient_id = ${own}`;
  assert.equal(count, 0);
});

globalThis.addEventListener("unload", () => sql.end());

// Managing households: list, rename, set_default, leave, remove_member, set_role, each with its
// success path, its validation errors, another household (404 or 403, unchanged) and its undo.
import assert from "node:assert/strict";
import { callTool, callToolOk } from "../support/tools-client.ts";
import { householdOf, joinHousehold } from "../support/households.ts";
import { adminSql, createTestUser } from "../support/stack.ts";

const sql = adminSql();

async function roles(householdId: string) {
  const rows = await sql<{ user_id: string; role: string }[]>`
    select user_id::text, role from public.household_members where household_id = ${householdId} order by created_at`;
  return Object.fromEntries(rows.map((row) => [row.user_id, row.role]));
}

Deno.test("a member of two households sets a default: calls without X-Household-Id use it; undo restores", async () => {
  const owner = await createTestUser(sql, "manage-owner");
  const member = await createTestUser(sql, "manage-member");
  const shared = await householdOf(sql, owner);
  const own = await householdOf(sql, member);
  const joined = await joinHousehold(member, owner, shared);
  assert.deepEqual([joined.became_default, joined.previous_default_household_id], [true, null]);
  const afterJoin = await callTool(member, "grocery.list_lists", {});
  assert.equal(afterJoin.headers.get("x-household-id"), shared, "the household joined is the default");
  // Leaving clears the default; an owner's undo puts the member back without it (leaving was their choice), so
  // they are in two households with no default.
  await callToolOk(member, "household.leave", {}, { householdId: shared });
  await callToolOk(owner, "history.undo", {}, { householdId: shared });

  const refused = await callTool(member, "grocery.list_lists", {});
  assert.deepEqual([refused.status, refused.body.error?.field], [400, "household_id"]);
  assert.match(refused.body.error?.message ?? "", /household\.set_default/);

  const set = await callToolOk(member, "household.set_default", {}, { householdId: shared });
  assert.deepEqual(set, { default_household_id: shared, previous_default_household_id: null });
  const listed = await callTool(member, "grocery.list_lists", {});
  assert.equal(listed.status, 200);
  assert.equal(listed.headers.get("x-household-id"), shared, "the default household answered");

  const mine = await callToolOk(member, "household.list", {});
  assert.deepEqual(
    mine.households.map((household) => [household.id, household.my_role, household.is_default, household.member_count]),
    [[own, "owner", false, 1], [shared, "member", true, 2]],
  );
  const switched = await callToolOk(member, "household.set_default", { household_id: own });
  assert.equal(switched.previous_default_household_id, shared);
  const [{ defaults }] = await sql<{ defaults: number }[]>`
    select count(*)::int as defaults from public.household_members where user_id = ${member.id} and is_default`;
  assert.equal(defaults, 1, "one default at a time");
  const outsider = await createTestUser(sql, "manage-outsider");
  const notMine = await callTool(outsider, "household.set_default", { household_id: shared });
  assert.equal(notMine.status, 404);
});

Deno.test("owners rename, set roles and remove members; a household always keeps an owner", async () => {
  const owner = await createTestUser(sql, "roles-owner");
  const member = await createTestUser(sql, "roles-member");
  const household = await householdOf(sql, owner);
  await joinHousehold(member, owner, household);
  const opts = { householdId: household };

  const renamed = await callToolOk(owner, "household.rename", { name: " The Smiths " }, opts);
  assert.deepEqual([renamed.name, renamed.previous_name], ["The Smiths", "My household"]);
  assert.equal((await callTool(member, "household.rename", { name: "Mine" }, opts)).status, 403);
  assert.equal((await callTool(owner, "household.rename", { name: "  " }, opts)).body.error?.field, "name");
  await callToolOk(owner, "household.rename", { name: renamed.previous_name }, opts);

  const lastOwner = await callTool(owner, "household.leave", {}, opts);
  assert.deepEqual([lastOwner.status, lastOwner.body.error?.type], [409, "CONFLICT"]);
  const demoteSelf = await callTool(owner, "household.set_role", { user_id: owner.id, role: "member" }, opts);
  assert.equal(demoteSelf.status, 409);
  assert.equal((await callTool(member, "household.set_role", { user_id: member.id, role: "owner" }, opts)).status, 403);
  assert.equal(
    (await callTool(owner, "household.set_role", { user_id: member.id, role: "boss" }, opts)).body.error?.field,
    "role",
  );

  const promoted = await callToolOk(owner, "household.set_role", { user_id: member.id, role: "owner" }, opts);
  assert.deepEqual([promoted.role, promoted.previous_role], ["owner", "member"]);
  await callToolOk(owner, "household.set_role", { user_id: member.id, role: promoted.previous_role }, opts);
  assert.deepEqual(await roles(household), { [owner.id]: "owner", [member.id]: "member" }, "undo: previous_role");

  const self = await callTool(owner, "household.remove_member", { user_id: owner.id }, opts);
  assert.deepEqual([self.status, self.body.error?.field], [400, "user_id"]);
  const stranger = await callTool(owner, "household.remove_member", { user_id: crypto.randomUUID() }, opts);
  assert.deepEqual([stranger.status, stranger.body.error?.field], [404, "user_id"]);
  const removed = await callToolOk(owner, "household.remove_member", { user_id: member.id }, opts);
  assert.deepEqual([removed.user_id, removed.role], [member.id, "member"]);
  assert.deepEqual(await roles(household), { [owner.id]: "owner" });
  await joinHousehold(member, owner, household);
  assert.deepEqual(await roles(household), { [owner.id]: "owner", [member.id]: "member" }, "undo: invite again");
});

Deno.test("a member leaves; another household's owner can neither rename nor manage this one", async () => {
  const owner = await createTestUser(sql, "leave-owner");
  const member = await createTestUser(sql, "leave-member");
  const other = await createTestUser(sql, "leave-other");
  const household = await householdOf(sql, owner);
  await joinHousehold(member, owner, household);

  for (
    const [tool, input] of [
      ["household.rename", { name: "Taken over" }],
      ["household.remove_member", { user_id: member.id }],
      ["household.set_role", { user_id: other.id, role: "owner" }],
      ["household.leave", {}],
    ] as const
  ) {
    const reply = await callTool(other, tool, input, { householdId: household });
    assert.equal(reply.status, 404, `${tool}: ${JSON.stringify(reply.body)}`);
  }
  assert.deepEqual(await roles(household), { [owner.id]: "owner", [member.id]: "member" });

  const left = await callToolOk(member, "household.leave", {}, { householdId: household });
  assert.deepEqual([left.left, left.role], [true, "member"]);
  assert.deepEqual(await roles(household), { [owner.id]: "owner" });
  assert.equal((await callTool(member, "grocery.list_lists", {}, { householdId: household })).status, 404);
});

globalThis.addEventListener("unload", () => sql.end());

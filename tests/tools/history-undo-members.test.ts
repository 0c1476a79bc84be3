// history.undo of invites and membership: who may undo what, and CONFLICT when a later write changed
// the rows (nothing changes then). The every-write test checks the plain undo of each tool.
import assert from "node:assert/strict";
import { callTool, callToolOk } from "../support/tools-client.ts";
import { lastWrite } from "../support/history.ts";
import { householdOf, inviteRow, joinHousehold } from "../support/households.ts";
import { adminSql, createTestUser } from "../support/stack.ts";

const sql = adminSql();

async function membership(householdId: string) {
  return await sql<{ user_id: string; role: string; is_default: boolean; created_at: Date }[]>`
    select user_id::text, role, is_default, created_at from public.household_members
    where household_id = ${householdId} order by created_at, user_id`;
}

async function household(label: string) {
  const owner = await createTestUser(sql, `${label}-owner`);
  const householdId = await householdOf(sql, owner);
  return { owner, householdId, options: { householdId } };
}

Deno.test("undoing an invite revokes it while unused; once used, CONFLICT names it until the join is undone", async () => {
  const { owner, householdId, options } = await household("undo-invite");
  const { code } = await callToolOk(owner, "household.create_invite", {}, options);
  const inviteWrite = (await lastWrite(owner, options)).invocation_id;
  const joiner = await createTestUser(sql, "undo-invite-joiner");
  await callToolOk(joiner, "household.join", { code });
  const joinWrite = await lastWrite(owner, options);
  assert.deepEqual([joinWrite.tool, joinWrite.user_id], ["household.join", joiner.id], "the join is in the history");

  const refused = await callTool(owner, "history.undo", { invocation_id: inviteWrite }, options);
  assert.equal(refused.status, 409);
  assert.match(refused.body.error!.message, new RegExp(`^the invite ${code.slice(0, 6)}… was used 1 time since`));
  assert.equal((await inviteRow(sql, code))?.use_count, 1, "nothing changed");

  // A plain member sees neither the invite nor its write.
  const hidden = await callTool(joiner, "history.undo", { invocation_id: inviteWrite }, options);
  assert.equal(hidden.status, 404);

  await callToolOk(owner, "history.undo", { invocation_id: joinWrite.invocation_id }, options);
  assert.equal((await inviteRow(sql, code))?.use_count, 0, "the join's use is given back");
  const revoked = await callToolOk(owner, "history.undo", { invocation_id: inviteWrite }, options);
  assert.match(revoked.message, /^Revoked the invite/);
  assert.equal((await inviteRow(sql, code))?.use_count, undefined);
  const late = await callTool(await createTestUser(sql, "undo-invite-late"), "household.join", { code });
  assert.equal(late.status, 404, "a revoked code lets no one in");
  assert.deepEqual((await membership(householdId)).map((row) => row.user_id), [owner.id]);
});

Deno.test("the member who joined may undo their own join; another plain member may not", async () => {
  const { owner, householdId, options } = await household("undo-join");
  const first = await createTestUser(sql, "undo-join-first");
  const second = await createTestUser(sql, "undo-join-second");
  await joinHousehold(first, owner, householdId);
  await joinHousehold(second, owner, householdId);
  const secondJoin = (await lastWrite(owner, options)).invocation_id;

  const stranger = await callTool(first, "history.undo", { invocation_id: secondJoin }, options);
  assert.equal(stranger.status, 403);
  assert.equal(stranger.body.error?.type, "PERMISSION_DENIED");
  assert.equal((await membership(householdId)).length, 3, "nothing changed");

  const own = await callToolOk(second, "history.undo", { invocation_id: secondJoin }, options);
  assert.equal(own.undone_tool, "household.join");
  assert.deepEqual((await membership(householdId)).map((row) => row.user_id), [owner.id, first.id]);
  assert.equal((await callTool(second, "grocery.list_lists", {}, options)).status, 404, "no longer a member");
});

Deno.test("a join whose member was promoted or left since is a CONFLICT; undone newest first, it goes", async () => {
  const { owner, householdId, options } = await household("undo-join-later");
  const member = await createTestUser(sql, "undo-join-later-member");
  await joinHousehold(member, owner, householdId);
  const joinWrite = (await lastWrite(owner, options)).invocation_id;
  await callToolOk(owner, "household.set_role", { user_id: member.id, role: "owner" }, options);
  const before = await membership(householdId);

  const promoted = await callTool(owner, "history.undo", { invocation_id: joinWrite }, options);
  assert.equal(promoted.status, 409);
  assert.equal(promoted.body.error!.message, "the member's role was changed since; undo that write first");
  assert.deepEqual(await membership(householdId), before);

  await callToolOk(owner, "history.undo", {}, options);
  await callToolOk(member, "household.leave", {}, options);
  const left = await callTool(owner, "history.undo", { invocation_id: joinWrite }, options);
  assert.equal(left.status, 409);
  assert.match(left.body.error!.message, /has left or been removed since/);

  await callToolOk(owner, "history.undo", {}, options);
  await callToolOk(owner, "history.undo", { invocation_id: joinWrite }, options);
  assert.deepEqual((await membership(householdId)).map((row) => row.user_id), [owner.id]);
});

Deno.test("an owner undoes a removal: role, default flag and joining time come back; a plain member may not", async () => {
  const { owner, householdId, options } = await household("undo-remove");
  const coOwner = await createTestUser(sql, "undo-remove-co-owner");
  const plain = await createTestUser(sql, "undo-remove-plain");
  await joinHousehold(coOwner, owner, householdId);
  await joinHousehold(plain, owner, householdId);
  await callToolOk(owner, "household.set_role", { user_id: coOwner.id, role: "owner" }, options);
  await callToolOk(coOwner, "household.set_default", {}, options);
  const before = await membership(householdId);

  const removed = await callToolOk(owner, "household.remove_member", { user_id: coOwner.id }, options);
  assert.deepEqual([removed.role, removed.was_default], ["owner", true]);
  const removal = (await lastWrite(owner, options)).invocation_id;
  const refused = await callTool(plain, "history.undo", { invocation_id: removal }, options);
  assert.equal(refused.status, 403);
  assert.equal((await membership(householdId)).length, 2, "nothing changed");

  const undone = await callToolOk(owner, "history.undo", {}, options);
  assert.equal(undone.message, "Put the member back as an owner.");
  assert.deepEqual(await membership(householdId), before);
  assert.equal((await callTool(coOwner, "grocery.list_lists", {})).status, 200, "their default answers again");
});

Deno.test("a leave from the member's default is undone without the default flag, and says so", async () => {
  const { owner, householdId, options } = await household("undo-leave-default");
  const member = await createTestUser(sql, "undo-leave-default-member");
  await joinHousehold(member, owner, householdId);
  await callToolOk(member, "household.set_default", {}, options);
  const joinedAt = (await membership(householdId)).find((row) => row.user_id === member.id)!.created_at;
  const left = await callToolOk(member, "household.leave", {}, options);
  assert.equal(left.was_default, true);
  const leave = (await lastWrite(owner, options)).invocation_id;

  const undone = await callToolOk(owner, "history.undo", { invocation_id: leave }, options);
  assert.equal(
    undone.message,
    "Put the member back as a member. Their default household stays unset: they chose to leave, so calls naming " +
      "no household do not come back here.",
  );
  const rows = await membership(householdId);
  assert.deepEqual(rows.map((row) => [row.user_id, row.role, row.is_default]), [
    [owner.id, "owner", false],
    [member.id, "member", false],
  ]);
  assert.deepEqual(rows[1].created_at, joinedAt, "their joining time comes back");
  const unnamed = await callTool(member, "grocery.list_lists", {});
  assert.equal(unnamed.status, 400, "a call naming no household is not sent back to this one");
  assert.match(unnamed.body.error!.message, /several households/);
});

Deno.test("a leave undone once the member is in again is a CONFLICT", async () => {
  const { owner, householdId, options } = await household("undo-leave-rejoin");
  const member = await createTestUser(sql, "undo-leave-rejoin-member");
  await joinHousehold(member, owner, householdId);
  await callToolOk(member, "household.leave", {}, options);
  const leave = (await lastWrite(owner, options)).invocation_id;
  await joinHousehold(member, owner, householdId);
  const back = await callTool(owner, "history.undo", { invocation_id: leave }, options);
  assert.equal(back.status, 409);
  assert.match(back.body.error!.message, /in the household again since/);
});

Deno.test("a join the member took back themselves is not redone by an owner: leaving is theirs", async () => {
  const { owner, householdId, options } = await household("redo-join");
  const member = await createTestUser(sql, "redo-join-member");
  await joinHousehold(member, owner, householdId);
  const joinWrite = (await lastWrite(owner, options)).invocation_id;
  await callToolOk(member, "history.undo", { invocation_id: joinWrite }, options);
  const takenBack = (await lastWrite(owner, options)).invocation_id;

  const redo = await callTool(owner, "history.undo", { invocation_id: takenBack }, options);
  assert.equal(redo.status, 409);
  assert.equal(
    redo.body.error!.message,
    "the member took back their own join; only they can join again, with an invite",
  );
  assert.deepEqual((await membership(householdId)).map((row) => row.user_id), [owner.id]);
});

Deno.test("an invite's undo keeps its code out of the reply every member sees; its redo puts the same code back", async () => {
  const { owner, options } = await household("redo-invite");
  const { code } = await callToolOk(owner, "household.create_invite", {}, options);
  const inviteWrite = (await lastWrite(owner, options)).invocation_id;
  const revoked = await callToolOk(owner, "history.undo", { invocation_id: inviteWrite }, options);
  assert.doesNotMatch(JSON.stringify(revoked), new RegExp(code));
  assert.equal((await inviteRow(sql, code))?.use_count, undefined);

  const redone = await callToolOk(owner, "history.undo", {
    invocation_id: (await lastWrite(owner, options)).invocation_id,
  }, options);
  assert.doesNotMatch(JSON.stringify(redone), new RegExp(code));
  assert.equal((await inviteRow(sql, code))?.use_count, 0, "the same code lets people in again");
});

Deno.test("a redo by another owner puts back the invite and the ingredient as their maker made them", async () => {
  const { owner, householdId, options } = await household("redo-maker");
  const coOwner = await createTestUser(sql, "redo-maker-co-owner");
  await joinHousehold(coOwner, owner, householdId);
  await callToolOk(owner, "household.set_role", { user_id: coOwner.id, role: "owner" }, options);
  const rows = async () =>
    await sql`
      select (select jsonb_agg(to_jsonb(i) order by i.id) from public.household_invites i
          where i.household_id = ${householdId}) as invites,
        (select jsonb_agg(to_jsonb(i) - array['updated_at', 'version', 'planner_version'] order by i.id) from public.ingredients i
          where i.household_id = ${householdId}) as ingredients`;

  for (const [tool, input] of [["household.create_invite", {}], ["ingredient.create", { name: "House chili paste" }]]) {
    const before = await rows();
    await callToolOk(owner, tool as "ingredient.create", input, options);
    const write = (await lastWrite(owner, options)).invocation_id;
    const made = await rows();
    await callToolOk(coOwner, "history.undo", { invocation_id: write }, options);
    assert.deepEqual(await rows(), before, `${tool} undone`);
    await callToolOk(
      coOwner,
      "history.undo",
      { invocation_id: (await lastWrite(owner, options)).invocation_id },
      options,
    );
    assert.deepEqual(await rows(), made, `${tool} redone: made by the owner, as before`);
  }
});

globalThis.addEventListener("unload", () => sql.end());

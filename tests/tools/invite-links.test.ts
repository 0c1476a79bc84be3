// Invite links as objects: an owner creates one with an expiry, lists the household's invites with their
// state and revokes one; a revoked or expired code is refused with a CONFLICT that says why, and changes nothing;
// undoing a revoke makes the link work again.
import assert from "node:assert/strict";
import { householdOf, inviteRow, joinHousehold } from "../support/households.ts";
import { lastWrite } from "../support/history.ts";
import { adminSql, createTestUser, type TestUser } from "../support/stack.ts";
import { callTool, callToolOk } from "../support/tools-client.ts";

const sql = adminSql();
const owner = await createTestUser(sql, "invite-links-owner");
const household = await householdOf(sql, owner);
await callToolOk(owner, "household.rename", { name: "The Invite Links" });

async function membershipsOf(user: TestUser): Promise<string[]> {
  return (await callToolOk(user, "household.list", {})).households.map((h) => h.name);
}

Deno.test("an owner creates a link with an expiry and a number of uses; its code is 43 URL-safe characters", async () => {
  const before = Date.now();
  const invite = await callToolOk(owner, "household.create_invite", { expires_in_days: 2, max_uses: 3 });
  assert.match(invite.code, /^[A-Za-z0-9_-]{43}$/);
  assert.deepEqual([invite.household_id, invite.household_name, invite.max_uses], [household, "The Invite Links", 3]);
  const lasts = Date.parse(invite.expires_at) - before;
  assert.ok(lasts > 2 * 86_400_000 - 60_000 && lasts < 2 * 86_400_000 + 60_000, invite.expires_at);

  for (const bad of [{ expires_in_days: 0 }, { expires_in_days: 31 }, { expires_in_days: 1.5 }, { max_uses: 0 }]) {
    const refused = await callTool(owner, "household.create_invite", bad);
    assert.deepEqual([refused.status, refused.body.error?.type, refused.body.error?.field], [
      400,
      "VALIDATION_ERROR",
      Object.keys(bad)[0],
    ]);
  }
});

Deno.test("the owners list the household's invites with their state; a plain member may not", async () => {
  // One older invite of its own, so the next page is not empty whichever other tests ran first.
  await callToolOk(owner, "household.create_invite", {});
  const active = await callToolOk(owner, "household.create_invite", {});
  const expired = await callToolOk(owner, "household.create_invite", {});
  await sql`update public.household_invites set expires_at = now() - interval '1 minute' where id = ${expired.invite_id}`;
  const revoked = await callToolOk(owner, "household.create_invite", {});
  await callToolOk(owner, "household.revoke_invite", { invite_id: revoked.invite_id });

  const listed = await callToolOk(owner, "household.list_invites", { limit: 3 });
  assert.equal(listed.household_name, "The Invite Links");
  assert.deepEqual(listed.invites.map((invite) => [invite.invite_id, invite.code, invite.status]), [
    [revoked.invite_id, revoked.code, "revoked"],
    [expired.invite_id, expired.code, "expired"],
    [active.invite_id, active.code, "active"],
  ]);
  assert.ok(listed.next_cursor, "older invites are on the next page");
  const next = await callToolOk(owner, "household.list_invites", { limit: 3, cursor: listed.next_cursor });
  assert.ok(next.invites.every((invite) => !listed.invites.some((seen) => seen.invite_id === invite.invite_id)));

  const member = await createTestUser(sql, "invite-links-member");
  await joinHousehold(member, owner, household);
  const refused = await callTool(member, "household.list_invites", {}, { householdId: household });
  assert.deepEqual([refused.status, refused.body.error?.type], [403, "PERMISSION_DENIED"]);
});

Deno.test("a revoked link is refused with a CONFLICT saying so, changes nothing, and works again after undo", async () => {
  const invite = await callToolOk(owner, "household.create_invite", {});
  const key = crypto.randomUUID();
  const revoked = await callToolOk(owner, "household.revoke_invite", { invite_id: invite.invite_id }, {
    idempotencyKey: key,
  });
  assert.deepEqual([revoked.already_revoked, revoked.code_prefix], [false, invite.code.slice(0, 6)]);
  assert.ok(!JSON.stringify(revoked).includes(invite.code), "the reply never holds the code");
  // A retry with the same key replays the reply; a second revoke changes nothing.
  assert.deepEqual(
    await callToolOk(owner, "household.revoke_invite", { invite_id: invite.invite_id }, { idempotencyKey: key }),
    revoked,
  );
  const again = await callToolOk(owner, "household.revoke_invite", { invite_id: invite.invite_id });
  assert.deepEqual([again.already_revoked, again.revoked_at], [true, revoked.revoked_at]);

  const newcomer = await createTestUser(sql, "invite-links-late");
  const before = await membershipsOf(newcomer);
  const refused = await callTool(newcomer, "household.join", { code: invite.code });
  assert.deepEqual([refused.status, refused.body.error?.type, refused.body.error?.field], [409, "CONFLICT", "code"]);
  assert.match(refused.body.error!.message, /^this invite link was revoked by an owner of the household on \d{4}-/);
  assert.deepEqual(await membershipsOf(newcomer), before);
  assert.equal((await inviteRow(sql, invite.code))!.use_count, 0);

  // The history says it in words; undoing it makes the link work again.
  const [{ revoke_id }] = await sql<{ revoke_id: string }[]>`
    select id as revoke_id from public.tool_invocations where idempotency_key = ${key}`;
  const entry = (await callToolOk(owner, "history.list", { limit: 5 })).entries.find((e) =>
    e.invocation_id === revoke_id
  );
  // In the describer's words: no code or id of the invite.
  assert.equal(entry?.summary, "Revoke an invite link to The Invite Links");
  const undone = await callToolOk(owner, "history.undo", { invocation_id: revoke_id });
  assert.match(undone.message, /^Put back the invite .{6}…: it works again until /);
  const joined = await callToolOk(newcomer, "household.join", { code: invite.code });
  assert.equal(joined.name, "The Invite Links");
});

Deno.test("an expired link is refused and changes nothing; revoking is for owners and names a real invite", async () => {
  const invite = await callToolOk(owner, "household.create_invite", { expires_in_days: 1 });
  await sql`update public.household_invites set expires_at = now() - interval '1 minute' where id = ${invite.invite_id}`;
  const late = await createTestUser(sql, "invite-links-expired");
  const refused = await callTool(late, "household.join", { code: invite.code });
  assert.deepEqual([refused.status, refused.body.error?.type, refused.body.error?.field], [409, "CONFLICT", "code"]);
  assert.match(refused.body.error!.message, /^this invite code expired on /);
  assert.equal((await membershipsOf(late)).length, 1);

  const member = await createTestUser(sql, "invite-links-not-owner");
  await joinHousehold(member, owner, household);
  const notOwner = await callTool(member, "household.revoke_invite", { invite_id: invite.invite_id }, {
    householdId: household,
  });
  assert.deepEqual([notOwner.status, notOwner.body.error?.type], [403, "PERMISSION_DENIED"]);
  const unknown = await callTool(owner, "household.revoke_invite", { invite_id: crypto.randomUUID() });
  assert.deepEqual([unknown.status, unknown.body.error?.type, unknown.body.error?.field], [
    404,
    "NOT_FOUND",
    "invite_id",
  ]);
});

Deno.test("a revoked invite no longer counts against the 20 live ones", async () => {
  const other = await createTestUser(sql, "invite-links-cap");
  const invites = [];
  for (let n = 0; n < 20; n++) invites.push(await callToolOk(other, "household.create_invite", {}));
  const full = await callTool(other, "household.create_invite", {});
  assert.deepEqual([full.status, full.body.error?.type], [409, "CONFLICT"]);
  assert.match(full.body.error!.message, /revoke some first/);
  await callToolOk(other, "household.revoke_invite", { invite_id: invites[0].invite_id });
  const revoke = await lastWrite(other, { tool: "household.revoke_invite" });
  await callToolOk(other, "household.create_invite", {});
  // Undoing the revoke would make 21 live invites: refused, and the invite stays revoked.
  const undo = await callTool(other, "history.undo", { invocation_id: revoke.invocation_id });
  assert.deepEqual([undo.status, undo.body.error?.type], [409, "CONFLICT"]);
  assert.match(undo.body.error!.message, /at most 20 live invites/);
  const [{ revoked }] = await sql<{ revoked: boolean }[]>`
    select revoked_at is not null as revoked from public.household_invites where id = ${invites[0].invite_id}`;
  assert.equal(revoked, true);
});

globalThis.addEventListener("unload", () => sql.end());

// An invite link names its household and who made it before anyone joins (household.preview_invite), for a code
// that works only; a member who was removed comes back through any valid link, and a revoked link lets nobody in.
import assert from "node:assert/strict";
import { householdOf, twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";
import { callTool, callToolOk } from "../support/tools-client.ts";

const sql = adminSql();
const { alice, bob } = await twoHouseholds(sql, "preview");
const household = await householdOf(sql, alice);
const options = { householdId: household };
await callToolOk(alice, "household.set_display_name", { display_name: "Alice" });
await callToolOk(alice, "household.rename", { name: "The Smiths" }, options);

Deno.test("a valid code names the household and who invited, to someone not in it, never their email", async () => {
  const { code } = await callToolOk(alice, "household.create_invite", {}, options);
  const preview = await callToolOk(bob, "household.preview_invite", { code });
  assert.deepEqual({ ...preview, expires_at: undefined }, {
    household_name: "The Smiths",
    invited_by: "Alice",
    expires_at: undefined,
    already_member: false,
  });
  assert.ok(!JSON.stringify(preview).includes(alice.email));
});

Deno.test("an unknown code is NOT_FOUND, a revoked one CONFLICT, as household.join says", async () => {
  const unknown = await callTool(bob, "household.preview_invite", { code: "x".repeat(43) });
  assert.deepEqual([unknown.status, unknown.body.error?.field], [404, "code"]);
  const { code, invite_id } = await callToolOk(alice, "household.create_invite", {}, options);
  await callToolOk(alice, "household.revoke_invite", { invite_id }, options);
  const revoked = await callTool(bob, "household.preview_invite", { code });
  assert.deepEqual([revoked.status, revoked.body.error?.type, revoked.body.error?.field], [409, "CONFLICT", "code"]);
  assert.equal((await callTool(bob, "household.join", { code })).status, 409, "and nobody joins with it");
});

Deno.test("a removed member joins again through a link still valid, even one they joined with before", async () => {
  const { code } = await callToolOk(alice, "household.create_invite", {}, options);
  assert.equal((await callToolOk(bob, "household.join", { code })).already_member, false);
  await callToolOk(alice, "household.remove_member", { user_id: bob.id }, options);
  assert.equal((await callToolOk(bob, "household.preview_invite", { code })).already_member, false);
  const again = await callToolOk(bob, "household.join", { code }, { idempotencyKey: crypto.randomUUID() });
  assert.deepEqual([again.household_id, again.already_member], [household, false]);
  assert.equal((await callTool(bob, "grocery.list_lists", {}, options)).status, 200);
  assert.equal((await callToolOk(bob, "household.preview_invite", { code })).already_member, true);
});

Deno.test("cleanup", async () => {
  await sql.end();
});

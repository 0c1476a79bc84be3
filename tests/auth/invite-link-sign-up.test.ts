// Through an invite link with the real supabase-js auth client: someone without an account signs up with
// the link's code and is in the household at once, with no household of their own; someone with an account signs in
// and joins with household.join; a revoked link still lets the person sign up (a household of their own), and
// household.join then says why the link did not work.
import assert from "node:assert/strict";
import { householdOf } from "../support/households.ts";
import { adminSql, createTestUser, type TestUser } from "../support/stack.ts";
import { callTool, callToolOk } from "../support/tools-client.ts";
import { appClient, uniqueEmail } from "./auth-client.ts";

const sql = adminSql();
const owner = await createTestUser(sql, "link-owner");
const household = await householdOf(sql, owner);
await callToolOk(owner, "household.rename", { name: "The Link Family" });

/** The person as the app holds them after supabase-js signs them up or in: their session's access token. */
function asUser(session: { access_token: string; user: { id: string; email?: string } }): TestUser {
  return { id: session.user.id, email: session.user.email!, token: session.access_token };
}

Deno.test("someone without an account signs up through the link and is in the household, owning none", async () => {
  const { code } = await callToolOk(owner, "household.create_invite", { expires_in_days: 3 });
  const { data, error } = await appClient().auth.signUp({
    email: uniqueEmail("link-newcomer"),
    password: "correct horse",
    options: { data: { invite_code: code } },
  });
  assert.equal(error, null);
  const newcomer = asUser(data.session!);

  const { households } = await callToolOk(newcomer, "household.list", {});
  assert.deepEqual(households.map((h) => [h.id, h.name, h.my_role, h.is_default]), [
    [household, "The Link Family", "member", true],
  ]);
  const [{ owned }] = await sql<{ owned: number }[]>`
    select count(*)::int as owned from public.households where created_by = ${newcomer.id}`;
  assert.equal(owned, 0);
  const listed = await callToolOk(owner, "household.list_invites", {});
  assert.equal(listed.invites.find((invite) => invite.code === code)?.use_count, 1);
});

Deno.test("someone with an account signs in and joins with the link's code; the household joined becomes the default", async () => {
  const email = uniqueEmail("link-member");
  const auth = appClient().auth;
  assert.equal((await auth.signUp({ email, password: "correct horse" })).error, null);
  const { code } = await callToolOk(owner, "household.create_invite", {});

  const { data, error } = await appClient().auth.signInWithPassword({ email, password: "correct horse" });
  assert.equal(error, null);
  const member = asUser(data.session!);
  const joined = await callToolOk(member, "household.join", { code });
  assert.deepEqual([joined.name, joined.already_member, joined.became_default], ["The Link Family", false, true]);
  // Told apart by name, the default marked.
  const { households } = await callToolOk(member, "household.list", {});
  assert.deepEqual(households.map((h) => [h.name, h.is_default]).sort(), [
    ["My household", false],
    ["The Link Family", true],
  ]);
});

Deno.test("a revoked link: the sign-up succeeds with a household of its own, and household.join says the link was revoked", async () => {
  const invite = await callToolOk(owner, "household.create_invite", {});
  await callToolOk(owner, "household.revoke_invite", { invite_id: invite.invite_id });
  const { data, error } = await appClient().auth.signUp({
    email: uniqueEmail("link-revoked"),
    password: "correct horse",
    options: { data: { invite_code: invite.code, household_name: "Our place" } },
  });
  assert.equal(error, null);
  const newcomer = asUser(data.session!);
  const { households } = await callToolOk(newcomer, "household.list", {});
  assert.deepEqual(households.map((h) => [h.name, h.my_role, h.id === household]), [["Our place", "owner", false]]);

  const refused = await callTool(newcomer, "household.join", { code: invite.code });
  assert.deepEqual([refused.status, refused.body.error?.type, refused.body.error?.field], [409, "CONFLICT", "code"]);
  assert.match(refused.body.error!.message, /revoked/);
  const listed = await callToolOk(owner, "household.list_invites", {});
  assert.equal(listed.invites.find((i) => i.invite_id === invite.invite_id)?.use_count, 0, "its use is not counted");
});

// A household at its 50 members: the sign-up through its link still makes the account (a household of its own, as
// with a revoked link) instead of failing whole with a 500, and household.join then says the household is full.
Deno.test("a full household's link: the sign-up succeeds with a household of its own, and household.join says it is full", async () => {
  const full = await createTestUser(sql, "full-owner");
  const fullHousehold = await householdOf(sql, full);
  const invite = await callToolOk(full, "household.create_invite", {});
  const filler = await sql<{ id: string }[]>`
    insert into auth.users (id, aud, role, email, created_at, updated_at)
    select gen_random_uuid(), 'authenticated', 'authenticated', 'filler-' || gen_random_uuid() || '@example.com', now(),
      now()
    from generate_series(1, 49) returning id`;
  await sql`insert into public.household_members (household_id, user_id, role)
    select ${fullHousehold}, id, 'member' from unnest(${filler.map((row) => row.id)}::uuid[]) as id`;
  const members = async () =>
    (await sql<{ n: number }[]>`select count(*)::int as n from public.household_members
      where household_id = ${fullHousehold}`)[0].n;
  assert.equal(await members(), 50);

  const email = uniqueEmail("link-full");
  const { data, error } = await appClient().auth.signUp({
    email,
    password: "correct horse",
    options: { data: { invite_code: invite.code } },
  });
  assert.equal(error, null, "the account is made");
  const newcomer = asUser(data.session!);
  const { households } = await callToolOk(newcomer, "household.list", {});
  assert.deepEqual(households.map((h) => [h.name, h.my_role, h.id === fullHousehold]), [[
    "My household",
    "owner",
    false,
  ]]);
  assert.equal(await members(), 50, "nobody was added to the full household");
  const listed = await callToolOk(full, "household.list_invites", {});
  assert.equal(listed.invites.find((i) => i.invite_id === invite.invite_id)?.use_count, 0, "its use is not counted");

  const refused = await callTool(newcomer, "household.join", { code: invite.code });
  assert.deepEqual([refused.status, refused.body.error?.type], [409, "CONFLICT"]);
  assert.match(refused.body.error!.message, /at most 50 members/);
});

globalThis.addEventListener("unload", () => sql.end());

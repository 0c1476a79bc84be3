// Onboarding: someone who signs up through an invite joins that household and owns no empty one; a join
// makes the household joined the member's default, and undoing it sets the previous default back.
import assert from "node:assert/strict";
import { readSigningKey, signUserToken } from "../../supabase/local/stack/signing-key.ts";
import { householdOf, joinHousehold, twoHouseholds } from "../support/households.ts";
import { lastWrite } from "../support/history.ts";
import { adminSql, createTestUser, stackEnv, type TestUser } from "../support/stack.ts";
import { callToolOk } from "../support/tools-client.ts";

const sql = adminSql();

/** A sign-up as Supabase Auth writes it, with user metadata (what supabase.auth.signUp's options.data carries). */
/** Where a household call that names no household goes: the household a new list lands in. */
async function householdOfUnnamedCalls(user: TestUser): Promise<string> {
  const { grocery_list_id } = await callToolOk(user, "grocery.create_list", { name: crypto.randomUUID() });
  const [{ household_id }] = await sql<{ household_id: string }[]>`
    select household_id from public.grocery_lists where id = ${grocery_list_id}`;
  return household_id;
}

async function signUp(metadata: Record<string, unknown>): Promise<TestUser> {
  const email = `onboarding-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const [user] = await sql<{ id: string; email: string }[]>`
    insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, updated_at)
    values (gen_random_uuid(), 'authenticated', 'authenticated', ${email}, ${sql.json(metadata as never)}, now(), now())
    returning id, email`;
  const key = await readSigningKey(stackEnv().stateDirectory);
  return { ...user, token: await signUserToken(key, stackEnv().apiUrl, user) };
}

Deno.test("a sign-up with an invite code joins that household and owns none of its own", async () => {
  const owner = await createTestUser(sql, "onboarding-owner");
  const household = await householdOf(sql, owner);
  const { code } = await callToolOk(owner, "household.create_invite", {});
  const newcomer = await signUp({ invite_code: code });

  const { households } = await callToolOk(newcomer, "household.list", {});
  assert.deepEqual(households.map((h) => [h.id, h.my_role, h.is_default]), [[household, "member", true]]);
  const [{ owned }] = await sql<{ owned: number }[]>`
    select count(*)::int as owned from public.households where created_by = ${newcomer.id}`;
  assert.equal(owned, 0, "no empty household of their own");
  const [{ use_count }] = await sql<{ use_count: number }[]>`
    select use_count from public.household_invites where code = ${code}`;
  assert.equal(use_count, 1, "the invite's use is counted");
  // The join is in the household's history, and an owner can take it back.
  const joined = await lastWrite(owner, { tool: "household.join" });
  // In the describer's words, as a join through household.join reads (not the summary SQL recorded it with).
  const [{ name }] = await sql<{ name: string }[]>`select name from public.households where id = ${household}`;
  assert.equal(joined.summary, `Join ${name}`);
  // Their calls that name no household go to the household joined.
  assert.equal(await householdOfUnnamedCalls(newcomer), household);
  await callToolOk(owner, "history.undo", { invocation_id: joined.invocation_id });
  const [{ members }] = await sql<{ members: number }[]>`
    select count(*)::int as members from public.household_members where user_id = ${newcomer.id}`;
  assert.equal(members, 0);
});

Deno.test("a sign-up with a code that cannot be redeemed gets a household of its own, named as asked", async () => {
  const newcomer = await signUp({ invite_code: "no-such-invite-code", household_name: "The Newcomers" });
  const { households } = await callToolOk(newcomer, "household.list", {});
  assert.deepEqual(households.map((h) => [h.name, h.my_role]), [["The Newcomers", "owner"]]);
});

Deno.test("a join makes the household joined the default; the member's undo sets the previous one back", async () => {
  const { alice, bob } = await twoHouseholds(sql, "onboarding-default");
  const bobs = await householdOf(sql, bob);
  await callToolOk(bob, "household.set_default", { household_id: bobs });
  const joined = await joinHousehold(bob, alice);
  assert.deepEqual([joined.became_default, joined.previous_default_household_id], [true, bobs]);
  const defaults = async () =>
    (await callToolOk(bob, "household.list", {})).households.filter((h) => h.is_default).map((h) => h.id);
  assert.deepEqual(await defaults(), [joined.household_id]);
  const join = await lastWrite(bob, { tool: "household.join", householdId: joined.household_id });
  assert.equal(await householdOfUnnamedCalls(bob), joined.household_id, "calls naming none go there");
  await callToolOk(bob, "history.undo", { invocation_id: join.invocation_id }, { householdId: joined.household_id });
  assert.deepEqual(await defaults(), [bobs], "the default before the join is back");
});

globalThis.addEventListener("unload", () => sql.end());

import assert from "node:assert/strict";
import { callTool, callToolOk, supabaseAs } from "../support/tools-client.ts";
import { householdOf, inviteRow, joinHousehold, twoHouseholds } from "../support/households.ts";
import { adminSql, createTestUser, type TestUser } from "../support/stack.ts";
import type { Household } from "../../shared/tools/household/results.ts";

const sql = adminSql();
const { alice: owner, bob: outsider } = await twoHouseholds(sql, "household");
const ownerHousehold = await householdOf(sql, owner);

async function newInvite(): Promise<string> {
  return (await callToolOk(owner, "household.create_invite", {})).code;
}

async function inviteId(code: string): Promise<string> {
  const [row] = await sql<{ id: string }[]>`select id from public.household_invites where code = ${code}`;
  return row.id;
}

async function membershipsOf(user: TestUser): Promise<string[][]> {
  const rows = await sql`
    select household_id::text, role from public.household_members where user_id = ${user.id} order by created_at`;
  return rows.map((row) => [row.household_id, row.role]);
}

Deno.test("household.get lists the caller's household, its members and the caller's role, through supabase-js", async () => {
  const { data, error } = await supabaseAs(owner).functions.invoke("household/get", { body: {} });
  assert.equal(error, null);
  const [household] = data.data.households as Household[];
  const [row] = await sql`select name, created_at from public.households where id = ${ownerHousehold}`;
  const [member] = await sql`
    select created_at from public.household_members where household_id = ${ownerHousehold} and user_id = ${owner.id}`;
  assert.deepEqual(data.data.households, [{
    id: ownerHousehold,
    name: "My household",
    my_role: "owner",
    created_at: household.created_at,
    members: [{
      user_id: owner.id,
      role: "owner",
      email: owner.email,
      display_name: null,
      joined_at: household.members[0].joined_at,
    }],
  }]);
  assert.equal(Date.parse(household.created_at), row.created_at.getTime());
  assert.equal(Date.parse(household.members[0].joined_at), member.created_at.getTime());

  for (const input of [{ household_id: ownerHousehold }, { include_members: false }]) {
    const refused = await callTool(owner, "household.get", input);
    const field = Object.keys(input)[0];
    assert.deepEqual([refused.status, refused.body.error?.type, refused.body.error?.field], [
      400,
      "VALIDATION_ERROR",
      field,
    ]);
  }
});

Deno.test("an owner invites, a second member joins, then both see the same lists and items", async () => {
  const joiner = await createTestUser(sql, "household-joiner");
  const joinerHousehold = await householdOf(sql, joiner);
  const invite = await callToolOk(
    owner,
    "household.create_invite",
    {},
  );
  assert.equal(invite.household_id, ownerHousehold);
  // 32 random bytes as unpadded base64url: a link can carry it as it is.
  assert.match(invite.code, /^[A-Za-z0-9_-]{43}$/);
  const week = Date.parse(invite.expires_at) - Date.now();
  assert.ok(week > 7 * 86_400_000 - 60_000 && week <= 7 * 86_400_000, invite.expires_at);
  assert.deepEqual(await inviteRow(sql, invite.code), { household_id: ownerHousehold, use_count: 0, max_uses: null });

  const { grocery_list_id } = await callToolOk(owner, "grocery.create_list", {
    name: "Shared list",
  });
  const inviteIdOfCode = await inviteId(invite.code);
  const { data } = await supabaseAs(joiner).functions.invoke("household/join", { body: { code: ` ${invite.code} ` } });
  assert.deepEqual(data.data, {
    household_id: ownerHousehold,
    invite_id: inviteIdOfCode,
    name: "My household",
    role: "member",
    already_member: false,
    // The household joined is the joiner's default now; they had none before (one household, implied).
    became_default: true,
    previous_default_household_id: null,
  });
  const again = await callToolOk(joiner, "household.join", { code: invite.code });
  assert.deepEqual(again, {
    household_id: ownerHousehold,
    invite_id: inviteIdOfCode,
    name: "My household",
    role: "member",
    already_member: true,
  });
  assert.equal((await inviteRow(sql, invite.code))!.use_count, 1);
  // An owner redeeming their own household's code keeps their role.
  const ownerJoins = await callToolOk(owner, "household.join", { code: invite.code });
  assert.deepEqual([ownerJoins.role, ownerJoins.already_member], ["owner", true]);
  assert.deepEqual(await membershipsOf(joiner), [[joinerHousehold, "owner"], [ownerHousehold, "member"]]);

  // Two households now: the one joined is the default, so a call that names none goes there.
  const unnamed = await callTool(joiner, "grocery.list_lists", {});
  assert.deepEqual([unnamed.status, unnamed.headers.get("x-household-id")], [200, ownerHousehold]);
  const shared = await callToolOk(joiner, "grocery.list_lists", {}, {
    householdId: ownerHousehold,
  });
  assert.deepEqual(shared.lists.map((list) => list.id), [grocery_list_id]);
  const own = await callToolOk(joiner, "grocery.list_lists", {}, {
    householdId: joinerHousehold,
  });
  assert.deepEqual(own.lists, []);
  const item = await callToolOk(joiner, "grocery.add_item", {
    grocery_list_id,
    name: "coffee",
    quantity: 1,
    unit: "package",
  }, { householdId: ownerHousehold });
  const ownersView = await callToolOk(owner, "grocery.get_list", {
    grocery_list_id,
  });
  assert.deepEqual(ownersView.items.map((entry) => [entry.id, entry.name]), [[item.grocery_item_id, "coffee"]]);
  const joinersView = await callToolOk(joiner, "grocery.get_list", { grocery_list_id }, {
    householdId: ownerHousehold,
  });
  assert.deepEqual(joinersView.items.map((entry) => entry.id), [item.grocery_item_id]);
  const wrongHousehold = await callTool(joiner, "grocery.get_list", { grocery_list_id }, {
    householdId: joinerHousehold,
  });
  assert.deepEqual([wrongHousehold.status, wrongHousehold.body.error?.field], [404, "grocery_list_id"]);

  const byOwner = await callToolOk(owner, "household.get", {});
  assert.deepEqual(byOwner.households[0].members.map((member) => [member.user_id, member.role, member.email]), [
    [owner.id, "owner", owner.email],
    [joiner.id, "member", joiner.email],
  ]);
  const byJoiner = await callToolOk(joiner, "household.get", {});
  assert.deepEqual(
    byJoiner.households.map((household) => [household.id, household.my_role, household.members.length]),
    [
      [joinerHousehold, "owner", 1],
      [ownerHousehold, "member", 2],
    ],
  );
  const notMine = await callTool(outsider, "grocery.list_lists", {}, { householdId: ownerHousehold });
  assert.deepEqual([notMine.status, notMine.body.error?.field], [404, "household_id"]);
});

Deno.test("only an owner can invite: a member gets PERMISSION_DENIED and no invite is made", async () => {
  const member = await createTestUser(sql, "household-member");
  await joinHousehold(member, owner);
  const [{ before }] = await sql`
    select count(*)::int as before from public.household_invites where household_id = ${ownerHousehold}`;
  const refused = await callTool(member, "household.create_invite", {}, { householdId: ownerHousehold });
  assert.deepEqual([refused.status, refused.body.error?.type], [403, "PERMISSION_DENIED"]);
  assert.equal(refused.body.error?.message, "only an owner of the household can invite");
  const [{ after }] = await sql`
    select count(*)::int as after from public.household_invites where household_id = ${ownerHousehold}`;
  assert.equal(after, before);
  // Naming none, the member's default answers: the household joined, where they are not an owner.
  const unnamed = await callTool(member, "household.create_invite", {});
  assert.deepEqual([unnamed.status, unnamed.body.error?.type], [403, "PERMISSION_DENIED"]);
});

Deno.test("an unknown code is NOT_FOUND; an expired or used-up one is CONFLICT; neither changes anything", async () => {
  const unknown = await callTool(outsider, "household.join", { code: "0123456789abcdef" });
  assert.deepEqual([unknown.status, unknown.body.error?.type, unknown.body.error?.field], [404, "NOT_FOUND", "code"]);

  const expired = await newInvite();
  await sql`update public.household_invites set expires_at = now() - interval '1 minute' where code = ${expired}`;
  const late = await callTool(outsider, "household.join", { code: expired });
  assert.deepEqual([late.status, late.body.error?.type, late.body.error?.field], [409, "CONFLICT", "code"]);
  assert.match(late.body.error!.message, /^this invite code expired on \d{4}-\d{2}-\d{2} .*ask an owner/);

  const once = await newInvite();
  await sql`update public.household_invites set max_uses = 1 where code = ${once}`;
  const first = await createTestUser(sql, "household-once");
  await callToolOk(first, "household.join", { code: once });
  const usedUp = await callTool(outsider, "household.join", { code: once });
  assert.deepEqual([usedUp.status, usedUp.body.error?.type], [409, "CONFLICT"]);
  assert.equal(
    usedUp.body.error?.message,
    "this invite code has been used 1 of 1 times; ask an owner of the household for a new one",
  );
  // Whoever already joined is told so, even once the code is used up or expired.
  const rejoin = await callToolOk(first, "household.join", { code: once });
  assert.equal(rejoin.already_member, true);
  await sql`update public.household_invites set expires_at = now() - interval '1 minute' where code = ${once}`;
  assert.equal((await callToolOk(first, "household.join", { code: once })).already_member, true);
  assert.equal((await inviteRow(sql, once))!.use_count, 1);

  assert.deepEqual(await membershipsOf(outsider), [[await householdOf(sql, outsider), "owner"]]);
});

Deno.test("concurrent joins never exceed an invite's max_uses", async () => {
  const code = await newInvite();
  await sql`update public.household_invites set max_uses = 2 where code = ${code}`;
  const users = await Promise.all([1, 2, 3, 4, 5].map((n) => createTestUser(sql, `household-rush-${n}`)));
  const responses = await Promise.all(users.map((user) => callTool(user, "household.join", { code })));
  assert.deepEqual(responses.map((response) => response.status).sort(), [200, 200, 409, 409, 409]);
  assert.equal((await inviteRow(sql, code))!.use_count, 2);
  const [{ members }] = await sql`
    select count(*)::int as members from public.household_members
    where household_id = ${ownerHousehold} and user_id = any(${users.map((user) => user.id)}::uuid[])`;
  assert.equal(members, 2);
});

Deno.test("household tools refuse bad codes, unknown keys and missing or bad tokens", async () => {
  const attempts: [string, unknown, string][] = [
    ["household.join", {}, "code"],
    ["household.join", { code: "short" }, "code"],
    ["household.join", { code: "has spaces in it" }, "code"],
    ["household.join", { code: "x".repeat(65) }, "code"],
    ["household.join", { code: "0123456789abcdef", role: "owner" }, "role"],
    ["household.create_invite", { uses: 3 }, "uses"],
    ["household.create_invite", { max_uses: 51 }, "max_uses"],
  ];
  for (const [tool, input, field] of attempts) {
    const response = await callTool(owner, tool, input);
    assert.deepEqual([response.status, response.body.error?.type, response.body.error?.field], [
      400,
      "VALIDATION_ERROR",
      field,
    ], `${tool} ${JSON.stringify(input)}`);
  }
  const code = await newInvite();
  const inputs: [string, unknown][] = [["household.get", {}], ["household.create_invite", {}], ["household.join", {
    code,
  }]];
  for (const [tool, input] of inputs) {
    for (const user of [undefined, { ...outsider, token: `${outsider.token}x` }]) {
      const response = await callTool(user, tool, input);
      assert.deepEqual([response.status, response.body.error?.type], [401, "UNAUTHENTICATED"], tool);
    }
  }
  assert.equal((await inviteRow(sql, code))!.use_count, 0);
});

globalThis.addEventListener("unload", () => sql.end());

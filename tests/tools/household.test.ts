import assert from "node:assert/strict";
import { callTool, callToolOk, supabaseAs } from "../support/tools-client.ts";
import { householdOf, twoHouseholds } from "../support/households.ts";
import { adminSql, createTestUser } from "../support/stack.ts";

const sql = adminSql();
const { alice: owner, bob: outsider } = await twoHouseholds(sql, "household");
const joiner = await createTestUser(sql, "household-joiner");
const ownerHousehold = await householdOf(sql, owner);
const joinerHousehold = await householdOf(sql, joiner);

type Household = {
  id: string;
  name: string;
  my_role: string;
  members: { user_id: string; role: string; email: string }[];
};

Deno.test("household.get lists the caller's household with its members and the caller's role", async () => {
  const client = supabaseAs(owner);
  const { data, error } = await client.functions.invoke("household/get", { body: {} });
  assert.equal(error, null);
  const households = data.data.households as Household[];
  assert.equal(households.length, 1);
  assert.equal(households[0].id, ownerHousehold);
  assert.equal(households[0].my_role, "owner");
  assert.deepEqual(households[0].members.map((member) => [member.user_id, member.role, member.email]), [
    [owner.id, "owner", owner.email],
  ]);
  const withField = await callTool(owner, "household.get", { household_id: ownerHousehold });
  assert.equal(withField.status, 400);
});

Deno.test("an owner invites, a second member joins, then both see the same lists", async () => {
  const invite = await callToolOk<{ household_id: string; code: string; expires_at: string }>(
    owner,
    "household.create_invite",
    {},
  );
  assert.equal(invite.household_id, ownerHousehold);
  assert.match(invite.code, /^[0-9a-f]{32}$/);
  assert.ok(Date.parse(invite.expires_at) > Date.now() + 6 * 86_400_000);

  const { grocery_list_id } = await callToolOk<{ grocery_list_id: string }>(owner, "grocery.create_list", {
    name: "Shared list",
  });
  const joined = await callToolOk<{ household_id: string; role: string; already_member: boolean }>(
    joiner,
    "household.join",
    { code: invite.code },
  );
  assert.deepEqual(joined, {
    household_id: ownerHousehold,
    name: "My household",
    role: "member",
    already_member: false,
  });
  const again = await callToolOk<{ already_member: boolean }>(joiner, "household.join", { code: invite.code });
  assert.equal(again.already_member, true);
  const [{ use_count }] = await sql`select use_count from public.household_invites where code = ${invite.code}`;
  assert.equal(use_count, 1);

  // Two households now: the joiner must name one.
  const unnamed = await callTool(joiner, "grocery.list_lists", {});
  assert.equal(unnamed.status, 400);
  assert.equal(unnamed.body.error?.field, "household_id");
  const shared = await callToolOk<{ lists: { id: string }[] }>(joiner, "grocery.list_lists", {}, {
    householdId: ownerHousehold,
  });
  assert.deepEqual(shared.lists.map((list) => list.id), [grocery_list_id]);
  const own = await callToolOk<{ lists: { id: string }[] }>(joiner, "grocery.list_lists", {
    household_id: joinerHousehold,
  });
  assert.deepEqual(own.lists, []);
  const item = await callToolOk<{ grocery_item_id: string }>(joiner, "grocery.add_item", {
    household_id: ownerHousehold,
    grocery_list_id,
    name: "coffee",
    quantity: 1,
    unit: "package",
  });
  const ownersView = await callToolOk<{ items: { id: string }[] }>(owner, "grocery.get_list", { grocery_list_id });
  assert.deepEqual(ownersView.items.map((entry) => entry.id), [item.grocery_item_id]);

  const { households } = await callToolOk<{ households: Household[] }>(owner, "household.get", {});
  assert.deepEqual(households[0].members.map((member) => member.role), ["owner", "member"]);
  const notMine = await callTool(outsider, "grocery.list_lists", {}, { householdId: ownerHousehold });
  assert.equal(notMine.status, 404);
  assert.equal(notMine.body.error?.field, "household_id");
});

Deno.test("only an owner can invite", async () => {
  const invite = await callToolOk<{ code: string }>(owner, "household.create_invite", {});
  const member = await createTestUser(sql, "household-member");
  await callToolOk(member, "household.join", { code: invite.code });
  const refused = await callTool(member, "household.create_invite", {}, { householdId: ownerHousehold });
  assert.equal(refused.status, 403);
  assert.equal(refused.body.error?.type, "PERMISSION_DENIED");
});

Deno.test("unknown, expired and used-up codes are NOT_FOUND, and change nothing", async () => {
  const unknown = await callTool(outsider, "household.join", { code: "0123456789abcdef" });
  assert.equal(unknown.status, 404);
  assert.equal(unknown.body.error?.field, "code");

  const expired = await callToolOk<{ code: string }>(owner, "household.create_invite", {});
  await sql`update public.household_invites set expires_at = now() - interval '1 minute' where code = ${expired.code}`;
  assert.equal((await callTool(outsider, "household.join", { code: expired.code })).status, 404);

  const once = await callToolOk<{ code: string }>(owner, "household.create_invite", {});
  await sql`update public.household_invites set max_uses = 1 where code = ${once.code}`;
  const first = await createTestUser(sql, "household-once");
  await callToolOk(first, "household.join", { code: once.code });
  assert.equal((await callTool(outsider, "household.join", { code: once.code })).status, 404);

  const [{ count }] =
    await sql`select count(*)::int as count from public.household_members where user_id = ${outsider.id}`;
  assert.equal(count, 1);
  const badCode = await callTool(outsider, "household.join", { code: "has spaces in it" });
  assert.equal(badCode.body.error?.field, "code");
});

globalThis.addEventListener("unload", () => sql.end());

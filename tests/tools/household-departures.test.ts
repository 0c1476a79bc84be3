// A member removed or gone is told so at once and in words: the household's channel gets a poke naming them
// (ids only), and any call naming the household answers "Alice removed you from The Smiths." / "You left The
// Smiths." instead of "household not found"; once an undo puts them back, calls work again.
import assert from "node:assert/strict";
import { householdOf, joinHousehold, twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";
import { callTool, callToolOk } from "../support/tools-client.ts";

const sql = adminSql();
const { alice, bob } = await twoHouseholds(sql, "departures");
const household = await householdOf(sql, alice);
const options = { householdId: household };
await callToolOk(alice, "household.set_display_name", { display_name: "Alice" });
await callToolOk(alice, "household.rename", { name: "The Smiths" }, options);

/** The newest message of the household's channel so far: pokes after it are the next write's. */
async function lastPoke(): Promise<string> {
  // As text: a Date would drop the microseconds.
  const [row] = await sql<{ at: string }[]>`
    select coalesce(max(inserted_at), '2000-01-01')::text as at from realtime.messages
    where topic = ${"household:" + household}`;
  return row.at;
}

async function pokes(since: string) {
  return await sql<{ payload: Record<string, unknown> }[]>`
    select payload - 'id' as payload from realtime.messages
    where topic = ${"household:" + household} and event = 'poke' and inserted_at > ${since}::timestamptz
    order by inserted_at`;
}

Deno.test("a removed member's next call says who removed them from which household; the channel was poked", async () => {
  await joinHousehold(bob, alice, household);
  const before = await lastPoke();
  await callToolOk(alice, "household.remove_member", { user_id: bob.id }, options);
  assert.deepEqual((await pokes(before)).map((row) => row.payload), [
    { kind: "member_removed", user_id: bob.id, by: alice.id },
  ]);

  const refused = await callTool(bob, "grocery.list_lists", {}, options);
  assert.deepEqual([refused.status, refused.body.error?.type, refused.body.error?.field], [
    404,
    "NOT_FOUND",
    "household_id",
  ]);
  assert.equal(refused.body.error?.message, "Alice removed you from The Smiths.");

  // An owner's undo puts Bob back: his calls work again, and nothing says he was removed.
  const removal = (await callToolOk(alice, "history.list", { limit: 1 }, options)).entries[0];
  await callToolOk(alice, "history.undo", { invocation_id: removal.invocation_id }, options);
  assert.equal((await callTool(bob, "grocery.list_lists", {}, options)).status, 200);
});

Deno.test("a member who left is told 'You left …' on a device that still names the household", async () => {
  const before = await lastPoke();
  await callToolOk(bob, "household.leave", {}, options);
  assert.deepEqual((await pokes(before)).at(-1)?.payload, { kind: "member_left", user_id: bob.id });
  const refused = await callTool(bob, "grocery.list_lists", {}, options);
  assert.equal(refused.status, 404);
  assert.equal(refused.body.error?.message, "You left The Smiths.");
});

Deno.test("someone who was never a member still gets 'household not found'", async () => {
  const { alice: eve } = await twoHouseholds(sql, "departures-eve");
  const refused = await callTool(eve, "grocery.list_lists", {}, options);
  assert.deepEqual([refused.status, refused.body.error?.message], [404, "household not found"]);
});

Deno.test("cleanup", async () => {
  await sql.end();
});

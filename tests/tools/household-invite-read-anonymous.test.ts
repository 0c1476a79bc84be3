// What an invite link opens, read with no session (POST /functions/v1/household/public/invite), as the sign-up page
// reads it: the household's name and the inviter's display name for a code that would let someone join now, and
// nothing else; one refusal for a made-up, revoked, expired or used-up code; a limit on failed reads per address.
import assert from "node:assert/strict";
import { createClient, FunctionsHttpError } from "@supabase/supabase-js";
import { householdOf, twoHouseholds } from "../support/households.ts";
import { adminSql, functionsUrl, stackEnv } from "../support/stack.ts";
import { callToolOk } from "../support/tools-client.ts";

const sql = adminSql();
const { alice, bob } = await twoHouseholds(sql, "invite-read");
const household = await householdOf(sql, alice);
const options = { householdId: household };
await callToolOk(alice, "household.set_display_name", { display_name: "Alice" });
await callToolOk(alice, "household.rename", { name: "The Journeys" }, options);
const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** A distinct caller address per test, so that one test's failures never limit another's. */
function testAddress(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(2));
  return `198.18.${bytes[0]}.${bytes[1]}`;
}

/** As a browser without a session calls it: the project's anon key and nothing else. */
async function readInvite(code: unknown, address: string) {
  const response = await fetch(functionsUrl("household/public/invite"), {
    method: "POST",
    headers: {
      apikey: stackEnv().anonKey,
      authorization: `Bearer ${stackEnv().anonKey}`,
      "content-type": "application/json",
      "x-forwarded-for": `${address}, 10.0.0.1`,
    },
    body: JSON.stringify({ code }),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

Deno.test("a valid code reads the household's name and who invited, and nothing else", async () => {
  const { code } = await callToolOk(alice, "household.create_invite", {}, options);
  const read = await readInvite(code, testAddress());
  assert.equal(read.status, 200);
  assert.deepEqual(JSON.parse(read.text), { ok: true, data: { household_name: "The Journeys", invited_by: "Alice" } });
  assert.doesNotMatch(read.text, uuid, "no id");
  assert.ok(!read.text.includes(alice.email) && !read.text.includes(bob.email), "no email");
});

Deno.test("supabase-js without a session reads it as the sign-up page does", async () => {
  const { code } = await callToolOk(alice, "household.create_invite", {}, options);
  const client = createClient(stackEnv().apiUrl, stackEnv().anonKey, { auth: { persistSession: false } });
  const { data, error } = await client.functions.invoke("household/public/invite", { body: { code } });
  assert.equal(error, null);
  assert.deepEqual(data, { ok: true, data: { household_name: "The Journeys", invited_by: "Alice" } });
  const refused = await client.functions.invoke("household/public/invite", { body: { code: "n".repeat(43) } });
  assert.ok(refused.error instanceof FunctionsHttpError);
  assert.equal((refused.error.context as Response).status, 404);
  await (refused.error.context as Response).body?.cancel();
});

Deno.test("made-up, revoked, expired and used-up codes get the same refusal, which says not which", async () => {
  const address = testAddress();
  const revoked = await callToolOk(alice, "household.create_invite", {}, options);
  await callToolOk(alice, "household.revoke_invite", { invite_id: revoked.invite_id }, options);
  const expired = await callToolOk(alice, "household.create_invite", {}, options);
  await sql`update household_invites set expires_at = now() - interval '1 minute' where id = ${expired.invite_id}`;
  const usedUp = await callToolOk(alice, "household.create_invite", { max_uses: 1 }, options);
  await callToolOk(bob, "household.join", { code: usedUp.code }, { idempotencyKey: crypto.randomUUID() });
  const replies = [];
  for (const code of ["m".repeat(43), revoked.code, expired.code, usedUp.code]) {
    replies.push(await readInvite(code, address));
  }
  assert.deepEqual(replies.map((reply) => reply.status), [404, 404, 404, 404]);
  assert.equal(new Set(replies.map((reply) => reply.text)).size, 1, "one body for all four");
  assert.deepEqual(JSON.parse(replies[0].text).error, {
    type: "NOT_FOUND",
    field: "code",
    retryable: false,
    message: "This invite link does not work: it may be mistyped, revoked, expired or used up. Ask whoever sent " +
      "it for a new one.",
  });
  await callToolOk(alice, "household.remove_member", { user_id: bob.id }, options);
});

Deno.test("a code that is not one is a validation error, as every input is, and reads nothing", async () => {
  const read = await readInvite("short", testAddress());
  assert.equal(read.status, 400);
  assert.deepEqual([JSON.parse(read.text).error.type, JSON.parse(read.text).error.field], ["VALIDATION_ERROR", "code"]);
  const extra = await readInvite(undefined, testAddress());
  assert.equal(extra.status, 400);
});

Deno.test("after 20 failed reads an address is refused for a while, even a valid code; others are not", async () => {
  const address = testAddress();
  const { code } = await callToolOk(alice, "household.create_invite", {}, options);
  for (let attempt = 1; attempt <= 20; attempt++) {
    const guess = await readInvite(`guess-${attempt}-${crypto.randomUUID()}`, address);
    assert.equal(guess.status, 404, `guess ${attempt}`);
  }
  const limited = await readInvite(code, address);
  assert.equal(limited.status, 429);
  assert.equal(JSON.parse(limited.text).error.type, "RATE_LIMITED");
  const retryAfter = Number(limited.headers.get("retry-after"));
  assert.ok(retryAfter >= 1 && retryAfter <= 600, `Retry-After ${retryAfter}`);
  assert.equal((await readInvite(code, testAddress())).status, 200, "another address still reads it");
  await sql`delete from private.invite_read_failures where bucket = ${`address ${address}`}`;
});

Deno.test("cleanup", async () => {
  await sql.end();
});

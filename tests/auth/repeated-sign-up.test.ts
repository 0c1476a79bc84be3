// Signing up again with an address that is not yet confirmed must not change the account: GoTrue leaves such a user
// as it is ("we can't be sure of their claimed identity") and only sends the confirmation again. Were the password
// taken, whoever signed up second would be let in once the address's owner confirms it.
import assert from "node:assert/strict";
import { AuthApiError, createClient } from "@supabase/supabase-js";
import { adminSql, stackEnv } from "../support/stack.ts";
import { appClient, linkAndCode, mailTo, openLink, startStandIn, uniqueEmail } from "./auth-client.ts";

const sql = adminSql();

const passwordOf = async (email: string) => {
  const [row] = await sql<{ encrypted_password: string | null; raw_user_meta_data: Record<string, unknown> }[]>`
    select encrypted_password, raw_user_meta_data from auth.users where email = ${email}`;
  return row;
};

Deno.test("with confirmations on, a second sign-up of an unconfirmed address resends the confirmation and changes nothing", async () => {
  // No interval between two emails, so that the second sign-up's email is sent (GoTrue's own limit is not tested).
  const standIn = await startStandIn({ AUTH_EMAIL_CONFIRMATIONS: "on", AUTH_EMAIL_MAX_FREQUENCY: "0" });
  try {
    const email = uniqueEmail("unconfirmed");
    const owner = await appClient(standIn.apiUrl).auth.signUp({
      email,
      password: "the owner's password",
      options: { data: { display_name: "Owner" } },
    });
    assert.equal(owner.error, null);
    const before = await passwordOf(email);

    const intruder = await appClient(standIn.apiUrl).auth.signUp({
      email,
      password: "the intruder's password",
      options: { data: { display_name: "Intruder" } },
    });
    assert.equal(intruder.error, null, "the same answer as for a new address");
    assert.equal(intruder.data.session, null);
    assert.equal(intruder.data.user?.id, owner.data.user?.id, "the user as it is, as GoTrue answers");
    assert.equal(intruder.data.user?.user_metadata.display_name, "Owner");
    const after = await passwordOf(email);
    assert.equal(after.encrypted_password, before.encrypted_password, "the password is not replaced");
    assert.equal(after.raw_user_meta_data.display_name, "Owner", "nor the metadata");

    // The confirmation is sent again; the owner confirms with it.
    const emails = await mailTo(email, standIn.apiUrl);
    assert.deepEqual(emails.map((message) => message.kind), ["confirmation", "confirmation"]);
    const { fragment } = await openLink(linkAndCode(emails[0]).link);
    assert.ok(fragment.get("access_token"), fragment.get("error_description") ?? "");

    const takeover = await appClient(standIn.apiUrl).auth.signInWithPassword({
      email,
      password: "the intruder's password",
    });
    assert.ok(takeover.error instanceof AuthApiError);
    assert.equal(takeover.error.code, "invalid_credentials");
    const own = await appClient(standIn.apiUrl).auth.signInWithPassword({ email, password: "the owner's password" });
    assert.equal(own.error, null);
  } finally {
    await standIn.close();
  }
});

Deno.test("with confirmations off, signing up an invited address that is not yet confirmed is refused and changes nothing", async () => {
  const email = uniqueEmail("invited-taken");
  const admin = createClient(stackEnv().apiUrl, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  assert.equal((await admin.auth.admin.inviteUserByEmail(email)).error, null);
  const [invite] = await mailTo(email);

  // GoTrue would confirm the address and hand whoever asked a session; the stand-in refuses as for a confirmed one.
  const intruder = await appClient().auth.signUp({ email, password: "the intruder's password" });
  assert.ok(intruder.error instanceof AuthApiError);
  assert.deepEqual([intruder.error.status, intruder.error.code], [422, "user_already_exists"]);
  assert.equal(intruder.data.session, null);
  assert.equal((await passwordOf(email)).encrypted_password, null, "no password was set");
  const [sessions] = await sql`select count(*)::int as n from auth.sessions s join auth.users u on u.id = s.user_id
    where u.email = ${email}`;
  assert.equal(sessions.n, 0);

  // The invite still works for the person invited.
  const { fragment } = await openLink(linkAndCode(invite).link);
  assert.ok(fragment.get("access_token"), fragment.get("error_description") ?? "");
});

globalThis.addEventListener("unload", () => sql.end());

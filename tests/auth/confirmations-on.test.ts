import assert from "node:assert/strict";
import { AuthApiError } from "@supabase/supabase-js";
import { startAuthServer } from "../../supabase/local/auth/server.ts";
import { authSettingsFromEnv } from "../../supabase/local/auth/settings.ts";
import { readSigningKey } from "../../supabase/local/stack/signing-key.ts";
import { adminSql, stackEnv } from "../support/stack.ts";
import { appClient, linkAndCode, mailTo, openLink, uniqueEmail } from "./auth-client.ts";

// Hosted Auth's default, which the stack turns on with AUTH_EMAIL_CONFIRMATIONS=on: the test runs a second
// stand-in with it on, on the test database, at an address of its own.
Deno.test("with confirmations on, sign-up sends a confirmation email and signs in only once it is confirmed", async () => {
  const mailboxDirectory = await Deno.makeTempDir();
  const sql = adminSql();
  let auth: ReturnType<typeof startAuthServer> | undefined;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (request) => auth!.handle(request));
  const apiUrl = `http://127.0.0.1:${server.addr.port}`;
  Deno.env.set("AUTH_EMAIL_CONFIRMATIONS", "on");
  Deno.env.set("AUTH_EMAIL_MAX_FREQUENCY", "60"); // hosted's interval between two emails of a kind
  try {
    auth = startAuthServer({
      databaseUrl: stackEnv().databaseUrl,
      signingKey: await readSigningKey(stackEnv().stateDirectory),
      settings: authSettingsFromEnv(apiUrl),
      mailboxDirectory,
    });
    const email = uniqueEmail("confirm");
    const signUp = await appClient(apiUrl).auth.signUp({ email, password: "confirm me first" });
    assert.equal(signUp.error, null);
    assert.equal(signUp.data.session, null, "no session before the email is confirmed");
    assert.ok(signUp.data.user?.confirmation_sent_at);
    assert.equal(signUp.data.user?.email_confirmed_at, undefined);

    const early = await appClient(apiUrl).auth.signInWithPassword({ email, password: "confirm me first" });
    assert.ok(early.error instanceof AuthApiError);
    assert.deepEqual([early.error.status, early.error.code], [400, "email_not_confirmed"]);

    // Asking for the confirmation again within the interval is refused, as on hosted; later it is sent again.
    const tooSoon = await appClient(apiUrl).auth.resend({ type: "signup", email });
    assert.ok(tooSoon.error instanceof AuthApiError);
    assert.deepEqual([tooSoon.error.status, tooSoon.error.code], [429, "over_email_send_rate_limit"]);
    assert.equal((await mailTo(email, apiUrl)).length, 1);
    await sql`update auth.users set confirmation_sent_at = now() - interval '61 seconds' where email = ${email}`;
    assert.equal((await appClient(apiUrl).auth.resend({ type: "signup", email })).error, null);
    const [message, first] = await mailTo(email, apiUrl);
    assert.equal(message.kind, "confirmation");
    assert.notEqual(message.id, first.id);
    const stale = await openLink(linkAndCode(first).link);
    assert.equal(stale.fragment.get("error_code"), "otp_expired", "the first email's link was replaced");
    const { fragment } = await openLink(linkAndCode(message).link);
    assert.equal(fragment.get("type"), "signup");
    assert.ok(fragment.get("access_token"));

    const signIn = await appClient(apiUrl).auth.signInWithPassword({ email, password: "confirm me first" });
    assert.equal(signIn.error, null);
    assert.ok(signIn.data.user?.email_confirmed_at);
    assert.equal(signIn.data.user?.user_metadata.email_verified, true);

    // An address that is already confirmed gets an answer like a new one's, and no email: no account is revealed.
    const repeat = await appClient(apiUrl).auth.signUp({ email, password: "someone else" });
    assert.equal(repeat.error, null);
    assert.deepEqual(repeat.data.user?.identities, []);
    assert.equal((await mailTo(email, apiUrl)).length, 2);
  } finally {
    Deno.env.delete("AUTH_EMAIL_CONFIRMATIONS");
    Deno.env.delete("AUTH_EMAIL_MAX_FREQUENCY");
    await server.shutdown();
    await auth?.close();
    await Deno.remove(mailboxDirectory, { recursive: true });
    await sql.end();
  }
});

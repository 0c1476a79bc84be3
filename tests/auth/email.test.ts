import assert from "node:assert/strict";
import { AuthApiError, createClient } from "@supabase/supabase-js";
import { adminSql, stackEnv } from "../support/stack.ts";
import { appClient, linkAndCode, mailTo, openLink, uniqueEmail } from "./auth-client.ts";

const sql = adminSql();

Deno.test("password recovery through the mailbox: the emailed link signs in, a new password is set and works", async () => {
  const email = uniqueEmail("recover");
  assert.equal((await appClient().auth.signUp({ email, password: "forgotten one" })).error, null);
  assert.deepEqual(await appClient().auth.resetPasswordForEmail(email, { redirectTo: "http://127.0.0.1:3000/reset" }), {
    data: {},
    error: null,
  });
  const [message] = await mailTo(email);
  assert.equal(message.kind, "recovery");
  assert.equal(message.subject, "Reset Your Password");
  const [stored] = await sql`select recovery_token, recovery_sent_at is not null as sent from auth.users
    where email = ${email}`;
  const { link } = linkAndCode(message);
  assert.equal(new URL(link).searchParams.get("token"), stored.recovery_token, "the link carries the stored hash");

  const { location, fragment } = await openLink(link);
  assert.equal(`${location.origin}${location.pathname}`, "http://127.0.0.1:3000/reset");
  assert.equal(fragment.get("type"), "recovery");
  const supabase = appClient();
  const { error } = await supabase.auth.setSession({
    access_token: fragment.get("access_token")!,
    refresh_token: fragment.get("refresh_token")!,
  });
  assert.equal(error, null);
  assert.equal((await supabase.auth.updateUser({ password: "remembered one" })).error, null);

  const old = await appClient().auth.signInWithPassword({ email, password: "forgotten one" });
  assert.equal(old.error?.code, "invalid_credentials");
  const fresh = await appClient().auth.signInWithPassword({ email, password: "remembered one" });
  assert.equal(fresh.error, null);
  // The link is used up.
  const second = await openLink(link);
  assert.deepEqual([second.fragment.get("error"), second.fragment.get("error_code")], ["access_denied", "otp_expired"]);
  // An unknown address gets the same answer and no email.
  const nobody = uniqueEmail("nobody");
  assert.deepEqual(await appClient().auth.resetPasswordForEmail(nobody), { data: {}, error: null });
  assert.deepEqual(await mailTo(nobody), []);
});

Deno.test("an email one-time code: signInWithOtp sends it, verifyOtp signs in with it once", async () => {
  const email = uniqueEmail("otp");
  await appClient().auth.signUp({ email, password: "with a password too" });
  assert.equal((await appClient().auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error, null);
  const [message] = await mailTo(email);
  assert.equal(message.kind, "magiclink");
  const { code } = linkAndCode(message);

  const wrongCode = code === "000000" ? "111111" : "000000";
  const wrong = await appClient().auth.verifyOtp({ email, token: wrongCode, type: "email" });
  assert.ok(wrong.error instanceof AuthApiError);
  assert.deepEqual([wrong.error.status, wrong.error.code], [403, "otp_expired"]);

  const supabase = appClient();
  const { data, error } = await supabase.auth.verifyOtp({ email, token: code, type: "email" });
  assert.equal(error, null);
  assert.equal(data.user?.email, email);
  assert.equal((await supabase.auth.getUser()).data.user?.email, email);
  const again = await appClient().auth.verifyOtp({ email, token: code, type: "email" });
  assert.equal(again.error?.code, "otp_expired", "a code works once");
  const [tokens] = await sql`select count(*)::int as n from auth.one_time_tokens t join auth.users u on u.id = t.user_id
    where u.email = ${email}`;
  assert.equal(tokens.n, 0);

  const unknown = await appClient().auth.signInWithOtp({
    email: uniqueEmail("new"),
    options: { shouldCreateUser: false },
  });
  assert.deepEqual([unknown.error?.status, unknown.error?.code], [422, "otp_disabled"]);
  // With shouldCreateUser (supabase-js's default) a new address is signed up and sent its code.
  const newcomer = uniqueEmail("newcomer");
  assert.equal((await appClient().auth.signInWithOtp({ email: newcomer })).error, null);
  const [welcome] = await mailTo(newcomer);
  const verified = await appClient().auth.verifyOtp({
    email: newcomer,
    token: linkAndCode(welcome).code,
    type: "email",
  });
  assert.equal(verified.error, null);
  assert.ok(verified.data.session);
});

Deno.test("an invite from the service role: the invite email's link signs the invited user in", async () => {
  const email = uniqueEmail("invited");
  const admin = createClient(stackEnv().apiUrl, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { data, error } = await admin.auth.admin.inviteUserByEmail(email);
  assert.equal(error, null);
  assert.ok(data.user?.invited_at);
  const refused = await appClient().auth.admin.inviteUserByEmail(uniqueEmail("by-anon"));
  assert.equal(refused.error?.status, 403, "the anon key cannot invite");

  const [message] = await mailTo(email);
  assert.equal(message.kind, "invite");
  const hash = new URL(linkAndCode(message).link).searchParams.get("token")!;
  const supabase = appClient();
  const verified = await supabase.auth.verifyOtp({ token_hash: hash, type: "invite" });
  assert.equal(verified.error, null);
  assert.ok(verified.data.user?.email_confirmed_at);
  assert.equal((await supabase.auth.updateUser({ password: "my own password" })).error, null);
  assert.equal((await appClient().auth.signInWithPassword({ email, password: "my own password" })).error, null);
});

Deno.test("the mailbox: a page people read and a JSON list by recipient", async () => {
  const email = uniqueEmail("mailbox");
  await appClient().auth.signUp({ email, password: "a password here" });
  await appClient().auth.resetPasswordForEmail(email);
  const messages = await mailTo(email.toUpperCase());
  assert.deepEqual(messages.map((message) => [message.to, message.kind]), [[email, "recovery"]]);
  const page = await fetch(`${stackEnv().apiUrl}/mailbox?to=${encodeURIComponent(email)}`);
  assert.match(page.headers.get("content-type") ?? "", /text\/html/);
  const html = await page.text();
  assert.ok(html.includes("Reset Your Password") && html.includes(`/mailbox/${messages[0].id}`));
  const one = await fetch(`${stackEnv().apiUrl}/mailbox/${messages[0].id}`);
  assert.ok((await one.text()).includes(linkAndCode(messages[0]).code));
});

globalThis.addEventListener("unload", () => sql.end());

import assert from "node:assert/strict";
import { AuthApiError } from "@supabase/supabase-js";
import { createAccessTokenVerifier } from "../../shared/auth/access-token.ts";
import { authIssuer } from "../../supabase/local/stack/signing-key.ts";
import { adminSql, stackEnv } from "../support/stack.ts";
import { appClient, uniqueEmail } from "./auth-client.ts";

const sql = adminSql();
// The functions' own verification: the stand-in's tokens must pass it as hosted Auth's do.
const verify = createAccessTokenVerifier({
  jwksUrl: `${stackEnv().apiUrl}/auth/v1/.well-known/jwks.json`,
  issuer: authIssuer(stackEnv().apiUrl),
});

Deno.test("sign-up with supabase-js returns a session (confirmations off) and writes the user as GoTrue does", async () => {
  const email = uniqueEmail("signup");
  const supabase = appClient();
  const { data, error } = await supabase.auth.signUp({
    email: email.toUpperCase(),
    password: "correct horse",
    options: { data: { display_name: "Sam" } },
  });
  assert.equal(error, null);
  assert.ok(data.session, "a session straight away, as with supabase start");
  assert.equal(data.user?.email, email);
  assert.ok(data.user?.email_confirmed_at);
  assert.deepEqual(data.user?.app_metadata, { provider: "email", providers: ["email"] });
  assert.equal(data.user?.user_metadata.display_name, "Sam");
  assert.equal(data.user?.identities?.[0].provider, "email");

  const [row] = await sql`
    select u.encrypted_password, u.email_confirmed_at is not null as confirmed, u.last_sign_in_at is not null as signed_in,
      u.raw_app_meta_data, i.provider, i.provider_id, i.email as identity_email, i.identity_data ->> 'sub' as sub,
      (select count(*)::int from auth.sessions s where s.user_id = u.id) as sessions,
      (select count(*)::int from auth.refresh_tokens r where r.user_id = u.id::text and not r.revoked) as live_tokens
    from auth.users u join auth.identities i on i.user_id = u.id where u.id = ${data.user!.id}`;
  assert.match(row.encrypted_password, /^\$2[aby]\$10\$/, "a bcrypt hash at GoTrue's cost");
  assert.deepEqual({ ...row, encrypted_password: undefined }, {
    encrypted_password: undefined,
    confirmed: true,
    signed_in: true,
    raw_app_meta_data: { provider: "email", providers: ["email"] },
    provider: "email",
    provider_id: data.user!.id,
    identity_email: email,
    sub: data.user!.id,
    sessions: 1,
    live_tokens: 1,
  });

  const claims = await verify(data.session.access_token);
  const [session] = await sql`select id, aal::text from auth.sessions where user_id = ${data.user!.id}`;
  assert.deepEqual(
    {
      iss: claims.iss,
      aud: claims.aud,
      sub: claims.sub,
      role: claims.role,
      email: claims.email,
      session_id: claims.session_id,
      aal: claims.aal,
      amr: (claims.amr as { method: string }[]).map((entry) => entry.method),
      is_anonymous: claims.is_anonymous,
      app_metadata: claims.app_metadata,
      display_name: claims.user_metadata?.display_name,
      expires_in: (claims.exp ?? 0) - (claims.iat ?? 0),
    },
    {
      iss: `${stackEnv().apiUrl}/auth/v1`,
      aud: "authenticated",
      sub: data.user!.id,
      role: "authenticated",
      email,
      session_id: session.id,
      aal: "aal1",
      amr: ["password"],
      is_anonymous: false,
      app_metadata: { provider: "email", providers: ["email"] },
      display_name: "Sam",
      expires_in: 3600,
    },
  );

  const again = await appClient().auth.signUp({ email, password: "another one" });
  assert.ok(again.error instanceof AuthApiError);
  assert.deepEqual([again.error.status, again.error.code], [422, "user_already_exists"]);
});

Deno.test("a wrong password, an unknown address, a short password and anonymous sign-in are refused with GoTrue's codes", async () => {
  const email = uniqueEmail("wrong");
  const supabase = appClient();
  assert.equal((await supabase.auth.signUp({ email, password: "right password" })).error, null);
  for (
    const attempt of [{ email, password: "wrong password" }, { email: uniqueEmail("nobody"), password: "x1234567" }]
  ) {
    const { data, error } = await appClient().auth.signInWithPassword(attempt);
    assert.ok(error instanceof AuthApiError);
    assert.deepEqual([error.status, error.code, error.message], [
      400,
      "invalid_credentials",
      "Invalid login credentials",
    ]);
    assert.equal(data.session, null);
  }
  const anonymous = await appClient().auth.signInAnonymously();
  assert.deepEqual([anonymous.error?.status, anonymous.error?.code], [422, "anonymous_provider_disabled"]);
  const shortEmail = uniqueEmail("short");
  const short = await appClient().auth.signUp({ email: shortEmail, password: "abc" });
  assert.deepEqual([short.error?.status, short.error?.code], [422, "weak_password"]);
  const [count] = await sql`select count(*)::int as n from auth.users where email = ${shortEmail}`;
  assert.equal(count.n, 0);
});

Deno.test("sign-in, the user endpoint and a tool called with the session", async () => {
  const email = uniqueEmail("signin");
  await appClient().auth.signUp({ email, password: "a good password" });
  const supabase = appClient();
  const { data, error } = await supabase.auth.signInWithPassword({ email, password: "a good password" });
  assert.equal(error, null);
  assert.ok(data.session);
  const user = await supabase.auth.getUser();
  assert.equal(user.error, null);
  assert.equal(user.data.user?.email, email);
  const [sessions] = await sql`select count(*)::int as n from auth.sessions where user_id = ${data.user!.id}`;
  assert.equal(sessions.n, 2, "sign-up's session and sign-in's");

  // The session's access token reaches a tool, as a signed-in app's does (its personal household, made at sign-up).
  const household = await supabase.functions.invoke("household/get", { body: {} });
  assert.equal(household.error, null);
  assert.deepEqual(household.data.data.households.map((entry: { my_role: string }) => entry.my_role), ["owner"]);
  assert.equal(household.data.data.households[0].members[0].email, email);
});

Deno.test("requests without the project's API key are refused, as Supabase's gateway refuses them", async () => {
  const url = `${stackEnv().apiUrl}/auth/v1/token?grant_type=password`;
  const body = JSON.stringify({ email: "a@example.com", password: "whatever" });
  const missing = await fetch(url, { method: "POST", body, headers: { "content-type": "application/json" } });
  assert.deepEqual([missing.status, (await missing.json()).message], [401, "No API key found in request"]);
  const wrong = await fetch(url, { method: "POST", body, headers: { apikey: "not-a-key" } });
  assert.deepEqual([wrong.status, (await wrong.json()).message], [401, "Invalid API key"]);
  const badJson = await fetch(url, { method: "POST", body: "{", headers: { apikey: stackEnv().anonKey } });
  assert.deepEqual([badJson.status, (await badJson.json()).code], [400, "bad_json"]);
});

globalThis.addEventListener("unload", () => sql.end());

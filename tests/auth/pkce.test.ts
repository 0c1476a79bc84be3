import assert from "node:assert/strict";
import { createClient } from "@supabase/supabase-js";
import { adminSql, stackEnv } from "../support/stack.ts";
import { appClient, linkAndCode, mailTo, openLink, uniqueEmail } from "./auth-client.ts";

const sql = adminSql();

/** supabase-js with flowType "pkce", as @supabase/ssr makes it: links come back with ?code= to trade. */
function pkceClient() {
  return createClient(stackEnv().apiUrl, stackEnv().anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, flowType: "pkce" },
  });
}

Deno.test("PKCE recovery: the link returns an auth code that only the requesting client can trade, once", async () => {
  const email = uniqueEmail("pkce");
  assert.equal((await appClient().auth.signUp({ email, password: "lost password" })).error, null);
  const supabase = pkceClient();
  const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo: "http://127.0.0.1:3000/reset" });
  assert.equal(error, null);
  const [stored] = await sql`select u.recovery_token, f.authentication_method, f.code_challenge_method::text
    from auth.users u join auth.flow_state f on f.user_id = u.id where u.email = ${email}`;
  assert.match(stored.recovery_token, /^pkce_[0-9a-f]{56}$/);
  assert.deepEqual([stored.authentication_method, stored.code_challenge_method], ["recovery", "s256"]);

  const { location, fragment } = await openLink(linkAndCode((await mailTo(email))[0]).link);
  assert.equal(fragment.get("access_token"), null, "no tokens in the address with PKCE");
  const code = location.searchParams.get("code")!;
  assert.match(code, /^[0-9a-f-]{36}$/);

  const stranger = await pkceClient().auth.exchangeCodeForSession(code);
  assert.ok(stranger.error, "another client has no code verifier");
  const wrong = await fetch(`${stackEnv().apiUrl}/auth/v1/token?grant_type=pkce`, {
    method: "POST",
    headers: { apikey: stackEnv().anonKey, "content-type": "application/json" },
    body: JSON.stringify({ auth_code: code, code_verifier: "x".repeat(43) }),
  });
  assert.deepEqual([wrong.status, (await wrong.json()).code], [403, "bad_code_verifier"]);

  const flowId = location.searchParams.get("sb_flow_id") ?? undefined;
  const traded = await supabase.auth.exchangeCodeForSession(code, flowId ? { flowId } : undefined);
  assert.equal(traded.error, null);
  assert.equal(traded.data.user?.email, email);
  assert.equal((await supabase.auth.updateUser({ password: "found password" })).error, null);
  assert.equal((await appClient().auth.signInWithPassword({ email, password: "found password" })).error, null);

  const again = await fetch(`${stackEnv().apiUrl}/auth/v1/token?grant_type=pkce`, {
    method: "POST",
    headers: { apikey: stackEnv().anonKey, "content-type": "application/json" },
    body: JSON.stringify({ auth_code: code, code_verifier: "x".repeat(43) }),
  });
  assert.deepEqual([again.status, (await again.json()).code], [404, "flow_state_not_found"]);
});

Deno.test("PKCE magic link: the code in the email still works with verifyOtp; a malformed challenge is refused", async () => {
  const email = uniqueEmail("pkce-otp");
  await appClient().auth.signUp({ email, password: "has a password" });
  assert.equal((await pkceClient().auth.signInWithOtp({ email })).error, null);
  const { code } = linkAndCode((await mailTo(email))[0]);
  const verified = await pkceClient().auth.verifyOtp({ email, token: code, type: "email" });
  assert.equal(verified.error, null);
  assert.ok(verified.data.session);
  const refused = await fetch(`${stackEnv().apiUrl}/auth/v1/otp`, {
    method: "POST",
    headers: { apikey: stackEnv().anonKey, "content-type": "application/json" },
    body: JSON.stringify({ email, code_challenge: "short", code_challenge_method: "s256" }),
  });
  assert.deepEqual([refused.status, (await refused.json()).code], [400, "validation_failed"]);
});

globalThis.addEventListener("unload", () => sql.end());

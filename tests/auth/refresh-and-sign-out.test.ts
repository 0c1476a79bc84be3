import assert from "node:assert/strict";
import { AuthApiError, AuthSessionMissingError } from "@supabase/supabase-js";
import { adminSql } from "../support/stack.ts";
import { appClient, uniqueEmail } from "./auth-client.ts";

const sql = adminSql();

async function signedIn(label: string) {
  const email = uniqueEmail(label);
  const supabase = appClient();
  const { data, error } = await supabase.auth.signUp({ email, password: "refresh me please" });
  assert.equal(error, null);
  return { supabase, session: data.session!, userId: data.user!.id };
}

const tokenRow = async (token: string) => {
  const [row] = await sql`select revoked, parent, session_id from auth.refresh_tokens where token = ${token}`;
  return row ? { ...row } : undefined;
};

Deno.test("refresh rotates the stored refresh token: a new one whose parent is the old, the old revoked", async () => {
  const { supabase, session } = await signedIn("refresh");
  assert.match(session.refresh_token, /^[a-z0-9]{12}$/);
  const { data, error } = await supabase.auth.refreshSession();
  assert.equal(error, null);
  const refreshed = data.session!;
  assert.notEqual(refreshed.refresh_token, session.refresh_token);
  assert.equal(refreshed.user.id, session.user.id);
  const [before, after] = [await tokenRow(session.refresh_token), await tokenRow(refreshed.refresh_token)];
  assert.deepEqual(before?.revoked, true);
  assert.deepEqual(after, { revoked: false, parent: session.refresh_token, session_id: before?.session_id });
  assert.equal((await supabase.auth.getUser()).data.user?.id, data.user?.id);
});

Deno.test("a made-up refresh token is refused: refresh_token_not_found", async () => {
  for (const made_up of ["abcdefghijkl", "000000000000"]) {
    const { error } = await appClient().auth.refreshSession({ refresh_token: made_up });
    assert.ok(error instanceof AuthApiError);
    assert.deepEqual([error.status, error.code], [400, "refresh_token_not_found"]);
  }
  const { error } = await appClient().auth.refreshSession({ refresh_token: "short" });
  assert.deepEqual([error?.status, error?.code], [400, "validation_failed"]);
});

Deno.test("a revoked refresh token: its answer again while it is the active token's parent, refused past the reuse interval", async () => {
  const { session } = await signedIn("reuse");
  const first = await appClient().auth.refreshSession({ refresh_token: session.refresh_token });
  // The client lost that answer and tries again: GoTrue hands back the same new token rather than a third.
  const retried = await appClient().auth.refreshSession({ refresh_token: session.refresh_token });
  assert.equal(retried.error, null);
  assert.equal(retried.data.session?.refresh_token, first.data.session?.refresh_token);

  const second = await appClient().auth.refreshSession({ refresh_token: first.data.session!.refresh_token });
  assert.equal(second.error, null);
  // Now the first token is neither active nor the active one's parent: reusable only within the reuse
  // interval (10 s), counted from when it was revoked. Moved back 11 s rather than waited for.
  await sql`update auth.refresh_tokens set updated_at = updated_at - interval '11 seconds'
    where token = ${session.refresh_token}`;
  const reused = await appClient().auth.refreshSession({ refresh_token: session.refresh_token });
  assert.ok(reused.error instanceof AuthApiError);
  assert.deepEqual([reused.error.status, reused.error.code], [400, "refresh_token_already_used"]);
  // Reuse past the interval looks like theft: every token of the session is revoked, the live one too.
  assert.equal((await tokenRow(second.data.session!.refresh_token))?.revoked, true);
});

Deno.test("two refreshes of one token at once (two tabs) get the same new token, not two", async () => {
  const { session } = await signedIn("race");
  const [one, two] = await Promise.all([
    appClient().auth.refreshSession({ refresh_token: session.refresh_token }),
    appClient().auth.refreshSession({ refresh_token: session.refresh_token }),
  ]);
  assert.deepEqual([one.error, two.error], [null, null]);
  assert.equal(one.data.session?.refresh_token, two.data.session?.refresh_token);
  const [live] = await sql`select count(*)::int as n from auth.refresh_tokens
    where session_id = (select session_id from auth.refresh_tokens where token = ${session.refresh_token}) and not revoked`;
  assert.equal(live.n, 1);
});

Deno.test("within the reuse interval a revoked token that is not the active one's parent still refreshes", async () => {
  const { session } = await signedIn("interval");
  const first = await appClient().auth.refreshSession({ refresh_token: session.refresh_token });
  await appClient().auth.refreshSession({ refresh_token: first.data.session!.refresh_token });
  const again = await appClient().auth.refreshSession({ refresh_token: session.refresh_token });
  assert.equal(again.error, null);
  assert.equal((await tokenRow(again.data.session!.refresh_token))?.parent, session.refresh_token);
});

Deno.test("sign-out deletes the session: its refresh token and its access token are refused afterwards", async () => {
  const { supabase, session, userId } = await signedIn("signout");
  const other = appClient();
  await other.auth.signInWithPassword({
    email: (await supabase.auth.getUser()).data.user!.email!,
    password: "refresh me please",
  });

  assert.deepEqual(await supabase.auth.signOut({ scope: "local" }), { error: null });
  const [left] = await sql`select count(*)::int as n from auth.sessions where user_id = ${userId}`;
  assert.equal(left.n, 1, "scope local ends this session only");
  assert.equal(await tokenRow(session.refresh_token), undefined, "the session's refresh tokens go with it");

  const refused = await appClient().auth.refreshSession({ refresh_token: session.refresh_token });
  assert.ok(refused.error instanceof AuthApiError);
  assert.deepEqual([refused.error.status, refused.error.code], [400, "refresh_token_not_found"]);
  // The access token has not expired, but its session is gone: GoTrue's /user refuses it.
  const stale = await appClient().auth.getUser(session.access_token);
  assert.ok(stale.error instanceof AuthSessionMissingError);

  // The other session still works until a global sign-out.
  assert.equal((await other.auth.refreshSession()).error, null);
  const otherToken = (await other.auth.getSession()).data.session!.refresh_token;
  assert.deepEqual(await other.auth.signOut(), { error: null });
  const [none] = await sql`select count(*)::int as n from auth.sessions where user_id = ${userId}`;
  assert.equal(none.n, 0);
  const after = await appClient().auth.refreshSession({ refresh_token: otherToken });
  assert.equal(after.error?.code, "refresh_token_not_found");
});

globalThis.addEventListener("unload", () => sql.end());

// A new password ends what the old one could do, as GoTrue's UpdatePassword: the user's other sessions are deleted
// (their refresh and access tokens refused) and the codes and links already emailed stop working; the session that
// changed it carries on.
import assert from "node:assert/strict";
import { AuthApiError, AuthSessionMissingError } from "@supabase/supabase-js";
import { appClient, linkAndCode, mailTo, openLink, uniqueEmail } from "./auth-client.ts";

Deno.test("changing the password signs out the other sessions and voids earlier recovery and magic-link codes", async () => {
  const email = uniqueEmail("new-password");
  const current = appClient();
  assert.equal((await current.auth.signUp({ email, password: "the old password" })).error, null);
  const other = await appClient().auth.signInWithPassword({ email, password: "the old password" });
  assert.equal(other.error, null);
  const otherSession = other.data.session!;

  // A recovery email asked for before the change (by the owner, or by someone who read their mail).
  assert.equal((await appClient().auth.resetPasswordForEmail(email)).error, null);
  const recovery = linkAndCode((await mailTo(email))[0]);

  assert.equal((await current.auth.updateUser({ password: "the new password" })).error, null);

  const refreshed = await appClient().auth.refreshSession({ refresh_token: otherSession.refresh_token });
  assert.ok(refreshed.error instanceof AuthApiError);
  assert.equal(refreshed.error.code, "refresh_token_not_found", "the other session's refresh token is refused");
  const stale = await appClient().auth.getUser(otherSession.access_token);
  assert.ok(stale.error instanceof AuthSessionMissingError, "its access token is refused by GET /user");
  const byCode = await appClient().auth.verifyOtp({ email, token: recovery.code, type: "recovery" });
  assert.ok(byCode.error instanceof AuthApiError);
  assert.equal(byCode.error.code, "otp_expired", "the earlier recovery code is refused");
  const byLink = await openLink(recovery.link);
  assert.equal(byLink.fragment.get("error_code"), "otp_expired", "and its link");

  // The session that changed the password keeps working, as GoTrue keeps it.
  assert.equal((await current.auth.getUser()).error, null);
  assert.equal((await current.auth.refreshSession()).error, null);

  // A magic link asked for before the next change stops working too.
  assert.equal((await appClient().auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error, null);
  const [magic] = await mailTo(email);
  assert.equal(magic.kind, "magiclink");
  assert.equal((await current.auth.updateUser({ password: "a third password" })).error, null);
  const magicCode = await appClient().auth.verifyOtp({ email, token: linkAndCode(magic).code, type: "email" });
  assert.ok(magicCode.error instanceof AuthApiError);
  assert.equal(magicCode.error.code, "otp_expired", "the earlier magic-link code is refused");
  assert.equal((await current.auth.getUser()).error, null);
  const signedIn = await appClient().auth.signInWithPassword({ email, password: "a third password" });
  assert.equal(signedIn.error, null);
});

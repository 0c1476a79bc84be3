import type { AuthContext } from "./context.ts";
import { sendCode } from "./email-endpoints.ts";
import { codeChallenge } from "./flow-state.ts";
import { checkPassword, hashPassword } from "./passwords.ts";
import { AuthApiError, objectField, readBody, stringField, validationFailed } from "./responses.ts";
import { startSession } from "./sessions.ts";
import { findUserByEmail, insertEmailUser, normalizeEmail, userJson, type UserRow } from "./user-records.ts";

/**
 * POST /signup {email, password, data}: with confirmations off (local default) the user is confirmed and gets a
 * session; with them on, a confirmation email and the user without a session. An address already signed up is
 * refused with user_already_exists when confirmations are off; with them on GoTrue answers as if it were new, so
 * that sign-up does not tell who has an account.
 *
 * An address signed up (or invited) but not yet confirmed is never changed: whoever signs it up again has proved
 * nothing, and taking their password would let them into the account once its owner confirms it. With confirmations
 * on, as GoTrue, the owner is sent the confirmation again and the answer is the user as it was (its password and
 * metadata unchanged). With them off, GoTrue would confirm the address and hand the caller a session; the stand-in,
 * never softer, refuses it with user_already_exists as for a confirmed address.
 */
export async function signUp(context: AuthContext, request: Request, url: URL): Promise<unknown> {
  const body = await readBody(request);
  if (stringField(body, "phone")) {
    throw new AuthApiError(400, "phone_provider_disabled", "Phone signups are disabled");
  }
  if (!stringField(body, "email") && !stringField(body, "password")) {
    // supabase-js's signInAnonymously: off by default on hosted projects and with `supabase start`.
    throw new AuthApiError(422, "anonymous_provider_disabled", "Anonymous sign-ins are disabled");
  }
  const email = normalizeEmail(stringField(body, "email"));
  const password = stringField(body, "password");
  if (!password) throw validationFailed("Signup requires a valid password");
  checkPassword(context.settings, password);
  const metadata = objectField(body, "data");
  const challenge = codeChallenge(body);
  const { sql, settings } = context;
  const existing = await findUserByEmail(sql, email);
  if (existing && (existing.email_confirmed_at || !settings.emailConfirmations)) {
    if (!settings.emailConfirmations) {
      throw new AuthApiError(422, "user_already_exists", "User already registered");
    }
    return obfuscatedUser(email, metadata);
  }
  const user = existing ?? await insertEmailUser(sql, {
    email,
    encryptedPassword: await hashPassword(password),
    userMetadata: metadata,
    confirmed: !settings.emailConfirmations,
  });
  if (!settings.emailConfirmations) {
    return await startSession(sql, context.key, settings, user, "password", request);
  }
  await sendCode(context, user, "signup", url, challenge);
  const [sent] = await sql<UserRow[]>`select * from auth.users where id = ${user.id}`;
  const shown = await userJson(sql, sent);
  // GoTrue leaves an invited user's metadata and identities out of the answer.
  return sent.invited_at ? { ...shown, user_metadata: {}, identities: [] } : shown;
}

/** GoTrue's answer for an address that is already confirmed: a made-up user with no identities. */
function obfuscatedUser(email: string, metadata: Record<string, unknown>) {
  const now = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    aud: "authenticated",
    role: "authenticated",
    email,
    phone: "",
    confirmation_sent_at: now,
    app_metadata: { provider: "email", providers: ["email"] },
    user_metadata: metadata,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

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
  let user: UserRow;
  if (existing?.email_confirmed_at) {
    if (!settings.emailConfirmations) {
      throw new AuthApiError(422, "user_already_exists", "User already registered");
    }
    return obfuscatedUser(email, metadata);
  } else if (existing) {
    // Signed up before and never confirmed: GoTrue takes the new password and metadata and sends a new email.
    const [updated] = await sql<UserRow[]>`
      update auth.users set encrypted_password = ${await hashPassword(password)},
        raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || ${sql.json(metadata as never)}, updated_at = now()
      where id = ${existing.id} returning *`;
    user = updated;
  } else {
    user = await insertEmailUser(sql, {
      email,
      encryptedPassword: await hashPassword(password),
      userMetadata: metadata,
      confirmed: !settings.emailConfirmations,
    });
  }
  if (!settings.emailConfirmations) {
    return await startSession(sql, context.key, settings, user, "password", request);
  }
  await sendCode(context, user, "signup", url, challenge);
  const [sent] = await sql<UserRow[]>`select * from auth.users where id = ${user.id}`;
  return await userJson(sql, sent);
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

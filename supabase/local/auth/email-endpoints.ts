import { requireServiceRole } from "./access.ts";
import type { AuthContext } from "./context.ts";
import { type CodeChallenge, codeChallenge, methodOf, saveFlowState } from "./flow-state.ts";
import { allowedRedirect, type EmailAction, issueCode, sendCodeEmail } from "./one-time-tokens.ts";
import { hashPassword } from "./passwords.ts";
import { AuthApiError, objectField, readBody, stringField } from "./responses.ts";
import { findUserByEmail, insertEmailUser, normalizeEmail, userJson, type UserRow } from "./user-records.ts";

/** The email for the action; with a code challenge (PKCE) its link ends in an auth code, traded at /token. */
export async function sendCode(
  context: AuthContext,
  user: UserRow,
  action: EmailAction,
  url: URL,
  challenge?: CodeChallenge,
) {
  const lastSent = action === "signup" || action === "invite" ? user.confirmation_sent_at : user.recovery_sent_at;
  const wait = lastSent ? lastSent.getTime() + context.settings.emailIntervalSeconds * 1000 - Date.now() : 0;
  if (wait > 0) {
    throw new AuthApiError(
      429,
      "over_email_send_rate_limit",
      `For security purposes, you can only request this after ${Math.ceil(wait / 1000)} seconds.`,
    );
  }
  if (challenge) await saveFlowState(context.sql, user.id, methodOf[action], challenge);
  const issued = await issueCode(context.sql, user, action, challenge !== undefined);
  const redirectTo = allowedRedirect(context.settings, url.searchParams.get("redirect_to"));
  await sendCodeEmail(context.mailbox, context.settings, user, action, issued, redirectTo);
}

/** POST /recover {email}: a recovery email when the address has a user; the same empty answer when not. */
export async function recover(context: AuthContext, request: Request, url: URL) {
  const body = await readBody(request);
  const email = normalizeEmail(stringField(body, "email"));
  const challenge = codeChallenge(body);
  const user = await findUserByEmail(context.sql, email);
  if (user) await sendCode(context, user, "recovery", url, challenge);
  return {};
}

/**
 * POST /otp {email, data, create_user}: a magic link with a code for a confirmed user; an unknown address is
 * signed up first (unless create_user is false) and, with confirmations on, sent a confirmation email instead.
 */
export async function otp(context: AuthContext, request: Request, url: URL) {
  const body = await readBody(request);
  if (stringField(body, "phone")) throw new AuthApiError(400, "phone_provider_disabled", "Phone logins are disabled");
  const email = normalizeEmail(stringField(body, "email"));
  const challenge = codeChallenge(body);
  let user = await findUserByEmail(context.sql, email);
  if (!user) {
    if (body.create_user === false) {
      throw new AuthApiError(422, "otp_disabled", "Signups not allowed for otp");
    }
    // GoTrue signs the address up with a random password nobody knows.
    const password = crypto.randomUUID() + crypto.randomUUID();
    user = await insertEmailUser(context.sql, {
      email,
      encryptedPassword: await hashPassword(password),
      userMetadata: objectField(body, "data"),
      confirmed: !context.settings.emailConfirmations,
    });
  }
  await sendCode(context, user, user.email_confirmed_at ? "magiclink" : "signup", url, challenge);
  return {};
}

/** POST /invite {email, data} with the service_role key: an invited user and an invite email. */
export async function invite(context: AuthContext, request: Request, url: URL) {
  await requireServiceRole(context.key, request);
  const body = await readBody(request);
  const email = normalizeEmail(stringField(body, "email"));
  let user = await findUserByEmail(context.sql, email);
  if (user?.email_confirmed_at) {
    throw new AuthApiError(422, "email_exists", "A user with this email address has already been registered");
  }
  user ??= await insertEmailUser(context.sql, {
    email,
    encryptedPassword: null,
    userMetadata: objectField(body, "data"),
    confirmed: false,
    invited: true,
  });
  await sendCode(context, user, "invite", url);
  const [sent] = await context.sql<UserRow[]>`select * from auth.users where id = ${user.id}`;
  return await userJson(context.sql, sent);
}

/** POST /resend {type: "signup", email}: the confirmation email again, for a user not yet confirmed; else {}. */
export async function resend(context: AuthContext, request: Request, url: URL) {
  const body = await readBody(request);
  const type = stringField(body, "type");
  if (type !== "signup") {
    throw new AuthApiError(400, "validation_failed", `The local Auth stand-in resends only "signup" emails`);
  }
  const email = normalizeEmail(stringField(body, "email"));
  const challenge = codeChallenge(body);
  const user = await findUserByEmail(context.sql, email);
  if (user && !user.email_confirmed_at) await sendCode(context, user, "signup", url, challenge);
  return {};
}

import type { AuthContext } from "./context.ts";
import { issueAuthCode, methodOf } from "./flow-state.ts";
import { allowedRedirect, type EmailAction, pkcePrefix, redeemCode } from "./one-time-tokens.ts";
import { AuthApiError, readBody, stringField, validationFailed } from "./responses.ts";
import { type SessionResponse, startSession } from "./sessions.ts";
import { isBanned, markEmailVerified, normalizeEmail } from "./user-records.ts";

const types = ["signup", "invite", "magiclink", "recovery", "email"] as const;
type VerifyType = EmailAction | "email";

const expired = () => new AuthApiError(403, "otp_expired", "Token has expired or is invalid");

function verifyType(type: string): VerifyType {
  if ((types as readonly string[]).includes(type)) return type as VerifyType;
  if (type === "sms" || type === "phone_change" || type === "email_change") {
    throw validationFailed(`The local Auth stand-in does not verify "${type}"`);
  }
  throw validationFailed("Unsupported verification type");
}

/** Redeems the code or link: the email counts as confirmed from then on. */
async function redeemed(
  context: AuthContext,
  type: VerifyType,
  match: { email: string; code: string } | { hash: string },
) {
  const user = await context.sql.begin((transaction) => redeemCode(transaction, context.settings, type, match));
  if (!user) throw expired();
  if (isBanned(user)) throw new AuthApiError(403, "user_banned", "User is banned");
  return await markEmailVerified(context.sql, user.id);
}

/** Redeems the code or link and signs in (amr "otp", as GoTrue). */
async function verified(
  context: AuthContext,
  request: Request,
  type: VerifyType,
  match: { email: string; code: string } | { hash: string },
): Promise<SessionResponse> {
  const confirmed = await redeemed(context, type, match);
  return await startSession(context.sql, context.key, context.settings, confirmed, "otp", request);
}

/** POST /verify {type, email, token} or {type, token_hash}: supabase-js's verifyOtp; answers a session. */
export async function verifyPost(context: AuthContext, request: Request): Promise<SessionResponse> {
  const body = await readBody(request);
  const type = verifyType(stringField(body, "type"));
  const hash = stringField(body, "token_hash");
  const code = stringField(body, "token").trim();
  if (stringField(body, "phone")) throw validationFailed("The local Auth stand-in does not verify phone numbers");
  if (hash) return await verified(context, request, type, { hash });
  if (!code) throw validationFailed("Verify requires a token or a token hash");
  const email = normalizeEmail(stringField(body, "email"));
  return await verified(context, request, type, { email, code });
}

/**
 * GET /verify?token=<hash>&type=…&redirect_to=…: an email's link. Redirects (303) to redirect_to with the session
 * in the fragment (supabase-js's implicit flow reads it there) or, for a PKCE link (token pkce_…), with
 * `?code=<auth code>` for exchangeCodeForSession; or with error, error_code and error_description.
 */
export async function verifyGet(context: AuthContext, request: Request, url: URL): Promise<Response> {
  const redirectTo = allowedRedirect(context.settings, url.searchParams.get("redirect_to"));
  const fragment = new URLSearchParams();
  try {
    const type = verifyType(url.searchParams.get("type") ?? "");
    const hash = url.searchParams.get("token") ?? "";
    if (!hash) throw validationFailed("Verify requires a token or a token hash");
    if (hash.startsWith(pkcePrefix) && type !== "email") {
      const user = await redeemed(context, type, { hash });
      const code = await issueAuthCode(context.sql, user.id, methodOf[type]);
      const location = new URL(redirectTo);
      location.searchParams.set("code", code);
      return new Response(null, { status: 303, headers: { location: location.href } });
    }
    const session = await verified(context, request, type, { hash });
    fragment.set("access_token", session.access_token);
    fragment.set("expires_at", String(session.expires_at));
    fragment.set("expires_in", String(session.expires_in));
    fragment.set("refresh_token", session.refresh_token);
    fragment.set("token_type", session.token_type);
    fragment.set("type", type);
    fragment.set("sb", "");
  } catch (error) {
    if (!(error instanceof AuthApiError)) throw error;
    fragment.set("error", error.status === 403 ? "access_denied" : "invalid_request");
    fragment.set("error_code", error.code);
    fragment.set("error_description", error.status === 403 ? "Email link is invalid or has expired" : error.message);
  }
  return new Response(null, { status: 303, headers: { location: `${redirectTo}#${fragment}` } });
}

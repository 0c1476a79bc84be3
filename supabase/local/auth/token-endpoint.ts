import type { AuthContext } from "./context.ts";
import { redeemAuthCode } from "./flow-state.ts";
import { passwordMatches } from "./passwords.ts";
import { AuthApiError, invalidCredentials, readBody, stringField, validationFailed } from "./responses.ts";
import { refreshSession, type SessionResponse, startSession } from "./sessions.ts";
import { findUserByEmail, findUserById, isBanned, normalizeEmail, recordSignIn } from "./user-records.ts";

/** POST /token?grant_type=password|refresh_token, as GoTrue's token endpoint. */
export async function token(context: AuthContext, request: Request, url: URL): Promise<SessionResponse> {
  const grantType = url.searchParams.get("grant_type");
  const body = await readBody(request);
  if (grantType === "password") return await passwordGrant(context, request, body);
  if (grantType === "refresh_token") {
    const refreshToken = stringField(body, "refresh_token");
    if (!refreshToken) throw new AuthApiError(400, "validation_failed", "refresh_token required");
    return await refreshSession(context.sql, context.key, context.settings, refreshToken);
  }
  if (grantType === "pkce") {
    const { sql } = context;
    const flow = await sql.begin((transaction) =>
      redeemAuthCode(transaction, stringField(body, "auth_code"), stringField(body, "code_verifier"))
    );
    const user = await findUserById(sql, flow.userId);
    if (!user) throw new AuthApiError(404, "user_not_found", "User not found");
    return await startSession(sql, context.key, context.settings, user, flow.method, request);
  }
  throw new AuthApiError(
    400,
    "validation_failed",
    `unsupported_grant_type: the local stand-in takes grant_type password, refresh_token or pkce, not "${
      grantType ?? ""
    }"`,
  );
}

async function passwordGrant(context: AuthContext, request: Request, body: Record<string, unknown>) {
  if (stringField(body, "phone")) throw new AuthApiError(400, "phone_provider_disabled", "Phone logins are disabled");
  const emailField = stringField(body, "email");
  if (!emailField) throw validationFailed("An email address or phone number is required");
  const password = stringField(body, "password");
  let email: string;
  try {
    email = normalizeEmail(emailField);
  } catch {
    throw invalidCredentials();
  }
  const user = await findUserByEmail(context.sql, email);
  // The same answer for an unknown address and a wrong password, as GoTrue's.
  if (!user || !(await passwordMatches(password, user.encrypted_password))) throw invalidCredentials();
  if (isBanned(user)) throw new AuthApiError(400, "user_banned", "User is banned");
  if (!user.email_confirmed_at && context.settings.emailConfirmations) {
    throw new AuthApiError(400, "email_not_confirmed", "Email not confirmed");
  }
  const signedIn = await recordSignIn(context.sql, user.id);
  return await startSession(context.sql, context.key, context.settings, signedIn, "password", request);
}

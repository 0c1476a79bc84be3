import { type AccessTokenVerifier, bearerToken, createAccessTokenVerifier } from "../../shared/auth/access-token.ts";
import { env, EnvironmentError } from "../../shared/config/env.ts";
import { AppError } from "../../shared/errors.ts";

/**
 * The issuers of the project's API keys, besides Auth's for users' tokens: hosted Supabase's legacy keys carry
 * `"iss": "supabase"`, the local stack's `"supabase-local"` (supabase/local/stack/signing-key.ts).
 */
export const apiKeyIssuers = ["supabase", "supabase-local"];

/** A verifier of the project's tokens (its JWKS, and the legacy secret when JWT_SECRET is set) and API keys. */
export function serviceRoleVerifierFromEnv(): AccessTokenVerifier {
  const settings = env();
  if (!settings.jwtIssuers) {
    throw new EnvironmentError(["set SUPABASE_URL (or JWT_ISSUER) so that tokens' issuer can be checked"]);
  }
  return createAccessTokenVerifier({
    jwksUrl: settings.jwksUrl,
    legacySecret: settings.jwtSecret,
    issuer: [...settings.jwtIssuers, ...apiKeyIssuers],
  });
}

function sameText(left: string, right: string): boolean {
  const a = new TextEncoder().encode(left);
  const b = new TextEncoder().encode(right);
  let difference = a.length ^ b.length;
  for (let index = 0; index < Math.max(a.length, b.length); index++) difference |= (a[index] ?? 0) ^ (b[index] ?? 0);
  return difference === 0;
}

/**
 * Lets the request through only with the project's service role key: a token verified against the project's keys
 * whose `role` claim is `service_role`. No token, or one that fails verification, is 401; a verified token of
 * another role (a signed-in user's, the anon key) is 403. On hosted, the legacy service role key is signed with the
 * legacy JWT secret, which functions are not given: there the token is also accepted when it is, byte for byte, the
 * service role key the platform sets for every function (`ownServiceRoleKey`), compared in constant time.
 */
export async function requireServiceRole(
  request: Request,
  verify: AccessTokenVerifier,
  ownServiceRoleKey: string | undefined,
): Promise<void> {
  const token = bearerToken(request);
  if (!token) {
    throw new AppError(
      "UNAUTHENTICATED",
      "Send the project's service role key: Authorization: Bearer <service role key>.",
    );
  }
  let role: string | undefined;
  try {
    role = (await verify(token)).role;
  } catch (error) {
    if (error instanceof AppError && error.type === "UNAUTHENTICATED" && ownServiceRoleKey) {
      if (sameText(token, ownServiceRoleKey)) return;
    }
    throw error;
  }
  if (role !== "service_role") {
    throw new AppError(
      "PERMISSION_DENIED",
      "Only the project's service role key may run the photo sweep; a signed-in user's token or the anon key may not.",
    );
  }
}

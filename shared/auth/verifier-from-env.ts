import { env, EnvironmentError } from "../config/env.ts";
import { type AccessTokenVerifier, createAccessTokenVerifier } from "./access-token.ts";

let verifier: AccessTokenVerifier | undefined;

/**
 * The verifier for this deployment, from env(): the keys in SUPABASE_JWKS, else (or for a key not among them) the
 * JWKS under the project URL (or JWKS_URL), the legacy HS256 secret when JWT_SECRET is set, and the issuer
 * `${SUPABASE_URL}/auth/v1` (or JWT_ISSUER).
 */
export function verifierFromEnv(): AccessTokenVerifier {
  if (verifier) return verifier;
  const settings = env();
  if (!settings.jwtIssuers) {
    throw new EnvironmentError(["set SUPABASE_URL (or JWT_ISSUER) so that tokens' issuer can be checked"]);
  }
  verifier = createAccessTokenVerifier({
    jwks: settings.jwks,
    jwksUrl: settings.jwksUrl,
    legacySecret: settings.jwtSecret,
    issuer: settings.jwtIssuers,
  });
  return verifier;
}

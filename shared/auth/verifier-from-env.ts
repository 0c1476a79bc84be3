import { type AccessTokenVerifier, createAccessTokenVerifier } from "./access-token.ts";

let verifier: AccessTokenVerifier | undefined;

/**
 * The verifier for this deployment, from the environment Supabase gives Edge
 * Functions: SUPABASE_URL (the JWKS lives under /auth/v1), optionally
 * SUPABASE_JWKS_URL to override it, SUPABASE_JWT_SECRET for legacy HS256
 * tokens and SUPABASE_JWT_ISSUER to pin the issuer.
 */
export function verifierFromEnv(): AccessTokenVerifier {
  if (verifier) return verifier;
  const baseUrl = Deno.env.get("SUPABASE_URL");
  const jwksUrl = Deno.env.get("SUPABASE_JWKS_URL") ??
    (baseUrl ? `${baseUrl.replace(/\/$/, "")}/auth/v1/.well-known/jwks.json` : undefined);
  verifier = createAccessTokenVerifier({
    jwksUrl,
    legacySecret: Deno.env.get("SUPABASE_JWT_SECRET") || undefined,
    issuer: Deno.env.get("SUPABASE_JWT_ISSUER") || undefined,
  });
  return verifier;
}

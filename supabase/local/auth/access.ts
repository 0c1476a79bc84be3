import { importJWK, type JWTPayload, jwtVerify } from "jose";
import { type AccessTokenVerifier, createAccessTokenVerifier } from "../../../shared/auth/access-token.ts";
import type { Queryable } from "../../../shared/db/client.ts";
import { AppError } from "../../../shared/errors.ts";
import { authIssuer, jwks, type SigningKey } from "../stack/signing-key.ts";
import { AuthApiError } from "./responses.ts";
import { findUserById, type UserRow } from "./user-records.ts";

/** A token signed with the stack's key and not expired, or undefined. */
export async function verifiedClaims(key: SigningKey, token: string): Promise<JWTPayload | undefined> {
  try {
    const publicKey = await importJWK(key.publicJwk, "ES256");
    return (await jwtVerify(token, publicKey, { algorithms: ["ES256"] })).payload;
  } catch {
    return undefined;
  }
}

/**
 * Supabase's API gateway lets a request through to Auth only with a project API key in `apikey` (supabase-js
 * always sends it); the answers are the gateway's.
 */
export async function requireApiKey(key: SigningKey, request: Request): Promise<"anon" | "service_role"> {
  const apiKey = request.headers.get("apikey");
  if (!apiKey) throw new AuthApiError(401, "no_api_key", "No API key found in request");
  const claims = await verifiedClaims(key, apiKey);
  if (claims?.role !== "anon" && claims?.role !== "service_role") {
    throw new AuthApiError(401, "invalid_api_key", "Invalid API key");
  }
  return claims.role;
}

function bearer(request: Request): string {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "");
  if (!match) throw new AuthApiError(401, "no_authorization", "This endpoint requires a valid Bearer token");
  return match[1];
}

/** The service_role key as the bearer: what GoTrue's admin endpoints (invite) require. */
export async function requireServiceRole(key: SigningKey, request: Request): Promise<void> {
  const claims = await verifiedClaims(key, bearer(request));
  if (claims?.role !== "service_role") {
    throw new AuthApiError(403, "not_admin", "User not allowed");
  }
}

/**
 * Checks a user's access token as the functions check it (shared/auth/access-token.ts): signed with the stack's key,
 * issued by the stack's Auth (`iss` `<API URL>/auth/v1`), with an `exp` not past. Not cached: one per request.
 */
export function accessTokenVerifier(key: SigningKey, apiUrl: string): AccessTokenVerifier {
  return createAccessTokenVerifier({ jwks: jwks(key), issuer: authIssuer(apiUrl), cache: false });
}

/**
 * The signed-in user of the bearer token, as GoTrue's requireAuthentication finds it: a user's access token that
 * passes the functions' checks (role `authenticated`: an API key is no user), its user, and its session still there
 * (signed out, the token is refused although it has not expired).
 */
export async function requireUser(
  sql: Queryable,
  verify: AccessTokenVerifier,
  request: Request,
): Promise<{ user: UserRow; sessionId: string | undefined }> {
  let claims: JWTPayload;
  try {
    claims = await verify(bearer(request));
  } catch (error) {
    if (!(error instanceof AppError) || error.type !== "UNAUTHENTICATED") throw error;
    throw new AuthApiError(403, "bad_jwt", `invalid JWT: ${error.message}`);
  }
  if (claims.role !== "authenticated") {
    throw new AuthApiError(403, "bad_jwt", "invalid JWT: this needs a signed-in user's access token, not an API key");
  }
  if (typeof claims.sub !== "string" || !/^[0-9a-f-]{36}$/i.test(claims.sub)) {
    throw new AuthApiError(403, "bad_jwt", "invalid claim: missing sub claim");
  }
  const user = await findUserById(sql, claims.sub);
  if (!user) throw new AuthApiError(403, "user_not_found", "User from sub claim in JWT does not exist");
  const sessionId = typeof claims.session_id === "string" ? claims.session_id : undefined;
  if (sessionId) {
    const [session] = /^[0-9a-f-]{36}$/i.test(sessionId)
      ? await sql`select 1 from auth.sessions where id = ${sessionId} and user_id = ${user.id}`
      : [];
    if (!session) {
      throw new AuthApiError(403, "session_not_found", "Session from session_id claim in JWT does not exist");
    }
  }
  return { user, sessionId };
}

import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeProtectedHeader,
  errors as joseErrors,
  type JSONWebKeySet,
  type JWTPayload,
  jwtVerify,
  type JWTVerifyGetKey,
} from "jose";
import { AppError } from "../errors.ts";
import { isUuid } from "../ids.ts";
import type { AccessTokenClaims } from "./claims.ts";
import { VerifiedTokenCache } from "./verified-token-cache.ts";

export type { AccessTokenClaims };

/** A signed-in user: the claims of a valid token whose role is `authenticated`. */
export interface AuthenticatedUser {
  id: string;
  claims: AccessTokenClaims;
  /**
   * The verified token itself, when the call came with one: a tool that reads Storage (recipe.export's photos)
   * sends it on, so that Storage's policies decide as the caller, exactly as for the app.
   */
  accessToken?: string;
}

export interface VerifierOptions {
  /** Where the public signing keys are: `${SUPABASE_URL}/auth/v1/.well-known/jwks.json`. */
  jwksUrl?: string;
  /**
   * Keys given directly: SUPABASE_JWKS on hosted functions, the local stack's, or a test's. With jwksUrl too, a token
   * whose key is not among them is checked against the fetched set.
   */
  jwks?: JSONWebKeySet;
  /** The legacy shared secret; HS256 tokens are accepted only when it is set. */
  legacySecret?: string;
  /** The token's `iss` must be one of these: Supabase Auth issues `${SUPABASE_URL}/auth/v1`. */
  issuer: string | readonly string[];
  /**
   * Where verified tokens are kept (see VerifiedTokenCache); by default up to 1,000 tokens for 30 seconds each.
   * False verifies every call's token.
   */
  cache?: VerifiedTokenCache | false;
  /** Milliseconds since the epoch, for the checks of `exp` and `nbf`; tests move it. */
  now?: () => number;
}

const clockToleranceSeconds = 5;

/** The verifier's default cache: 1,000 tokens (about a megabyte), each verified again after 30 seconds. */
function defaultTokenCache(now?: () => number): VerifiedTokenCache {
  return new VerifiedTokenCache({ maxEntries: 1000, maxAgeSeconds: 30, now });
}

export type AccessTokenVerifier = (token: string) => Promise<AccessTokenClaims>;

const asymmetricAlgorithms = ["ES256", "RS256", "EdDSA"];

function unauthenticated(message: string): AppError {
  return new AppError("UNAUTHENTICATED", message);
}

/**
 * Verifies Supabase access tokens: asymmetric ones against the project's JWKS,
 * legacy HS256 ones against the shared secret when configured. Every token must
 * expire and come from the expected issuer. Every failure of the token is an
 * UNAUTHENTICATED AppError; nothing about the key is revealed. A key set that
 * cannot be fetched is UNAVAILABLE (503, retryable).
 */
export function createAccessTokenVerifier(options: VerifierOptions): AccessTokenVerifier {
  const given = options.jwks?.keys.length ? createLocalJWKSet(options.jwks) : undefined;
  const fetched = options.jwksUrl
    ? createRemoteJWKSet(new URL(options.jwksUrl), { cooldownDuration: 30_000, cacheMaxAge: 600_000 })
    : undefined;
  const keySet = given && fetched ? givenThenFetched(given, fetched) : given ?? fetched;
  const secret = options.legacySecret ? new TextEncoder().encode(options.legacySecret) : undefined;
  const issuers = [options.issuer].flat();
  if (issuers.length === 0) throw new Error("createAccessTokenVerifier needs at least one issuer");
  const verifyOptions = () => ({
    issuer: issuers,
    requiredClaims: ["exp"],
    clockTolerance: clockToleranceSeconds,
    // jose reads the key's presence: an undefined currentDate is not "now".
    ...(options.now ? { currentDate: new Date(options.now()) } : {}),
  });
  const cache = options.cache === false ? undefined : options.cache ?? defaultTokenCache(options.now);

  return async (token: string) => {
    const kept = cache?.get(token);
    if (kept) return kept;
    let algorithm: string | undefined;
    try {
      algorithm = decodeProtectedHeader(token).alg;
    } catch {
      throw unauthenticated("The access token is malformed.");
    }
    try {
      let payload: JWTPayload;
      if (algorithm === "HS256" && secret) {
        ({ payload } = await jwtVerify(token, secret, { ...verifyOptions(), algorithms: ["HS256"] }));
      } else if (algorithm && asymmetricAlgorithms.includes(algorithm) && keySet) {
        ({ payload } = await jwtVerify(token, keySet, { ...verifyOptions(), algorithms: asymmetricAlgorithms }));
      } else {
        throw unauthenticated(`Tokens signed with "${algorithm ?? "no algorithm"}" are not accepted.`);
      }
      const claims = checkAudience(payload as AccessTokenClaims);
      // jose required `exp`; past it and the tolerance, the check above would refuse the token.
      return cache ? cache.set(token, claims, (claims.exp! + clockToleranceSeconds) * 1000) : claims;
    } catch (error) {
      throw describeFailure(error);
    }
  };
}

/**
 * The keys given first (hosted functions get the project's in SUPABASE_JWKS, so a cold start's first call needs no
 * fetch); a token signed by a key they do not hold (one added since they were given, in a rotation) is checked
 * against the fetched set. A key they hold that does not match the signature is a refusal, never a fetch.
 */
function givenThenFetched(given: JWTVerifyGetKey, fetched: JWTVerifyGetKey): JWTVerifyGetKey {
  return async (header, token) => {
    try {
      return await given(header, token);
    } catch (error) {
      if (error instanceof joseErrors.JWKSNoMatchingKey) return await fetched(header, token);
      throw error;
    }
  };
}

// A user token must be meant for `authenticated`; the anon key has no audience.
function checkAudience(claims: AccessTokenClaims): AccessTokenClaims {
  if (claims.role === "authenticated") {
    const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (!audiences.includes("authenticated")) {
      throw unauthenticated('The access token is not meant for this audience ("authenticated").');
    }
  }
  return claims;
}

function describeFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof joseErrors.JWTExpired) return unauthenticated("The access token has expired.");
  if (error instanceof joseErrors.JWTClaimValidationFailed && error.claim === "exp" && error.reason === "missing") {
    return unauthenticated('The access token has no expiry ("exp"); only tokens that expire are accepted.');
  }
  if (error instanceof joseErrors.JWTClaimValidationFailed && error.claim === "iss") {
    const role = (error.payload as AccessTokenClaims).role;
    return unauthenticated(
      role === "anon" || role === "service_role"
        ? "This needs a signed-in user's access token, not an API key."
        : 'The access token was not issued by this project\'s Auth (its "iss" claim does not match).',
    );
  }
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    return unauthenticated(`The access token's "${error.claim}" claim is not valid.`);
  }
  if (error instanceof joseErrors.JWKSNoMatchingKey || error instanceof joseErrors.JWSSignatureVerificationFailed) {
    return unauthenticated("The access token's signature is not valid.");
  }
  if (keySetUnavailable(error)) {
    console.error("the signing keys could not be fetched", error);
    return new AppError("UNAVAILABLE", "The keys that check access tokens could not be fetched; try again shortly.");
  }
  return unauthenticated("The access token is not valid.");
}

/**
 * The longest Authorization header read: an access token is a few KB (its claims and an ES256 signature), so four
 * times the largest one Supabase Auth issues with generous metadata. It sits well below the runtime's own limit
 * (Deno.serve refuses a request whose head is over about 64 KiB with a bare 400, before any of our code runs), so a
 * header between the two gets the usual envelope, with CORS, instead of being parsed and verified.
 */
export const maxAuthorizationHeaderBytes = 16 * 1024;

/**
 * The key set could not be had: the fetch failed (not a jose error), took too long, answered other than 200 or
 * not with JSON (jose's plain JOSEError), or held no key set. Nothing is then known about the token, so the
 * answer is a retryable 503, not a 401, which would send an MCP client back through sign-in (as
 * `@supabase/server` tells a JWKS source failure from a bad token).
 */
function keySetUnavailable(error: unknown): boolean {
  return !(error instanceof joseErrors.JOSEError) || error instanceof joseErrors.JWKSTimeout ||
    error instanceof joseErrors.JWKSInvalid || error.constructor === joseErrors.JOSEError;
}

/** Reads `Authorization: Bearer <token>`; undefined when absent. */
export function bearerToken(request: Request): string | undefined {
  const header = request.headers.get("authorization");
  if (!header) return undefined;
  if (header.length > maxAuthorizationHeaderBytes) {
    throw unauthenticated(
      `The Authorization header is ${header.length} bytes; at most ${maxAuthorizationHeaderBytes} are accepted ` +
        "(an access token is a few KB).",
    );
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthenticated('The Authorization header must be "Bearer <access token>".');
  return match[1];
}

/** The signed-in user, or 401: tools run only for role `authenticated` with a user id. */
export async function requireUser(request: Request, verify: AccessTokenVerifier): Promise<AuthenticatedUser> {
  const token = bearerToken(request);
  if (!token) throw unauthenticated("Sign in first: send Authorization: Bearer <access token>.");
  const claims = await verify(token);
  if (claims.role !== "authenticated" || !claims.sub || !isUuid(claims.sub)) {
    throw unauthenticated("This needs a signed-in user's access token, not an API key.");
  }
  return { id: claims.sub, claims, accessToken: token };
}

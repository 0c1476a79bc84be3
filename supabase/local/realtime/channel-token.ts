import { decodeJwt, type JSONWebKeySet } from "jose";
import {
  type AccessTokenClaims,
  type AccessTokenVerifier,
  createAccessTokenVerifier,
} from "../../../shared/auth/access-token.ts";

/** Why a token is refused, in Realtime's words: `code` prefixes a join's refusal, `message` is the rest. */
export class TokenRefused extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
  }
}

/**
 * Checks the tokens a client joins with or refreshes: the stack's signature (its JWKS, as the functions verify
 * tokens), then, as Realtime's confirm_token, `role` and `exp` present and `exp` in the future, no tolerance.
 * Realtime does not check the issuer; the stand-in accepts the issuers of the stack's own tokens (Auth's for
 * users, the API keys').
 */
export function createChannelTokenChecker(options: {
  jwks: JSONWebKeySet;
  issuers: string[];
  now?: () => number;
}): (token: string) => Promise<AccessTokenClaims> {
  const now = options.now ?? Date.now;
  const verify: AccessTokenVerifier = createAccessTokenVerifier({
    jwks: options.jwks,
    issuer: options.issuers,
    cache: false,
    now,
  });
  return async (token) => {
    let claims: AccessTokenClaims;
    try {
      claims = decodeJwt(token) as AccessTokenClaims;
    } catch {
      throw new TokenRefused("MalformedJWT", "The token provided is not a valid JWT");
    }
    if (typeof claims.exp !== "number" || typeof claims.role !== "string") {
      throw new TokenRefused("InvalidJWTToken", "Fields `role` and `exp` are required in JWT");
    }
    const secondsLeft = claims.exp - Math.floor(now() / 1000);
    if (secondsLeft <= 0) {
      throw new TokenRefused("InvalidJWTToken", `Token has expired ${-secondsLeft} seconds ago`);
    }
    try {
      return await verify(token);
    } catch {
      throw new TokenRefused("JwtSignatureError", "Failed to validate JWT signature");
    }
  };
}

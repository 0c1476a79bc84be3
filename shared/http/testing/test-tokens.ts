import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { type AccessTokenVerifier, createAccessTokenVerifier } from "../../auth/access-token.ts";

/** The issuer test tokens carry, as Supabase Auth's `${SUPABASE_URL}/auth/v1`. */
export const testIssuer = "http://127.0.0.1:54321/auth/v1";

export interface TestSigner {
  verify: AccessTokenVerifier;
  /** A user access token as Supabase Auth signs it; `claims` override the defaults. */
  token(claims?: Record<string, unknown>): Promise<string>;
}

/** A fresh ES256 key pair whose public half is the verifier's whole JWKS. */
export async function createTestSigner(userId: string): Promise<TestSigner> {
  const { publicKey, privateKey } = await generateKeyPair("ES256", { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: "test-key", alg: "ES256", use: "sig" };
  return {
    verify: createAccessTokenVerifier({ jwks: { keys: [jwk] }, issuer: testIssuer }),
    token: (claims = {}) =>
      new SignJWT({ iss: testIssuer, role: "authenticated", ...claims })
        .setProtectedHeader({ alg: "ES256", kid: "test-key" })
        .setSubject(userId)
        .setAudience("authenticated")
        .setIssuedAt()
        .setExpirationTime("5m")
        .sign(privateKey),
  };
}

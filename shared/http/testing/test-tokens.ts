import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { type AccessTokenVerifier, createAccessTokenVerifier } from "../../auth/access-token.ts";

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
    verify: createAccessTokenVerifier({ jwks: { keys: [jwk] } }),
    token: (claims = {}) =>
      new SignJWT({ role: "authenticated", ...claims })
        .setProtectedHeader({ alg: "ES256", kid: "test-key" })
        .setSubject(userId)
        .setAudience("authenticated")
        .setIssuedAt()
        .setExpirationTime("5m")
        .sign(privateKey),
  };
}

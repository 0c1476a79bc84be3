// GET /user takes only what the functions take (shared/auth/access-token.ts): a user's access token signed with the
// stack's key, issued by its Auth, expiring. Tokens signed with the right key but without `exp`, from another
// issuer, or for the service role are refused, even with a real user and session in them.
import assert from "node:assert/strict";
import { decodeJwt, importJWK, type JWTPayload, SignJWT } from "jose";
import { authIssuer, readSigningKey } from "../../supabase/local/stack/signing-key.ts";
import { stackEnv } from "../support/stack.ts";
import { appClient, uniqueEmail } from "./auth-client.ts";

async function signed(claims: JWTPayload, expires: boolean): Promise<string> {
  const key = await readSigningKey(stackEnv().stateDirectory);
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: "ES256", kid: key.privateJwk.kid, typ: "JWT" })
    .setIssuedAt();
  if (expires) jwt.setExpirationTime("1h");
  return await jwt.sign(await importJWK(key.privateJwk, "ES256"));
}

async function getUser(token: string) {
  const response = await fetch(`${stackEnv().apiUrl}/auth/v1/user`, {
    headers: { apikey: stackEnv().anonKey, authorization: `Bearer ${token}` },
  });
  const body = await response.json();
  return { status: response.status, code: body.code, email: body.email };
}

Deno.test("GET /user refuses tokens with no exp, a foreign issuer or the service role, as the functions do", async () => {
  const email = uniqueEmail("token-claims");
  const { data, error } = await appClient().auth.signUp({ email, password: "token claims" });
  assert.equal(error, null);
  const claims = decodeJwt(data.session!.access_token);
  delete claims.exp;
  delete claims.iat;

  // The same claims, expiring and signed alike, pass: what is refused below is the claim changed.
  assert.deepEqual(await getUser(await signed(claims, true)), { status: 200, code: undefined, email });
  assert.equal(claims.iss, authIssuer(stackEnv().apiUrl));

  const refused = [
    await signed(claims, false),
    await signed({ ...claims, iss: "https://another-project.supabase.co/auth/v1" }, true),
    await signed({ ...claims, role: "service_role" }, true),
  ];
  for (const token of refused) {
    assert.deepEqual(await getUser(token), { status: 403, code: "bad_jwt", email: undefined });
  }
});

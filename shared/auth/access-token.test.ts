import assert from "node:assert/strict";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import { AppError } from "../errors.ts";
import { createAccessTokenVerifier, requireUser } from "./access-token.ts";
import { VerifiedTokenCache } from "./verified-token-cache.ts";

const userId = "6f1b0f4e-2f6b-4a53-9d7e-0c1f3f0a9b11";
const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid: "key-1", alg: "ES256", use: "sig" };
const legacySecret = "a-legacy-secret-that-is-long-enough-for-hs256";
const issuer = "https://project.supabase.co/auth/v1";
const verify = createAccessTokenVerifier({ jwks: { keys: [publicJwk] }, legacySecret, issuer });

function userClaims(overrides: Record<string, unknown> = {}) {
  return { iss: issuer, sub: userId, role: "authenticated", aud: "authenticated", ...overrides };
}

function signed(
  claims: Record<string, unknown>,
  options: { expiresIn?: string | number | null; notBefore?: string } = {},
) {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: "ES256", kid: "key-1" }).setIssuedAt();
  if (options.expiresIn !== null) jwt.setExpirationTime(options.expiresIn ?? "1h");
  if (options.notBefore) jwt.setNotBefore(options.notBefore);
  return jwt.sign(privateKey);
}

async function assertRefused(token: string, message: RegExp) {
  await assert.rejects(verify(token), (error: unknown) => {
    assert.ok(error instanceof AppError);
    assert.equal(error.type, "UNAUTHENTICATED");
    assert.equal(error.status, 401);
    assert.match(error.message, message);
    return true;
  });
}

Deno.test("a valid ES256 user token from the project's issuer is accepted", async () => {
  const claims = await verify(await signed(userClaims()));
  assert.equal(claims.sub, userId);
  assert.equal(claims.iss, issuer);
});

Deno.test("a legacy HS256 token is accepted when the secret is configured", async () => {
  const token = await new SignJWT(userClaims()).setProtectedHeader({ alg: "HS256" }).setExpirationTime("1h")
    .sign(new TextEncoder().encode(legacySecret));
  assert.equal((await verify(token)).sub, userId);
});

Deno.test("an HS256 token is refused when no secret is configured", async () => {
  const withoutSecret = createAccessTokenVerifier({ jwks: { keys: [publicJwk] }, issuer });
  const token = await new SignJWT(userClaims()).setProtectedHeader({ alg: "HS256" }).setExpirationTime("1h")
    .sign(new TextEncoder().encode(legacySecret));
  await assert.rejects(withoutSecret(token), /HS256/);
});

Deno.test("malformed tokens are refused", async () => {
  await assertRefused("not-a-token", /malformed/);
  await assertRefused("a.b.c", /malformed/);
});

Deno.test("an expired token is refused", async () => {
  await assertRefused(await signed(userClaims(), { expiresIn: Math.floor(Date.now() / 1000) - 60 }), /expired/);
});

Deno.test("a token without an expiry is refused, however validly signed", async () => {
  await assertRefused(await signed(userClaims(), { expiresIn: null }), /no expiry \("exp"\)/);
  const hs256 = await new SignJWT(userClaims()).setProtectedHeader({ alg: "HS256" })
    .sign(new TextEncoder().encode(legacySecret));
  await assertRefused(hs256, /no expiry/);
});

Deno.test("a token from another issuer, or with none, is refused", async () => {
  await assertRefused(await signed(userClaims({ iss: "https://other.supabase.co/auth/v1" })), /not issued by/);
  const { iss: _, ...withoutIssuer } = userClaims();
  await assertRefused(await signed(withoutIssuer), /not issued by/);
  const hs256 = await new SignJWT(userClaims({ iss: "supabase" })).setProtectedHeader({ alg: "HS256" })
    .setExpirationTime("1h").sign(new TextEncoder().encode(legacySecret));
  await assertRefused(hs256, /not issued by/);
});

Deno.test("a verifier may accept several issuers (a custom domain beside the project URL)", async () => {
  const customIssuer = "https://api.example.com/auth/v1";
  const both = createAccessTokenVerifier({ jwks: { keys: [publicJwk] }, issuer: [issuer, customIssuer] });
  assert.equal((await both(await signed(userClaims({ iss: customIssuer })))).iss, customIssuer);
  assert.equal((await both(await signed(userClaims()))).iss, issuer);
  assert.throws(() => createAccessTokenVerifier({ jwks: { keys: [publicJwk] }, issuer: [] }), /issuer/);
});

Deno.test("an API key from another issuer is refused as an API key", async () => {
  await assertRefused(await signed({ iss: "supabase", role: "anon" }), /not an API key/);
});

Deno.test("a token not yet valid is refused", async () => {
  await assertRefused(await signed(userClaims(), { notBefore: "10m" }), /"nbf"/);
});

Deno.test("a user token for another audience is refused", async () => {
  await assertRefused(await signed(userClaims({ aud: "someone-else" })), /audience/);
});

Deno.test("an alg none token is refused", async () => {
  const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, "");
  await assertRefused(`${encode({ alg: "none" })}.${encode(userClaims())}.`, /"none"/);
});

Deno.test("a token signed by another key is refused", async () => {
  const other = await generateKeyPair("ES256");
  const token = await new SignJWT(userClaims()).setProtectedHeader({ alg: "ES256", kid: "key-1" })
    .setExpirationTime("1h").sign(other.privateKey);
  await assertRefused(token, /signature/);
});

Deno.test("a token with a tampered payload is refused", async () => {
  const [header, , signature] = (await signed(userClaims())).split(".");
  const payload = btoa(JSON.stringify(userClaims({ sub: crypto.randomUUID() }))).replace(/=+$/, "");
  await assertRefused(`${header}.${payload}.${signature}`, /signature/);
});

Deno.test("requireUser refuses a missing header, a non-bearer header and an anon key", async () => {
  const request = (authorization?: string) =>
    new Request("http://x/", { headers: authorization ? { authorization } : {} });
  await assert.rejects(requireUser(request(), verify), /Sign in first/);
  await assert.rejects(requireUser(request("Basic abc"), verify), /Bearer/);
  const anonKey = await signed({ iss: issuer, role: "anon" });
  await assert.rejects(requireUser(request(`Bearer ${anonKey}`), verify), /signed-in user/);
  const user = await requireUser(request(`Bearer ${await signed(userClaims())}`), verify);
  assert.equal(user.id, userId);
});

// Verified tokens are kept briefly (VerifiedTokenCache): each test below has its own verifier, cache and clock.
function keepingVerifier(options: { maxEntries?: number; maxAgeSeconds?: number } = {}) {
  const clock = { now: Date.now() };
  const now = () => clock.now;
  const cache = new VerifiedTokenCache({
    maxEntries: options.maxEntries ?? 10,
    maxAgeSeconds: options.maxAgeSeconds ?? 30,
    now,
  });
  return { clock, cache, verify: createAccessTokenVerifier({ jwks: { keys: [publicJwk] }, issuer, cache, now }) };
}

Deno.test("a verified token is kept: the next call with it gets the same claims without checking it again", async () => {
  const { cache, verify } = keepingVerifier();
  const token = await signed(userClaims());
  const first = await verify(token);
  assert.equal(cache.size, 1);
  // jose builds a new payload object on every verification; the very same object means none ran.
  assert.equal(await verify(token), first);
  const other = await verify(await signed(userClaims({ sub: "0b8e7a52-8f1c-4f55-9a3e-51d2c6a0e001" })));
  assert.equal(other.sub, "0b8e7a52-8f1c-4f55-9a3e-51d2c6a0e001");
  assert.equal(cache.size, 2);
});

Deno.test("kept claims are frozen, so no caller can change what the next one reads", async () => {
  const { verify } = keepingVerifier();
  const claims = await verify(await signed(userClaims({ app_metadata: { provider: "email" } })));
  assert.throws(() => {
    (claims as { sub?: string }).sub = "someone else";
  }, TypeError);
  assert.throws(() => {
    (claims.app_metadata as Record<string, unknown>).provider = "other";
  }, TypeError);
});

Deno.test("a kept token is refused once it expires, however recently it was kept", async () => {
  const { clock, verify } = keepingVerifier({ maxAgeSeconds: 3600 });
  const token = await signed(userClaims(), { expiresIn: Math.floor(clock.now / 1000) + 10 });
  assert.equal((await verify(token)).sub, userId);
  clock.now += 16_000; // past exp and the 5 s tolerance
  await assert.rejects(verify(token), /expired/);
});

Deno.test("a kept token is checked again after the cache's maximum age", async () => {
  const { clock, verify } = keepingVerifier({ maxAgeSeconds: 30 });
  const token = await signed(userClaims());
  const first = await verify(token);
  clock.now += 31_000;
  const again = await verify(token);
  assert.notEqual(again, first);
  assert.deepEqual(again, first);
});

Deno.test("a refused token is never kept", async () => {
  const { cache, verify } = keepingVerifier();
  const token = await signed(userClaims());
  const [header, payload] = token.split(".");
  await assert.rejects(verify(`${header}.${payload}.${"A".repeat(86)}`), /signature/);
  await assert.rejects(verify(await signed(userClaims({ aud: "elsewhere" }))), /audience/);
  assert.equal(cache.size, 0);
});

Deno.test("the cache holds at most its maximum of tokens, the oldest leaving first", async () => {
  const { cache, verify } = keepingVerifier({ maxEntries: 3 });
  const tokens = await Promise.all([1, 2, 3, 4, 5].map((n) => signed(userClaims({ n }))));
  const firstClaims = await verify(tokens[0]);
  for (const token of tokens.slice(1)) await verify(token);
  assert.equal(cache.size, 3);
  assert.notEqual(await verify(tokens[0]), firstClaims, "the oldest token was dropped, so it is verified again");
  assert.equal(await verify(tokens[4]), await verify(tokens[4]));
});

Deno.test("with the cache off every call verifies its token", async () => {
  const uncached = createAccessTokenVerifier({ jwks: { keys: [publicJwk] }, issuer, cache: false });
  const token = await signed(userClaims());
  assert.notEqual(await uncached(token), await uncached(token));
});

Deno.test("a key set that cannot be fetched is a retryable 503, not a refused token", async () => {
  let answer: () => Response = () => new Response("upstream down", { status: 500 });
  const keySetServer = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, () => answer());
  const jwksUrl = `http://127.0.0.1:${keySetServer.addr.port}/auth/v1/.well-known/jwks.json`;
  const remote = createAccessTokenVerifier({ jwksUrl, issuer, cache: false });
  const token = await signed(userClaims());
  const assertUnavailable = () =>
    assert.rejects(remote(token), (error: unknown) => {
      assert.ok(error instanceof AppError);
      assert.deepEqual([error.type, error.status, error.retryable], ["UNAVAILABLE", 503, true]);
      assert.match(error.message, /could not be fetched/);
      return true;
    });
  const logged = console.error;
  console.error = () => {};
  try {
    await assertUnavailable();
    answer = () => new Response("<html>not json</html>", { headers: { "content-type": "text/html" } });
    await assertUnavailable();
    answer = () => Response.json({ not: "a key set" });
    await assertUnavailable();
    answer = () => Response.json({ keys: [publicJwk] });
    assert.equal((await remote(token)).sub, userId);
  } finally {
    console.error = logged;
    await keySetServer.shutdown();
  }
  const closed = createAccessTokenVerifier({ jwksUrl, issuer, cache: false });
  console.error = () => {};
  try {
    await assert.rejects(closed(token), (error: unknown) => error instanceof AppError && error.type === "UNAVAILABLE");
  } finally {
    console.error = logged;
  }
});

Deno.test("given keys are used without a fetch; a key not among them is fetched, a key among them is never", async () => {
  const fetches: string[] = [];
  const rotated = await generateKeyPair("ES256", { extractable: true });
  const rotatedJwk: JWK = { ...(await exportJWK(rotated.publicKey)), kid: "key-2", alg: "ES256", use: "sig" };
  const keySetServer = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (request) => {
    fetches.push(new URL(request.url).pathname);
    return Response.json({ keys: [publicJwk, rotatedJwk] });
  });
  const jwksUrl = `http://127.0.0.1:${keySetServer.addr.port}/auth/v1/.well-known/jwks.json`;
  try {
    const both = createAccessTokenVerifier({ jwks: { keys: [publicJwk] }, jwksUrl, issuer, cache: false });
    assert.equal((await both(await signed(userClaims()))).sub, userId);
    assert.deepEqual(fetches, [], "a token signed by a given key needs no fetch");

    const forged = await new SignJWT(userClaims()).setProtectedHeader({ alg: "ES256", kid: "key-1" })
      .setExpirationTime("1h").sign((await generateKeyPair("ES256")).privateKey);
    await assert.rejects(
      both(forged),
      (error: unknown) => error instanceof AppError && /signature/.test(error.message),
    );
    assert.deepEqual(fetches, [], "a given key that does not match is a refusal, not a fetch");

    const byRotatedKey = await new SignJWT(userClaims()).setProtectedHeader({ alg: "ES256", kid: "key-2" })
      .setExpirationTime("1h").sign(rotated.privateKey);
    assert.equal((await both(byRotatedKey)).sub, userId);
    assert.deepEqual(fetches, ["/auth/v1/.well-known/jwks.json"], "a key added since is fetched");

    const givenOnly = createAccessTokenVerifier({ jwks: { keys: [publicJwk] }, issuer, cache: false });
    await assert.rejects(
      givenOnly(byRotatedKey),
      (error: unknown) => error instanceof AppError && error.status === 401,
    );
  } finally {
    await keySetServer.shutdown();
  }
});

import assert from "node:assert/strict";
import { createClient } from "@supabase/supabase-js";
import { exportJWK, generateKeyPair, importJWK, SignJWT } from "jose";
import { authIssuer, readSigningKey, signToken } from "../supabase/local/stack/signing-key.ts";
import { createWriteFloorTable } from "./bench/write-floor.ts";
import { adminSql, createTestUser, functionsUrl, stackEnv } from "./support/stack.ts";

const sql = adminSql();
const user = await createTestUser(sql, "health");
await sql.end();

async function health(token?: string) {
  const headers: HeadersInit = token ? { authorization: `Bearer ${token}` } : {};
  const response = await fetch(functionsUrl("health"), { headers });
  return { status: response.status, body: await response.json() };
}

function assertUnauthenticated(result: { status: number; body: Record<string, unknown> }) {
  assert.equal(result.status, 401);
  assert.equal(result.body.ok, false);
  const error = result.body.error as Record<string, unknown>;
  assert.equal(error.type, "UNAUTHENTICATED");
  assert.equal(error.retryable, false);
  assert.equal(typeof error.message, "string");
}

Deno.test("health answers 200 when the database answers", async () => {
  const result = await health();
  assert.equal(result.status, 200);
  assert.deepEqual(result.body, { ok: true, data: { status: "ok", database: "ok", role: null, user: null } });
});

Deno.test("health reports the user of a token minted by the token task", async () => {
  const result = await health(user.token);
  assert.equal(result.status, 200);
  assert.equal(result.body.data.user.id, user.id);
  assert.equal(result.body.data.role, "authenticated");
});

Deno.test("supabase-js functions.invoke reaches health with the user's token", async () => {
  const { apiUrl, anonKey } = stackEnv();
  const client = createClient(apiUrl, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    accessToken: () => Promise.resolve(user.token),
  });
  const { data, error } = await client.functions.invoke("health", { method: "GET" });
  assert.equal(error, null);
  assert.equal(data.data.user.id, user.id);
});

Deno.test("a token signed by another key with the stack's kid is refused", async () => {
  const stackKey = await readSigningKey(stackEnv().stateDirectory);
  const { privateKey } = await generateKeyPair("ES256");
  const forged = await new SignJWT({ sub: user.id, role: "authenticated", aud: "authenticated" })
    .setProtectedHeader({ alg: "ES256", kid: stackKey.publicJwk.kid })
    .setIssuedAt()
    .setExpirationTime("1h")
    .sign(privateKey);
  assertUnauthenticated(await health(forged));
});

function userClaims(overrides: Record<string, unknown> = {}) {
  return {
    iss: authIssuer(stackEnv().apiUrl),
    sub: user.id,
    role: "authenticated",
    aud: "authenticated",
    ...overrides,
  };
}

Deno.test("an expired token is refused", async () => {
  const key = await readSigningKey(stackEnv().stateDirectory);
  const expired = await signToken(key, userClaims(), -120);
  const result = await health(expired);
  assertUnauthenticated(result);
  assert.match(result.body.error.message, /expired/);
});

Deno.test("a token signed by the stack's key without an expiry is refused", async () => {
  const key = await readSigningKey(stackEnv().stateDirectory);
  const forever = await new SignJWT(userClaims())
    .setProtectedHeader({ alg: "ES256", kid: key.privateJwk.kid })
    .setIssuedAt()
    .sign(await importJWK(key.privateJwk, "ES256"));
  const result = await health(forever);
  assertUnauthenticated(result);
  assert.match(result.body.error.message, /no expiry/);
});

Deno.test("the functions require the project's issuer by default: another one is refused", async () => {
  const key = await readSigningKey(stackEnv().stateDirectory);
  for (const iss of ["https://another-project.supabase.co/auth/v1", stackEnv().apiUrl]) {
    const result = await health(await signToken(key, userClaims({ iss }), 600));
    assertUnauthenticated(result);
    assert.match(result.body.error.message, /not issued by this project/, iss);
  }
  const right = await health(await signToken(key, userClaims(), 600));
  assert.equal(right.status, 200);
  assert.equal(right.body.data.user.id, user.id);
});

Deno.test("an alg none token is refused", async () => {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  const unsigned = `${encode({ alg: "none", typ: "JWT" })}.${
    encode({ sub: user.id, role: "authenticated", aud: "authenticated", exp: Math.floor(Date.now() / 1000) + 600 })
  }.`;
  assertUnauthenticated(await health(unsigned));
});

Deno.test("the JWKS publishes only the public key", async () => {
  const response = await fetch(`${stackEnv().apiUrl}/auth/v1/.well-known/jwks.json`);
  const body = await response.json();
  assert.equal(body.keys.length, 1);
  assert.equal(body.keys[0].alg, "ES256");
  assert.equal(body.keys[0].d, undefined);
  const { publicKey } = await generateKeyPair("ES256", { extractable: true });
  assert.deepEqual(
    Object.keys(body.keys[0]).filter((name) => !(name in { kid: 1, alg: 1, use: 1, key_ops: 1 })).sort(),
    Object.keys(await exportJWK(publicKey)).sort(),
  );
});

Deno.test("health/ping needs a user token and answers with its id", async () => {
  const anonymous = await fetch(functionsUrl("health/ping"));
  assertUnauthenticated({ status: anonymous.status, body: await anonymous.json() });
  const withAnonKey = await fetch(functionsUrl("health/ping"), {
    headers: { authorization: `Bearer ${stackEnv().anonKey}` },
  });
  assertUnauthenticated({ status: withAnonKey.status, body: await withAnonKey.json() });
  const response = await fetch(functionsUrl("health/ping"), { headers: { authorization: `Bearer ${user.token}` } });
  assert.deepEqual(await response.json(), { ok: true, data: { user_id: user.id } });
});

Deno.test("health/write needs a user token and inserts one row, where the benchmark's table exists", async () => {
  const write = async (token?: string) => {
    const response = await fetch(functionsUrl("health/write"), {
      method: "POST",
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: response.status, body: await response.json() };
  };
  assertUnauthenticated(await write());
  assertUnauthenticated(await write(stackEnv().anonKey));
  const withoutTable = await write(user.token);
  assert.equal(withoutTable.status, 404);
  assert.equal(withoutTable.body.error.type, "NOT_FOUND");
  assert.match(withoutTable.body.error.message, /bench\.write_floor/);

  const sql = adminSql();
  try {
    await createWriteFloorTable(sql);
    for (let call = 0; call < 2; call++) {
      assert.deepEqual(await write(user.token), { status: 200, body: { ok: true, data: { user_id: user.id } } });
    }
    const [{ rows }] = await sql`select count(*)::int as rows from bench.write_floor where user_id = ${user.id}`;
    assert.equal(rows, 2);
  } finally {
    await sql`drop schema if exists bench cascade`;
    await sql.end();
  }
});

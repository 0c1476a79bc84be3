import assert from "node:assert/strict";
import { AppError } from "../errors.ts";
import { EnvironmentError, parseEnvironment } from "./env.ts";

const projectUrl = "https://abcdefgh.supabase.co";
const directUrl = "postgresql://postgres:secret@db.abcdefgh.supabase.co:5432/postgres";
const poolerUrl = "postgresql://postgres.abcdefgh:secret@aws-0-eu-west-1.pooler.supabase.com:6543/postgres";

function refused(values: Record<string, string>): string {
  try {
    parseEnvironment(values);
  } catch (error) {
    assert.ok(error instanceof EnvironmentError);
    assert.ok(error instanceof AppError);
    assert.equal(error.status, 503);
    assert.equal(error.retryable, false);
    return error.message;
  }
  assert.fail(`accepted ${JSON.stringify(values)}`);
}

Deno.test("defaults: nothing set is a usable environment without a database, key or project URL", () => {
  assert.deepEqual(parseEnvironment({}), {
    supabaseUrl: undefined,
    supabaseAnonKey: undefined,
    supabaseServiceRoleKey: undefined,
    databaseUrl: undefined,
    databasePoolMax: 10,
    databasePrepare: undefined,
    databaseQueryTimeoutSeconds: 10,
    toolMaxBodyBytes: 1024 * 1024,
    jwksUrl: undefined,
    jwks: undefined,
    jwtSecret: undefined,
    jwtIssuers: undefined,
    anthropicApiKey: undefined,
    anthropicBaseUrl: undefined,
    assistantModel: "claude-sonnet-4-5",
    assistantMaxTokens: 4096,
    assistantMaxRounds: 6,
    assistantMaxRetries: 2,
    assistantActionTtlSeconds: 86_400,
    mcpWrites: "approve",
    recipeImportAllowedHosts: [],
  });
});

Deno.test("the project URL gives the JWKS location and the issuer tokens must carry", () => {
  const parsed = parseEnvironment({ SUPABASE_URL: `${projectUrl}/` });
  assert.equal(parsed.supabaseUrl, projectUrl);
  assert.equal(parsed.jwksUrl, `${projectUrl}/auth/v1/.well-known/jwks.json`);
  assert.deepEqual(parsed.jwtIssuers, [`${projectUrl}/auth/v1`]);
});

Deno.test("names users can set win over the SUPABASE_ ones, which stay as fallbacks", () => {
  const platform = {
    SUPABASE_URL: projectUrl,
    SUPABASE_DB_URL: directUrl,
    SUPABASE_JWKS_URL: "https://keys.example.com/platform.json",
    SUPABASE_JWT_SECRET: "platform-secret-platform-secret-platform",
    SUPABASE_JWT_ISSUER: "https://platform.example.com/auth/v1",
  };
  const fallbacks = parseEnvironment(platform);
  assert.equal(fallbacks.databaseUrl, directUrl);
  assert.equal(fallbacks.jwksUrl, platform.SUPABASE_JWKS_URL);
  assert.equal(fallbacks.jwtSecret, platform.SUPABASE_JWT_SECRET);
  assert.deepEqual(fallbacks.jwtIssuers, [platform.SUPABASE_JWT_ISSUER]);

  const own = parseEnvironment({
    ...platform,
    DATABASE_URL: poolerUrl,
    JWKS_URL: "https://keys.example.com/own.json",
    JWT_SECRET: "own-secret-own-secret-own-secret-own",
    JWT_ISSUER: "https://api.example.com/auth/v1, https://abcdefgh.supabase.co/auth/v1",
  });
  assert.equal(own.databaseUrl, poolerUrl);
  assert.equal(own.jwksUrl, "https://keys.example.com/own.json");
  assert.equal(own.jwtSecret, "own-secret-own-secret-own-secret-own");
  assert.deepEqual(own.jwtIssuers, ["https://api.example.com/auth/v1", "https://abcdefgh.supabase.co/auth/v1"]);
});

Deno.test("an empty value counts as unset", () => {
  const parsed = parseEnvironment({
    DATABASE_URL: "",
    SUPABASE_DB_URL: directUrl,
    DB_POOL_MAX: "",
    ASSISTANT_MODEL: "",
  });
  assert.equal(parsed.databaseUrl, directUrl);
  assert.equal(parsed.databasePoolMax, 10);
  assert.equal(parsed.assistantModel, "claude-sonnet-4-5");
});

Deno.test("numbers and flags are parsed", () => {
  const parsed = parseEnvironment({
    DB_POOL_MAX: "3",
    DB_PREPARE: "false",
    DB_QUERY_TIMEOUT_SECONDS: "4",
    TOOL_MAX_BODY_BYTES: "2048",
    ASSISTANT_MAX_ROUNDS: "3",
  });
  assert.deepEqual(
    [parsed.databasePoolMax, parsed.databasePrepare, parsed.databaseQueryTimeoutSeconds, parsed.toolMaxBodyBytes],
    [3, false, 4, 2048],
  );
  assert.equal(parseEnvironment({ DB_PREPARE: "true" }).databasePrepare, true);
  assert.equal(parsed.assistantMaxRounds, 3);
});

Deno.test("a bad value is an error naming the variable and what it must be", () => {
  assert.equal(
    refused({ DB_POOL_MAX: "abc" }),
    "The functions are misconfigured: DB_POOL_MAX must be a whole number from 1 to 100.",
  );
  for (const value of ["0", "101", "2.5", "-1", " 4"]) {
    assert.match(refused({ DB_POOL_MAX: value }), /DB_POOL_MAX must be a whole number from 1 to 100/, value);
  }
  assert.match(refused({ ASSISTANT_MAX_ROUNDS: "lots" }), /ASSISTANT_MAX_ROUNDS must be a whole number from 1 to 50/);
  assert.match(refused({ DB_PREPARE: "no" }), /DB_PREPARE must be "true" or "false"/);
  assert.match(refused({ DATABASE_URL: "mysql://db/app" }), /DATABASE_URL must be a postgres:\/\//);
  assert.match(refused({ SUPABASE_URL: "abcdefgh.supabase.co" }), /SUPABASE_URL must be an http:\/\/ or https:\/\//);
  assert.match(refused({ JWKS_URL: "file:///keys.json" }), /JWKS_URL must be an http/);
  assert.match(refused({ JWT_ISSUER: " , " }), /JWT_ISSUER must name at least one issuer/);
  for (const value of ["{", '{"keys": {}}', '{"keys": [{"kid": "no kty"}]}', "[null]", "null", '"keys"']) {
    assert.match(refused({ SUPABASE_JWKS: value }), /SUPABASE_JWKS must be a JSON Web Key Set/, value);
  }
  assert.match(refused({ MCP_WRITES: "always" }), /MCP_WRITES must be "approve" or "run"/);
});

Deno.test("SUPABASE_JWKS gives the keys inline, as a set or a bare array; an empty set gives none", () => {
  const key = { kty: "EC", crv: "P-256", x: "x", y: "y", kid: "key-1" };
  assert.deepEqual(parseEnvironment({ SUPABASE_JWKS: JSON.stringify({ keys: [key] }) }).jwks, { keys: [key] });
  assert.deepEqual(parseEnvironment({ SUPABASE_JWKS: JSON.stringify([key]) }).jwks, { keys: [key] });
  assert.equal(parseEnvironment({ SUPABASE_JWKS: '{"keys": []}' }).jwks, undefined);
});

Deno.test("MCP_WRITES chooses whether writes through MCP wait for a person or run", () => {
  assert.equal(parseEnvironment({ MCP_WRITES: "run" }).mcpWrites, "run");
  assert.equal(parseEnvironment({ MCP_WRITES: "approve" }).mcpWrites, "approve");
});

Deno.test("a bad user-set value is refused even when the platform's fallback is fine", () => {
  assert.match(refused({ DATABASE_URL: "not a url", SUPABASE_DB_URL: directUrl }), /^[^;]*DATABASE_URL must be/);
});

Deno.test("every bad variable is named at once, and a secret's value is never echoed", () => {
  const message = refused({ DB_POOL_MAX: "x", TOOL_MAX_BODY_BYTES: "big", JWT_SECRET: "short-secret-value" });
  assert.match(message, /DB_POOL_MAX .*TOOL_MAX_BODY_BYTES .*JWT_SECRET must be at least 32 characters/);
  assert.doesNotMatch(message, /short-secret-value/);
});

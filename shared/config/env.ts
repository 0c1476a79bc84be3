import type { JSONWebKeySet } from "jose";
import * as z from "zod";
import { AppError } from "../errors.ts";

/**
 * A variable the functions cannot use. It names the variable and what is expected (never the value, which may
 * be a secret), and answers 503 wherever it surfaces, so a misconfigured deployment says what to fix.
 */
export class EnvironmentError extends AppError {
  constructor(problems: string[]) {
    super("UNAVAILABLE", `The functions are misconfigured: ${problems.join("; ")}.`, { retryable: false });
    this.name = "EnvironmentError";
  }
}

/** Every setting the functions read, parsed once. Names are the variables users set; see docs/local-stack.md, "Environment the functions read". */
export interface Environment {
  /** SUPABASE_URL without a trailing slash. */
  supabaseUrl?: string;
  /** SUPABASE_ANON_KEY: sent as `apikey` beside the caller's token where a tool calls Storage, as storage-js does. */
  supabaseAnonKey?: string;
  /**
   * SUPABASE_SERVICE_ROLE_KEY (set by Supabase in every function, and by the local stack): the photo sweep removes
   * objects from Storage with it and recognises a caller presenting it.
   */
  supabaseServiceRoleKey?: string;
  /** DATABASE_URL, else SUPABASE_DB_URL. */
  databaseUrl?: string;
  databasePoolMax: number;
  /** DB_PREPARE when set; otherwise the database client decides from the URL. */
  databasePrepare?: boolean;
  /** How long one query may take, queueing and connecting included, before it fails as UNAVAILABLE. */
  databaseQueryTimeoutSeconds: number;
  toolMaxBodyBytes: number;
  /** JWKS_URL, else SUPABASE_JWKS_URL, else the project's `/auth/v1/.well-known/jwks.json`. */
  jwksUrl?: string;
  /**
   * SUPABASE_JWKS: the project's public signing keys inline, as Supabase gives them to every function. Tokens are
   * checked against them first, so the first call after a cold start fetches nothing; a key not among them is fetched.
   */
  jwks?: JSONWebKeySet;
  /** JWT_SECRET, else SUPABASE_JWT_SECRET: the legacy HS256 secret. */
  jwtSecret?: string;
  /** JWT_ISSUER, else SUPABASE_JWT_ISSUER (comma-separated), else the project's `/auth/v1`. */
  jwtIssuers?: string[];
  anthropicApiKey?: string;
  anthropicBaseUrl?: string;
  assistantModel: string;
  assistantMaxTokens: number;
  assistantMaxRounds: number;
  assistantMaxRetries: number;
  assistantActionTtlSeconds: number;
  /** MCP_WRITES: `approve` (default) stores a write called through MCP as a pending action; `run` runs it. */
  mcpWrites: "approve" | "run";
  /**
   * host:port pairs recipe.import_url may fetch although private (RECIPE_IMPORT_ALLOW_HOSTS), matched by the URL's
   * host as written: `127.0.0.1:8000` does not let `[::ffff:127.0.0.1]:8000` through, nor a redirect elsewhere.
   */
  recipeImportAllowedHosts: string[];
}

function wholeNumber(minimum: number, maximum: number) {
  return z.string().refine(
    (value) => /^\d+$/.test(value) && Number(value) >= minimum && Number(value) <= maximum,
    { error: `must be a whole number from ${minimum} to ${maximum}` },
  ).transform(Number);
}

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" });
const databaseUrl = z.string().regex(/^postgres(ql)?:\/\/\S+$/, {
  error: "must be a postgres:// or postgresql:// connection URL",
});
const booleanFlag = z.enum(["true", "false"], { error: 'must be "true" or "false"' }).transform((value) =>
  value === "true"
);
const issuerList = z.string().transform((value) => value.split(",").map((issuer) => issuer.trim()).filter(Boolean))
  .refine((issuers) => issuers.length > 0, { error: "must name at least one issuer" });
// `{"keys": [...]}` or the bare array, as @supabase/server reads it; an empty set is no keys (a project on the legacy
// secret alone).
const inlineKeySet = z.string().transform((value, context) => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    parsed = undefined;
  }
  const keys = Array.isArray(parsed) ? parsed : (parsed as { keys?: unknown } | null)?.keys;
  const isKey = (key: unknown) =>
    typeof key === "object" && key !== null && typeof (key as JsonWebKey).kty === "string";
  if (!Array.isArray(keys) || !keys.every(isKey)) {
    context.addIssue({
      code: "custom",
      message: 'must be a JSON Web Key Set: {"keys": [...]}, each key with its "kty"',
    });
    return z.NEVER;
  }
  return keys.length > 0 ? { keys } as JSONWebKeySet : undefined;
});
const legacySecret = z.string().min(32, { error: "must be at least 32 characters (the project's JWT secret)" });

const variables = z.object({
  SUPABASE_URL: httpUrl.optional(),
  SUPABASE_ANON_KEY: z.string().optional(),
  SUPABASE_SERVICE_ROLE_KEY: z.string().optional(),
  DATABASE_URL: databaseUrl.optional(),
  SUPABASE_DB_URL: databaseUrl.optional(),
  DB_POOL_MAX: wholeNumber(1, 100).default(10),
  DB_PREPARE: booleanFlag.optional(),
  DB_QUERY_TIMEOUT_SECONDS: wholeNumber(1, 300).default(10),
  TOOL_MAX_BODY_BYTES: wholeNumber(1, 64 * 1024 * 1024).default(1024 * 1024),
  JWKS_URL: httpUrl.optional(),
  SUPABASE_JWKS_URL: httpUrl.optional(),
  SUPABASE_JWKS: inlineKeySet.optional(),
  JWT_SECRET: legacySecret.optional(),
  SUPABASE_JWT_SECRET: legacySecret.optional(),
  JWT_ISSUER: issuerList.optional(),
  SUPABASE_JWT_ISSUER: issuerList.optional(),
  ANTHROPIC_API_KEY: z.string().optional(),
  ANTHROPIC_BASE_URL: httpUrl.optional(),
  ASSISTANT_MODEL: z.string().default("claude-sonnet-4-5"),
  ASSISTANT_MAX_TOKENS: wholeNumber(1, 64_000).default(4096),
  ASSISTANT_MAX_ROUNDS: wholeNumber(1, 50).default(6),
  ASSISTANT_MAX_RETRIES: wholeNumber(1, 10).default(2),
  ASSISTANT_ACTION_TTL_SECONDS: wholeNumber(1, 30 * 86_400).default(86_400),
  MCP_WRITES: z.enum(["approve", "run"], { error: 'must be "approve" or "run"' }).default("approve"),
  // host:port pairs recipe.import_url may fetch although they are private (a test's local server).
  RECIPE_IMPORT_ALLOW_HOSTS: z.string().transform((value) =>
    value.split(",").map((host) => host.trim().toLowerCase()).filter(Boolean)
  ).optional(),
});

const names = Object.keys(variables.shape);

/** Parses the given variables; an empty value counts as unset. Throws an EnvironmentError naming each bad one. */
export function parseEnvironment(values: Record<string, string | undefined>): Environment {
  const present = Object.fromEntries(names.filter((name) => values[name]).map((name) => [name, values[name]]));
  const parsed = variables.safeParse(present);
  if (!parsed.success) {
    throw new EnvironmentError(parsed.error.issues.map((issue) => `${String(issue.path[0])} ${issue.message}`));
  }
  const read = parsed.data;
  const supabaseUrl = read.SUPABASE_URL?.replace(/\/+$/, "");
  const authUrl = supabaseUrl && `${supabaseUrl}/auth/v1`;
  return {
    supabaseUrl,
    supabaseAnonKey: read.SUPABASE_ANON_KEY,
    supabaseServiceRoleKey: read.SUPABASE_SERVICE_ROLE_KEY,
    databaseUrl: read.DATABASE_URL ?? read.SUPABASE_DB_URL,
    databasePoolMax: read.DB_POOL_MAX,
    databasePrepare: read.DB_PREPARE,
    databaseQueryTimeoutSeconds: read.DB_QUERY_TIMEOUT_SECONDS,
    toolMaxBodyBytes: read.TOOL_MAX_BODY_BYTES,
    jwksUrl: read.JWKS_URL ?? read.SUPABASE_JWKS_URL ?? (authUrl && `${authUrl}/.well-known/jwks.json`),
    jwks: read.SUPABASE_JWKS,
    jwtSecret: read.JWT_SECRET ?? read.SUPABASE_JWT_SECRET,
    jwtIssuers: read.JWT_ISSUER ?? read.SUPABASE_JWT_ISSUER ?? (authUrl ? [authUrl] : undefined),
    anthropicApiKey: read.ANTHROPIC_API_KEY,
    anthropicBaseUrl: read.ANTHROPIC_BASE_URL,
    assistantModel: read.ASSISTANT_MODEL,
    assistantMaxTokens: read.ASSISTANT_MAX_TOKENS,
    assistantMaxRounds: read.ASSISTANT_MAX_ROUNDS,
    assistantMaxRetries: read.ASSISTANT_MAX_RETRIES,
    assistantActionTtlSeconds: read.ASSISTANT_ACTION_TTL_SECONDS,
    mcpWrites: read.MCP_WRITES,
    recipeImportAllowedHosts: read.RECIPE_IMPORT_ALLOW_HOSTS ?? [],
  };
}

let parsedEnvironment: Environment | undefined;

/** The process's environment, parsed on the first call and kept: the functions read settings only here. */
export function env(): Environment {
  parsedEnvironment ??= parseEnvironment(Deno.env.toObject());
  return parsedEnvironment;
}

import { exportJWK, generateKeyPair, importJWK, type JWK, type JWTPayload, SignJWT } from "jose";
import { existsSync } from "node:fs";
import { join } from "node:path";

export interface SigningKey {
  privateJwk: JWK;
  publicJwk: JWK;
}

const algorithm = "ES256";

function keyPath(stateDirectory: string): string {
  return join(stateDirectory, "signing-key.json");
}

/** The stack's ES256 key pair, made at first start and kept in the git-ignored state folder. */
export async function ensureSigningKey(stateDirectory: string): Promise<SigningKey> {
  const path = keyPath(stateDirectory);
  if (existsSync(path)) return JSON.parse(await Deno.readTextFile(path));
  const { publicKey, privateKey } = await generateKeyPair(algorithm, { extractable: true });
  const kid = crypto.randomUUID();
  const common = { kid, alg: algorithm, use: "sig" };
  const key: SigningKey = {
    privateJwk: { ...(await exportJWK(privateKey)), ...common },
    publicJwk: { ...(await exportJWK(publicKey)), ...common, key_ops: ["verify"] },
  };
  await Deno.mkdir(stateDirectory, { recursive: true });
  await Deno.writeTextFile(path, JSON.stringify(key, null, 2), { mode: 0o600 });
  return key;
}

export async function readSigningKey(stateDirectory: string): Promise<SigningKey> {
  const path = keyPath(stateDirectory);
  if (!existsSync(path)) {
    throw new Error(`No signing key at ${path}: start the local stack first (deno task start).`);
  }
  return JSON.parse(await Deno.readTextFile(path));
}

export function jwks(key: SigningKey): { keys: JWK[] } {
  return { keys: [key.publicJwk] };
}

/** Signs claims as Supabase Auth does: ES256, `kid` in the header, `typ` JWT. */
export async function signToken(key: SigningKey, claims: JWTPayload, expiresInSeconds: number): Promise<string> {
  const privateKey = await importJWK(key.privateJwk, algorithm);
  const now = Math.floor(Date.now() / 1000);
  return await new SignJWT(claims)
    .setProtectedHeader({ alg: algorithm, kid: key.privateJwk.kid, typ: "JWT" })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(privateKey);
}

/** The issuer Supabase Auth writes in its tokens, and the functions require by default: `${SUPABASE_URL}/auth/v1`. */
export function authIssuer(apiUrl: string): string {
  return `${apiUrl.replace(/\/+$/, "")}/auth/v1`;
}

export interface TokenUser {
  id: string;
  email: string;
  phone?: string | null;
  isAnonymous?: boolean;
  appMetadata?: Record<string, unknown>;
  userMetadata?: Record<string, unknown>;
  /** The auth.sessions row the token belongs to; a random id (no row) when absent. */
  sessionId?: string;
}

/** An access token with the claims Supabase Auth issues for a signed-in user. */
export async function signUserToken(
  key: SigningKey,
  issuerBaseUrl: string,
  user: TokenUser,
  expiresInSeconds = 3600,
): Promise<string> {
  return await signToken(key, {
    iss: authIssuer(issuerBaseUrl),
    aud: "authenticated",
    sub: user.id,
    role: "authenticated",
    aal: "aal1",
    amr: [{ method: "password", timestamp: Math.floor(Date.now() / 1000) }],
    session_id: user.sessionId ?? crypto.randomUUID(),
    email: user.email,
    phone: user.phone ?? "",
    is_anonymous: user.isAnonymous ?? false,
    app_metadata: user.appMetadata ?? { provider: "email", providers: ["email"] },
    user_metadata: user.userMetadata ?? {},
  }, expiresInSeconds);
}

/** The API keys a client uses: long-lived tokens whose role is anon or service_role. */
export async function signApiKey(key: SigningKey, role: "anon" | "service_role"): Promise<string> {
  return await signToken(key, { iss: "supabase-local", role }, 10 * 365 * 24 * 3600);
}

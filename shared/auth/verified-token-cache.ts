import type { AccessTokenClaims } from "./access-token.ts";

export interface VerifiedTokenCacheOptions {
  /** At most this many tokens are kept; the oldest kept one makes room. */
  maxEntries: number;
  /** A token is verified again after this long, whatever its expiry: how long a key taken out of the JWKS still counts. */
  maxAgeSeconds: number;
  /** The verifier's clock tolerance: a kept token is dropped once `exp` plus this has passed. */
  clockToleranceSeconds: number;
  /** Milliseconds since the epoch; tests move it. */
  now?: () => number;
}

interface Entry {
  claims: AccessTokenClaims;
  keepUntil: number;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * Tokens already verified, by their exact text, with their claims. Checking an ES256 signature costs about a quarter
 * of a millisecond of CPU, as much as a small tool's whole SQL; an app sends the same access token with every call
 * until it refreshes it (an hour on Supabase), so each is checked once per `maxAgeSeconds` instead of once per call.
 * Only a token that passed every check is kept, never past its expiry, and its claims are frozen: every caller shares
 * the one object. The whole token is the key, so a token differing by one character (another signature) is a miss.
 */
export class VerifiedTokenCache {
  readonly #entries = new Map<string, Entry>();
  readonly #options: Required<VerifiedTokenCacheOptions>;

  constructor(options: VerifiedTokenCacheOptions) {
    this.#options = { ...options, now: options.now ?? Date.now };
  }

  get size(): number {
    return this.#entries.size;
  }

  get(token: string): AccessTokenClaims | undefined {
    const entry = this.#entries.get(token);
    if (!entry) return undefined;
    if (this.#options.now() < entry.keepUntil) return entry.claims;
    this.#entries.delete(token);
    return undefined;
  }

  /** Keeps verified claims; returns them frozen. A token without `exp` is never kept (the verifier refuses it). */
  set(token: string, claims: AccessTokenClaims): AccessTokenClaims {
    const frozen = deepFreeze(claims);
    const now = this.#options.now();
    if (typeof claims.exp !== "number") return frozen;
    const keepUntil = Math.min(
      now + this.#options.maxAgeSeconds * 1000,
      (claims.exp + this.#options.clockToleranceSeconds) * 1000,
    );
    if (keepUntil <= now || this.#options.maxEntries <= 0) return frozen;
    this.#entries.delete(token);
    if (this.#entries.size >= this.#options.maxEntries) this.#makeRoom(now);
    this.#entries.set(token, { claims: frozen, keepUntil });
    return frozen;
  }

  // Drops what has lapsed; if nothing has, the oldest entry (a Map iterates in insertion order).
  #makeRoom(now: number): void {
    for (const [token, entry] of this.#entries) {
      if (entry.keepUntil <= now) this.#entries.delete(token);
    }
    if (this.#entries.size < this.#options.maxEntries) return;
    const oldest = this.#entries.keys().next();
    if (!oldest.done) this.#entries.delete(oldest.value);
  }
}

import type { AccessTokenClaims } from "./claims.ts";

export interface VerifiedTokenCacheOptions {
  /** At most this many tokens are kept; the oldest kept one makes room. */
  maxEntries: number;
  /** A token is verified again after this long, whatever its expiry: how long a key taken out of the JWKS still counts. */
  maxAgeSeconds: number;
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
 * Only a token that passed every check is kept, never past the last moment the verifier would still accept it, and
 * its claims are frozen: every caller shares the one object. The whole token is the key, so a token differing by one character (another signature) is a miss.
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

  /**
   * Keeps verified claims until `acceptedUntil` (milliseconds since the epoch: when the verifier would refuse the
   * token as expired) or for the maximum age, whichever ends first; returns them frozen.
   */
  set(token: string, claims: AccessTokenClaims, acceptedUntil: number): AccessTokenClaims {
    const frozen = deepFreeze(claims);
    const now = this.#options.now();
    const keepUntil = Math.min(now + this.#options.maxAgeSeconds * 1000, acceptedUntil);
    if (keepUntil <= now) return frozen;
    this.#entries.delete(token);
    // The oldest kept token makes room (a Map iterates in insertion order); a lapsed one elsewhere goes when read.
    if (this.#entries.size >= this.#options.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(token, { claims: frozen, keepUntil });
    return frozen;
  }
}

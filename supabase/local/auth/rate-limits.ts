import { AuthApiError } from "./responses.ts";
import type { RateLimits } from "./settings.ts";

/**
 * The endpoints GoTrue limits per client address, each with a limiter of its own (its apilimiter): /token and /verify
 * by their own settings, the others by RATE_LIMIT_OTP, each endpoint counted apart from the rest.
 */
export type LimitedEndpoint = "token" | "verify" | "signup" | "recover" | "resend" | "otp" | "user";

/** GoTrue's limiters (tollbooth over golang.org/x/time/rate) let a burst of 30 through, then refill at the rate. */
const gotrueBurst = 30;
const windowSeconds = 5 * 60;
/** GoTrue forgets an address's bucket after an hour without requests (its limiters' expiration TTL). */
const forgetAfterMs = 60 * 60 * 1000;

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * GoTrue's per-address request limits as token buckets: a bucket holds at most 30 requests (GoTrue's burst), or the
 * limit itself where that is smaller (stricter than GoTrue, which lets 30 through whatever the rate), and refills at
 * the limit per 5 minutes. An address over it is answered 429 over_request_rate_limit, as GoTrue answers.
 */
export class RateLimiter {
  readonly #buckets = new Map<string, Bucket>();

  constructor(readonly limits: RateLimits, readonly now: () => number = Date.now) {}

  #limitOf(endpoint: LimitedEndpoint): number {
    if (endpoint === "token") return this.limits.token;
    if (endpoint === "verify") return this.limits.verify;
    return this.limits.otp;
  }

  /** Counts a request of the address to the endpoint, or throws GoTrue's 429 when its bucket is empty. */
  take(endpoint: LimitedEndpoint, address: string): void {
    const limit = this.#limitOf(endpoint);
    const capacity = Math.min(gotrueBurst, limit);
    const perMs = limit / (windowSeconds * 1000);
    const now = this.now();
    this.#forgetIdle(now);
    const key = `${endpoint} ${address}`;
    const bucket = this.#buckets.get(key) ?? { tokens: capacity, at: now };
    const tokens = Math.min(capacity, bucket.tokens + Math.max(0, now - bucket.at) * perMs);
    const allowed = tokens >= 1;
    // Deleted and set again, so that the map stays in the order of last use (#forgetIdle reads it from the front).
    this.#buckets.delete(key);
    this.#buckets.set(key, { tokens: allowed ? tokens - 1 : tokens, at: now });
    if (!allowed) throw new AuthApiError(429, "over_request_rate_limit", "Request rate limit reached");
  }

  #forgetIdle(now: number): void {
    for (const [key, bucket] of this.#buckets) {
      if (now - bucket.at < forgetAfterMs) break;
      this.#buckets.delete(key);
    }
  }
}

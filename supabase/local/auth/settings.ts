/** What the local Auth stand-in is set to, with `supabase start`'s defaults (supabase/config.toml's [auth]). */
export interface AuthSettings {
  /** The API's address: tokens carry `${apiUrl}/auth/v1` as their issuer, emails link back to it. */
  apiUrl: string;
  /** Where a link goes when it names no allowed redirect_to (config.toml's site_url). */
  siteUrl: string;
  /** Off locally as with `supabase start` (sign-up returns a session); on as hosted's default. */
  emailConfirmations: boolean;
  accessTokenSeconds: number;
  /** GoTrue's refresh_token_reuse_interval: a rotated-away refresh token still works this long (10 s on Supabase). */
  refreshTokenReuseSeconds: number;
  /** How long an emailed code or link works (`supabase start`'s otp_expiry). */
  otpSeconds: number;
  /** The least time between two emails of a kind to one user (`supabase start`'s max_frequency 1 s; hosted 60 s). */
  emailIntervalSeconds: number;
  minimumPasswordLength: number;
  /** Requests a client address may make per 5 minutes, by GoTrue's limiter (see rate-limits.ts). */
  rateLimits: RateLimits;
}

/**
 * GoTrue's per-address request limits, each in requests per 5 minutes (its GOTRUE_RATE_LIMIT_* settings; `supabase
 * start`'s and hosted's [auth.rate_limit] token_refresh, token_verifications and sign_in_sign_ups).
 */
export interface RateLimits {
  /** POST /token, every grant (password sign-in, refresh, PKCE): RATE_LIMIT_TOKEN_REFRESH. */
  token: number;
  /** POST and GET /verify (codes and links): RATE_LIMIT_VERIFY. */
  verify: number;
  /** POST /signup, /recover, /resend, /otp and PUT /user, each counted on its own: RATE_LIMIT_OTP. */
  otp: number;
}

/** GoTrue's defaults (internal/conf/configuration.go): 150 token requests, 30 verifications, 30 of the others. */
export const gotrueRateLimits: Readonly<RateLimits> = Object.freeze({ token: 150, verify: 30, otp: 30 });

function onOff(name: string, fallback: boolean): boolean {
  const value = Deno.env.get(name)?.trim().toLowerCase();
  if (!value) return fallback;
  if (["on", "true", "1", "yes"].includes(value)) return true;
  if (["off", "false", "0", "no"].includes(value)) return false;
  throw new Error(`${name} must be on or off, not "${value}"`);
}

function seconds(name: string, fallback: number): number {
  const value = Deno.env.get(name);
  if (!value) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new Error(`${name} must be a whole number of seconds`);
  return number;
}

function count(name: string, fallback: number): number {
  const value = Deno.env.get(name);
  if (!value) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) {
    throw new Error(`${name} must be a whole number of requests, at least 1`);
  }
  return number;
}

/** The settings from the environment: AUTH_EMAIL_CONFIRMATIONS=on turns confirmations on, as on hosted. */
export function authSettingsFromEnv(apiUrl: string): AuthSettings {
  return {
    apiUrl: apiUrl.replace(/\/+$/, ""),
    siteUrl: Deno.env.get("AUTH_SITE_URL") ?? "http://127.0.0.1:3000",
    emailConfirmations: onOff("AUTH_EMAIL_CONFIRMATIONS", false),
    accessTokenSeconds: seconds("AUTH_JWT_EXPIRY", 3600),
    refreshTokenReuseSeconds: seconds("AUTH_REFRESH_TOKEN_REUSE_INTERVAL", 10),
    otpSeconds: seconds("AUTH_OTP_EXPIRY", 3600),
    emailIntervalSeconds: seconds("AUTH_EMAIL_MAX_FREQUENCY", 1),
    minimumPasswordLength: 6,
    rateLimits: {
      token: count("AUTH_RATE_LIMIT_TOKEN_REFRESH", gotrueRateLimits.token),
      verify: count("AUTH_RATE_LIMIT_VERIFY", gotrueRateLimits.verify),
      otp: count("AUTH_RATE_LIMIT_OTP", gotrueRateLimits.otp),
    },
  };
}

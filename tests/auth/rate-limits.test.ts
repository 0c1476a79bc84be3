// GoTrue's per-address request limits: /token (every grant), /verify, and each of /signup, /recover, /resend, /otp and
// PUT /user answer 429 over_request_rate_limit past them. The test stack lifts them (the whole suite signs in from
// 127.0.0.1); here they are held at small values on a stand-in of their own, whose clock the test moves, and the
// defaults are shown to be GoTrue's.
import assert from "node:assert/strict";
import { AuthApiError } from "@supabase/supabase-js";
import { RateLimiter } from "../../supabase/local/auth/rate-limits.ts";
import { authSettingsFromEnv, gotrueRateLimits } from "../../supabase/local/auth/settings.ts";
import { stackEnv } from "../support/stack.ts";
import { appClient, linkAndCode, mailTo, startStandIn, uniqueEmail } from "./auth-client.ts";

const limitNames = ["AUTH_RATE_LIMIT_TOKEN_REFRESH", "AUTH_RATE_LIMIT_VERIFY", "AUTH_RATE_LIMIT_OTP"];

/** The settings read with the given limit variables set, and the others unset (the test stack sets them). */
function rateLimitsWith(values: Record<string, string>) {
  const before = limitNames.map((name) => [name, Deno.env.get(name)] as const);
  try {
    for (const name of limitNames) Deno.env.delete(name);
    for (const [name, value] of Object.entries(values)) Deno.env.set(name, value);
    return authSettingsFromEnv("http://127.0.0.1:1").rateLimits;
  } finally {
    for (const [name, value] of before) value === undefined ? Deno.env.delete(name) : Deno.env.set(name, value);
  }
}

Deno.test("the default limits are GoTrue's: 150 token requests, 30 verifications, 30 sign-ups and emails per 5 minutes", () => {
  assert.deepEqual(rateLimitsWith({}), { token: 150, verify: 30, otp: 30 });
  assert.deepEqual(gotrueRateLimits, { token: 150, verify: 30, otp: 30 });
  assert.deepEqual(rateLimitsWith({ AUTH_RATE_LIMIT_VERIFY: "7" }), { token: 150, verify: 7, otp: 30 });
  assert.throws(() => rateLimitsWith({ AUTH_RATE_LIMIT_OTP: "0" }), /AUTH_RATE_LIMIT_OTP/);
  assert.throws(() => rateLimitsWith({ AUTH_RATE_LIMIT_TOKEN_REFRESH: "lots" }), /AUTH_RATE_LIMIT_TOKEN_REFRESH/);
});

Deno.test("at GoTrue's defaults an address gets a burst of 30, then the limit per 5 minutes", () => {
  let now = 0;
  const limiter = new RateLimiter(rateLimitsWith({}), () => now);
  const allowed = (endpoint: Parameters<RateLimiter["take"]>[0], address = "192.0.2.1") => {
    try {
      limiter.take(endpoint, address);
      return true;
    } catch (error) {
      assert.ok(error instanceof Error && "code" in error && error.code === "over_request_rate_limit");
      return false;
    }
  };
  for (const endpoint of ["token", "verify", "signup", "recover"] as const) {
    for (let i = 0; i < 30; i++) assert.ok(allowed(endpoint), `${endpoint} ${i + 1}`);
    assert.equal(allowed(endpoint), false, `${endpoint}: the 31st`);
  }
  assert.ok(allowed("token", "192.0.2.2"), "another address counts apart");
  // 150 per 300 s: one more every 2 s; 30 per 300 s: one every 10 s.
  now += 1_999;
  assert.deepEqual([allowed("token"), allowed("verify")], [false, false]);
  now += 1;
  assert.deepEqual([allowed("token"), allowed("token"), allowed("verify")], [true, false, false]);
  now += 8_000;
  assert.deepEqual([allowed("verify"), allowed("verify"), allowed("signup")], [true, false, true]);
});

Deno.test("past a small configured limit, wrong passwords, wrong codes and sign-ups get 429 over_request_rate_limit", async () => {
  const standIn = await startStandIn({
    AUTH_RATE_LIMIT_TOKEN_REFRESH: "3",
    AUTH_RATE_LIMIT_VERIFY: "3",
    AUTH_RATE_LIMIT_OTP: "3",
  });
  const client = () => appClient(standIn.apiUrl);
  const overLimit = (error: unknown) => {
    assert.ok(error instanceof AuthApiError, String(error));
    assert.deepEqual([error.status, error.code], [429, "over_request_rate_limit"]);
  };
  try {
    const email = uniqueEmail("limited");
    assert.equal((await client().auth.signUp({ email, password: "the right one" })).error, null);

    // Password guesses: three answered, then even the right password waits.
    for (let i = 0; i < 3; i++) {
      const { error } = await client().auth.signInWithPassword({ email, password: `guess ${i}` });
      assert.equal(error?.code, "invalid_credentials");
    }
    overLimit((await client().auth.signInWithPassword({ email, password: "the right one" })).error);
    overLimit((await client().auth.refreshSession({ refresh_token: "abcdefghijkl" })).error);
    standIn.advance(100_000); // 3 per 300 s: one request back every 100 s
    assert.equal((await client().auth.signInWithPassword({ email, password: "the right one" })).error, null);
    overLimit((await client().auth.signInWithPassword({ email, password: "the right one" })).error);

    // Code guesses: three answered, then the right code waits too, and so does the emailed link.
    assert.equal((await client().auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error, null);
    const { code, link } = linkAndCode((await mailTo(email, standIn.apiUrl))[0]);
    for (const guess of ["000000", "111111", "222222", "333333"].filter((guess) => guess !== code).slice(0, 3)) {
      const { error } = await client().auth.verifyOtp({ email, token: guess, type: "email" });
      assert.equal(error?.code, "otp_expired");
    }
    overLimit((await client().auth.verifyOtp({ email, token: code, type: "email" })).error);
    const opened = await fetch(link, { redirect: "manual" });
    assert.deepEqual([opened.status, (await opened.json()).code], [429, "over_request_rate_limit"]);

    // Sign-ups: the first was 100 s ago, so their bucket is full again: three, then refused and nothing created.
    for (let i = 0; i < 3; i++) {
      assert.equal(
        (await client().auth.signUp({ email: uniqueEmail("limited"), password: "long enough" })).error,
        null,
      );
    }
    const refused = uniqueEmail("limited-refused");
    overLimit((await client().auth.signUp({ email: refused, password: "long enough" })).error);
    const found = await appClient(stackEnv().apiUrl).auth.signInWithPassword({
      email: refused,
      password: "long enough",
    });
    assert.equal(found.error?.code, "invalid_credentials", "the refused sign-up created no user");

    // Each endpoint counts apart, and so does each address.
    // (/resend for a confirmed address sends nothing, so the email interval plays no part.)
    assert.equal((await client().auth.resend({ type: "signup", email })).error, null);
    const fromElsewhere = await standIn.auth.handle(
      new Request(`${standIn.apiUrl}/auth/v1/token?grant_type=password`, {
        method: "POST",
        headers: { apikey: stackEnv().anonKey, "content-type": "application/json" },
        body: JSON.stringify({ email, password: "the right one" }),
      }),
      { remoteAddr: { transport: "tcp", hostname: "192.0.2.7", port: 40000 } },
    );
    assert.equal(fromElsewhere.status, 200, await fromElsewhere.clone().text());
    await fromElsewhere.body?.cancel();
  } finally {
    await standIn.close();
  }
});

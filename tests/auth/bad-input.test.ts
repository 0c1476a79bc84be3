import assert from "node:assert/strict";
import { stackEnv } from "../support/stack.ts";

/** A raw request to the stand-in with the anon key, as a client could send anything. */
async function send(method: string, path: string, body?: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${stackEnv().apiUrl}/auth/v1${path}`, {
    method,
    body,
    headers: { apikey: stackEnv().anonKey, "content-type": "application/json", ...headers },
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const cases: [string, string, string?][] = [
  ["POST", "/signup", JSON.stringify({ email: "nul\u0000@example.com", password: "long enough" })],
  ["POST", "/signup", JSON.stringify({ email: "data@example.com", password: "long enough", data: { a: "\u0000" } })],
  ["POST", "/signup", JSON.stringify({ email: "data@example.com", password: "long enough", data: [1, 2] })],
  ["POST", "/signup", JSON.stringify({ email: 42, password: "long enough" })],
  ["POST", "/signup", JSON.stringify({ email: `${"a".repeat(300)}@example.com`, password: "long enough" })],
  ["POST", "/signup", JSON.stringify({ email: "long@example.com", password: "é".repeat(40) })],
  ["POST", "/signup", JSON.stringify([1, 2, 3])],
  ["POST", "/signup", "not json"],
  ["POST", "/token?grant_type=password", JSON.stringify({ email: "x@example.com", password: { not: "a string" } })],
  ["POST", "/token?grant_type=refresh_token", JSON.stringify({ refresh_token: "ünïcödé😀abc" })],
  ["POST", "/token?grant_type=refresh_token", JSON.stringify({})],
  ["POST", "/token?grant_type=pkce", JSON.stringify({ auth_code: "x".repeat(10_000), code_verifier: "y" })],
  ["POST", "/token?grant_type=magic", JSON.stringify({})],
  ["POST", "/verify", JSON.stringify({ type: "signup", token_hash: "z".repeat(10_000) })],
  ["POST", "/verify", JSON.stringify({ type: "nonsense", token: "123456", email: "x@example.com" })],
  ["POST", "/verify", JSON.stringify({ type: "email", token: "123456", email: "not an email" })],
  ["POST", "/recover", JSON.stringify({ email: "" })],
  ["POST", "/otp", JSON.stringify({ email: "x@example.com", code_challenge: "a".repeat(50) })],
  ["POST", "/resend", JSON.stringify({ type: "sms", phone: "+15555550100" })],
  ["GET", "/user", undefined],
  ["PUT", "/user", JSON.stringify({ password: "new one" })],
  ["POST", "/logout?scope=everything", undefined],
  ["POST", "/invite", JSON.stringify({ email: "x@example.com" })],
  ["DELETE", "/admin/users/1", undefined],
];

Deno.test("anything a client sends gets a 4xx with GoTrue's code and message, never a 500", async () => {
  for (const [method, path, body] of cases) {
    const answer = await send(method, path, body);
    const label = `${method} ${path} ${body?.slice(0, 60)}`;
    assert.ok(answer.status >= 400 && answer.status < 500, `${label}: ${answer.status} ${JSON.stringify(answer.body)}`);
    assert.equal(typeof answer.body?.code, "string", label);
    assert.equal(typeof answer.body?.message, "string", label);
  }
  const forged = await send("GET", "/user", undefined, { authorization: "Bearer not.a.jwt" });
  assert.deepEqual([forged.status, forged.body.code], [403, "bad_jwt"]);
  const link = await fetch(
    `${stackEnv().apiUrl}/auth/v1/verify?token=abc&type=recovery&redirect_to=https://evil.test/`,
    {
      redirect: "manual",
    },
  );
  await link.body?.cancel();
  assert.equal(link.status, 303);
  assert.match(
    link.headers.get("location")!,
    /^http:\/\/127\.0\.0\.1:3000\/?#error=access_denied/,
    "not sent to evil.test",
  );
});

// An Authorization header far longer than any access token is refused by our own code, below the runtime's limit,
// with the usual envelope and CORS, wherever a token is read. Through the running stack's gateway.
import assert from "node:assert/strict";
import { maxAuthorizationHeaderBytes } from "../../shared/auth/access-token.ts";
import { functionsUrl } from "../support/stack.ts";

const oversized = `Bearer ${"a".repeat(20 * 1024)}`;

Deno.test("an Authorization header over 16 KiB is a 401 envelope saying so, with CORS", async () => {
  const cases: { path: string; init: RequestInit }[] = [
    { path: "recipe/list", init: { method: "POST", body: "{}" } },
    { path: "grocery/create_list", init: { method: "POST", body: '{"name":"x"}' } },
    { path: "assistant/actions", init: { method: "GET" } },
    { path: "health", init: { method: "GET" } },
    { path: "mcp", init: { method: "POST", body: "{}" } },
  ];
  for (const { path, init } of cases) {
    const response = await fetch(functionsUrl(path), {
      ...init,
      headers: { origin: "http://localhost:3000", "content-type": "application/json", authorization: oversized },
    });
    const body = await response.json();
    assert.equal(response.status, 401, `${path}: ${JSON.stringify(body)}`);
    assert.deepEqual(body, {
      ok: false,
      error: {
        type: "UNAUTHENTICATED",
        message: `The Authorization header is ${oversized.length} bytes; at most ${maxAuthorizationHeaderBytes} ` +
          "are accepted (an access token is a few KB).",
        retryable: false,
      },
    }, path);
    assert.equal(response.headers.get("access-control-allow-origin"), "*", path);
    if (path === "mcp") assert.match(response.headers.get("www-authenticate") ?? "", /invalid_token/);
  }
});

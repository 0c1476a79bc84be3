// Every function, and a function that does not exist, answers a browser's preflight the same way, and
// every answer a browser can read (errors included) carries CORS. Through the running stack's gateway.
import assert from "node:assert/strict";
import { functionsUrl } from "../support/stack.ts";

const supabaseJsHeaders = [
  "authorization",
  "x-client-info",
  "apikey",
  "content-type",
  "x-region",
  "traceparent",
  "tracestate",
  "baggage",
  "x-retry-count",
  "idempotency-key",
  "x-household-id",
  "mcp-protocol-version",
];
const functionPaths = [
  "recipe/list",
  "planner/add_meal",
  "grocery/push_ingredients",
  "household/get",
  "ingredient/search",
  "history/list",
  "media/ocr_image",
  "assistant/chat",
  "mcp",
  "openapi",
  "health",
  "health/ping",
  "no-such-function",
  "no-such-function/anything",
];

async function preflight(path: string): Promise<Response> {
  const response = await fetch(functionsUrl(path), {
    method: "OPTIONS",
    headers: {
      origin: "http://localhost:3000",
      "access-control-request-method": "POST",
      "access-control-request-headers": supabaseJsHeaders.join(", "),
    },
  });
  await response.arrayBuffer();
  return response;
}

function corsOf(response: Response): Record<string, string | null> {
  const names = ["allow-origin", "allow-headers", "allow-methods", "expose-headers", "max-age"];
  return Object.fromEntries(names.map((name) => [name, response.headers.get(`access-control-${name}`)]));
}

Deno.test("every function (and an unknown one) answers a preflight with the same CORS", async () => {
  const answers = await Promise.all(functionPaths.map(async (path) => ({ path, response: await preflight(path) })));
  const expected = corsOf(answers[0].response);
  assert.equal(expected["allow-origin"], "*");
  const allowed = (expected["allow-headers"] ?? "").split(",").map((header) => header.trim().toLowerCase());
  for (const header of supabaseJsHeaders) assert.ok(allowed.includes(header), `${header} is not allowed`);
  for (const { path, response } of answers) {
    assert.equal(response.status, 204, path);
    assert.deepEqual(corsOf(response), expected, path);
  }
});

Deno.test("errors a browser reads carry CORS: 401, 404, 405 and 400", async () => {
  const cases: { path: string; init: RequestInit; status: number }[] = [
    { path: "recipe/list", init: { method: "POST", body: "{}" }, status: 401 },
    { path: "recipe/no_such_action", init: { method: "POST", body: "{}" }, status: 404 },
    { path: "no-such-function", init: { method: "GET" }, status: 404 },
    { path: "health/nowhere", init: { method: "GET" }, status: 404 },
    { path: "health", init: { method: "POST", body: "{}" }, status: 405 },
    { path: "assistant/actions", init: { method: "POST", body: "{}" }, status: 405 },
    { path: "mcp", init: { method: "POST", body: "{}" }, status: 401 },
    { path: "mcp", init: { method: "GET" }, status: 405 },
    { path: "recipe", init: { method: "POST", body: "{}" }, status: 405 },
    { path: "health", init: { method: "GET", headers: { authorization: "Bearer not-a-token" } }, status: 401 },
  ];
  for (const { path, init, status } of cases) {
    const response = await fetch(functionsUrl(path), {
      ...init,
      headers: { origin: "http://localhost:3000", ...init.headers },
    });
    const body = await response.json();
    assert.equal(response.status, status, `${path}: ${JSON.stringify(body)}`);
    assert.equal(body.ok, false, path);
    assert.equal(response.headers.get("access-control-allow-origin"), "*", path);
    assert.equal(corsOf(response)["allow-headers"], corsOf(await preflight("health"))["allow-headers"], path);
    if (status === 405) assert.match(response.headers.get("allow") ?? "", /OPTIONS/, path);
  }
});

Deno.test("a preflight asking for tracing and client headers a browser app adds passes; proxy headers do not", async () => {
  const asked = ["sentry-trace", "baggage", "traceparent", "newrelic", "x-supabase-api-version", "x-datadog-trace-id"];
  const refused = ["x-forwarded-for", "forwarded", "x-real-ip", "bad header", "a".repeat(65)];
  for (const path of ["recipe/list", "mcp", "no-such-function"]) {
    const response = await fetch(functionsUrl(path), {
      method: "OPTIONS",
      headers: {
        origin: "http://localhost:3000",
        "access-control-request-method": "POST",
        "access-control-request-headers": ["authorization", ...asked, ...refused].join(","),
      },
    });
    await response.arrayBuffer();
    assert.equal(response.status, 204, path);
    const allowed = (response.headers.get("access-control-allow-headers") ?? "").split(",").map((name) => name.trim());
    for (const header of ["authorization", ...asked]) assert.ok(allowed.includes(header), `${path}: ${header}`);
    for (const header of refused) assert.ok(!allowed.includes(header), `${path}: ${header} must not be allowed`);
    assert.match(response.headers.get("vary") ?? "", /access-control-request-headers/i, path);
  }
});

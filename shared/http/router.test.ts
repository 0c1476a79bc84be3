import assert from "node:assert/strict";
import { AppError } from "../errors.ts";
import { okResponse } from "./envelope.ts";
import { createRouter, frontDoor, pathSegments } from "./router.ts";

const router = createRouter([
  { method: "GET", path: "/things", handle: () => okResponse({ all: true }) },
  { method: "GET", path: "/things/:id", handle: ({ params }) => okResponse({ id: params.id }) },
  { method: "POST", path: "/things/:id/cook", handle: ({ params }) => okResponse({ cooked: params.id }) },
  {
    method: "POST",
    path: "/things/:id/fail",
    handle: ({ params }) => {
      if (params.id === "expected") throw new AppError("CONFLICT", "Busy.");
      throw new Error("secret internals");
    },
  },
], "Routes: GET /things.");

async function call(path: string, method = "GET") {
  const response = await router(new Request(`http://localhost${path}`, { method }));
  const body = response.status === 204 ? null : await response.json();
  return { response, body };
}

Deno.test("paths are read with or without /functions/v1 and a trailing slash", () => {
  assert.deepEqual(pathSegments("/functions/v1/grocery/get_list/"), ["grocery", "get_list"]);
  assert.deepEqual(pathSegments("/grocery//get_list"), ["grocery", "get_list"]);
  assert.deepEqual(pathSegments("/"), []);
});

Deno.test("routes match by method and segments, with decoded parameters", async () => {
  assert.deepEqual((await call("/things")).body, { ok: true, data: { all: true } });
  assert.deepEqual((await call("/functions/v1/things/a%20b")).body, { ok: true, data: { id: "a b" } });
  assert.deepEqual((await call("/things/7/cook", "POST")).body, { ok: true, data: { cooked: "7" } });
});

Deno.test("an unknown path is 404 with the hint, a known path with another method 405 with Allow", async () => {
  const missing = await call("/things/7/eat", "POST");
  assert.equal(missing.response.status, 404);
  assert.equal(missing.body.error.type, "NOT_FOUND");
  assert.match(missing.body.error.message, /GET \/things/);
  const wrongMethod = await call("/things/7/cook", "GET");
  assert.equal(wrongMethod.response.status, 405);
  assert.equal(wrongMethod.response.headers.get("allow"), "POST, OPTIONS");
  const badEscape = await call("/things/%E0%A4%A");
  assert.equal(badEscape.response.status, 404);
});

Deno.test("errors go through one boundary: AppError as its envelope, anything else a 500 without internals", async () => {
  const expected = await call("/things/expected/fail", "POST");
  assert.equal(expected.response.status, 409);
  assert.equal(expected.body.error.type, "CONFLICT");
  const originalError = console.error;
  console.error = () => {};
  try {
    const unexpected = await call("/things/other/fail", "POST");
    assert.equal(unexpected.response.status, 500);
    assert.equal(unexpected.body.error.type, "INTERNAL");
    assert.doesNotMatch(JSON.stringify(unexpected.body), /secret/);
    assert.equal(unexpected.response.headers.get("access-control-allow-origin"), "*");
  } finally {
    console.error = originalError;
  }
});

Deno.test("OPTIONS is answered for any path before routing, and every answer carries CORS", async () => {
  for (const path of ["/things", "/nowhere/at/all"]) {
    const { response } = await call(path, "OPTIONS");
    assert.equal(response.status, 204);
    assert.equal(response.headers.get("access-control-allow-origin"), "*");
    assert.match(response.headers.get("access-control-allow-headers") ?? "", /traceparent/);
  }
  for (const path of ["/things", "/nowhere"]) {
    assert.equal((await call(path)).response.headers.get("access-control-allow-origin"), "*");
  }
});

Deno.test("the front door adds CORS to a response whose headers are immutable", async () => {
  const upstream = await fetch("data:text/plain,hello");
  const door = frontDoor(() => Promise.resolve(upstream));
  const response = await door(new Request("http://localhost/x"));
  assert.equal(response.headers.get("access-control-allow-origin"), "*");
  assert.equal(await response.text(), "hello");
});

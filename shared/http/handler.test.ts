import assert from "node:assert/strict";
import { createFakeSql, invokeResult, postgresError } from "../tools/testing/fake-sql.ts";
import { someId, testUser } from "../tools/testing/tool-assertions.ts";
import { toolsOfGroup } from "../tools/registry.ts";
import { createGroupHandler } from "./handler.ts";
import { createTestSigner } from "./testing/test-tokens.ts";

const signer = await createTestSigner(testUser.id);
const pushBody = { grocery_list_id: someId, ingredients: [{ ingredient_id: someId, quantity: 1.5, unit: "cup" }] };

function setup(respond?: Parameters<typeof createFakeSql>[0], maxBodyBytes?: number) {
  const fake = createFakeSql(respond);
  const handler = createGroupHandler("grocery", {
    tools: toolsOfGroup("grocery"),
    verify: signer.verify,
    sql: fake.sql,
    maxBodyBytes,
  });
  return { fake, handler };
}

async function post(handler: (request: Request) => Promise<Response>, path: string, body: unknown, headers = {}) {
  return handler(
    new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${await signer.token()}`, "content-type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
}

async function errorOf(response: Response) {
  const body = await response.json();
  assert.equal(body.ok, false);
  return body.error;
}

Deno.test("POST /grocery/<action> runs the tool and answers the envelope with CORS headers", async () => {
  const { fake, handler } = setup(() => invokeResult({ item_count: 1 }, { householdId: someId }));
  for (const path of ["/grocery/push_ingredients", "/functions/v1/grocery/push_ingredients/"]) {
    const response = await post(handler, path, pushBody);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { ok: true, data: { item_count: 1 } });
    assert.equal(response.headers.get("access-control-allow-origin"), "*");
    assert.equal(response.headers.get("x-household-id"), someId);
    assert.equal(response.headers.get("idempotent-replayed"), null);
  }
  assert.equal(fake.lastInvoke().functionName, "app.grocery_push_ingredients");
  assert.equal(fake.lastInvoke().claims.sub, testUser.id);
});

Deno.test("headers carry the household and the idempotency key; replays are flagged", async () => {
  const { fake, handler } = setup(() => invokeResult({ item_count: 1 }, { replayed: true, householdId: someId }));
  const response = await post(handler, "/grocery/push_ingredients", pushBody, {
    "x-household-id": someId,
    "idempotency-key": "push-1",
  });
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("idempotent-replayed"), "true");
  assert.equal(fake.lastInvoke().householdId, someId);
  assert.equal(fake.lastInvoke().idempotencyKey, "push-1");
  const bad = await post(handler, "/grocery/push_ingredients", pushBody, { "idempotency-key": "x".repeat(256) });
  assert.equal(bad.status, 400);
  assert.equal((await errorOf(bad)).field, "idempotency_key");
});

Deno.test("OPTIONS is a CORS preflight without a token", async () => {
  const { handler } = setup();
  const response = await handler(new Request("http://localhost/grocery/push_ingredients", { method: "OPTIONS" }));
  assert.equal(response.status, 204);
  assert.equal(response.headers.get("access-control-allow-origin"), "*");
  assert.equal(response.headers.get("access-control-allow-methods"), "GET, POST, OPTIONS");
  for (
    const header of ["authorization", "x-client-info", "apikey", "content-type", "idempotency-key", "x-household-id"]
  ) {
    assert.ok(response.headers.get("access-control-allow-headers")?.includes(header), header);
  }
});

Deno.test("no token, a bad token or a non-user token is 401 and never reaches the database", async () => {
  const { fake, handler } = setup();
  const anonToken = await signer.token({ role: "anon", aud: undefined });
  for (const authorization of [undefined, "Bearer not-a-token", "Basic abc", `Bearer ${anonToken}`]) {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (authorization) headers.authorization = authorization;
    const response = await handler(
      new Request("http://localhost/grocery/list_lists", { method: "POST", headers, body: "{}" }),
    );
    assert.equal(response.status, 401, authorization);
    assert.equal((await errorOf(response)).type, "UNAUTHENTICATED");
    assert.equal(response.headers.get("access-control-allow-origin"), "*");
  }
  assert.equal(fake.queries.length, 0);
});

Deno.test("bodies over the limit are 413, by Content-Length and by the bytes read", async () => {
  const { fake, handler } = setup(undefined, 100);
  const big = JSON.stringify({ ...pushBody, padding: "x".repeat(200) });
  const declared = await post(handler, "/grocery/push_ingredients", big);
  assert.equal(declared.status, 413);
  assert.equal((await errorOf(declared)).type, "PAYLOAD_TOO_LARGE");
  const stream = new Blob([big]).stream();
  const streamed = await handler(
    new Request("http://localhost/grocery/push_ingredients", {
      method: "POST",
      headers: { authorization: `Bearer ${await signer.token()}`, "content-type": "application/json" },
      body: stream,
    }),
  );
  assert.equal(streamed.headers.get("content-length"), null);
  assert.equal(streamed.status, 413);
  assert.equal(fake.queries.length, 0);
});

Deno.test("malformed JSON and non-object bodies are 400, other content types 415", async () => {
  const { fake, handler } = setup();
  for (const body of ["{not json", "[1, 2]", '"text"']) {
    const response = await post(handler, "/grocery/push_ingredients", body);
    assert.equal(response.status, 400, body);
    assert.equal((await errorOf(response)).type, "VALIDATION_ERROR");
  }
  const form = await post(handler, "/grocery/create_list", "name=Weekly", {
    "content-type": "application/x-www-form-urlencoded",
  });
  assert.equal(form.status, 415);
  assert.equal(fake.queries.length, 0);
});

Deno.test("an empty body is an empty input (with the schema's defaults)", async () => {
  const { fake, handler } = setup(() => invokeResult({ lists: [], next_cursor: null }));
  const response = await post(handler, "/grocery/list_lists", "", { "content-type": "" });
  assert.equal(response.status, 200);
  assert.deepEqual(fake.lastInvoke().input, { limit: 50 });
});

Deno.test("tool input errors are 400 naming the field; database errors keep their type", async () => {
  const { handler } = setup(() => {
    throw postgresError("MP404", "grocery list not found", { column_name: "grocery_list_id" });
  });
  const invalid = await post(handler, "/grocery/push_ingredients", {
    ...pushBody,
    ingredients: [{ ingredient_id: someId, quantity: "2 cups", unit: "cup" }],
  });
  assert.equal(invalid.status, 400);
  assert.equal((await errorOf(invalid)).field, "ingredients[0].quantity");
  const missing = await post(handler, "/grocery/push_ingredients", pushBody);
  assert.equal(missing.status, 404);
  assert.deepEqual(await errorOf(missing), {
    type: "NOT_FOUND",
    message: "grocery list not found",
    field: "grocery_list_id",
    retryable: false,
  });
});

Deno.test("unknown actions are 404 naming the group's actions; wrong methods 405", async () => {
  const { handler } = setup();
  const unknown = await post(handler, "/grocery/delete_everything", {});
  assert.equal(unknown.status, 404);
  assert.match((await errorOf(unknown)).message, /push_ingredients/);
  const otherGroup = await post(handler, "/recipe/list", {});
  assert.equal(otherGroup.status, 404);
  const put = await handler(new Request("http://localhost/grocery/push_ingredients", { method: "PUT" }));
  assert.equal(put.status, 405);
  assert.equal(put.headers.get("allow"), "GET, POST, OPTIONS");
  const deleteGroup = await handler(new Request("http://localhost/grocery", { method: "DELETE" }));
  assert.equal(deleteGroup.status, 405);
});

Deno.test("GET /grocery lists the group's tools with JSON Schemas; GET an action adds its doc", async () => {
  const { handler } = setup();
  const response = await handler(new Request("http://localhost/functions/v1/grocery"));
  assert.equal(response.status, 200);
  const { data } = await response.json();
  assert.equal(data.group, "grocery");
  const push = data.tools.find((tool: { name: string }) => tool.name === "grocery.push_ingredients");
  assert.equal(push.effect, "write");
  assert.equal(push.risk, "medium");
  assert.equal(push.requires_confirmation, true);
  assert.equal(push.side_effects, "writes");
  assert.equal(push.latency_budget_ms, 3000);
  assert.equal(push.input_schema.additionalProperties, false);
  assert.ok(push.summary.length > 0);
  const detail = await (await handler(new Request("http://localhost/grocery/check_item"))).json();
  assert.match(detail.data.doc, /## Common Mistakes/);
});

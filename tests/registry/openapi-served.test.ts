import assert from "node:assert/strict";
import { join } from "node:path";
import { projectRoot } from "../../shared/tools/build-tools.ts";
import { callTool } from "../support/tools-client.ts";
import { adminSql, createTestUser, functionsUrl } from "../support/stack.ts";
import { compileSchema, responseSchema } from "./openapi-document.ts";

const sql = adminSql();
const user = await createTestUser(sql, "openapi");
await sql.end();

function assertMatches(path: string, method: string, status: number, body: unknown) {
  const validate = compileSchema(responseSchema(path, method, status));
  assert.ok(validate(body), `${method} ${path} ${status}: ${JSON.stringify(validate.errors)}\n${JSON.stringify(body)}`);
}

Deno.test("GET /functions/v1/openapi serves the committed document, without a token, with CORS", async () => {
  const response = await fetch(functionsUrl("openapi"), { headers: { origin: "http://localhost:3000" } });
  assert.equal(response.status, 200);
  assert.match(response.headers.get("content-type") ?? "", /^application\/json/);
  assert.equal(response.headers.get("access-control-allow-origin"), "*");
  const committed = JSON.parse(await Deno.readTextFile(join(projectRoot, "shared/tools/generated/openapi.json")));
  assert.deepEqual(await response.json(), committed);
  const post = await fetch(functionsUrl("openapi"), { method: "POST" });
  assert.equal(post.status, 405);
  await post.body?.cancel();
});

Deno.test("real replies match the document: a tool's data, its errors, the listings", async () => {
  const created = await callTool(user, "grocery.create_list", { name: "OpenAPI check" }, { idempotencyKey: "oa-1" });
  assert.equal(created.status, 200);
  assertMatches("/grocery/create_list", "post", 200, created.body);
  const replayed = await callTool(user, "grocery.create_list", { name: "OpenAPI check" }, { idempotencyKey: "oa-1" });
  assert.equal(replayed.headers.get("idempotent-replayed"), "true");
  const listId = (created.body.data as { grocery_list_id: string }).grocery_list_id;
  const list = await callTool(user, "grocery.get_list", { grocery_list_id: listId });
  assertMatches("/grocery/get_list", "post", 200, list.body);
  const households = await callTool(user, "household.get", {});
  assertMatches("/household/get", "post", 200, households.body);

  const failures: [string, unknown, number][] = [
    ["grocery.get_list", { grocery_list_id: crypto.randomUUID() }, 404],
    ["grocery.create_list", { name: "" }, 400],
    ["grocery.create_list", { name: "OpenAPI check 2" }, 422], // the same key with another input
  ];
  for (const [tool, input, status] of failures) {
    const reply = await callTool(user, tool, input, { idempotencyKey: "oa-1" });
    assert.equal(reply.status, status, tool);
    assertMatches(`/${tool.replace(".", "/")}`, "post", status, reply.body);
  }
  const anonymous = await callTool(undefined, "grocery.list_lists", {});
  assertMatches("/grocery/list_lists", "post", 401, anonymous.body);

  const listing = await (await fetch(functionsUrl("grocery"))).json();
  assertMatches("/grocery", "get", 200, listing);
  const detail = await (await fetch(functionsUrl("grocery/push_ingredients"))).json();
  assertMatches("/grocery/push_ingredients", "get", 200, detail);
  const health = await (await fetch(functionsUrl("health"))).json();
  assertMatches("/health", "get", 200, health);
});

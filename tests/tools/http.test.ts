import assert from "node:assert/strict";
import { callTool } from "../support/tools-client.ts";
import { adminSql, createTestUser, functionsUrl, stackEnv } from "../support/stack.ts";

const sql = adminSql();
const user = await createTestUser(sql, "http");
await sql.end();

Deno.test("running a tool needs a user token: none, forged, malformed or the anon key are 401", async () => {
  const forged = user.token.slice(0, -4) + (user.token.endsWith("AAAA") ? "BBBB" : "AAAA");
  for (
    const headers of [
      {} as Record<string, string>,
      { authorization: `Bearer ${forged}` },
      { authorization: "Bearer not.a.token" },
      { authorization: `Bearer ${stackEnv().anonKey}` },
    ]
  ) {
    const response = await callTool(undefined, "recipe.list", {}, { headers });
    assert.equal(response.status, 401, JSON.stringify(headers).slice(0, 40));
    assert.equal(response.body.error?.type, "UNAUTHENTICATED");
  }
});

Deno.test("every group function lists its tools with strict JSON Schemas", async () => {
  const expected: Record<string, string[]> = {
    recipe: [
      "recipe.create",
      "recipe.create_many",
      "recipe.delete",
      "recipe.export",
      "recipe.get",
      "recipe.import_file",
      "recipe.import_url",
      "recipe.list",
      "recipe.list_revisions",
      "recipe.parse_text",
      "recipe.restore",
      "recipe.revert",
      "recipe.set_photo",
      "recipe.update",
    ],
    planner: [
      "planner.add_meal",
      "planner.add_recurring",
      "planner.changes",
      "planner.get_meal",
      "planner.get_meals_for_date",
      "planner.list_meals",
      "planner.list_series",
      "planner.remove_meal",
      "planner.remove_series",
      "planner.restore_meal",
      "planner.update_meal",
      "planner.update_series",
    ],
    grocery: [
      "grocery.add_item",
      "grocery.add_text",
      "grocery.apply_conversion",
      "grocery.changes",
      "grocery.check_item",
      "grocery.clear_checked",
      "grocery.create_list",
      "grocery.delete_list",
      "grocery.get_list",
      "grocery.list_lists",
      "grocery.propose_conversions",
      "grocery.push_ingredients",
      "grocery.push_recipe",
      "grocery.remove_item",
      "grocery.rename_list",
      "grocery.restore_item",
      "grocery.restore_list",
      "grocery.sync_plan",
      "grocery.uncheck_item",
      "grocery.update_item",
    ],
    household: [
      "household.create_invite",
      "household.get",
      "household.join",
      "household.leave",
      "household.list",
      "household.list_invites",
      "household.list_on_hand",
      "household.preview_invite",
      "household.remove_member",
      "household.rename",
      "household.revoke_invite",
      "household.set_aisle_order",
      "household.set_default",
      "household.set_display_name",
      "household.set_on_hand",
      "household.set_role",
    ],
    ingredient: ["ingredient.create", "ingredient.search"],
    history: ["history.list", "history.undo"],
    media: ["media.ocr_image", "media.speech_to_text"],
  };
  for (const [group, names] of Object.entries(expected)) {
    const response = await fetch(functionsUrl(group));
    assert.equal(response.status, 200, group);
    const { data } = await response.json();
    const tools = data.tools as { name: string; input_schema: { additionalProperties: boolean } }[];
    assert.deepEqual(tools.map((tool) => tool.name).sort(), names);
    for (const tool of tools) assert.equal(tool.input_schema.additionalProperties, false, tool.name);
  }
});

Deno.test("bad requests are structured errors, never 500", async () => {
  const post = (path: string, body: string, contentType = "application/json") =>
    fetch(functionsUrl(path), {
      method: "POST",
      headers: { authorization: `Bearer ${user.token}`, "content-type": contentType },
      body,
    });
  const cases: [Promise<Response>, number, string][] = [
    [post("recipe/list", "{not json"), 400, "VALIDATION_ERROR"],
    [post("recipe/list", "[]"), 400, "VALIDATION_ERROR"],
    [post("recipe/list", "{}", "text/plain"), 415, "UNSUPPORTED_MEDIA_TYPE"],
    [post("recipe/cook", "{}"), 404, "NOT_FOUND"],
    [post("recipe/list", JSON.stringify({ query: "x".repeat(2_000_000) })), 413, "PAYLOAD_TOO_LARGE"],
    [
      post("grocery/get_list", JSON.stringify({ grocery_list_id: "00000000-0000-0000-0000-00000000000g" })),
      400,
      "VALIDATION_ERROR",
    ],
  ];
  for (const [request, status, type] of cases) {
    const response = await request;
    const body = await response.json();
    assert.equal(response.status, status, JSON.stringify(body));
    assert.equal(body.error.type, type);
  }
  const unknownAction = await (await post("recipe/cook", "{}")).json();
  assert.match(unknownAction.error.message, /list/);
});

Deno.test("browsers get CORS preflight answers", async () => {
  const response = await fetch(functionsUrl("grocery/push_ingredients"), {
    method: "OPTIONS",
    headers: { origin: "http://localhost:3000", "access-control-request-method": "POST" },
  });
  await response.arrayBuffer();
  assert.ok(response.status === 204 || response.status === 200);
  assert.equal(response.headers.get("access-control-allow-origin"), "*");
  assert.match(response.headers.get("access-control-allow-headers") ?? "", /idempotency-key/i);
});

// The official MCP SDK client against the running stack's /functions/v1/mcp: the tools it lists, a read and a
// write called as a user (the write waits as a pending action until confirmed in the app), and the household
// rules. The client itself checks every structuredContent against the tool's advertised outputSchema.
import assert from "node:assert/strict";
import * as z from "zod";
import { allTools, findTool } from "../../shared/tools/registry.ts";
import { providerInputSchema } from "../../shared/tools/json-schema.ts";
import { fromProviderName, toProviderName } from "../../shared/tools/tool-names.ts";
import { catalogIngredient, householdOf, twoHouseholds } from "../support/households.ts";
import { adminSql, functionsUrl, type TestUser } from "../support/stack.ts";
import { callToolOk, checkReplyData } from "../support/tools-client.ts";
import { connectMcp } from "./mcp-client.ts";

const sql = adminSql();
const { alice, bob } = await twoHouseholds(sql, "mcp");
const onions = await catalogIngredient(sql, "onion");

function recipe(title: string) {
  return { title, ingredients: [{ ingredient_id: onions, quantity: 1, unit: "whole" }] };
}

function outputJsonSchema(schema: z.ZodType) {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "output", target: "draft-2020-12" });
  return rest;
}

// deno-lint-ignore no-explicit-any
type Json = any;

function textOf(result: Json): Json {
  assert.equal(result.content.length, 1);
  assert.equal(result.content[0].type, "text");
  return JSON.parse(result.content[0].text);
}

async function actionsApi(user: TestUser, method: string, path: string): Promise<Json> {
  const response = await fetch(functionsUrl(`assistant/${path}`), {
    method,
    headers: { authorization: `Bearer ${user.token}` },
  });
  const body = await response.json();
  assert.equal(response.status, 200, JSON.stringify(body));
  return body.data;
}

Deno.test("tools/list: every registry tool, named as for Anthropic, with its schemas and hints", async () => {
  const mcp = await connectMcp(alice);
  try {
    const tools: Json[] = (await mcp.client.listTools()).tools;
    assert.deepEqual(tools.map((tool) => tool.name), allTools.map((tool) => toProviderName(tool.name)));
    for (const listed of tools) {
      const tool = findTool(fromProviderName(listed.name) ?? "");
      assert.ok(tool, listed.name);
      assert.equal(listed.title, tool.name);
      assert.ok(listed.description?.startsWith(tool.description), listed.name);

      const { household_id: householdId, ...properties } = listed.inputSchema.properties ?? {};
      assert.deepEqual({ ...listed.inputSchema, properties }, providerInputSchema(tool), listed.name);
      assert.equal(householdId === undefined, tool.scope === "user", listed.name);

      const reads = tool.effect === "read";
      assert.deepEqual(listed.annotations, {
        readOnlyHint: reads,
        destructiveHint: tool.risk === "high",
        idempotentHint: reads,
        openWorldHint: false,
      }, listed.name);

      const output = listed.outputSchema as Json;
      if (reads) {
        assert.deepEqual(output, outputJsonSchema(tool.outputSchema), listed.name);
      } else {
        // The stack runs with MCP_WRITES unset: a write answers with the pending action, whose result
        // becomes the tool's data once confirmed.
        assert.equal(output.properties.status.const, "awaiting_confirmation", listed.name);
        const confirmed = output.properties.action.properties.result.anyOf.find((branch: Json) =>
          branch.properties?.ok?.const === true
        );
        assert.deepEqual(confirmed.properties.data, outputJsonSchema(tool.outputSchema), listed.name);
        assert.match(listed.description ?? "", /confirms in the app/);
      }
    }
    const byName = new Map(tools.map((tool) => [tool.name, tool.annotations]));
    assert.equal(byName.get("recipe__delete")?.destructiveHint, true);
    assert.equal(byName.get("household__create_invite")?.destructiveHint, true);
    assert.equal(byName.get("grocery__add_item")?.destructiveHint, false);
    assert.equal(byName.get("grocery__get_list")?.readOnlyHint, true);
  } finally {
    await mcp.close();
  }
});

Deno.test("a read runs at once as the user: structuredContent is the data, the text its JSON", async () => {
  const { recipe_id: recipeId } = await callToolOk(alice, "recipe.create", recipe("MCP soup"));
  const mcp = await connectMcp(alice);
  try {
    const result: Json = await mcp.client.callTool({ name: "recipe__list", arguments: {} });
    assert.notEqual(result.isError, true, JSON.stringify(result));
    checkReplyData("recipe.list", result.structuredContent);
    assert.deepEqual(textOf(result), result.structuredContent);
    assert.deepEqual(result.structuredContent.recipes.map((recipe: Json) => recipe.id), [recipeId]);

    const got: Json = await mcp.client.callTool({ name: "recipe__get", arguments: { recipe_id: recipeId } });
    assert.equal(got.structuredContent.recipe.title, "MCP soup");
  } finally {
    await mcp.close();
  }
});

Deno.test("a write becomes a pending action the app lists; confirming it there runs it", async () => {
  const mcp = await connectMcp(alice);
  try {
    const result: Json = await mcp.client.callTool({
      name: "grocery__create_list",
      arguments: { name: "Via MCP" },
    });
    assert.notEqual(result.isError, true, JSON.stringify(result));
    const reply = result.structuredContent;
    assert.equal(reply.status, "awaiting_confirmation");
    assert.match(reply.message, /confirm/);
    assert.deepEqual(textOf(result), reply);
    assert.deepEqual(
      { tool: reply.action.tool, input: reply.action.input, status: reply.action.status, id: reply.action.id },
      { tool: "grocery.create_list", input: { name: "Via MCP" }, status: "pending", id: reply.action_id },
    );
    assert.equal(reply.action.conversation_id, null);
    const before = await callToolOk(alice, "grocery.list_lists", {});
    assert.ok(!before.lists.some((list) => list.name === "Via MCP"), "nothing runs before the confirmation");

    const pending = await actionsApi(alice, "GET", "actions?status=pending");
    assert.ok(pending.actions.some((action: Json) => action.id === reply.action_id));
    const bobs = await actionsApi(bob, "GET", "actions?status=pending");
    assert.ok(!bobs.actions.some((action: Json) => action.id === reply.action_id), "another household sees none");

    const confirmed = await actionsApi(alice, "POST", `actions/${reply.action_id}/confirm`);
    assert.equal(confirmed.status, "confirmed");
    assert.equal(confirmed.result.ok, true, JSON.stringify(confirmed.result));
    checkReplyData("grocery.create_list", confirmed.result.data);
    const after = await callToolOk(alice, "grocery.list_lists", {});
    assert.deepEqual(after.lists.filter((list) => list.name === "Via MCP").map((list) => list.id), [
      confirmed.result.data.grocery_list_id,
    ]);
  } finally {
    await mcp.close();
  }
});

Deno.test("failures are error results carrying the envelope's error; an unknown tool is a protocol error", async () => {
  const { recipe_id: alicesRecipe } = await callToolOk(alice, "recipe.create", recipe("Private"));
  const mcp = await connectMcp(bob);
  try {
    const invalid: Json = await mcp.client.callTool({ name: "recipe__list", arguments: { limit: 0 } });
    assert.equal(invalid.isError, true);
    assert.equal(invalid.structuredContent, undefined);
    const body = textOf(invalid);
    assert.deepEqual({ ok: body.ok, type: body.error.type, field: body.error.field }, {
      ok: false,
      type: "VALIDATION_ERROR",
      field: "limit",
    });

    const hidden: Json = await mcp.client.callTool({ name: "recipe__get", arguments: { recipe_id: alicesRecipe } });
    assert.equal(hidden.isError, true);
    assert.equal(textOf(hidden).error.type, "NOT_FOUND");

    const badWrite: Json = await mcp.client.callTool({ name: "grocery__create_list", arguments: { name: " " } });
    assert.equal(badWrite.isError, true);
    assert.equal(textOf(badWrite).error.field, "name");
    const [{ count }] =
      await sql`select count(*)::int as count from public.pending_actions where created_by = ${bob.id}`;
    assert.equal(count, 0, "an invalid write is refused before anything is stored");

    await assert.rejects(mcp.client.callTool({ name: "recipe.list", arguments: {} }), /Unknown tool/);
  } finally {
    await mcp.close();
  }
});

Deno.test("a member of two households names one with household_id or X-Household-Id", async () => {
  const { alice: carol, bob: dave } = await twoHouseholds(sql, "mcp-households");
  const davesHousehold = await householdOf(sql, dave);
  const carolsHousehold = await householdOf(sql, carol);
  const { code } = await callToolOk(dave, "household.create_invite", {});
  await callToolOk(carol, "household.join", { code });
  const { recipe_id: davesRecipe } = await callToolOk(dave, "recipe.create", recipe("Dave's stew"));

  const mcp = await connectMcp(carol);
  try {
    // Naming none, the default answers: the household joined last.
    const unnamed: Json = await mcp.client.callTool({ name: "recipe__list", arguments: {} });
    assert.deepEqual(unnamed.structuredContent.recipes.map((recipe: Json) => recipe.id), [davesRecipe]);
    const own: Json = await mcp.client.callTool({ name: "recipe__list", arguments: { household_id: carolsHousehold } });
    assert.deepEqual(own.structuredContent.recipes, []);

    const named: Json = await mcp.client.callTool({
      name: "recipe__list",
      arguments: { household_id: davesHousehold },
    });
    assert.deepEqual(named.structuredContent.recipes.map((recipe: Json) => recipe.id), [davesRecipe]);

    const proposed: Json = await mcp.client.callTool({
      name: "planner__add_meal",
      arguments: { household_id: davesHousehold, recipe_id: davesRecipe, date: "2026-12-24", meal_type: "dinner" },
    });
    const [row] =
      await sql`select household_id from public.pending_actions where id = ${proposed.structuredContent.action_id}`;
    assert.equal(row.household_id, davesHousehold, "the pending action waits in the named household");
  } finally {
    await mcp.close();
  }

  const byHeader = await connectMcp(carol, { headers: { "x-household-id": carolsHousehold } });
  try {
    const listed: Json = await byHeader.client.callTool({ name: "recipe__list", arguments: {} });
    assert.deepEqual(listed.structuredContent.recipes, []);
    const conflicting: Json = await byHeader.client.callTool({
      name: "recipe__list",
      arguments: { household_id: davesHousehold },
    });
    assert.equal(conflicting.isError, true);
    assert.equal(textOf(conflicting).error.field, "household_id");
  } finally {
    await byHeader.close();
  }
});

globalThis.addEventListener("unload", () => sql.end());

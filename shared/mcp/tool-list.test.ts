import assert from "node:assert/strict";
import { findTool } from "../tools/registry.ts";
import { awaitingConfirmation, awaitingConfirmationSchema } from "./awaiting-confirmation.ts";
import { mcpTool, mcpTools } from "./tool-list.ts";

function tool(name: string) {
  const found = findTool(name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

Deno.test("hints follow the metadata: reads are read-only and idempotent, high-risk writes destructive", () => {
  const hints = (name: string) => mcpTool(tool(name), "approve").annotations;
  assert.deepEqual(hints("recipe.list"), {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  });
  assert.deepEqual(hints("planner.add_meal"), {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: false,
  });
  assert.equal(hints("recipe.delete")?.destructiveHint, true);
  assert.equal(hints("recipe.update")?.destructiveHint, true);
});

Deno.test("household tools take household_id; user tools do not", () => {
  const properties = (name: string) => Object.keys(mcpTool(tool(name), "approve").inputSchema.properties ?? {});
  assert.deepEqual(properties("grocery.create_list"), ["name", "household_id"]);
  assert.deepEqual(properties("household.join"), ["code"]);
  assert.equal(mcpTool(tool("grocery.create_list"), "approve").inputSchema.additionalProperties, false);
});

Deno.test("a write's output is the pending action when it waits, its data when it runs", () => {
  const createList = tool("grocery.create_list");
  const waiting = mcpTool(createList, "approve");
  const running = mcpTool(createList, "run");
  assert.equal((waiting.outputSchema?.properties?.status as { const: string }).const, "awaiting_confirmation");
  assert.deepEqual(running.outputSchema?.required, ["grocery_list_id", "name", "created_at"]);
  assert.notEqual(waiting.description, createList.description);
  assert.equal(running.description, createList.description);
  assert.equal(mcpTools("run").length, mcpTools("approve").length);
});

Deno.test("a proposed action's reply fits its schema; a decided one carries the tool's data", () => {
  const createList = tool("grocery.create_list");
  const action = {
    id: "0f8fad5b-d9cb-469f-a165-70867728950e",
    tool: "grocery.create_list",
    input: { name: "Weekly" },
    summary: "Create the list Weekly",
    status: "pending" as const,
    conversation_id: null,
    result: null,
    created_at: "2026-11-24T12:00:00.123456+00:00",
    expires_at: "2026-11-25T12:00:00.123456+00:00",
    decided_at: null,
  };
  const schema = awaitingConfirmationSchema(createList);
  assert.ok(schema.safeParse(awaitingConfirmation(action)).success);
  const decided = {
    ...action,
    status: "confirmed" as const,
    result: { ok: true, data: { grocery_list_id: action.id, name: "Weekly", created_at: action.created_at } },
  };
  assert.ok(schema.safeParse(awaitingConfirmation(decided)).success);
  const wrongData = { ...decided, result: { ok: true, data: { recipes: [] } } };
  assert.equal(schema.safeParse(awaitingConfirmation(wrongData)).success, false);
  assert.equal(schema.safeParse(awaitingConfirmation({ ...action, tool: "recipe.delete" })).success, false);
});

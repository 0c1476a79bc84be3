// Proposals and history in plain words: every write tool of the registry is proposed through MCP, where
// the pending action carries its describer's sentence; confirmed in the app; and history.list then shows the same
// kind of sentence. Names of the rows, never an id, a uuid or JSON.
import assert from "node:assert/strict";
import { allTools } from "../../shared/tools/registry.ts";
import { callToolOk } from "../support/tools-client.ts";
import { alice, type Case, milk, newList, sql } from "./describers/fixtures.ts";
import { groceryCases } from "./describers/grocery-cases.ts";
import { householdAndMoreCases } from "./describers/household-and-more-cases.ts";
import { recipeAndPlannerCases } from "./describers/recipe-and-planner-cases.ts";
import { lastWrite } from "../support/history.ts";
import { createTestUser, functionsUrl, type TestUser } from "../support/stack.ts";
import { connectMcp } from "../mcp/mcp-client.ts";

const everyWrite: Record<string, () => Promise<Case>> = {
  ...groceryCases,
  ...recipeAndPlannerCases,
  ...householdAndMoreCases,
};

const uuidPattern = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

function assertPlainWords(sentence: unknown, tool: string): asserts sentence is string {
  assert.equal(typeof sentence, "string", `${tool}: no sentence`);
  const text = sentence as string;
  assert.doesNotMatch(text, uuidPattern, `${tool}: "${text}" shows an id`);
  assert.doesNotMatch(text, /[{}[\]]|_id\b|\bnull\b|\bundefined\b/, `${tool}: "${text}" shows JSON or a field`);
  assert.ok(!text.includes(tool), `${tool}: "${text}" shows the tool's name`);
}

function assertSentence(actual: string, expected: string | RegExp, tool: string, where: string) {
  if (typeof expected === "string") assert.equal(actual, expected, `${tool} (${where})`);
  else assert.match(actual, expected, `${tool} (${where})`);
}

// deno-lint-ignore no-explicit-any
type Json = any;

async function decide(user: TestUser, actionId: string): Promise<Json> {
  const response = await fetch(functionsUrl(`assistant/actions/${actionId}/confirm`), {
    method: "POST",
    headers: { authorization: `Bearer ${user.token}` },
  });
  const body = await response.json();
  assert.equal(response.status, 200, JSON.stringify(body));
  return body.data;
}

Deno.test("every write tool of the registry has a describer, and a case here", () => {
  const writeTools = allTools.filter((tool) => tool.effect === "write");
  for (const tool of writeTools) assert.equal(typeof tool.describe, "function", `${tool.name} has no describer`);
  assert.deepEqual(writeTools.map((tool) => tool.name).sort(), Object.keys(everyWrite).sort());
});

for (const [tool, arrange] of Object.entries(everyWrite)) {
  Deno.test(`${tool}: its proposal and its history entry read as a sentence with names, no ids`, async () => {
    const example = await arrange();
    const by = example.by ?? alice;
    const mcp = await connectMcp(by);
    let action: Json;
    try {
      const named = example.householdId ? { household_id: example.householdId } : {};
      const result: Json = await mcp.client.callTool({
        name: tool.replace(".", "__"),
        arguments: { ...example.input, ...named },
      });
      assert.notEqual(result.isError, true, JSON.stringify(result));
      assert.equal(result.structuredContent.status, "awaiting_confirmation");
      action = result.structuredContent.action;
    } finally {
      await mcp.close();
    }
    assertPlainWords(action.summary, tool);
    assertSentence(action.summary, example.proposal, tool, "proposal");

    if (example.performed) {
      await callToolOk(by, tool as "household.leave", example.input, { householdId: example.householdId });
    } else {
      const decided = await decide(by, action.id);
      assert.equal(decided.result.ok, true, JSON.stringify(decided.result));
      assert.equal(decided.summary, action.summary);
    }

    if (example.history === null) return;
    const entry = await lastWrite(alice, { tool });
    assertPlainWords(entry.summary, tool);
    assertSentence(entry.summary, example.history ?? example.proposal, tool, "history");
  });
}

Deno.test("history.undo's undone_summary and an undo's history entry read as the write's sentence", async () => {
  const list = await newList();
  await callToolOk(alice, "grocery.add_item", {
    grocery_list_id: list.id,
    ingredient_id: milk,
    quantity: 1,
    unit: "l",
  });
  const undone = await callToolOk(alice, "history.undo", {});
  assert.equal(undone.undone_summary, `Add 1 l milk to ${list.name}`);
  // "The last write" named no write: its entry names the one it undid.
  assert.equal((await lastWrite(alice, { tool: "history.undo" })).summary, `Undo: add 1 l milk to ${list.name}`);
  const undoId = (await lastWrite(alice)).invocation_id;
  const redone = await callToolOk(alice, "history.undo", { invocation_id: undoId });
  assert.equal(redone.undone_summary, `Undo: add 1 l milk to ${list.name}`);
  assert.equal((await lastWrite(alice)).summary, `Undo: undo: add 1 l milk to ${list.name}`);
});

Deno.test("a row the caller cannot see is named in words, never by its id", async () => {
  const stranger = await createTestUser(sql, "describers-stranger");
  const list = await newList();
  const mcp = await connectMcp(stranger);
  try {
    // Alice's list is invisible to a stranger: the proposal names no list (the run would be NOT_FOUND).
    const result: Json = await mcp.client.callTool({
      name: "grocery__add_item",
      arguments: { grocery_list_id: list.id, name: "paper towels", quantity: 2, unit: "package" },
    });
    assert.equal(
      result.structuredContent.action.summary,
      "Add 2 packages paper towels to a list that no longer exists",
    );
  } finally {
    await mcp.close();
  }
});

Deno.test("a join's record keeps no invite code: the code stays valid for others, and no sentence needs it", async () => {
  const erin = await createTestUser(sql, "describers-code");
  const { code } = await callToolOk(alice, "household.create_invite", {});
  await callToolOk(erin, "household.join", { code });
  const rows = await sql<{ input: unknown }[]>`
    select input from public.tool_invocations where tool = 'household.join' and user_id = ${erin.id}`;
  assert.deepEqual(rows.map((row) => row.input), [{ code: "not-kept" }]);
  assert.match((await lastWrite(alice, { tool: "household.join" })).summary, /^Join The (Smiths|Joneses)$/);
});

Deno.test("cleanup", async () => {
  await sql.end();
});

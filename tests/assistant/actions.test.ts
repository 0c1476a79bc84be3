import assert from "node:assert/strict";
import { callToolOk } from "../support/tools-client.ts";
import { catalogIngredient, twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";
import { type AssistantHarness, startAssistant } from "./harness.ts";

const sql = adminSql();
const { alice, bob } = await twoHouseholds(sql, "assistant-actions");
const beef = await catalogIngredient(sql, "ground beef");
const { recipe_id: tacosId } = await callToolOk(alice, "recipe.create", {
  title: "Tacos",
  ingredients: [{ ingredient_id: beef, quantity: 1, unit: "lb" }],
});

type Action = {
  id: string;
  tool: string;
  status: string;
  input: Record<string, unknown>;
  summary: string | null;
  result: unknown;
};

/** Asks for tacos on a date; the model proposes planner.add_meal; returns the pending action. */
async function proposeTacos(
  assistant: AssistantHarness,
  date: string,
  recipeId = tacosId,
): Promise<{ action: Action; conversationId: string }> {
  assistant.fake.script(
    {
      kind: "message",
      content: [{
        type: "tool_use",
        id: `toolu_${date}`,
        name: "planner__add_meal",
        input: { recipe_id: recipeId, date, meal_type: "dinner" },
      }],
    },
    { kind: "message", content: [{ type: "text", text: "Please confirm in the app." }] },
  );
  const { body } = await assistant.json(alice, "POST", "chat", { message: `Add tacos to dinner on ${date}` });
  assert.equal(body.data.pending_actions.length, 1, JSON.stringify(body));
  return { action: body.data.pending_actions[0], conversationId: body.data.conversation_id };
}

async function mealsOn(date: string): Promise<number> {
  const { meals } = await callToolOk(alice, "planner.list_meals", {
    start_date: date,
    end_date: date,
  });
  return meals.length;
}

Deno.test("a write the model asks for waits as a pending action; confirm runs it once, a second confirm returns the first result", async () => {
  const assistant = await startAssistant();
  try {
    const { action } = await proposeTacos(assistant, "2026-12-01");
    assert.deepEqual({ tool: action.tool, status: action.status }, { tool: "planner.add_meal", status: "pending" });
    assert.deepEqual(action.input, { recipe_id: tacosId, date: "2026-12-01", meal_type: "dinner" });
    // What the person confirms reads as the tool's describer's sentence, with the recipe's title, not its id; the
    // model is told the same words.
    assert.equal(action.summary, "Plan Tacos for dinner on Tuesday 1 December");
    const toolResult = assistant.fake.requests[1].body.messages.at(-1).content[0];
    assert.match(toolResult.content, /approval_requested/);
    assert.equal(JSON.parse(toolResult.content).summary, "Plan Tacos for dinner on Tuesday 1 December");
    assert.equal(await mealsOn("2026-12-01"), 0);

    const listed = await assistant.json(alice, "GET", "actions?status=pending");
    const pending = listed.body.data.actions.find((entry: Action) => entry.id === action.id);
    assert.equal(pending?.summary, "Plan Tacos for dinner on Tuesday 1 December");

    const [first, second] = await Promise.all([
      assistant.json(alice, "POST", `actions/${action.id}/confirm`),
      assistant.json(alice, "POST", `actions/${action.id}/confirm`),
    ]);
    assert.equal(first.status, 200);
    assert.equal(second.status, 200);
    assert.equal(first.body.data.status, "confirmed");
    assert.equal(first.body.data.result.ok, true);
    assert.deepEqual(second.body.data.result, first.body.data.result);
    assert.equal(await mealsOn("2026-12-01"), 1);
    const third = await assistant.json(alice, "POST", `actions/${action.id}/confirm`);
    assert.deepEqual(third.body.data.result, first.body.data.result);
    assert.equal(await mealsOn("2026-12-01"), 1);
    const rejectLate = await assistant.json(alice, "POST", `actions/${action.id}/reject`);
    assert.equal(rejectLate.status, 409);
  } finally {
    await assistant.close();
  }
});

Deno.test("reject records the decision and nothing runs; confirming afterwards is a conflict", async () => {
  const assistant = await startAssistant();
  try {
    const { action } = await proposeTacos(assistant, "2026-12-02");
    const rejected = await assistant.json(alice, "POST", `actions/${action.id}/reject`);
    assert.equal(rejected.body.data.status, "rejected");
    assert.equal((await assistant.json(alice, "POST", `actions/${action.id}/reject`)).body.data.status, "rejected");
    const confirm = await assistant.json(alice, "POST", `actions/${action.id}/confirm`);
    assert.equal(confirm.status, 409);
    assert.equal(await mealsOn("2026-12-02"), 0);
    const [row] = await sql`select decided_by, status from public.pending_actions where id = ${action.id}`;
    assert.deepEqual({ ...row }, { decided_by: alice.id, status: "rejected" });
  } finally {
    await assistant.close();
  }
});

Deno.test("a confirm that fails for a passing reason rolls back and leaves the action pending, to confirm again", async () => {
  const assistant = await startAssistant({}, { lock_timeout: "200" });
  try {
    const { action } = await proposeTacos(assistant, "2026-12-05");
    // Holding the recipe row makes the meal's insert wait for it, past the assistant's lock_timeout.
    const blocked = await sql.begin(async (transaction) => {
      await transaction`select 1 from public.recipes where id = ${tacosId} for update`;
      return await assistant.json(alice, "POST", `actions/${action.id}/confirm`);
    });
    assert.equal(blocked.status, 409);
    assert.equal(blocked.body.error.type, "CONFLICT");
    assert.equal(blocked.body.error.retryable, true);
    const [row] = await sql`select status, result from public.pending_actions where id = ${action.id}`;
    assert.deepEqual({ ...row }, { status: "pending", result: null });
    assert.equal(await mealsOn("2026-12-05"), 0);

    const confirmed = await assistant.json(alice, "POST", `actions/${action.id}/confirm`);
    assert.equal(confirmed.body.data.status, "confirmed");
    assert.equal(confirmed.body.data.result.ok, true);
    assert.equal(await mealsOn("2026-12-05"), 1);
  } finally {
    await assistant.close();
  }
});

Deno.test("a confirm that fails for good decides the action, with the error as its result", async () => {
  const assistant = await startAssistant();
  try {
    const { recipe_id: soupId } = await callToolOk(alice, "recipe.create", {
      title: "Soup",
      ingredients: [{ ingredient_id: beef, quantity: 1, unit: "lb" }],
    });
    const { action } = await proposeTacos(assistant, "2026-12-06", soupId);
    await sql`update public.recipes set deleted_at = now() where id = ${soupId}`;
    const confirmed = await assistant.json(alice, "POST", `actions/${action.id}/confirm`);
    assert.equal(confirmed.status, 200);
    assert.equal(confirmed.body.data.status, "confirmed");
    assert.deepEqual(confirmed.body.data.result, {
      ok: false,
      error: { type: "NOT_FOUND", message: "recipe not found", field: "recipe_id", retryable: false },
    });
    assert.equal(await mealsOn("2026-12-06"), 0);
  } finally {
    await assistant.close();
  }
});

Deno.test("an invalid write is refused before anything is stored, and the model is told why", async () => {
  const assistant = await startAssistant();
  try {
    assistant.fake.script(
      {
        kind: "message",
        content: [{
          type: "tool_use",
          id: "toolu_bad_date",
          name: "planner__add_meal",
          input: { recipe_id: tacosId, date: "2026-02-30", meal_type: "dinner" },
        }],
      },
      { kind: "message", content: [{ type: "text", text: "That date does not exist." }] },
    );
    const { body } = await assistant.json(alice, "POST", "chat", { message: "Tacos on Feb 30" });
    assert.deepEqual(body.data.pending_actions, []);
    assert.equal(body.data.tool_calls[0].is_error, true);
    assert.equal(body.data.tool_calls[0].result.error.field, "date");
  } finally {
    await assistant.close();
  }
});

Deno.test("another household's conversation and action are NOT_FOUND", async () => {
  const assistant = await startAssistant();
  try {
    const { action, conversationId } = await proposeTacos(assistant, "2026-12-03");
    const conversation = await assistant.json(alice, "GET", `conversations/${conversationId}`);
    assert.equal(conversation.status, 200);
    assert.deepEqual(conversation.body.data.messages.map((message: { role: string }) => message.role), [
      "user",
      "assistant",
      "user",
      "assistant",
    ]);
    assert.deepEqual(conversation.body.data.pending_actions.map((entry: Action) => entry.id), [action.id]);

    for (
      const [method, path] of [["GET", `conversations/${conversationId}`], ["POST", `actions/${action.id}/confirm`], [
        "POST",
        `actions/${action.id}/reject`,
      ]]
    ) {
      const response = await assistant.json(bob, method, path);
      assert.equal(response.status, 404, path);
      assert.equal(response.body.error.type, "NOT_FOUND");
    }
    const bobsList = await assistant.json(bob, "GET", "actions?status=pending");
    assert.deepEqual(bobsList.body.data.actions, []);
    assistant.fake.script({ kind: "message", content: [{ type: "text", text: "Hi" }] });
    const continued = await assistant.json(bob, "POST", "chat", { message: "Hi", conversation_id: conversationId });
    assert.equal(continued.status, 404);
    assert.equal(await mealsOn("2026-12-03"), 0);
  } finally {
    await assistant.close();
  }
});

Deno.test("an expired action cannot be confirmed", async () => {
  const assistant = await startAssistant();
  try {
    const { action } = await proposeTacos(assistant, "2026-12-04");
    await sql`update public.pending_actions set created_at = now() - interval '2 days', expires_at = now() - interval '1 day'
      where id = ${action.id}`;
    const confirm = await assistant.json(alice, "POST", `actions/${action.id}/confirm`);
    assert.equal(confirm.status, 409);
    assert.match(confirm.body.error.message, /expired/);
    assert.equal(await mealsOn("2026-12-04"), 0);
    const expired = await assistant.json(alice, "GET", "actions?status=expired");
    assert.ok(expired.body.data.actions.some((entry: Action) => entry.id === action.id));
  } finally {
    await assistant.close();
  }
});

globalThis.addEventListener("unload", () => sql.end());

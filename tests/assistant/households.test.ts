import assert from "node:assert/strict";
import { callToolOk } from "../support/tools-client.ts";
import { catalogIngredient, householdOf, twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";
import { type AssistantHarness, startAssistant } from "./harness.ts";

// Alice and Bob each have their own household; Carol belongs to both.
const sql = adminSql();
const { alice, bob: carol } = await twoHouseholds(sql, "assistant-households");
const alicesHousehold = await householdOf(sql, alice);
const carolsHousehold = await householdOf(sql, carol);
await sql`update public.households set name = 'Alice''s kitchen' where id = ${alicesHousehold}`;
await sql`insert into public.household_members (household_id, user_id) values (${alicesHousehold}, ${carol.id})`;
const beef = await catalogIngredient(sql, "ground beef");
const { recipe_id: tacosId } = await callToolOk(alice, "recipe.create", {
  title: "Tacos",
  ingredients: [{ ingredient_id: beef, quantity: 1, unit: "lb" }],
}, { householdId: alicesHousehold });
globalThis.addEventListener("unload", () => sql.end());

function scriptGreeting(assistant: AssistantHarness) {
  assistant.fake.script({ kind: "message", content: [{ type: "text", text: "Hello!" }] });
}

async function householdOfConversation(conversationId: string): Promise<string> {
  const [row] = await sql<{ household_id: string }[]>`
    select household_id from public.conversations where id = ${conversationId}`;
  return row.household_id;
}

Deno.test("a member of several households must name one: X-Household-Id or household_id", async () => {
  const assistant = await startAssistant();
  try {
    const unnamed = await assistant.json(carol, "POST", "chat", { message: "Hi" });
    assert.equal(unnamed.status, 400);
    assert.equal(unnamed.body.error.type, "VALIDATION_ERROR");
    assert.equal(unnamed.body.error.field, "household_id");
    assert.match(unnamed.body.error.message, /several households: name one/);
    assert.equal(assistant.fake.requests.length, 0);

    scriptGreeting(assistant);
    const byHeader = await assistant.request(carol, "POST", "chat", {
      body: { message: "Hi" },
      headers: { "x-household-id": alicesHousehold },
    });
    const headerBody = await byHeader.json();
    assert.equal(byHeader.status, 200);
    assert.equal(await householdOfConversation(headerBody.data.conversation_id), alicesHousehold);
    assert.match(assistant.fake.requests[0].body.system, /The household is "Alice's kitchen"/);

    scriptGreeting(assistant);
    const byBody = await assistant.json(carol, "POST", "chat", { message: "Hi", household_id: carolsHousehold });
    assert.equal(byBody.status, 200);
    assert.equal(await householdOfConversation(byBody.body.data.conversation_id), carolsHousehold);

    const contradiction = await assistant.request(carol, "POST", "chat", {
      body: { message: "Hi", household_id: carolsHousehold },
      headers: { "x-household-id": alicesHousehold },
    });
    assert.equal(contradiction.status, 400);
    assert.equal((await contradiction.json()).error.field, "household_id");

    const notMine = await assistant.json(alice, "POST", "chat", { message: "Hi", household_id: carolsHousehold });
    assert.equal(notMine.status, 404);
    assert.equal(notMine.body.error.type, "NOT_FOUND");
  } finally {
    await assistant.close();
  }
});

Deno.test("a conversation goes on: the next turn sends the whole exchange, tool calls included", async () => {
  const assistant = await startAssistant();
  try {
    assistant.fake.script(
      { kind: "message", content: [{ type: "tool_use", id: "toolu_first", name: "recipe__list", input: {} }] },
      { kind: "message", content: [{ type: "text", text: "Tacos." }] },
      { kind: "message", content: [{ type: "text", text: "Tacos again." }] },
    );
    const first = await assistant.json(alice, "POST", "chat", { message: "Recipes?" });
    const conversationId = first.body.data.conversation_id;
    const second = await assistant.json(alice, "POST", "chat", { message: "Again?", conversation_id: conversationId });
    assert.equal(second.status, 200);
    assert.equal(second.body.data.conversation_id, conversationId);
    const sent = assistant.fake.requests[2].body.messages;
    assert.deepEqual(sent.map((message: { role: string }) => message.role), [
      "user",
      "assistant",
      "user",
      "assistant",
      "user",
    ]);
    assert.equal(sent[1].content[0].id, "toolu_first");
    assert.equal(sent[2].content[0].tool_use_id, "toolu_first");
    assert.deepEqual(sent[4].content, [{ type: "text", text: "Again?" }]);

    const stored = await assistant.json(alice, "GET", `conversations/${conversationId}`);
    assert.equal(stored.body.data.messages.length, 6);
    assert.equal(stored.body.data.title, "Recipes?");
  } finally {
    await assistant.close();
  }
});

Deno.test("another member of the household confirms: the tool runs as the confirming user", async () => {
  const assistant = await startAssistant();
  try {
    assistant.fake.script(
      {
        kind: "message",
        content: [{
          type: "tool_use",
          id: "toolu_plan",
          name: "planner__add_meal",
          input: { recipe_id: tacosId, date: "2026-12-08", meal_type: "dinner" },
        }],
      },
      { kind: "message", content: [{ type: "text", text: "Waiting for your confirmation." }] },
    );
    const proposed = await assistant.json(alice, "POST", "chat", { message: "Tacos on Dec 8" });
    const [action] = proposed.body.data.pending_actions;
    assert.equal(typeof action.id, "string");
    assert.equal(action.tool, "planner.add_meal");
    assert.deepEqual(action.input, { recipe_id: tacosId, date: "2026-12-08", meal_type: "dinner" });
    assert.ok(!Number.isNaN(Date.parse(action.created_at)));
    assert.equal(action.status, "pending");

    const pendingForCarol = await assistant.json(carol, "GET", "actions?status=pending");
    assert.ok(pendingForCarol.body.data.actions.some((entry: { id: string }) => entry.id === action.id));
    const confirmed = await assistant.json(carol, "POST", `actions/${action.id}/confirm`);
    assert.equal(confirmed.status, 200);
    assert.equal(confirmed.body.data.status, "confirmed");
    const mealId = confirmed.body.data.result.data.planner_meal_id;
    const [meal] = await sql`select household_id, created_by from public.planner_meals where id = ${mealId}`;
    assert.deepEqual({ ...meal }, { household_id: alicesHousehold, created_by: carol.id });
    const [decision] = await sql`select decided_by, created_by from public.pending_actions where id = ${action.id}`;
    assert.deepEqual({ ...decision }, { decided_by: carol.id, created_by: alice.id });
  } finally {
    await assistant.close();
  }
});

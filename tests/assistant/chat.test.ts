import assert from "node:assert/strict";
import { toAnthropicTools } from "../../shared/tools/provider-exports.ts";
import { allTools } from "../../shared/tools/registry.ts";
import { callToolOk } from "../support/tools-client.ts";
import { catalogIngredient, twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";
import { readEvents, startAssistant, today } from "./harness.ts";

const sql = adminSql();
const { alice } = await twoHouseholds(sql, "assistant-chat");
const beef = await catalogIngredient(sql, "ground beef");
await sql.end();
const { recipe_id: tacosId } = await callToolOk(alice, "recipe.create", {
  title: "Tacos",
  ingredients: [{ ingredient_id: beef, quantity: 1, unit: "lb" }],
});

Deno.test("a read-only question is answered with recipe.list, run at once", async () => {
  const assistant = await startAssistant();
  try {
    assistant.fake.script(
      { kind: "message", content: [{ type: "tool_use", id: "toolu_list", name: "recipe__list", input: {} }] },
      { kind: "message", content: [{ type: "text", text: "You have one recipe: Tacos." }] },
    );
    const { status, body } = await assistant.json(alice, "POST", "chat", { message: "What recipes do we have?" });
    assert.equal(status, 200);
    assert.equal(body.data.reply, "You have one recipe: Tacos.");
    assert.equal(body.data.stop_reason, "end_turn");
    assert.deepEqual(body.data.pending_actions, []);
    const [call] = body.data.tool_calls;
    assert.deepEqual([call.id, call.name, call.is_error], ["toolu_list", "recipe.list", false]);
    assert.deepEqual(call.result.data.recipes.map((recipe: { id: string }) => recipe.id), [tacosId]);

    const [first, second] = assistant.fake.requests.map((request) => request.body);
    assert.deepEqual(first.tools, toAnthropicTools(allTools));
    assert.ok(first.tools.some((tool: { name: string }) => tool.name === "planner__add_meal"));
    assert.ok(first.tools.every((tool: { name: string }) => /^[a-zA-Z0-9_-]{1,64}$/.test(tool.name)));
    assert.match(first.system, /^- recipe__list \(runs\): /m);
    assert.match(first.system, /^- planner__add_meal \(needs the user's approval\): /m);
    assert.match(first.system, new RegExp(`Today is ${today}`));
    assert.match(first.system, /My household/);
    assert.equal(first.stream, true);
    assert.deepEqual(first.messages, [{ role: "user", content: [{ type: "text", text: "What recipes do we have?" }] }]);
    const results = second.messages.at(-1);
    assert.equal(results.role, "user");
    assert.equal(results.content[0].type, "tool_result");
    assert.equal(results.content[0].tool_use_id, "toolu_list");
    assert.match(results.content[0].content, /Tacos/);
  } finally {
    await assistant.close();
  }
});

Deno.test("parallel tool calls all get results, in order, in the next request", async () => {
  const assistant = await startAssistant();
  try {
    assistant.fake.script(
      {
        kind: "message",
        content: [
          { type: "text", text: "Checking both." },
          { type: "tool_use", id: "toolu_a", name: "recipe__list", input: { limit: 5 } },
          { type: "tool_use", id: "toolu_b", name: "grocery__list_lists", input: {} },
        ],
      },
      { kind: "message", content: [{ type: "text", text: "Done." }] },
    );
    const { body } = await assistant.json(alice, "POST", "chat", { message: "Recipes and lists?" });
    assert.deepEqual(body.data.tool_calls.map((call: { id: string }) => call.id), ["toolu_a", "toolu_b"]);
    const followUp = assistant.fake.requests[1].body.messages;
    assert.deepEqual(followUp.at(-2).content.map((block: { type: string }) => block.type), [
      "text",
      "tool_use",
      "tool_use",
    ]);
    assert.deepEqual(followUp.at(-1).content.map((block: { tool_use_id: string }) => block.tool_use_id), [
      "toolu_a",
      "toolu_b",
    ]);
  } finally {
    await assistant.close();
  }
});

Deno.test("bad arguments and unknown tools go back to the model as errors, and the loop goes on", async () => {
  const assistant = await startAssistant();
  try {
    assistant.fake.script(
      {
        kind: "message",
        content: [{ type: "tool_use", id: "toolu_bad", name: "recipe__list", input: {}, rawJson: '{"query": "so' }],
      },
      { kind: "message", content: [{ type: "tool_use", id: "toolu_unknown", name: "recipe__cook", input: {} }] },
      {
        kind: "message",
        content: [{ type: "tool_use", id: "toolu_invalid", name: "recipe__list", input: { limit: 0 } }],
      },
      { kind: "message", content: [{ type: "text", text: "Sorry, I could not list them." }] },
    );
    const { status, body } = await assistant.json(alice, "POST", "chat", { message: "Soups?" });
    assert.equal(status, 200);
    assert.deepEqual(body.data.tool_calls.map((call: { is_error: boolean }) => call.is_error), [true, true, true]);
    const results = assistant.fake.requests.slice(1).map((request) => request.body.messages.at(-1).content[0]);
    assert.deepEqual(results.map((block: { tool_use_id: string }) => block.tool_use_id), [
      "toolu_bad",
      "toolu_unknown",
      "toolu_invalid",
    ]);
    assert.ok(results.every((block: { is_error: boolean }) => block.is_error === true));
    const [badJson, unknown, invalid] = results.map((block: { content: string }) => JSON.parse(block.content));
    assert.match(badJson.error.message, /not valid JSON/);
    assert.match(badJson.hint, /one valid JSON object/);
    assert.match(unknown.error.message, /no tool named "recipe__cook".*recipe__list/);
    assert.match(unknown.hint, /spelled exactly/);
    assert.equal(invalid.error.field, "limit");
    assert.match(invalid.hint, /Fix the field/);
    assert.match(invalid.doc, /^# recipe\.list/);
    assert.equal(body.data.reply, "Sorry, I could not list them.");
  } finally {
    await assistant.close();
  }
});

Deno.test("the round limit ends the turn with a clear message", async () => {
  const assistant = await startAssistant({ maxRounds: 3 });
  try {
    const again = (id: string) => ({
      kind: "message" as const,
      content: [{ type: "tool_use" as const, id, name: "recipe__list", input: {} }],
    });
    assistant.fake.script(again("toolu_1"), again("toolu_2"), again("toolu_3"));
    const { body } = await assistant.json(alice, "POST", "chat", { message: "Keep looking" });
    assert.equal(body.data.stop_reason, "round_limit");
    assert.equal(body.data.rounds, 3);
    assert.match(body.data.reply, /stopped after 3 steps/);
    assert.equal(assistant.fake.requests.length, 3);
  } finally {
    await assistant.close();
  }
});

Deno.test("a round limit of 1 says one step", async () => {
  const assistant = await startAssistant({ maxRounds: 1 });
  try {
    assistant.fake.script({
      kind: "message" as const,
      content: [{ type: "tool_use" as const, id: "toolu_1", name: "recipe__list", input: {} }],
    });
    const { body } = await assistant.json(alice, "POST", "chat", { message: "Look once" });
    assert.equal(body.data.stop_reason, "round_limit");
    assert.match(body.data.reply, /I stopped after 1 step without finishing\./);
  } finally {
    await assistant.close();
  }
});

Deno.test("a streamed turn sends deltas, matching tool-call ids, and exactly one done last", async () => {
  const assistant = await startAssistant();
  try {
    assistant.fake.script(
      {
        kind: "message",
        content: [
          { type: "text", text: "Planning tacos for you." },
          {
            type: "tool_use",
            id: "toolu_plan",
            name: "planner__add_meal",
            input: { recipe_id: tacosId, date: today, meal_type: "dinner" },
          },
        ],
      },
      { kind: "message", content: [{ type: "text", text: "Confirm it in the app." }] },
    );
    const response = await assistant.request(alice, "POST", "chat", {
      body: { message: "Add tacos to Tuesday dinner" },
      accept: "text/event-stream",
    });
    assert.equal(response.headers.get("content-type"), "text/event-stream; charset=utf-8");
    const events = await readEvents(response);
    const types = events.map((event) => event.event);
    assert.equal(types.at(-1), "done");
    assert.equal(types.filter((type) => type === "done").length, 1);
    assert.ok(types.filter((type) => type === "text_delta").length >= 2);
    const started = events.find((event) => event.event === "tool_call_started")!;
    const finished = events.find((event) => event.event === "tool_call_result")!;
    assert.equal(started.data.id, "toolu_plan");
    assert.equal(finished.data.id, "toolu_plan");
    assert.equal(finished.data.result.status, "approval_requested");
    const created = events.find((event) => event.event === "pending_action_created")!;
    assert.equal(created.data.action.tool, "planner.add_meal");
    assert.equal(events.at(-1)!.data.reply, "Planning tacos for you.Confirm it in the app.");
  } finally {
    await assistant.close();
  }
});

Deno.test("the Messages API failing: a 429 is retried by the SDK; repeated 500s end the turn with a clear error", async () => {
  const assistant = await startAssistant({ maxRetries: 1 });
  try {
    assistant.fake.script(
      { kind: "error", status: 429, type: "rate_limit_error", message: "slow down", retryAfterSeconds: 0.001 },
      { kind: "message", content: [{ type: "text", text: "Hello!" }] },
    );
    const retried = await assistant.json(alice, "POST", "chat", { message: "Hi" });
    assert.equal(retried.body.data.reply, "Hello!");
    assert.equal(assistant.fake.requests.length, 2);

    const failure = {
      kind: "error" as const,
      status: 500,
      type: "api_error",
      message: "boom",
      retryAfterSeconds: 0.001,
    };
    assistant.fake.script(failure, failure);
    const failed = await assistant.json(alice, "POST", "chat", { message: "Hi again" });
    assert.equal(failed.status, 503);
    assert.equal(failed.body.error.type, "UNAVAILABLE");
    assert.equal(failed.body.error.retryable, true);

    assistant.fake.script(failure, failure);
    const streamed = await readEvents(
      await assistant.request(alice, "POST", "chat", { body: { message: "And again" }, accept: "text/event-stream" }),
    );
    assert.deepEqual(streamed.slice(-2).map((event) => event.event), ["error", "done"]);
    assert.equal(streamed.at(-1)!.data.stop_reason, "error");

    assistant.fake.script(
      { kind: "error", status: 429, type: "rate_limit_error", message: "slow", retryAfterSeconds: 0.001 },
      { kind: "error", status: 429, type: "rate_limit_error", message: "slow", retryAfterSeconds: 0.001 },
    );
    const limited = await assistant.json(alice, "POST", "chat", { message: "Busy?" });
    assert.equal(limited.status, 429);
    assert.equal(limited.body.error.type, "RATE_LIMITED");
  } finally {
    await assistant.close();
  }
});

Deno.test("a NUL or lone surrogate from the model is stored as U+FFFD: the turn is saved, never a 500", async () => {
  const assistant = await startAssistant();
  try {
    assistant.fake.script(
      { kind: "message", content: [{ type: "text", text: "Odd\u0000 reply \ud800 here." }] },
    );
    const { status, body } = await assistant.json(alice, "POST", "chat", { message: "Say something odd." });
    assert.equal(status, 200, JSON.stringify(body));
    const stored = await assistant.json(alice, "GET", `conversations/${body.data.conversation_id}`);
    assert.equal(stored.status, 200);
    assert.match(JSON.stringify(stored.body.data), /Odd\\ufffd reply \\ufffd here|Odd\uFFFD reply \uFFFD here/);
  } finally {
    await assistant.close();
  }
});

Deno.test("the user's own NUL is refused before the turn: 400 naming message, nothing stored", async () => {
  const assistant = await startAssistant();
  try {
    const { status, body } = await assistant.json(alice, "POST", "chat", { message: "hi\u0000" });
    assert.equal(status, 400);
    assert.equal(body.error.field, "message");
    assert.equal(assistant.fake.requests.length, 0, "the model was never called");
  } finally {
    await assistant.close();
  }
});

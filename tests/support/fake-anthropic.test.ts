import assert from "node:assert/strict";
import Anthropic from "@anthropic-ai/sdk";
import { startFakeAnthropic } from "./fake-anthropic.ts";

const request = {
  model: "claude-test",
  max_tokens: 100,
  messages: [{ role: "user" as const, content: "hello" }],
  tools: [{ name: "recipe__list", description: "List recipes", input_schema: { type: "object" as const } }],
};

Deno.test("the real SDK reads the fake's JSON replies: text and tool use", async () => {
  const fake = await startFakeAnthropic();
  try {
    const client = new Anthropic({ apiKey: "test-key", baseURL: fake.baseURL, maxRetries: 0 });
    fake.script(
      { kind: "message", content: [{ type: "text", text: "Hi there" }] },
      { kind: "message", content: [{ type: "tool_use", id: "toolu_1", name: "recipe__list", input: { limit: 5 } }] },
    );
    const text = await client.messages.create(request);
    assert.deepEqual(text.content, [{ type: "text", text: "Hi there" }]);
    assert.equal(text.stop_reason, "end_turn");
    const tool = await client.messages.create(request);
    assert.deepEqual(tool.content, [{ type: "tool_use", id: "toolu_1", name: "recipe__list", input: { limit: 5 } }]);
    assert.equal(tool.stop_reason, "tool_use");
    assert.deepEqual(fake.requests[0].body.tools, request.tools);
    assert.equal(fake.requests[0].headers["authorization"], "Bearer test-key");
  } finally {
    await fake.close();
  }
});

Deno.test("the real SDK's stream helper assembles the fake's events", async () => {
  const fake = await startFakeAnthropic();
  try {
    const client = new Anthropic({ apiKey: "test-key", baseURL: fake.baseURL, maxRetries: 0 });
    fake.script({
      kind: "message",
      content: [
        { type: "text", text: "Let me look that up." },
        { type: "tool_use", id: "toolu_2", name: "recipe__list", input: { query: "soup" } },
      ],
    });
    const deltas: string[] = [];
    const stream = client.messages.stream(request).on("text", (text) => deltas.push(text));
    const message = await stream.finalMessage();
    assert.equal(deltas.join(""), "Let me look that up.");
    assert.ok(deltas.length > 1);
    assert.deepEqual(message.content[1], {
      type: "tool_use",
      id: "toolu_2",
      name: "recipe__list",
      input: { query: "soup" },
    });
    assert.equal(message.stop_reason, "tool_use");
  } finally {
    await fake.close();
  }
});

Deno.test("the SDK retries a 429 with retry-after and gives up on repeated 500s", async () => {
  const fake = await startFakeAnthropic();
  try {
    const client = new Anthropic({ apiKey: "test-key", baseURL: fake.baseURL, maxRetries: 2 });
    fake.script(
      { kind: "error", status: 429, type: "rate_limit_error", message: "slow down", retryAfterSeconds: 0.001 },
      { kind: "message", content: [{ type: "text", text: "ok" }] },
    );
    const reply = await client.messages.create(request);
    assert.deepEqual(reply.content, [{ type: "text", text: "ok" }]);
    assert.equal(fake.requests.length, 2);

    const failure = {
      kind: "error" as const,
      status: 500,
      type: "api_error",
      message: "boom",
      retryAfterSeconds: 0.001,
    };
    fake.script(failure, failure, failure);
    await assert.rejects(client.messages.create(request), (error: unknown) => {
      assert.ok(error instanceof Anthropic.InternalServerError);
      return true;
    });
    assert.equal(fake.requests.length, 5);
  } finally {
    await fake.close();
  }
});

// Proves the fake against the REAL @anthropic-ai/sdk: if the SDK can parse it, so can the assistant function.
import assert from "node:assert/strict";
import Anthropic from "@anthropic-ai/sdk";
import { type FakeAnthropic, startFakeAnthropic } from "./fake-anthropic.ts";

const request = {
  model: "claude-test",
  max_tokens: 100,
  messages: [{ role: "user" as const, content: "What soups do I have?" }],
  tools: [{
    name: "recipe__list",
    description: "List recipes",
    input_schema: { type: "object" as const, properties: { query: { type: "string" } } },
  }],
};

async function withFake(maxRetries: number, body: (fake: FakeAnthropic, client: Anthropic) => Promise<void>) {
  const fake = await startFakeAnthropic();
  try {
    await body(fake, new Anthropic({ apiKey: "test-key", baseURL: fake.baseURL, maxRetries }));
  } finally {
    await fake.close();
  }
}

Deno.test("messages.create parses a non-streamed text reply and the fake records the request", () =>
  withFake(0, async (fake, client) => {
    fake.script({
      kind: "message",
      content: [{ type: "text", text: "Hi there" }],
      usage: { input_tokens: 7, output_tokens: 3 },
    });
    const message = await client.messages.create(request);
    assert.match(message.id, /^msg_/);
    assert.equal(message.model, "claude-test");
    assert.deepEqual(message.content, [{ type: "text", text: "Hi there" }]);
    assert.equal(message.stop_reason, "end_turn");
    assert.deepEqual(message.usage, { input_tokens: 7, output_tokens: 3 });
    assert.equal(fake.requests.length, 1);
    assert.deepEqual(fake.requests[0].body.tools, request.tools);
    assert.deepEqual(fake.requests[0].body.messages, request.messages);
    assert.equal(fake.requests[0].headers["authorization"], "Bearer test-key");
    assert.ok(fake.requests[0].headers["anthropic-version"]);
  }));

Deno.test("messages.create parses a non-streamed tool_use reply", () =>
  withFake(0, async (fake, client) => {
    fake.script({
      kind: "message",
      content: [{ type: "tool_use", id: "toolu_1", name: "recipe__list", input: { query: "soup" } }],
    });
    const message = await client.messages.create(request);
    assert.deepEqual(message.content[0], {
      type: "tool_use",
      id: "toolu_1",
      name: "recipe__list",
      input: { query: "soup" },
    });
    assert.equal(message.stop_reason, "tool_use");
  }));

Deno.test("messages.stream yields text deltas in order and a final message with parsed tool input", () =>
  withFake(0, async (fake, client) => {
    fake.script({
      kind: "message",
      content: [
        { type: "text", text: "Let me look that up." },
        { type: "tool_use", id: "toolu_2", name: "recipe__list", input: { query: "soup" } },
      ],
      usage: { input_tokens: 11, output_tokens: 22 },
    });
    const deltas: string[] = [];
    const stream = client.messages.stream(request).on("text", (text) => deltas.push(text));
    const message = await stream.finalMessage();
    assert.ok(deltas.length >= 2);
    assert.equal(deltas.join(""), "Let me look that up.");
    assert.deepEqual(message.content, [
      { type: "text", text: "Let me look that up." },
      { type: "tool_use", id: "toolu_2", name: "recipe__list", input: { query: "soup" } },
    ]);
    assert.equal(message.stop_reason, "tool_use");
    assert.equal(message.usage.input_tokens, 11);
    assert.equal(message.usage.output_tokens, 22);
    assert.equal(fake.requests[0].body.stream, true);
  }));

Deno.test("create({stream: true}) yields the real event sequence (the SDK drops ping)", () =>
  withFake(0, async (fake, client) => {
    fake.script({
      kind: "message",
      content: [
        { type: "text", text: "abc" },
        { type: "tool_use", id: "toolu_3", name: "recipe__list", input: {} },
      ],
    });
    const types: string[] = [];
    const partialJson: string[] = [];
    for await (const event of await client.messages.create({ ...request, stream: true })) {
      types.push(event.type);
      if (event.type === "content_block_delta" && event.delta.type === "input_json_delta") {
        partialJson.push(event.delta.partial_json);
      }
    }
    const textBlock = ["content_block_start", "content_block_delta", "content_block_delta", "content_block_delta"];
    const toolBlock = ["content_block_start", "content_block_delta", "content_block_delta"];
    assert.deepEqual(types, [
      "message_start",
      ...textBlock,
      "content_block_stop",
      ...toolBlock,
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
    assert.equal(partialJson.join(""), "{}");
  }));

Deno.test("rawJson: truncated JSON is completed, malformed JSON fails the stream helper", () =>
  withFake(0, async (fake, client) => {
    const block = { type: "tool_use" as const, id: "toolu_4", name: "recipe__list", input: {} };
    fake.script(
      { kind: "message", content: [{ ...block, rawJson: '{"query": "soup"' }] },
      { kind: "message", content: [{ ...block, rawJson: '{"query": oops}' }] },
    );
    const truncated = await client.messages.stream(request).finalMessage();
    assert.deepEqual(truncated.content[0], { ...block, input: { query: "soup" } });
    await assert.rejects(client.messages.stream(request).finalMessage(), (error: unknown) => {
      assert.ok(error instanceof Anthropic.AnthropicError);
      assert.match(error.message, /not valid JSON/);
      return true;
    });
  }));

Deno.test("the SDK retries a 429 (retry-after-ms keeps it quick), then succeeds", () =>
  withFake(2, async (fake, client) => {
    fake.script(
      { kind: "error", status: 429, type: "rate_limit_error", message: "slow down", retryAfterSeconds: 0.001 },
      { kind: "message", content: [{ type: "text", text: "ok" }] },
    );
    const message = await client.messages.create(request);
    assert.deepEqual(message.content, [{ type: "text", text: "ok" }]);
    assert.equal(fake.requests.length, 2);
    assert.equal(fake.requests[1].headers["x-stainless-retry-count"], "1");
  }));

Deno.test("the SDK gives up after three 500s with maxRetries: 2", () =>
  withFake(2, async (fake, client) => {
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
      assert.equal(error.status, 500);
      assert.equal(error.type, "api_error");
      assert.match(error.message, /boom/);
      assert.match(error.requestID ?? "", /^req_/);
      return true;
    });
    assert.equal(fake.requests.length, 3);
  }));

Deno.test("an exhausted script and a missing key fail loudly", () =>
  withFake(0, async (fake, client) => {
    await assert.rejects(client.messages.create(request), (error: unknown) => {
      assert.ok(error instanceof Anthropic.APIError);
      assert.equal(error.status, 500);
      assert.match(error.message, /script is exhausted/);
      return true;
    });
    const unauthenticated = await fetch(`${fake.baseURL}/v1/messages`, {
      method: "POST",
      headers: { "anthropic-version": "2023-06-01", "content-type": "application/json" },
      body: JSON.stringify(request),
    });
    assert.equal(unauthenticated.status, 401);
    assert.equal((await unauthenticated.json()).error.type, "authentication_error");
  }));

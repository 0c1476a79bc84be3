import assert from "node:assert/strict";
import { eventStreamResponse } from "./sse.ts";

async function eventNames(response: Response): Promise<string[]> {
  const text = await response.text();
  return [...text.matchAll(/^event: (.*)$/gm)].map((match) => match[1]);
}

Deno.test("events are sent as server-sent events, and the first done ends the stream", async () => {
  const response = eventStreamResponse((emit) => {
    emit({ type: "text_delta", text: "Hi" });
    emit({ type: "done", conversation_id: null, reply: "Hi", stop_reason: "end_turn", rounds: 1 });
    emit({ type: "text_delta", text: "late" });
    emit({ type: "done", conversation_id: null, reply: "", stop_reason: "end_turn", rounds: 1 });
    return Promise.resolve();
  });
  assert.equal(response.headers.get("content-type"), "text/event-stream; charset=utf-8");
  const text = await response.clone().text();
  assert.match(text, /^event: text_delta\ndata: \{"type":"text_delta","text":"Hi"\}\n\n/);
  assert.deepEqual(await eventNames(response), ["text_delta", "done"]);
});

Deno.test("a producer that throws, or stops without done, still ends with an error and one done", async () => {
  const thrown = eventStreamResponse((emit) => {
    emit({ type: "text_delta", text: "Hi" });
    return Promise.reject(new Error("bug"));
  });
  const originalError = console.error;
  console.error = () => {};
  try {
    assert.deepEqual(await eventNames(thrown), ["text_delta", "error", "done"]);
  } finally {
    console.error = originalError;
  }
  const silent = eventStreamResponse(() => Promise.resolve());
  assert.deepEqual(await eventNames(silent), ["error", "done"]);
});

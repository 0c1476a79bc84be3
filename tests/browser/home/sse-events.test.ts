// The assistant screen's event-stream reader, fed the way a network delivers: in pieces split anywhere.
import assert from "node:assert/strict";
import { sseEventParser } from "../../../examples/web/src/screens/assistant/sse-events.ts";

const stream = 'event: text_delta\ndata: {"type":"text_delta","text":"Hel"}\n\n' +
  'event: text_delta\r\ndata: {"type":"text_delta","text":"lo\\n"}\r\n\r\n' +
  'event: done\ndata: {"type":"done","reply":"Hello"}\n\n';

Deno.test("the event-stream reader gives each event once, whole, however the chunks are cut", () => {
  const expected = [
    { type: "text_delta", text: "Hel" },
    { type: "text_delta", text: "lo\n" },
    { type: "done", reply: "Hello" },
  ];
  for (let size = 1; size <= stream.length; size++) {
    const events: unknown[] = [];
    const push = sseEventParser((event) => events.push(event));
    for (let start = 0; start < stream.length; start += size) push(stream.slice(start, start + size));
    assert.deepEqual(events, expected, `chunks of ${size}`);
  }
});

Deno.test("an event not yet ended by a blank line waits for the rest", () => {
  const events: unknown[] = [];
  const push = sseEventParser((event) => events.push(event));
  push('event: done\ndata: {"type":"done"}\n');
  assert.deepEqual(events, []);
  push("\n");
  assert.deepEqual(events, [{ type: "done" }]);
});

import assert from "node:assert/strict";
import { historyForModel, type StoredMessage } from "./history.ts";

const ask = (text: string): StoredMessage => ({ role: "user", content: [{ type: "text", text }] });
const say = (text: string): StoredMessage => ({ role: "assistant", content: [{ type: "text", text }] });
const call = (...ids: string[]): StoredMessage => ({
  role: "assistant",
  content: ids.map((id) => ({ type: "tool_use", id, name: "recipe__list", input: {} })),
});
const results = (...ids: string[]): StoredMessage => ({
  role: "user",
  content: ids.map((id) => ({ type: "tool_result", tool_use_id: id, content: "{}" })),
});

function resultIds(message: StoredMessage): string[] {
  return message.content.flatMap((block) => (block.type === "tool_result" ? [block.tool_use_id] : []));
}

Deno.test("a complete history is sent as it was stored", () => {
  const history = [ask("Recipes?"), call("a", "b"), results("a", "b"), say("Tacos."), ask("Thanks")];
  assert.deepEqual(historyForModel(history), history);
});

Deno.test("a history cut inside a tool exchange starts at the user's own words", () => {
  const history = [results("a"), say("Tacos."), ask("And soups?")];
  assert.deepEqual(historyForModel(history), [ask("And soups?")]);
  assert.deepEqual(historyForModel([results("a")]), []);
});

Deno.test("calls a failed turn left unanswered get an error result before the next message", () => {
  const repaired = historyForModel([ask("Recipes?"), call("a", "b"), ask("Hello?")]);
  assert.deepEqual(repaired.map((message) => message.role), ["user", "assistant", "user"]);
  assert.deepEqual(resultIds(repaired[2]), ["a", "b"]);
  assert.ok(repaired[2].content.slice(0, 2).every((block) => block.type === "tool_result" && block.is_error));
  assert.deepEqual(repaired[2].content[2], { type: "text", text: "Hello?" });
});

Deno.test("partial results are kept and completed, in the order of the calls", () => {
  const repaired = historyForModel([ask("Both?"), call("a", "b"), results("b"), ask("Well?")]);
  assert.deepEqual(resultIds(repaired[2]), ["a", "b"]);
  assert.equal(repaired[2].content[1].type === "tool_result" && repaired[2].content[1].content, "{}");
  assert.deepEqual(repaired[3], ask("Well?"));
});

Deno.test("empty messages and results without their call are dropped; a trailing call is answered", () => {
  const empty: StoredMessage = { role: "assistant", content: [] };
  const repaired = historyForModel([ask("Hi"), empty, results("stray"), say("Hello"), call("z")]);
  assert.deepEqual(repaired.slice(0, 2), [ask("Hi"), say("Hello")]);
  assert.deepEqual(resultIds(repaired[3]), ["z"]);
});

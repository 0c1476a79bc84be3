import assert from "node:assert/strict";
import { historyForModel, type StoredMessage } from "./history.ts";
import type { PendingAction } from "./turn-events.ts";

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

const at = (message: StoredMessage, time: string): StoredMessage => ({ ...message, created_at: `${time}Z` });

function action(id: string, status: PendingAction["status"], decidedAt: string | null, result: unknown = null) {
  return {
    id,
    tool: "grocery.create_list",
    input: { name: "Weekly" },
    summary: "Create the list Weekly",
    status,
    conversation_id: "c",
    result,
    created_at: "2026-11-24T10:00:00Z",
    expires_at: "2026-11-24T20:00:00Z",
    decided_at: decidedAt && `${decidedAt}Z`,
  } satisfies PendingAction;
}

function notesOf(message: StoredMessage): string[] {
  return message.content.flatMap((block) =>
    block.type === "text" && block.text.startsWith("[Not from the user") ? [block.text] : []
  );
}

Deno.test("an outcome is told before the first of the user's messages written after it, and stays there", () => {
  const history = [
    at(ask("Make a list"), "2026-11-24T10:00:00"),
    at(call("t1"), "2026-11-24T10:00:05"),
    at(results("t1"), "2026-11-24T10:00:05"),
    at(say("Confirm it in the app."), "2026-11-24T10:00:05"),
    at(ask("Done. Now add milk."), "2026-11-24T10:05:00"),
    at(say("Added."), "2026-11-24T10:05:05"),
    at(ask("Thanks"), "2026-11-24T11:00:00"),
  ];
  const created = { grocery_list_id: "l1", name: "Weekly", created_at: "2026-11-24T10:01:00Z" };
  const confirmed = action("a1", "confirmed", "2026-11-24T10:01:00", { ok: true, data: created });
  const rejected = action("a2", "rejected", "2026-11-24T10:30:00");
  const messages = historyForModel(history, [rejected, confirmed]);

  assert.deepEqual(messages.map(notesOf), [[], [], [], [], [notesOf(messages[4])[0]], [], [notesOf(messages[6])[0]]]);
  const [told] = notesOf(messages[4]);
  assert.match(told, /Action a1 \(grocery__create_list \{"name":"Weekly"\}\): the user confirmed it and it ran/);
  assert.ok(told.includes(JSON.stringify({ ok: true, data: created })), "the result's data goes along");
  assert.deepEqual(messages[4].content.at(-1), { type: "text", text: "Done. Now add milk." });
  assert.match(notesOf(messages[6])[0], /Action a2 .*the user rejected it; nothing changed/);
  assert.ok(messages.every((message) => !("created_at" in message)), "timestamps are not sent to the model");
});

Deno.test("expired and failed outcomes say that nothing changed; the newest message takes late ones too", () => {
  const history = [at(ask("Plan it"), "2026-11-24T10:00:00"), at(say("Proposed."), "2026-11-24T10:00:05")];
  const newest = at(ask("Well?"), "2026-11-24T21:00:00");
  const expired = action("a3", "expired", null);
  const failed = action("a4", "confirmed", "2026-11-24T21:00:01", {
    ok: false,
    error: { type: "NOT_FOUND", message: "recipe not found", field: "recipe_id", retryable: false },
  });
  const messages = historyForModel([...history, newest], [failed, expired]);
  const notes = notesOf(messages[2]);
  assert.equal(notes.length, 2);
  assert.match(notes[0], /Action a3 .*expired before the user decided; nothing changed/);
  assert.match(notes[1], /Action a4 .*confirmed it, but it failed and changed nothing: .*recipe not found/);
});

Deno.test("outcomes from before the history's first words of the user are left out", () => {
  const history = [at(results("old"), "2026-11-24T09:00:00"), at(ask("Hi"), "2026-11-24T10:00:00")];
  const early = action("a5", "confirmed", "2026-11-24T09:30:00", { ok: true, data: {} });
  assert.deepEqual(historyForModel(history, [early]), [ask("Hi")]);
});

Deno.test("the notes follow the answers to calls a failed turn left open", () => {
  const history = [
    at(ask("Two things"), "2026-11-24T10:00:00"),
    at(call("x"), "2026-11-24T10:00:05"),
    at(ask("Hello?"), "2026-11-24T10:10:00"),
  ];
  const messages = historyForModel(history, [action("a6", "rejected", "2026-11-24T10:05:00")]);
  assert.deepEqual(messages[2].content.map((block) => block.type), ["tool_result", "text", "text"]);
  assert.equal(notesOf(messages[2]).length, 1);
});

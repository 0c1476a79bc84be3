// The list's write queue without a browser or a server: memory storage and a transport that plays a server which
// answers a repeated Idempotency-Key from its first reply (as the API does).
import assert from "node:assert/strict";
import {
  localIdPrefix,
  MemoryQueueStorage,
  OfflineQueue,
  type QueuedCall,
  replayWindowMs,
  type Transport,
  type TransportResult,
} from "../../examples/web/src/offline/queue.ts";

/** A server that applies each key once and can be cut off, or lose its replies after applying. */
function fakeServer() {
  const applied: { key: string; tool: string; input: Record<string, unknown> }[] = [];
  const replies = new Map<string, TransportResult>();
  const state = { reachable: true, loseReplies: false, refuse: new Map<string, TransportResult>(), sent: 0 };
  const transport: Transport = async (call: QueuedCall) => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    state.sent += 1;
    if (!state.reachable) return { ok: false, retryable: true, status: null, type: "UNAVAILABLE", message: "offline" };
    const refusal = state.refuse.get(String(call.input.grocery_item_id ?? call.input.name));
    if (refusal) return refusal;
    let reply = replies.get(call.idempotencyKey);
    if (!reply) {
      applied.push({ key: call.idempotencyKey, tool: call.tool, input: call.input });
      reply = { ok: true, data: call.tool === "grocery.add_item" ? { grocery_item_id: `item-${applied.length}` } : {} };
      replies.set(call.idempotencyKey, reply);
    }
    if (state.loseReplies) return { ok: false, retryable: true, status: null, type: "UNAVAILABLE", message: "lost" };
    return reply;
  };
  return { applied, state, transport };
}

const tick = (itemId: string) => ({
  tool: "grocery.check_item" as const,
  listId: "list",
  input: { grocery_item_id: itemId },
  seenVersion: 3,
  itemName: itemId,
});

Deno.test("queue: the key is minted when the person acts and kept through every resend", async () => {
  const server = fakeServer();
  let clock = 1000;
  const queue = new OfflineQueue(new MemoryQueueStorage(), server.transport, { now: () => clock });
  server.state.reachable = false;
  const first = await queue.enqueue(tick("milk"));
  clock = 5000;
  const second = await queue.enqueue(tick("eggs"));
  assert.equal(first.actedAt, 1000);
  assert.notEqual(first.idempotencyKey, second.idempotencyKey);

  const offline = await queue.replay();
  assert.equal(offline.stoppedAt?.id, first.id, "stops at the first call it cannot send, keeping the order");
  // The replies are lost after the server applied: the next replay resends both under the same keys.
  server.state.reachable = true;
  server.state.loseReplies = true;
  await queue.replay();
  await queue.replay();
  server.state.loseReplies = false;
  const report = await queue.replay();
  assert.deepEqual(report.applied.map((call) => call.id), [first.id, second.id]);
  assert.deepEqual(server.applied.map((entry) => entry.key), [first.idempotencyKey, second.idempotencyKey]);
  assert.deepEqual(await queue.calls(), []);
});

Deno.test("queue: replays asked for at once share one run, so no call is in flight twice", async () => {
  const server = fakeServer();
  const queue = new OfflineQueue(new MemoryQueueStorage(), server.transport);
  for (const item of ["a", "b", "c", "d"]) await queue.enqueue(tick(item));
  await Promise.all([queue.replay(), queue.replay(), queue.replay()]);
  assert.equal(server.state.sent, 4);
  assert.equal(server.applied.length, 4);
});

Deno.test("queue: a call older than the replay window is kept and shown, never sent", async () => {
  const server = fakeServer();
  let clock = 0;
  const queue = new OfflineQueue(new MemoryQueueStorage(), server.transport, { now: () => clock });
  await queue.enqueue(tick("old"));
  clock = replayWindowMs + 1;
  const fresh = await queue.enqueue(tick("fresh"));
  const report = await queue.replay();
  assert.equal(server.state.sent, 1);
  assert.deepEqual(report.applied.map((call) => call.id), [fresh.id]);
  const [kept] = await queue.calls();
  assert.equal(kept.status, "expired");
  assert.match(kept.message ?? "", /more than 7 days ago/);
});

Deno.test("queue: a conflict or a removed item is kept with the server's words; later calls still go", async () => {
  const server = fakeServer();
  server.state.refuse.set("stale", {
    ok: false,
    retryable: false,
    status: 409,
    type: "CONFLICT",
    message: "Bob ticked it after you read the list",
  });
  server.state.refuse.set("gone", {
    ok: false,
    retryable: false,
    status: 404,
    type: "NOT_FOUND",
    message: "grocery item not found",
  });
  const queue = new OfflineQueue(new MemoryQueueStorage(), server.transport);
  await queue.enqueue(tick("stale"));
  await queue.enqueue(tick("gone"));
  await queue.enqueue(tick("fine"));
  await queue.replay();
  const calls = await queue.calls();
  assert.deepEqual(calls.map((call) => [call.input.grocery_item_id, call.status, call.message]), [
    ["stale", "conflict", "Bob ticked it after you read the list"],
    ["gone", "gone", "grocery item not found"],
  ]);
  assert.deepEqual(server.applied.map((entry) => entry.input.grocery_item_id), ["fine"]);
  await queue.replay();
  assert.equal(server.applied.length, 1, "kept calls are not sent again");
  await queue.dismiss(calls[0].id);
  assert.equal((await queue.calls()).length, 1);
});

Deno.test("queue: a tick on an item added offline goes to the line the add landed on", async () => {
  const server = fakeServer();
  const storage = new MemoryQueueStorage();
  const queue = new OfflineQueue(storage, server.transport);
  server.state.reachable = false;
  const add = await queue.enqueue({
    tool: "grocery.add_item",
    listId: "list",
    input: { grocery_list_id: "list", name: "basil", quantity: 1, unit: "whole" },
    seenVersion: 3,
    itemName: "basil",
  });
  await queue.enqueue(tick(localIdPrefix + add.id));
  await queue.replay();
  server.state.reachable = true;
  // A new queue over the same storage: the page was reloaded while offline.
  const reloaded = new OfflineQueue(storage, server.transport);
  const report = await reloaded.replay();
  assert.equal(report.applied.length, 2);
  assert.deepEqual(server.applied.map((entry) => entry.input.grocery_item_id ?? entry.input.name), ["basil", "item-1"]);
});

Deno.test("queue: a tick on an item whose add was refused is not sent, and says why", async () => {
  const server = fakeServer();
  server.state.refuse.set("basil", {
    ok: false,
    retryable: false,
    status: 404,
    type: "NOT_FOUND",
    message: "grocery list not found",
  });
  const queue = new OfflineQueue(new MemoryQueueStorage(), server.transport);
  const add = await queue.enqueue({
    tool: "grocery.add_item",
    listId: "list",
    input: { grocery_list_id: "list", name: "basil", quantity: 1, unit: "whole" },
    seenVersion: 3,
    itemName: "basil",
  });
  await queue.enqueue({ ...tick(localIdPrefix + add.id), itemName: "basil" });
  await queue.replay();
  const calls = await queue.calls();
  assert.deepEqual(calls.map((call) => call.status), ["gone", "failed"]);
  assert.match(calls[1].message ?? "", /adding basil did not go through/);
  assert.equal(server.applied.length, 0);
});

Deno.test("queue: an applied quick add names the line each typed part landed on, when the server answered one each", async () => {
  const landedOn = (lines: unknown[]) => {
    const transport: Transport = () => Promise.resolve({ ok: true, data: { lines } });
    return new OfflineQueue(new MemoryQueueStorage(), transport);
  };
  const quickAdd = {
    tool: "grocery.add_text" as const,
    listId: "list",
    input: { grocery_list_id: "list", text: "2 figs, cheese" },
    seenVersion: 3,
    itemName: "2 figs, cheese",
  };
  const answered = landedOn([{ grocery_item_id: "f" }, { grocery_item_id: "c" }]);
  await answered.enqueue(quickAdd);
  assert.deepEqual((await answered.replay()).applied.map((call) => call.landedLines), [["f", "c"]]);
  // One line for two parts (a prep state joined): no line is named for either.
  const joined = landedOn([{ grocery_item_id: "f" }]);
  await joined.enqueue(quickAdd);
  assert.deepEqual((await joined.replay()).applied.map((call) => call.landedLines), [undefined]);
});

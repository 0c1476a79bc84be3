// The week's offline overlay and the planner calls in the shared queue, without a browser: memory storage and a
// transport that plays a server answering a repeated Idempotency-Key from its first reply.
import assert from "node:assert/strict";
import {
  localIdPrefix,
  MemoryQueueStorage,
  OfflineQueue,
  plannerQueueId,
  type QueuedCall,
  type Transport,
} from "../../examples/web/src/offline/queue.ts";
import type { StoredMeal } from "../../examples/web/src/offline/stored-copies.ts";
import { weekOverlay } from "../../examples/web/src/offline/week-overlay.ts";

const monday = "2030-03-04";
const sunday = "2030-03-10";

function meal(id: string, date: string, title = `Meal ${id}`): StoredMeal {
  return {
    id,
    date,
    meal_type: "dinner",
    recipe_id: `recipe-${id}`,
    recipe_title: title,
    servings: null,
    note: null,
    series_id: null,
    created_at: "2026-11-28T10:00:00Z",
  };
}

let sequence = 0;
function call(tool: QueuedCall["tool"], input: Record<string, unknown>, extra: Partial<QueuedCall> = {}): QueuedCall {
  sequence += 1;
  return {
    id: `call-${sequence}`,
    sequence,
    idempotencyKey: `key-${sequence}`,
    tool,
    listId: plannerQueueId,
    input,
    seenVersion: null,
    actedAt: Date.UTC(2026, 10, 28),
    itemName: "Soup",
    status: "pending",
    attempts: 0,
    ...extra,
  };
}

Deno.test("week overlay: a planned meal shows on its day, a move on the new day, a removal hides the meal", () => {
  const add = call("planner.add_meal", { recipe_id: "r1", date: "2030-03-06", meal_type: "lunch", servings: 6 });
  const shown = weekOverlay(
    [meal("a", "2030-03-04"), meal("b", "2030-03-05"), meal("c", "2030-03-07")],
    [
      add,
      call("planner.update_meal", { planner_meal_id: "a", date: "2030-03-08", servings: 3 }),
      call("planner.remove_meal", { planner_meal_id: "b" }),
      call("planner.update_meal", { planner_meal_id: "c", date: "2030-03-20" }),
      // A list's call in the same queue is not the week's.
      { ...call("grocery.check_item", { grocery_item_id: "c" }), listId: "list-1" },
    ],
    monday,
    sunday,
  );
  const byId = new Map(shown.meals.map((one) => [one.id, one]));
  assert.deepEqual([...byId.keys()].sort(), ["a", localIdPrefix + add.id].sort());
  assert.deepEqual(
    [byId.get("a")?.date, byId.get("a")?.servings, byId.get("a")?.pending],
    ["2030-03-08", 3, true],
  );
  const planned = byId.get(localIdPrefix + add.id)!;
  assert.deepEqual([planned.date, planned.meal_type, planned.servings, planned.recipe_title, planned.pending], [
    "2030-03-06",
    "lunch",
    6,
    "Soup",
    true,
  ]);
  assert.equal(shown.pendingCount, 4);
});

Deno.test("week overlay: a refused call is beside its meal, or loose when its meal is not in the week", () => {
  const refusedMove = call("planner.update_meal", { planner_meal_id: "a", servings: 2 }, {
    status: "gone",
    message: "That meal was removed.",
  });
  const refusedAdd = call("planner.add_meal", { recipe_id: "gone", date: "2030-03-05", meal_type: "dinner" }, {
    status: "gone",
    message: "Recipe not found.",
  });
  const refusedElsewhere = call("planner.add_meal", { recipe_id: "gone", date: "2030-04-01", meal_type: "dinner" }, {
    status: "gone",
    message: "Recipe not found.",
  });
  const shown = weekOverlay([meal("a", "2030-03-04")], [refusedMove, refusedAdd, refusedElsewhere], monday, sunday);
  assert.deepEqual(shown.meals[0].problems.map((one) => one.id), [refusedMove.id]);
  assert.equal(shown.meals[0].pending, false);
  assert.deepEqual(shown.looseProblems.map((one) => one.id), [refusedAdd.id]);
  assert.equal(shown.pendingCount, 0);
});

Deno.test("planner calls in the queue: sent once by key, a move of a meal planned offline names the meal made", async () => {
  const applied: { tool: string; input: Record<string, unknown> }[] = [];
  const replies = new Map<string, Record<string, unknown>>();
  const state = { reachable: false, loseReply: false };
  const transport: Transport = (sent) => {
    if (!state.reachable) {
      return Promise.resolve({ ok: false, retryable: true, status: null, type: "UNAVAILABLE", message: "offline" });
    }
    let reply = replies.get(sent.idempotencyKey);
    if (!reply) {
      applied.push({ tool: sent.tool, input: sent.input });
      reply = sent.tool === "planner.add_meal"
        ? { planner_meal_id: "meal-1", meal: { ...meal("meal-1", String(sent.input.date)) } }
        : { meal: meal(String(sent.input.planner_meal_id), "2030-03-06") };
      replies.set(sent.idempotencyKey, reply);
    }
    if (state.loseReply) {
      state.loseReply = false;
      return Promise.resolve({ ok: false, retryable: true, status: null, type: "UNAVAILABLE", message: "lost" });
    }
    return Promise.resolve({ ok: true, data: reply });
  };
  const queue = new OfflineQueue(new MemoryQueueStorage(), transport);
  const add = await queue.enqueue({
    tool: "planner.add_meal",
    listId: plannerQueueId,
    input: { recipe_id: "r1", date: "2030-03-05", meal_type: "dinner" },
    seenVersion: null,
    itemName: "Soup",
  });
  await queue.enqueue({
    tool: "planner.update_meal",
    listId: plannerQueueId,
    input: { planner_meal_id: localIdPrefix + add.id, date: "2030-03-06" },
    seenVersion: null,
    itemName: "Soup",
  });
  assert.ok((await queue.replay()).stoppedAt, "offline: nothing is sent");
  state.reachable = true;
  state.loseReply = true; // the add is applied and its reply lost: sent again under the same key
  assert.ok((await queue.replay()).stoppedAt);
  const report = await queue.replay();
  assert.equal(report.stoppedAt, undefined);
  assert.deepEqual(applied, [
    { tool: "planner.add_meal", input: { recipe_id: "r1", date: "2030-03-05", meal_type: "dinner" } },
    { tool: "planner.update_meal", input: { planner_meal_id: "meal-1", date: "2030-03-06" } },
  ]);
  assert.deepEqual(await queue.calls(), []);
  assert.equal(report.applied[0].landedOn, "meal-1");
});

Deno.test("planner calls in the queue: a meal refused when planned takes its later move with it, in words", async () => {
  const sent: string[] = [];
  const transport: Transport = (queued) => {
    sent.push(queued.tool);
    return Promise.resolve({
      ok: false,
      retryable: false,
      status: 404,
      type: "NOT_FOUND",
      message: "recipe not found",
    });
  };
  const queue = new OfflineQueue(new MemoryQueueStorage(), transport);
  const add = await queue.enqueue({
    tool: "planner.add_meal",
    listId: plannerQueueId,
    input: { recipe_id: "deleted", date: "2030-03-05", meal_type: "dinner" },
    seenVersion: null,
    itemName: "Soup",
  });
  await queue.enqueue({
    tool: "planner.remove_meal",
    listId: plannerQueueId,
    input: { planner_meal_id: localIdPrefix + add.id },
    seenVersion: null,
    itemName: "Soup",
  });
  const report = await queue.replay();
  assert.deepEqual(sent, ["planner.add_meal"], "the removal of a meal never made is not sent");
  assert.deepEqual(report.kept.map((call) => [call.tool, call.status, call.message]), [
    ["planner.add_meal", "gone", "recipe not found"],
    ["planner.remove_meal", "failed", "Not sent: planning Soup did not go through."],
  ]);
  const shown = weekOverlay([], await queue.calls(), monday, sunday);
  assert.deepEqual(shown.looseProblems.map((call) => call.tool), ["planner.add_meal", "planner.remove_meal"]);
  assert.equal(shown.meals.length, 0);
});

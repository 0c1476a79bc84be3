// What the list screen shows, without a browser: deltas applied to the copy, the queued writes laid over it, and
// the items grouped by aisle in the household's order.
import assert from "node:assert/strict";
import { applyChanges, type ListState, type ServerItem } from "../../examples/web/src/live/list-state.ts";
import { overlay } from "../../examples/web/src/offline/pending-overlay.ts";
import { MemoryQueueStorage, OfflineQueue, type QueuedCall } from "../../examples/web/src/offline/queue.ts";
import { ShoppingList } from "../../examples/web/src/live/shopping-list.ts";
import { groupByAisle } from "../../examples/web/src/screens/list/aisles.ts";
import { purchaseDiffers, rowState } from "../../examples/web/src/screens/list/item-row.tsx";

function item(id: string, name: string, extra: Partial<ServerItem> = {}): ServerItem {
  return {
    id,
    ingredient_id: null,
    name,
    quantity: 1,
    unit: "whole",
    prep_state: null,
    checked: false,
    checked_at: null,
    checked_by: null,
    checked_by_name: null,
    sources: [],
    category: null,
    buy: null,
    ...extra,
  } as ServerItem;
}

const state: ListState = {
  listId: "list",
  name: "Groceries",
  version: 4,
  deleted: false,
  items: { a: item("a", "apples"), b: item("b", "bread", { checked: true }), c: item("c", "cheese") },
};

let sequence = 0;
function call(tool: QueuedCall["tool"], input: Record<string, unknown>, extra: Partial<QueuedCall> = {}): QueuedCall {
  sequence += 1;
  return {
    id: `call-${sequence}`,
    sequence,
    idempotencyKey: `key-${sequence}`,
    tool,
    listId: "list",
    input,
    seenVersion: 4,
    actedAt: 0,
    itemName: String(input.name ?? input.grocery_item_id),
    status: "pending",
    attempts: 0,
    ...extra,
  };
}

Deno.test("list view: a delta replaces changed rows, drops tombstones and moves the version", () => {
  const next = applyChanges(state, {
    list: { id: "list", name: "Weekly shop", deleted_at: null, version: 6 },
    items: [item("a", "apples", { checked: true }), item("d", "dates")],
    removed: [{ id: "c", merged_into_id: null }],
    version: 6,
    next_cursor: null,
    aisle_order: [],
  });
  assert.deepEqual(Object.keys(next.items).sort(), ["a", "b", "d"]);
  assert.equal(next.items.a.checked, true);
  assert.equal(next.version, 6);
  assert.equal(next.name, "Weekly shop");
  assert.equal(state.items.a.checked, false, "the old copy is left as it was");
});

Deno.test("list view: pending writes show over the copy, in order, marked pending; refused ones sit by their item", () => {
  const add = call("grocery.add_item", { name: "eggs", quantity: 6, unit: "whole" }, { itemName: "eggs" });
  const shown = overlay(state, [
    call("grocery.check_item", { grocery_item_id: "a" }),
    call("grocery.uncheck_item", { grocery_item_id: "b" }),
    call("grocery.check_item", { grocery_item_id: "b" }),
    call("grocery.remove_item", { grocery_item_id: "c" }),
    add,
    call("grocery.check_item", { grocery_item_id: `local:${add.id}` }),
    call("grocery.uncheck_item", { grocery_item_id: "a" }, { status: "conflict", message: "Bob ticked it since" }),
    call("grocery.check_item", { grocery_item_id: "gone" }, { status: "gone", message: "grocery item not found" }),
  ], []);
  const byName = Object.fromEntries(shown.items.map((entry) => [entry.name, entry]));
  assert.deepEqual(Object.keys(byName).sort(), ["apples", "bread", "eggs"]);
  assert.deepEqual([byName.apples.checked, byName.apples.pending], [true, true]);
  assert.equal(byName.bread.checked, true, "the last write on an item wins");
  assert.deepEqual([byName.eggs.checked, byName.eggs.quantity, byName.eggs.pending], [true, 6, true]);
  assert.deepEqual(byName.apples.problems.map((problem) => problem.message), ["Bob ticked it since"]);
  assert.deepEqual(shown.looseProblems.map((problem) => problem.message), ["grocery item not found"]);
  assert.equal(shown.pendingCount, 6);
});

Deno.test("list view: an applied write stays shown until a pull brings its line, and is not counted as waiting", () => {
  const tick = call("grocery.check_item", { grocery_item_id: "c" });
  const add = call("grocery.add_item", { name: "figs", quantity: 2, unit: "whole" }, {
    itemName: "figs",
    landedOn: "f",
  });
  const before = overlay(state, [], [tick, add]);
  assert.equal(before.items.find((entry) => entry.id === "c")?.checked, true);
  assert.equal(before.items.find((entry) => entry.id === "f")?.name, "figs");
  assert.equal(before.pendingCount, 0);
  // The pull brought the added line: the server's row shows, not a second one.
  const pulled = { ...state, items: { ...state.items, f: item("f", "figs", { quantity: 3 }) } };
  const after = overlay(pulled, [], [add]);
  assert.deepEqual(after.items.filter((entry) => entry.name === "figs").map((entry) => entry.quantity), [3]);
});

Deno.test("list view: a sent quick add shows under the lines it landed on until a pull brings them", () => {
  const quick = call("grocery.add_text", { grocery_list_id: "list", text: "2 figs, cheese" }, {
    itemName: "2 figs, cheese",
    landedLines: ["f", "c"],
  });
  // "cheese" joined the line already shown; "figs" made a new one, shown (not waiting) before the pull has it.
  const before = overlay(state, [], [quick]);
  assert.deepEqual(before.items.filter((entry) => entry.name === "figs").map((entry) => [entry.id, entry.pending]), [[
    "f",
    true,
  ]]);
  assert.equal(before.items.filter((entry) => entry.name === "cheese").length, 1);
  assert.equal(before.pendingCount, 0);
  const pulled = { ...state, items: { ...state.items, f: item("f", "figs", { quantity: 2 }) } };
  assert.deepEqual(overlay(pulled, [], [quick]).items.filter((entry) => entry.name === "figs").length, 1);
  // Without a line for each part, the lines come with the next pull.
  const unanswered = { ...quick, id: "unanswered", landedLines: undefined };
  assert.equal(overlay(state, [], [unanswered]).items.some((entry) => entry.name === "figs"), false);
});

Deno.test("list view: groups follow the household's aisle order; items without a known aisle come last", () => {
  const items = [
    item("1", "milk", { category: "dairy" }),
    item("2", "apples", { category: "produce" }),
    item("3", "batteries", { category: null }),
    item("4", "bananas", { category: "produce" }),
  ].map((entry) => ({ ...entry, pending: false, problems: [] }));
  const groups = groupByAisle(items, [
    { category: "dairy", label: "Dairy" },
    { category: "produce", label: "Fruit and vegetables" },
  ]);
  assert.deepEqual(groups.map((group) => [group.label, group.items.map((entry) => entry.name)]), [
    ["Dairy", ["milk"]],
    ["Fruit and vegetables", ["apples", "bananas"]],
    ["Other", ["batteries"]],
  ]);
  assert.deepEqual(groupByAisle(items).map((group) => group.label), ["Other"], "no aisle order: one group");
});

Deno.test("list view: what to buy shows only where it differs from the exact need", () => {
  const cans = { quantity: 2.5, unit: "can" as const };
  assert.equal(purchaseDiffers({ ...cans, buy: { quantity: 3, unit: "can", wording: "3 cans" } }), true);
  assert.equal(
    purchaseDiffers({ quantity: 4, unit: "whole", buy: { quantity: 4, unit: "whole", wording: "4" } }),
    false,
  );
  assert.equal(
    purchaseDiffers({ quantity: 3, unit: "piece", buy: { quantity: 1, unit: "whole", wording: "1 head" } }),
    true,
  );
  assert.equal(purchaseDiffers({ ...cans, buy: null }), false);
});

Deno.test("list view: a tick not yet queued shows ticked and pending, never settled", () => {
  const shown = { checked: false, pending: false };
  assert.deepEqual(rowState(shown, null), { checked: false, classes: "item" });
  assert.deepEqual(rowState(shown, true), { checked: true, classes: "item checked pending" });
  assert.deepEqual(rowState({ checked: true, pending: false }, false), { checked: false, classes: "item pending" });
  assert.deepEqual(rowState({ checked: true, pending: true }, null), {
    checked: true,
    classes: "item checked pending",
  });
});

Deno.test("list view: an offline reload shows the saved copy only with the waiting ticks laid over it", async () => {
  // The stored calls are read from IndexedDB in the browser: here a read that is answered only when let go.
  const storage = new MemoryQueueStorage();
  await storage.save(call("grocery.check_item", { grocery_item_id: "a" }, { listId: "list", itemName: "apples" }));
  let letGo = () => {};
  const read = new Promise<void>((resolve) => letGo = resolve);
  const slowStorage = {
    load: () => read.then(() => storage.load()),
    save: (saved: QueuedCall) => storage.save(saved),
    remove: (id: string) => storage.remove(id),
  };
  const queue = new OfflineQueue(
    slowStorage,
    () => Promise.resolve({ ok: false, retryable: true, status: 0, type: "UNAVAILABLE", message: "offline" }),
  );
  const offline = () => Promise.reject(Object.assign(new Error("offline"), { status: 0 }));
  const shown: boolean[] = [];
  const list = new ShoppingList({ getList: offline, changes: offline }, queue, "list", state, (view) => {
    shown.push(view.items.find((item) => item.id === "a")!.checked);
  });
  const started = list.start().catch(() => {});
  await new Promise((resolve) => setTimeout(resolve, 10));
  assert.equal(list.view(), null, "nothing is shown before the calls are read");
  letGo();
  await started;
  assert.deepEqual(shown.length > 0 && shown.every((checked) => checked), true, `shown: ${shown}`);
  list.close();
});

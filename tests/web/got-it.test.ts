// The "Got it" section's rules, without a browser: the latest tick first (a tick still on its way before all), and
// who got an item in the row's words.
import assert from "node:assert/strict";
import type { ShownItem } from "../../examples/web/src/offline/pending-overlay.ts";
import { gotItOrder } from "../../examples/web/src/screens/list/got-it.tsx";
import { tickedBy } from "../../examples/web/src/screens/list/item-row.tsx";

function got(name: string, checkedAt: string | null, checkedBy: string | null = "bob-id"): ShownItem {
  return {
    id: `id-${name}`,
    ingredient_id: null,
    name,
    quantity: 1,
    unit: "whole",
    prep_state: null,
    checked: true,
    checked_at: checkedAt,
    checked_by: checkedBy,
    checked_by_name: checkedBy ? "Bob" : null,
    sources: [],
    category: null,
    buy: null,
    pending: checkedAt === null,
    problems: [],
  };
}

Deno.test("got it: the latest tick first, a tick on its way before all, equal times by name", () => {
  const items = [
    got("bread", "2026-11-28T10:00:00Z"),
    got("milk", "2026-11-28T10:05:00Z"),
    got("apples", "2026-11-28T10:00:00Z"),
    got("eggs", null, null),
  ];
  assert.deepEqual(gotItOrder(items).map((item) => item.name), ["eggs", "milk", "apples", "bread"]);
  assert.deepEqual(items.map((item) => item.name), ["bread", "milk", "apples", "eggs"], "the input is not sorted");
});

Deno.test("got it: who got it is you, the member's name, or someone who has left", () => {
  const cases: [Partial<ShownItem>, string][] = [
    [{ checked_by: "me-id", checked_by_name: "Alice" }, "you"],
    [{ checked_by: null, checked_by_name: null }, "you"],
    [{ checked_by: "bob-id", checked_by_name: "Bob" }, "Bob"],
    [{ checked_by: "bob-id", checked_by_name: "bob@example.com" }, "bob@example.com"],
    [{ checked_by: "gone-id", checked_by_name: null }, "someone who has left"],
  ];
  for (const [item, words] of cases) {
    assert.equal(tickedBy({ ...got("milk", "2026-11-28T10:00:00Z"), ...item }, "me-id"), words, JSON.stringify(item));
  }
});

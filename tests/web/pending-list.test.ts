// The assistant screen's pending actions when the list read at opening and the streamed proposals cross.
import assert from "node:assert/strict";
import { withListed } from "../../examples/web/src/screens/assistant/pending-list.ts";

const rename = { id: "a1", summary: "Rename the household to Chaos" };
const older = { id: "a0", summary: "Add 1 l milk to Weekly shop" };

Deno.test("the opening list read adds the actions the screen does not show yet", () => {
  assert.deepEqual(withListed([], [rename, older], new Set()), [rename, older]);
});

Deno.test("a list read answered after a proposal streamed in keeps the proposal", () => {
  // Read before the proposal was made, answered after it was shown.
  assert.deepEqual(withListed([rename], [older], new Set()), [rename, older]);
});

Deno.test("a list read answered late never brings back an action decided on this screen", () => {
  // Read after the proposal was made, answered after the person rejected it.
  assert.deepEqual(withListed([], [rename, older], new Set(["a1"])), [older]);
});

Deno.test("an action both shown and listed is shown once", () => {
  assert.deepEqual(withListed([rename], [rename, older], new Set()), [rename, older]);
});

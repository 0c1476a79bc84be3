// The size a photo is drawn at before upload: its longest side at most 1,600 px, its shape kept, never enlarged.
import assert from "node:assert/strict";
import { longestSide, shrunkSize } from "../../examples/web/src/screens/recipes/photo-shrink.ts";

Deno.test("a phone's 12 MP photo is drawn 1600 px on its longest side, in its own shape", () => {
  assert.deepEqual(shrunkSize(4032, 3024), { width: 1600, height: 1200 });
  assert.deepEqual(shrunkSize(3024, 4032), { width: 1200, height: 1600 }, "portrait too");
  assert.equal(longestSide, 1600);
});

Deno.test("a photo already small enough keeps its size, and a thin one keeps at least a pixel", () => {
  assert.deepEqual(shrunkSize(800, 600), { width: 800, height: 600 });
  assert.deepEqual(shrunkSize(1600, 1600), { width: 1600, height: 1600 });
  assert.deepEqual(shrunkSize(20000, 3), { width: 1600, height: 1 });
});

import assert from "node:assert/strict";
import { bytesAtMost, concatenate, declaredOver } from "./bounded-read.ts";

/** A stream of the given chunks that records whether it was cancelled and how many chunks were pulled. */
function chunkStream(chunks: number[]) {
  const seen = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.pulled === chunks.length) return controller.close();
      controller.enqueue(new Uint8Array(chunks[seen.pulled++]).fill(seen.pulled));
    },
    cancel() {
      seen.cancelled = true;
    },
  }, { highWaterMark: 0 });
  return { stream, seen };
}

Deno.test("a body within the ceiling comes back whole, in order", async () => {
  const { stream, seen } = chunkStream([3, 2, 5]);
  const bytes = await bytesAtMost(stream, 10);
  assert.deepEqual(bytes, new Uint8Array([1, 1, 1, 2, 2, 3, 3, 3, 3, 3]));
  assert.equal(seen.cancelled, false);
});

Deno.test("a body past the ceiling is null, and the stream is cancelled at the chunk that passed it", async () => {
  const { stream, seen } = chunkStream([4, 4, 4, 4, 4]);
  assert.equal(await bytesAtMost(stream, 10), null);
  assert.equal(seen.pulled, 3);
  assert.equal(seen.cancelled, true);
});

Deno.test("no body is no bytes", async () => {
  assert.deepEqual(await bytesAtMost(null, 10), new Uint8Array());
});

Deno.test("a declared length counts only when it is a number over the ceiling", () => {
  assert.equal(declaredOver("11", 10), true);
  assert.equal(declaredOver("10", 10), false);
  assert.equal(declaredOver(null, 10), false);
  assert.equal(declaredOver("ten", 10), false);
});

Deno.test("chunks are joined in order", () => {
  assert.deepEqual(concatenate([new Uint8Array([1]), new Uint8Array([2, 3])]), new Uint8Array([1, 2, 3]));
});

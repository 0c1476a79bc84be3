// A sign-in announced by another tab before this tab's storage has it: the app waits for the storage, within bounds.
import assert from "node:assert/strict";
import { type SessionSource, sessionStored } from "../../examples/web/src/session-arrival.ts";

function storageThatCatchesUpAfter(reads: number, userId: string | null): SessionSource & { reads: number } {
  const source = {
    reads: 0,
    getSession() {
      source.reads += 1;
      const session = source.reads > reads && userId ? { user: { id: userId } } : null;
      return Promise.resolve({ data: { session } });
    },
  };
  return source;
}

Deno.test("session arrival: waits until this tab's storage gives the announced user's session", async () => {
  const storage = storageThatCatchesUpAfter(3, "alice");
  assert.equal(await sessionStored(storage, "alice", { intervalMs: 1 }), true);
  assert.equal(storage.reads, 4);
});

Deno.test("session arrival: another user's session in storage is not the one announced", async () => {
  const storage = storageThatCatchesUpAfter(0, "bob");
  assert.equal(await sessionStored(storage, "alice", { attempts: 5, intervalMs: 1 }), false);
  assert.equal(storage.reads, 5);
});

Deno.test("session arrival: a session already stored is taken at the first read", async () => {
  const storage = storageThatCatchesUpAfter(0, "alice");
  assert.equal(await sessionStored(storage, "alice"), true);
  assert.equal(storage.reads, 1);
});

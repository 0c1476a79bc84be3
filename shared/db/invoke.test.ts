import assert from "node:assert/strict";
import { AppError } from "../errors.ts";
import type { Queryable } from "./client.ts";
import { invokeAppFunction } from "./invoke.ts";

// A stand-in for a pool whose connection was terminated under the query: postgres.js has been seen to resolve
// such a query with no rows (tests/reliability/faults.test.ts met it). Only the shape of its answer matters here.
function answering(rows: unknown[]): Queryable {
  const tag = () => Promise.resolve(rows);
  return Object.assign(tag, { json: (value: unknown) => value }) as unknown as Queryable;
}

const request = {
  user: { id: "6f1b0f4e-2f6b-4a53-9d7e-0c1f3f0a9b11", claims: { role: "authenticated" } },
  householdId: null,
  name: "grocery.push_ingredients",
  functionName: "app.grocery_push_ingredients",
  input: {},
  scope: "household" as const,
  isWrite: true,
};

Deno.test("an invoke answered with no row (a lost connection) is a retryable 503, not a 500", async () => {
  for (const rows of [[], [{ result: null }]]) {
    await assert.rejects(invokeAppFunction(answering(rows), request), (error: unknown) => {
      assert.ok(error instanceof AppError);
      assert.equal(error.type, "UNAVAILABLE");
      assert.equal(error.status, 503);
      assert.equal(error.retryable, true);
      return true;
    });
  }
});

Deno.test("an invoke's reply is passed on as it is", async () => {
  const reply = { replayed: false, data: { ok: 1 }, household_id: null };
  assert.deepEqual(await invokeAppFunction(answering([{ result: reply }]), request), reply);
});

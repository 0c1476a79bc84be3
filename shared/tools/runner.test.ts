import assert from "node:assert/strict";
import { AppError } from "../errors.ts";
import { addMeal, listMeals } from "./planner/tools.ts";
import { getHouseholds } from "./household/tools.ts";
import { runTool } from "./runner.ts";
import { inputHash } from "./input-hash.ts";
import { createFakeSql, invokeResult, postgresError } from "./testing/fake-sql.ts";
import { otherId, someId, testUser } from "./testing/tool-assertions.ts";

const meal = { recipe_id: someId, date: "2026-03-04", meal_type: "dinner" };

async function runError(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => assert.fail("expected a failure"), (error: unknown) => error);
  assert.ok(error instanceof AppError, String(error));
  return error;
}

Deno.test("a write is one private.invoke call with claims, tool, function, input, scope, key and hash", async () => {
  const fake = createFakeSql(() => invokeResult({ planner_meal_id: otherId }, { householdId: someId }));
  const run = await runTool(addMeal, meal, { user: testUser, sql: fake.sql, idempotencyKey: "key-1" });
  assert.deepEqual(run, { data: { planner_meal_id: otherId }, replayed: false, householdId: someId });
  assert.equal(fake.queries.length, 1);
  assert.equal(fake.queries[0].text, "select private.invoke_json($1) as result");
  assert.deepEqual(fake.lastInvoke(), {
    claims: testUser.claims,
    householdId: null,
    tool: "planner.add_meal",
    functionName: "app.planner_add_meal",
    input: meal,
    scope: "household",
    isWrite: true,
    idempotencyKey: "key-1",
    inputHash: await inputHash("planner.add_meal", meal),
    recorded: true,
  });
});

Deno.test("a write without an idempotency key sends no hash: nothing could replay it", async () => {
  const fake = createFakeSql(() => invokeResult({ planner_meal_id: otherId }));
  await runTool(addMeal, meal, { user: testUser, sql: fake.sql });
  assert.equal(fake.lastInvoke().idempotencyKey, null);
  assert.equal(fake.lastInvoke().inputHash, null);
  assert.equal(fake.lastInvoke().recorded, true);
});

Deno.test("reads never send an idempotency key; replays are reported", async () => {
  const fake = createFakeSql(() => invokeResult({ meals: [] }, { replayed: true }));
  const run = await runTool(listMeals, { start_date: "2026-03-01", end_date: "2026-03-02" }, {
    user: testUser,
    sql: fake.sql,
    idempotencyKey: "key-2",
  });
  assert.equal(run.replayed, true);
  assert.equal(fake.lastInvoke().idempotencyKey, null);
  assert.equal(fake.lastInvoke().isWrite, false);
  assert.equal(fake.lastInvoke().recorded, false);
});

Deno.test("the idempotency key must be 1-255 printable characters", async () => {
  for (const key of ["", "x".repeat(256), "tab\there", "é"]) {
    const error = await runError(
      runTool(addMeal, meal, { user: testUser, sql: createFakeSql().sql, idempotencyKey: key }),
    );
    assert.equal(error.field, "idempotency_key");
  }
});

Deno.test("household_id in the input is taken out and sent as the household", async () => {
  const fake = createFakeSql();
  await runTool(addMeal, { ...meal, household_id: someId.toUpperCase() }, { user: testUser, sql: fake.sql });
  assert.equal(fake.lastInvoke().householdId, someId);
  assert.deepEqual(fake.lastInvoke().input, meal);
  await runTool(addMeal, meal, { user: testUser, sql: fake.sql, householdId: otherId });
  assert.equal(fake.lastInvoke().householdId, otherId);
});

Deno.test("a bad or contradictory household is a validation error on household_id", async () => {
  const sql = createFakeSql().sql;
  for (
    const options of [{ householdId: "mine" }, { householdId: someId, input: { household_id: otherId } }, {
      input: { household_id: 42 },
    }]
  ) {
    const error = await runError(
      runTool(addMeal, { ...meal, ...options.input }, { user: testUser, sql, householdId: options.householdId }),
    );
    assert.equal(error.field, "household_id");
  }
});

Deno.test("user-scoped tools send no household and refuse a household_id field", async () => {
  const fake = createFakeSql(() => invokeResult({ households: [] }));
  await runTool(getHouseholds, {}, { user: testUser, sql: fake.sql, householdId: someId });
  assert.equal(fake.lastInvoke().householdId, null);
  assert.equal(fake.lastInvoke().scope, "user");
  const error = await runError(runTool(getHouseholds, { household_id: someId }, { user: testUser, sql: fake.sql }));
  assert.equal(error.field, "household_id");
});

Deno.test("database errors become envelope errors", async () => {
  const fake = createFakeSql(() => {
    throw postgresError("MP400", "unknown ingredients: tomatos, onoin", { column_name: "ingredients" });
  });
  const error = await runError(runTool(addMeal, meal, { user: testUser, sql: fake.sql }));
  assert.deepEqual(error.toBody(), {
    type: "VALIDATION_ERROR",
    message: "unknown ingredients: tomatos, onoin",
    field: "ingredients",
    retryable: false,
  });
});

Deno.test("the input hash ignores key order and depends on the tool", async () => {
  const first = await inputHash("planner.add_meal", { a: 1, b: { c: [1, { d: 2, e: 3 }] } });
  assert.equal(first, await inputHash("planner.add_meal", { b: { c: [1, { e: 3, d: 2 }] }, a: 1 }));
  assert.notEqual(first, await inputHash("planner.remove_meal", { a: 1, b: { c: [1, { d: 2, e: 3 }] } }));
  assert.notEqual(first, await inputHash("planner.add_meal", { a: 1, b: { c: [{ d: 2, e: 3 }, 1] } }));
  assert.match(first, /^[0-9a-f]{64}$/);
});

import assert from "node:assert/strict";
import { createFakeSql, invokeResult } from "../tools/testing/fake-sql.ts";
import { someId as householdId, testUser as user } from "../tools/testing/tool-assertions.ts";
import { assistantStep } from "./assistant-step.ts";

Deno.test("a household step runs app.assistant_<step> in the named household, named assistant.<step>, as a write that is not recorded", async () => {
  const fake = createFakeSql(() => invokeResult({ conversation_id: "c" }, { householdId }));
  const result = await assistantStep(fake.sql, user, "begin_turn", { message: "Hi" }, { householdId });
  assert.deepEqual(fake.lastInvoke(), {
    claims: user.claims,
    householdId,
    tool: "assistant.begin_turn",
    functionName: "app.assistant_begin_turn",
    input: { message: "Hi" },
    scope: "household",
    isWrite: true,
    idempotencyKey: null,
    inputHash: null,
    recorded: false,
  });
  assert.deepEqual(result, { replayed: false, data: { conversation_id: "c" }, household_id: householdId });
});

Deno.test("a step on an action or conversation looks across the caller's households", async () => {
  const fake = createFakeSql();
  await assistantStep(fake.sql, user, "lock_action", { action_id: "a" });
  assert.equal(fake.lastInvoke().scope, "user");
  assert.equal(fake.lastInvoke().householdId, null);
  assert.equal(fake.lastInvoke().functionName, "app.assistant_lock_action");
  await assistantStep(fake.sql, user, "list_actions", {});
  assert.equal(fake.lastInvoke().isWrite, false, "a read step runs as authenticated");
});

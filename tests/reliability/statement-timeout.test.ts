import assert from "node:assert/strict";
import { parseEnvironment } from "../../shared/config/env.ts";
import { createPool } from "../../shared/db/client.ts";
import { toolsOfGroup } from "../../shared/tools/registry.ts";
import { createGroupHandler } from "../../shared/http/handler.ts";
import { adminSql, createTestUser, stackEnv } from "../support/stack.ts";
import { householdOf } from "../support/households.ts";
import { createList } from "../support/grocery.ts";

const sql = adminSql();
const user = await createTestUser(sql, "timeout");
const listId = await createList(sql, user, await householdOf(sql, user));
const [{ id: itemId }] = await sql<{ id: string }[]>`
  insert into public.grocery_items (grocery_list_id, household_id, name, quantity, unit, created_by)
  select id, household_id, 'Lamp oil', 1, 'can', ${user.id} from public.grocery_lists where id = ${listId}
  returning id`;

// A deadline of 2 s per database call (DB_QUERY_TIMEOUT_SECONDS): past it the pool cancels the statement on the
// server and the call is a retryable 503.
const deadlineSeconds = 2;

function checkItem(handler: (request: Request) => Promise<Response>, idempotencyKey: string) {
  return handler(
    new Request("http://localhost/grocery/check_item", {
      method: "POST",
      headers: {
        authorization: `Bearer ${user.token}`,
        "content-type": "application/json",
        "idempotency-key": idempotencyKey,
      },
      body: JSON.stringify({ grocery_item_id: itemId }),
    }),
  );
}

Deno.test("a tool call stuck past its deadline is cancelled on the server: 503, retryable, nothing written", async () => {
  const settings = parseEnvironment({ DB_POOL_MAX: "1", DB_QUERY_TIMEOUT_SECONDS: String(deadlineSeconds) });
  // Its own application name, so that the check below counts this pool's backends only, not other tests' calls
  // waiting on locks of their own on the shared stack.
  const applicationName = `statement-timeout-${crypto.randomUUID().slice(0, 8)}`;
  const databaseUrl = new URL(stackEnv().databaseUrl);
  databaseUrl.searchParams.set("application_name", applicationName);
  const pool = createPool(databaseUrl.href, settings);
  const handler = createGroupHandler("grocery", { tools: toolsOfGroup("grocery"), sql: pool });
  const key = crypto.randomUUID();
  const log = console.error;
  console.error = () => {};
  try {
    const { status, body, milliseconds, stillWaiting } = await sql.begin(async (locker) => {
      await locker`select 1 from public.grocery_items where id = ${itemId} for update`;
      const started = performance.now();
      const response = await checkItem(handler, key);
      const milliseconds = performance.now() - started;
      // Still inside the lock holder's transaction: the cancelled call no longer waits on the server.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const [{ waiting }] = await locker<{ waiting: number }[]>`
        select count(*)::int as waiting from pg_stat_activity
        where wait_event_type = 'Lock' and application_name = ${applicationName}`;
      return { status: response.status, body: await response.json(), milliseconds, stillWaiting: waiting };
    });
    assert.equal(status, 503, JSON.stringify(body));
    assert.deepEqual([body.error.type, body.error.retryable], ["UNAVAILABLE", true]);
    console.log(`a call stuck behind a lock answered 503 after ${Math.round(milliseconds)} ms (deadline 2 s)`);
    assert.ok(milliseconds < deadlineSeconds * 1000 + 1000, `answered after ${Math.round(milliseconds)} ms`);
    assert.equal(stillWaiting, 0, "the statement was cancelled on the server, not left waiting");

    const [item] = await sql<{ checked: boolean }[]>`select checked from public.grocery_items where id = ${itemId}`;
    assert.equal(item.checked, false, "the item was not checked");
    const [{ count }] = await sql<{ count: number }[]>`
      select count(*)::int as count from public.tool_invocations where idempotency_key = ${key}`;
    assert.equal(count, 0, "no invocation was recorded");

    const retried = await checkItem(handler, key);
    assert.equal(retried.status, 200, "the same call succeeds once the lock is gone");
    await retried.body?.cancel();
  } finally {
    console.error = log;
    await pool.end();
  }
});

globalThis.addEventListener("unload", () => sql.end());

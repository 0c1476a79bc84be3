// Faults (issue 10.9): the functions' database connections are killed (pg_terminate_backend) while writes
// run. A client that retries what is retryable, with the same idempotency key, ends with every write applied
// exactly once, never a 5xx other than a retryable 503, and the functions recover without a restart.
import assert from "node:assert/strict";
import type { ToolResponse } from "../support/tools-client.ts";
import { catalogIngredient, householdOf, twoHouseholds } from "../support/households.ts";
import { createList } from "../support/grocery.ts";
import { adminSql, stackEnv, type TestUser } from "../support/stack.ts";
import { ownGroupFunction } from "../support/own-group-function.ts";

const sql = adminSql();
const { alice } = await twoHouseholds(sql, "faults");
const household = await householdOf(sql, alice);
const rice = await catalogIngredient(sql, "white rice");

// The grocery function, served by this test on its own pool, so that killing its connections (found by
// their application name) cannot disturb the tests running beside it on the shared stack.
const applicationName = `faults-test-${crypto.randomUUID().slice(0, 8)}`;
const databaseUrl = new URL(stackEnv().databaseUrl);
databaseUrl.searchParams.set("application_name", applicationName);
const { handler, pool } = ownGroupFunction("grocery", databaseUrl.href, {
  DB_POOL_MAX: "4",
  DB_QUERY_TIMEOUT_SECONDS: "5",
});
const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, handler);
const serverUrl = `http://127.0.0.1:${server.addr.port}`;

async function callTool(user: TestUser, tool: string, input: unknown, options: { idempotencyKey: string }) {
  const response = await fetch(`${serverUrl}/${tool.replace(".", "/")}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${user.token}`,
      "content-type": "application/json",
      "idempotency-key": options.idempotencyKey,
    },
    body: JSON.stringify(input),
  });
  return { status: response.status, headers: response.headers, body: await response.json() } as ToolResponse<unknown>;
}

Deno.test("killing the functions' connections during writes: retried writes apply once, nothing half-written", async () => {
  const listId = await createList(sql, alice, household);
  const writes = Array.from(
    { length: 90 },
    (_, index) => ({ key: crypto.randomUUID(), quantity: (index % 4 + 1) * 0.25 }),
  );
  let kills = 0;
  let killing = true;
  // Connections are killed every 200 ms for the first 4 s, then left alone: the writes still in their retries
  // show the recovery, without a restart of the functions (on a busy machine a call may take longer than a
  // kill interval, so endless killing would test the machine's speed instead).
  const killingEnds = performance.now() + 4000;
  const killer = (async () => {
    while (killing && performance.now() < killingEnds) {
      const killed = await sql<{ pid: number }[]>`
        select pid from pg_stat_activity
        -- A CASE, so that only these connections are ever passed to pg_terminate_backend (an AND may run it first).
        where case when application_name = ${applicationName} then pg_terminate_backend(pid) else false end`;
      kills += killed.length;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();

  const seen = new Map<string, number>();
  const note = (reply: ToolResponse<unknown>) => {
    const label = reply.status === 200
      ? "200"
      : `${reply.status} ${reply.body.error?.type} retryable=${reply.body.error?.retryable}`;
    seen.set(label, (seen.get(label) ?? 0) + 1);
  };
  async function writeUntilDone(write: { key: string; quantity: number }) {
    for (let attempt = 0; attempt < 60; attempt++) {
      const reply = await callTool(alice, "grocery.push_ingredients", {
        grocery_list_id: listId,
        ingredients: [{ ingredient_id: rice, quantity: write.quantity, unit: "cup" }],
      }, { idempotencyKey: write.key });
      note(reply);
      if (reply.status === 200) return;
      assert.equal(reply.body.error?.retryable, true, `a fault must be retryable: ${JSON.stringify(reply.body)}`);
      await new Promise((resolve) => setTimeout(resolve, Math.min(50 * (attempt + 1), 500)));
    }
    throw new Error(`write ${write.key} never succeeded`);
  }
  const started = performance.now();
  try {
    for (let index = 0; index < writes.length; index += 10) {
      await Promise.all(writes.slice(index, index + 10).map(writeUntilDone));
    }
  } finally {
    killing = false;
    await killer;
  }
  console.log(
    `${writes.length} writes with ${kills} connections killed in ${
      ((performance.now() - started) / 1000).toFixed(1)
    } s: ${JSON.stringify([...seen])}`,
  );
  assert.ok(kills > 0, "connections were killed");
  for (const label of seen.keys()) {
    assert.match(label, /^(200|503 UNAVAILABLE retryable=true|409 CONFLICT retryable=true)$/);
  }

  const expected = writes.reduce((sum, write) => sum + write.quantity * 1000, 0);
  const [row] = await sql<{ quantity: string; items: number; sources: number; invocations: number }[]>`
    select (select sum(quantity)::text from public.grocery_items where grocery_list_id = ${listId}) as quantity,
      (select count(*)::int from public.grocery_items where grocery_list_id = ${listId}) as items,
      (select count(*)::int from public.grocery_item_sources s join public.grocery_items i on i.id = s.grocery_item_id
        where i.grocery_list_id = ${listId}) as sources,
      (select count(*)::int from public.tool_invocations where idempotency_key = any(${
    writes.map((w) => w.key)
  })) as invocations`;
  assert.equal(Math.round(Number(row.quantity) * 1000), expected, "each write applied exactly once");
  assert.deepEqual([row.items, row.sources, row.invocations], [1, writes.length, writes.length]);

  // Recovered without a restart: a plain read succeeds within a second. (A connection killed by the last round
  // may still be in the pool: the first read on it is a retryable 503, and the pool replaces it.)
  const statuses: number[] = [];
  const recoveryStarted = performance.now();
  while (statuses.at(-1) !== 200 && performance.now() - recoveryStarted < 1000) {
    const after = await callTool(alice, "grocery.get_list", { grocery_list_id: listId }, { idempotencyKey: "read" });
    statuses.push(after.status);
    if (after.status !== 200) assert.equal(after.body.error?.retryable, true, JSON.stringify(after.body));
  }
  assert.equal(statuses.at(-1), 200, `reads after the faults: ${statuses.join(", ")}`);
});

globalThis.addEventListener("unload", async () => {
  await server.shutdown();
  await pool.end();
  await sql.end();
});

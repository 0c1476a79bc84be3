// Faults: the functions' database connections are killed (pg_terminate_backend) while writes
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
  const writes: { key: string; quantity: number }[] = [];
  const newWrite = () => {
    const write = { key: crypto.randomUUID(), quantity: (writes.length % 4 + 1) * 0.25 };
    writes.push(write);
    return write;
  };
  // The fault is driven, not timed: each round holds the list's row lock (every grocery write takes it first), waits
  // until at least one of the function's connections is stuck behind it with a write in flight, terminates those
  // connections, then lets go. The writers keep going until every round has killed a write in flight, so the test
  // means the same on an idle machine as on a busy one.
  const rounds = 6;
  let kills = 0;
  let roundsDone = 0;
  const killer = (async () => {
    for (let round = 0; round < rounds; round++) {
      await sql.begin(async (locker) => {
        await locker`select 1 from public.grocery_lists where id = ${listId} for update`;
        let killed: { pid: number }[] = [];
        for (let attempt = 0; attempt < 500 && killed.length === 0; attempt++) {
          await new Promise((resolve) => setTimeout(resolve, 10));
          // pg_stat_activity is read once per transaction unless its snapshot is cleared.
          await locker`select pg_stat_clear_snapshot()`;
          killed = await locker<{ pid: number }[]>`
            select pid from pg_stat_activity
            -- A CASE, so that only these connections are ever passed to pg_terminate_backend (an AND may run it first).
            where case when application_name = ${applicationName} and wait_event_type = 'Lock'
              then pg_terminate_backend(pid) else false end`;
        }
        assert.ok(killed.length > 0, `round ${round}: no write was ever in flight behind the lock`);
        kills += killed.length;
      });
      roundsDone++;
      await new Promise((resolve) => setTimeout(resolve, 20));
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
  let killerFailed: unknown = null;
  killer.catch((error) => killerFailed = error);
  // Ten writers at a time, at least 90 writes, and on until the killer has had all its rounds.
  while ((roundsDone < rounds && killerFailed === null) || writes.length < 90) {
    await Promise.all(Array.from({ length: 10 }, () => writeUntilDone(newWrite())));
  }
  await killer;
  console.log(
    `${writes.length} writes with ${kills} connections killed in ${rounds} rounds in ${
      ((performance.now() - started) / 1000).toFixed(1)
    } s: ${JSON.stringify([...seen])}`,
  );
  assert.ok(kills >= rounds, "a connection was killed in every round");
  assert.ok(
    [...seen.keys()].some((label) => label !== "200"),
    "a killed write in flight must have answered a retryable error",
  );
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

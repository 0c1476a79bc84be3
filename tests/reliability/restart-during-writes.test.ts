// A restart during writes: Postgres stops and starts again under the functions while writes run,
// on a cluster of this test's own (so the shared test stack is never disturbed). Writes retried with their
// idempotency key across the restart are applied exactly once, with only retryable errors on the way and no
// restart of the functions. (The outage timings themselves: tests/platform/outage.test.ts.)
import assert from "node:assert/strict";
import { join } from "node:path";
import postgres from "postgres";
import { startCluster } from "../../supabase/local/stack/cluster.ts";
import { startDatabase } from "../../supabase/local/stack/stack.ts";
import { readSigningKey, signUserToken } from "../../supabase/local/stack/signing-key.ts";
import { databaseUrl, projectRoot, type StackConfig } from "../../supabase/local/stack/stack-config.ts";
import { ensureUser } from "../../supabase/local/stack/users.ts";
import { stackEnv } from "../support/stack.ts";
import { ownGroupFunction } from "../support/own-group-function.ts";

const testState = stackEnv().stateDirectory;
const config: StackConfig = {
  name: "test",
  projectRoot,
  stateDirectory: join(testState, "outage"),
  apiPort: 0,
  // Beside the test stack's own database port (clear of the bench stack's 25441-25442 by default).
  databasePort: Number(new URL(stackEnv().databaseUrl).port) + 20,
  databaseName: "postgres",
};
// The cluster and the function are started inside the test, not when the file loads: a run that filters this test
// out (deno task test --filter …) must not leave a PostgreSQL running on the port.
async function startOwnStack() {
  // A fresh database every run: the migrations may have changed since the last.
  const { installation, cluster } = await startDatabase(config, { freshDatabase: true });
  const admin = postgres(databaseUrl(config), { max: 1, onnotice: () => {} });
  try {
    const user = await ensureUser(admin, `outage-${crypto.randomUUID().slice(0, 8)}@example.com`);
    const [{ household_id: household }] = await admin<{ household_id: string }[]>`
      select household_id from public.household_members where user_id = ${user.id}`;
    const [{ id: listId }] = await admin<{ id: string }[]>`
      insert into public.grocery_lists (household_id, name) values (${household}, 'Outage') returning id`;
    const [{ id: rice }] = await admin<{ id: string }[]>`
      select id from public.ingredients where household_id is null and normalized_name = 'white rice'`;
    await admin.end();
    const token = await signUserToken(await readSigningKey(testState), stackEnv().apiUrl, user);
    const { handler, pool } = ownGroupFunction("grocery", databaseUrl(config), {
      DB_POOL_MAX: "4",
      DB_QUERY_TIMEOUT_SECONDS: "5",
    });

    const call = async (action: string, input: unknown, idempotencyKey?: string) => {
      const headers: Record<string, string> = { authorization: `Bearer ${token}`, "content-type": "application/json" };
      if (idempotencyKey) headers["idempotency-key"] = idempotencyKey;
      const started = performance.now();
      const response = await handler(
        new Request(`http://localhost/grocery/${action}`, { method: "POST", headers, body: JSON.stringify(input) }),
      );
      const body = await response.json();
      return { status: response.status, body, milliseconds: performance.now() - started };
    };
    return { installation, cluster, listId, rice, pool, call };
  } catch (error) {
    // As startDatabase does: a start that fails half-way leaves neither the cluster nor a connection behind.
    await admin.end({ timeout: 0 });
    if (cluster.started) await cluster.stop();
    throw error;
  }
}

Deno.test("a restart during writes: only retryable errors, retried writes applied once, nothing half-written", async () => {
  const stack = await startOwnStack();
  const { listId, rice, call } = stack;
  let cluster = stack.cluster;
  const originalError = console.error;
  console.error = () => {};
  const statuses = new Map<string, number>();
  try {
    const writes = Array.from({ length: 60 }, (_, index) => ({ key: crypto.randomUUID(), quantity: index % 3 + 1 }));
    const writeUntilDone = async (write: { key: string; quantity: number }) => {
      for (let attempt = 0; attempt < 100; attempt++) {
        const reply = await call("push_ingredients", {
          grocery_list_id: listId,
          ingredients: [{ ingredient_id: rice, quantity: write.quantity, unit: "cup" }],
        }, write.key);
        const label = reply.status === 200 ? "200" : `${reply.status} ${reply.body.error?.type}`;
        statuses.set(label, (statuses.get(label) ?? 0) + 1);
        if (reply.status === 200) return;
        assert.equal(reply.body.error?.retryable, true, JSON.stringify(reply.body));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error("a write never succeeded");
    };
    const load = (async () => {
      for (let index = 0; index < writes.length; index += 6) {
        await Promise.all(writes.slice(index, index + 6).map(writeUntilDone));
      }
    })();
    // The restart is driven, not timed: the list's row lock (which every grocery write takes first) holds writes in
    // flight on the server, and the cluster stops only once one is waiting behind it, so the restart always meets
    // writes under way, on an idle machine as on a busy one.
    const locker = postgres(databaseUrl(config), { max: 1, onnotice: () => {} });
    let inFlight = 0;
    try {
      await locker`begin`;
      await locker`select 1 from public.grocery_lists where id = ${listId} for update`;
      for (let attempt = 0; attempt < 500 && inFlight === 0; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        // pg_stat_activity is read once per transaction unless its snapshot is cleared.
        await locker`select pg_stat_clear_snapshot()`;
        [{ waiting: inFlight }] = await locker<{ waiting: number }[]>`
          select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock'`;
      }
      assert.ok(inFlight > 0, "no write was ever in flight when the cluster stopped");
      // Stopped with the lock still held: the writes behind it are under way when the server goes.
      await cluster.stop();
    } finally {
      await locker.end({ timeout: 0 }).catch(() => {});
    }
    cluster = await startCluster(stack.installation, config);
    await load;
    console.log(`restart during 60 writes (${inFlight} in flight): ${JSON.stringify([...statuses])}`);
    for (const label of statuses.keys()) assert.match(label, /^(200|503 UNAVAILABLE|409 CONFLICT)$/);
    assert.ok([...statuses.keys()].some((label) => label !== "200"), "the restart must have met a write");

    const check = postgres(databaseUrl(config), { max: 1, onnotice: () => {} });
    try {
      const [row] = await check<{ quantity: string; sources: number; invocations: number }[]>`
        select (select sum(quantity)::text from public.grocery_items where grocery_list_id = ${listId}) as quantity,
          (select count(*)::int from public.grocery_item_sources s join public.grocery_items i
            on i.id = s.grocery_item_id where i.grocery_list_id = ${listId}) as sources,
          (select count(*)::int from public.tool_invocations
            where idempotency_key = any(${writes.map((write) => write.key)})) as invocations`;
      assert.equal(Number(row.quantity), writes.reduce((sum, write) => sum + write.quantity, 0));
      assert.deepEqual([row.sources, row.invocations], [writes.length, writes.length]);
    } finally {
      await check.end();
    }
  } finally {
    console.error = originalError;
    // The cluster is this test's own, so it must not outlive it, whatever happened.
    await stack.pool.end({ timeout: 1 });
    await cluster.stop();
  }
});

// Last in this file (tests in a file run in order).
Deno.test("the test's own cluster is stopped afterwards", async () => {
  const probe = postgres(databaseUrl(config), { max: 1, connect_timeout: 2, onnotice: () => {} });
  try {
    await assert.rejects(probe`select 1`);
  } finally {
    await probe.end({ timeout: 0 });
  }
});

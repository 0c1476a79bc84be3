import assert from "node:assert/strict";
import postgres from "postgres";
import { stackEnv } from "../../tests/support/stack.ts";
import { parseEnvironment } from "../config/env.ts";
import { createPool, poolOptions } from "./client.ts";
import { guardPool, QueryTimeoutError } from "./pool-guard.ts";

const oneSecond = parseEnvironment({ DB_POOL_MAX: "1", DB_QUERY_TIMEOUT_SECONDS: "1" });
const notStuck = () => assert.fail("no connection should be stuck");

async function timed(run: () => Promise<unknown>): Promise<{ milliseconds: number; error?: unknown; value?: unknown }> {
  const started = performance.now();
  try {
    const value = await run();
    return { milliseconds: performance.now() - started, value };
  } catch (error) {
    return { milliseconds: performance.now() - started, error };
  }
}

/** One connection, recording when each statement is written to it. */
function recordingPool(url = stackEnv().databaseUrl) {
  const started = performance.now();
  const written: Record<string, number> = {};
  const raw = postgres(url, {
    ...poolOptions(url, oneSecond),
    debug: (_connection: number, query: string) => written[query.trim()] = performance.now() - started,
  });
  const sql = guardPool(raw, { connections: 1, seconds: 1, graceMilliseconds: 2000, onStuck: notStuck });
  return { raw, sql, written };
}

/** A TCP relay to Postgres that can stop passing the server's bytes back, as a connection lost in a pooler. */
function relayTo(port: number) {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const connections: Deno.Conn[] = [];
  let frozen = false;
  const pump = async (from: Deno.Conn, to: Deno.Conn, towardsClient: boolean) => {
    const buffer = new Uint8Array(65536);
    try {
      for (let read = await from.read(buffer); read !== null; read = await from.read(buffer)) {
        if (!(towardsClient && frozen)) await to.write(buffer.subarray(0, read));
      }
    } catch {
      // one side went away
    }
  };
  (async () => {
    for await (const client of listener) {
      const server = await Deno.connect({ hostname: "127.0.0.1", port });
      connections.push(client, server);
      pump(client, server, false);
      pump(server, client, true);
    }
  })();
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${(listener.addr as Deno.NetAddr).port}/postgres`,
    freeze: () => frozen = true,
    close() {
      listener.close();
      for (const connection of connections) {
        try {
          connection.close();
        } catch {
          // already closed
        }
      }
    },
  };
}

Deno.test("queries, fragments, unsafe, transactions and savepoints work through the guard", async () => {
  const sql = createPool(stackEnv().databaseUrl, oneSecond, { onStuck: notStuck });
  try {
    const [row] = await sql`select ${sql("relname")} from pg_class where relname = ${"pg_class"} ${sql`limit 1`}`;
    assert.equal(row.relname, "pg_class");
    assert.deepEqual([...await sql.unsafe("select 2 as two")], [{ two: 2 }]);
    const inTransaction = await sql.begin(async (transaction) => {
      const [outer] = await transaction`select 3 as three`;
      const inner = await transaction.savepoint((savepoint) => savepoint`select 4 as four`);
      return [outer.three, inner[0].four];
    });
    assert.deepEqual(inTransaction, [3, 4]);
  } finally {
    await sql.end();
  }
});

Deno.test("no query is written on a busy connection: the next waits for the answer (no pipelining)", async () => {
  const { raw, sql, written } = recordingPool();
  try {
    await sql`select 1`;
    const results = await Promise.all([
      sql`select pg_sleep(0.3)`,
      sql`select 2 as two`,
      sql.begin((transaction) => transaction`select 3 as three`),
    ]);
    assert.deepEqual([...results[1]], [{ two: 2 }]);
    assert.deepEqual([...results[2]], [{ three: 3 }]);
    // Nothing is written while the sleep is running on the only connection.
    const sleep = written["select pg_sleep(0.3)"];
    const during = Object.entries(written).filter(([, at]) => at > sleep && at < sleep + 290);
    assert.deepEqual(during, [], JSON.stringify(written));
    assert.ok(written["select 2 as two"] > sleep && written["commit"] !== undefined, JSON.stringify(written));
  } finally {
    await raw.end();
  }
});

Deno.test("a slow query fails at its deadline, is cancelled on the server, and the connection serves the next", async () => {
  const sql = createPool(stackEnv().databaseUrl, oneSecond, { onStuck: notStuck });
  try {
    const slow = await timed(() => sql`select pg_sleep(5)`);
    assert.ok(slow.error instanceof QueryTimeoutError);
    assert.equal(slow.error.code, "QUERY_TIMEOUT");
    assert.ok(slow.milliseconds >= 950 && slow.milliseconds < 2000, `${slow.milliseconds} ms`);
    const next = await timed(() => sql`select 1 as one`);
    assert.deepEqual([...next.value as postgres.Row[]], [{ one: 1 }]);
    assert.ok(next.milliseconds < 1000, `the cancelled sleep held the connection for ${next.milliseconds} ms`);

    const transaction = await timed(() => sql.begin((inner) => inner`select pg_sleep(5)`));
    assert.ok(transaction.error instanceof QueryTimeoutError);
    assert.ok(transaction.milliseconds < 2000, `${transaction.milliseconds} ms`);
  } finally {
    await sql.end({ timeout: 1 });
  }
});

Deno.test("a query still waiting for a connection at its deadline fails and never runs", async () => {
  const { raw, sql, written } = recordingPool();
  try {
    await sql`select 1`;
    const [slow, waiting] = await Promise.all([
      timed(() => sql`select pg_sleep(3)`),
      timed(() => sql`select 'never run' as late`),
    ]);
    assert.ok(slow.error instanceof QueryTimeoutError);
    assert.ok(waiting.error instanceof QueryTimeoutError);
    assert.ok(waiting.milliseconds < 2000, `${waiting.milliseconds} ms`);
    assert.equal(written["select 'never run' as late"], undefined);
  } finally {
    await raw.end({ timeout: 1 });
  }
});

Deno.test("a connection that never answers again is reported stuck after the grace period", async () => {
  const relay = relayTo(Number(new URL(stackEnv().databaseUrl).port));
  let stuckAfter: number | undefined;
  const started = performance.now();
  const sql = guardPool(postgres(relay.url, poolOptions(relay.url, oneSecond)), {
    connections: 1,
    seconds: 1,
    graceMilliseconds: 500,
    onStuck: () => stuckAfter = performance.now() - started,
  });
  try {
    await sql`select 1`;
    relay.freeze();
    const lost = await timed(() => sql`select 1`);
    assert.ok(lost.error instanceof QueryTimeoutError);
    assert.ok(lost.milliseconds < 2000, `${lost.milliseconds} ms`);
    await new Promise((resolve) => setTimeout(resolve, 800));
    assert.ok(stuckAfter !== undefined && stuckAfter >= 1400 && stuckAfter < 2500, `stuck after ${stuckAfter} ms`);
  } finally {
    await sql.end({ timeout: 0 });
    relay.close();
  }
});

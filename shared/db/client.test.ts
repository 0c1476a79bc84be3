import assert from "node:assert/strict";
import postgres from "postgres";
import { stackEnv } from "../../tests/support/stack.ts";
import { env, parseEnvironment } from "../config/env.ts";
import { closeDatabaseClient, createPool, databaseClient, poolOptions } from "./client.ts";

async function quietly<T>(run: () => Promise<T>): Promise<T> {
  const log = console.error;
  console.error = () => {};
  try {
    return await run();
  } finally {
    console.error = log;
  }
}

// Quiet: the client logs the switch it makes.
Deno.test("a prepared statement gone missing (26000) turns prepared statements off for the next pool", async () => {
  const log = console.error;
  console.error = () => {};
  const first = databaseClient();
  try {
    assert.equal(first.options.prepare, env().databasePrepare ?? true);
    assert.equal(databaseClient(), first);
    await assert.rejects(first.unsafe("execute statement_prepared_on_another_server_connection"), { code: "26000" });
    const second = databaseClient();
    assert.notEqual(second, first);
    assert.equal(second.options.prepare, false);
    assert.deepEqual([...await second`select ${1}::int as one`], [{ one: 1 }]);
    await second.unsafe("execute statement_prepared_on_another_server_connection").catch(() => {});
    assert.equal(databaseClient(), second, "a pool already without prepared statements is kept");
  } finally {
    console.error = log;
    await first.end();
    await closeDatabaseClient();
  }
});

Deno.test("a connection lost under a query replaces the pool, so its session's last error reaches no later call", async () => {
  // postgres.js 3.4.9 on its own: the reconnected connection fails its next query with the lost session's error.
  const raw = postgres(stackEnv().databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await assert.rejects(raw`select pg_terminate_backend(pg_backend_pid())`, { code: "CONNECTION_CLOSED" });
    await assert.rejects(raw`select 1`, { code: "57P01" }, "postgres.js no longer replays the lost session's error");
  } finally {
    await raw.end();
  }

  const first = databaseClient();
  try {
    await quietly(() => assert.rejects(first`select pg_terminate_backend(pg_backend_pid())`));
    const second = databaseClient();
    assert.notEqual(second, first, "the pool that lost a connection is still in use");
    assert.deepEqual([...await second`select 1 as one`], [{ one: 1 }]);
  } finally {
    await closeDatabaseClient();
  }
});

Deno.test("with the server down, every query fails at once, however many failed before it", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  const pool = createPool(`postgresql://postgres:postgres@127.0.0.1:${port}/postgres`, parseEnvironment({}));
  try {
    // postgres.js waits longer before each new attempt by default: 2.4 s before the sixth, 7.3 s before the seventh.
    for (let attempt = 1; attempt <= 7; attempt++) {
      const started = performance.now();
      await assert.rejects(pool`select 1`, { code: "ECONNREFUSED" });
      const milliseconds = performance.now() - started;
      assert.ok(milliseconds < 1000, `attempt ${attempt} took ${milliseconds.toFixed(0)} ms`);
    }
  } finally {
    await pool.end({ timeout: 0 });
  }
});

Deno.test("a new pool's first call is its only statement: no catalog read before it", async () => {
  const sent: string[] = [];
  const url = stackEnv().databaseUrl;
  const options = poolOptions(url, parseEnvironment({ DATABASE_URL: url }));
  const pool = postgres(url, { ...options, debug: (_connection: number, query: string) => sent.push(query.trim()) });
  try {
    assert.deepEqual([...await pool`select ${1}::int as one`], [{ one: 1 }]);
    assert.deepEqual(sent, ["select $1::int as one"]);
  } finally {
    await pool.end();
  }
});

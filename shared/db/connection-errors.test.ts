import assert from "node:assert/strict";
import postgres from "postgres";
import { stackEnv } from "../../tests/support/stack.ts";
import { databaseErrorToAppError } from "./sql-errors.ts";
import { isConnectionFailure, isLostConnection } from "./connection-errors.ts";

// The mapping logs what it maps; these tests check the answer, not the log.
function quietly(test: () => Promise<void>): () => Promise<void> {
  return async () => {
    const log = console.error;
    console.error = () => {};
    try {
      await test();
    } finally {
      console.error = log;
    }
  };
}

async function failureOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  assert.fail("expected a failure");
}

function assertRetryableUnavailable(error: unknown, label: string) {
  assert.ok(isConnectionFailure(error), `${label}: ${error}`);
  const body = databaseErrorToAppError(error).toBody();
  assert.deepEqual([body.type, body.retryable], ["UNAVAILABLE", true], label);
  assert.doesNotMatch(body.message, /prepared|statement|ECONN|socket/i, label);
}

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

Deno.test(
  "a prepared statement the server connection does not know (26000) is a retryable UNAVAILABLE",
  quietly(async () => {
    const sql = postgres(stackEnv().databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const error = await failureOf(() => sql.unsafe("execute statement_prepared_on_another_connection"));
      assert.equal((error as { code?: string }).code, "26000");
      assertRetryableUnavailable(error, "26000");
    } finally {
      await sql.end();
    }
  }),
);

Deno.test(
  "a refused connection, a connect timeout and a terminated backend are retryable UNAVAILABLE",
  quietly(async () => {
    const refused = postgres(`postgresql://postgres:postgres@127.0.0.1:${freePort()}/postgres`, {
      max: 1,
      connect_timeout: 2,
    });
    const refusal = await failureOf(() => refused`select 1`);
    assert.equal((refusal as { code?: string }).code, "ECONNREFUSED");
    assertRetryableUnavailable(refusal, "refused");
    await refused.end({ timeout: 0 });

    // A listener that accepts and never answers: the client gives up after connect_timeout.
    const silent = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const accepted: Deno.Conn[] = [];
    (async () => {
      for await (const connection of silent) accepted.push(connection);
    })();
    const waiting = postgres(`postgresql://postgres:postgres@127.0.0.1:${(silent.addr as Deno.NetAddr).port}/x`, {
      max: 1,
      connect_timeout: 1,
    });
    const started = performance.now();
    const timeout = await failureOf(() => waiting`select 1`);
    assert.ok(performance.now() - started < 3000);
    assert.equal((timeout as { code?: string }).code, "CONNECT_TIMEOUT");
    assertRetryableUnavailable(timeout, "connect timeout");
    await waiting.end({ timeout: 0 });
    silent.close();
    for (const connection of accepted) connection.close();

    assert.equal(isLostConnection(refusal), false, "a refusal loses no connection");
    assert.equal(isLostConnection(timeout), false, "nor does a connect timeout");

    const sql = postgres(stackEnv().databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const terminated = await failureOf(() => sql`select pg_terminate_backend(pg_backend_pid())`);
      assertRetryableUnavailable(terminated, "terminated");
      assert.ok(isLostConnection(terminated), `a backend terminated under its query: ${terminated}`);
    } finally {
      await sql.end({ timeout: 0 });
    }
  }),
);

Deno.test("socket errors without a SQLSTATE are connection failures; statement errors are not", () => {
  const broken = Object.assign(new Error("write EPIPE"), { code: "EPIPE" });
  const ended = new Error("This socket has been ended by the other party");
  const reset = Object.assign(new Error("connection reset"), { name: "ConnectionReset" });
  for (const error of [broken, ended, reset]) assert.ok(isConnectionFailure(error), String(error));
  const notFailures = [
    Object.assign(new Error("duplicate key"), { code: "23505" }),
    Object.assign(new Error("function app.x() does not exist"), { code: "42883" }),
    new TypeError("x is undefined"),
    "boom",
    null,
  ];
  for (const error of notFailures) assert.equal(isConnectionFailure(error), false, String(error));
});

Deno.test("a connection lost under a query is told apart from one that never opened", () => {
  const lost = [
    Object.assign(new Error("write CONNECTION_CLOSED"), { code: "CONNECTION_CLOSED" }),
    Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }),
    Object.assign(new Error("This socket has been ended by the other party"), { code: "EPIPE" }),
    new Error("This socket has been ended by the other party"),
    Object.assign(new Error("broken pipe"), { name: "BrokenPipe" }),
  ];
  for (const error of lost) assert.ok(isLostConnection(error), String(error));
  const notLost = [
    Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
    Object.assign(new Error("connect timeout"), { code: "CONNECT_TIMEOUT" }),
    Object.assign(new Error("The database did not answer"), { code: "QUERY_TIMEOUT" }),
    Object.assign(new Error("ended by us"), { code: "CONNECTION_ENDED" }),
    Object.assign(new Error("duplicate key"), { code: "23505" }),
    null,
  ];
  for (const error of notLost) assert.equal(isLostConnection(error), false, String(error));
});

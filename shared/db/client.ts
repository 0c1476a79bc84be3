import postgres from "postgres";
import { env, type Environment, EnvironmentError } from "../config/env.ts";
import { throughTransactionPooler } from "./pooler.ts";
import { guardPool } from "./pool-guard.ts";
import { keepDroppedConnectionsFromCrashing } from "./socket-guard.ts";
import { isLostConnection } from "./connection-errors.ts";

export type Sql = postgres.Sql;

export const functionsApplicationName = "meal-planner-functions";
/** Where a query can run: the pool, or a transaction (or savepoint) on it. */
export type Queryable = postgres.Sql | postgres.TransactionSql;

/**
 * postgres.js settings: no prepared statements through a transaction-mode pooler (Supavisor or PgBouncer on
 * 6543), where the next transaction may run on a server connection that never saw them; DB_PREPARE overrides.
 */
export function poolOptions(databaseUrl: string, settings: Environment) {
  return {
    max: settings.databasePoolMax,
    prepare: settings.databasePrepare ?? !throughTransactionPooler(databaseUrl),
    connect_timeout: 5,
    idle_timeout: 60,
    backoff: reconnectDelaySeconds,
    onnotice: () => {},
    // Every call sends one jsonb and reads back json (private.invoke_json), so the array types postgres.js would read
    // from pg_type on a pool's first connection are never used: skipping that query takes 5-10 ms off a cold start.
    fetch_types: false,
    // Names the functions' connections in pg_stat_activity, unless the URL names them (?application_name=).
    connection: {
      application_name: new URL(databaseUrl).searchParams.get("application_name") ?? functionsApplicationName,
    },
  };
}

/**
 * How long a connection waits before connecting again after its last attempt failed. postgres.js waits up to 20 s by
 * default after a few failures, and a call waits with it: past its deadline while the server is down, and again for
 * the first calls once it is back. A connection is only attempted for a waiting call, and a server that is down refuses
 * it at once, so a short wait is enough to spare it a storm.
 */
export function reconnectDelaySeconds(failures: number): number {
  return Math.min(0.05 * 2 ** failures, 0.5);
}

/**
 * A guarded pool (see guardPool): a deadline on every query and transaction, and never more of them at once
 * than connections, so that none is pipelined behind another, which a transaction-mode pooler cannot follow.
 */
export function createPool(
  databaseUrl: string,
  settings: Environment,
  hooks: { onStuck?: () => void; onError?: (error: unknown) => void } = {},
): Sql {
  const options = poolOptions(databaseUrl, settings);
  keepDroppedConnectionsFromCrashing();
  return guardPool(postgres(databaseUrl, options), {
    connections: options.max,
    seconds: settings.databaseQueryTimeoutSeconds,
    graceMilliseconds: 2000,
    onStuck: hooks.onStuck ?? (() => {}),
    onError: hooks.onError,
  });
}

let client: Sql | undefined;
// Set by the first 26000: prepared statements do not last here, whatever the URL's port said.
let preparedStatementsLost = false;

function retire(pool: Sql, timeout: number) {
  if (client === pool) client = undefined;
  pool.end({ timeout }).catch(() => {});
}

/**
 * The functions' pool, on DATABASE_URL (else SUPABASE_DB_URL, which Supabase sets to the direct connection).
 * A pool with a stuck connection is replaced, and so is one that lost a connection during a query (see
 * isLostConnection); so is one whose prepared statements went missing (a pooler on another port than 6543), by
 * one without them.
 */
export function databaseClient(): Sql {
  if (client) return client;
  const settings = env();
  if (!settings.databaseUrl) {
    throw new EnvironmentError(["set DATABASE_URL (or SUPABASE_DB_URL) to the database the functions use"]);
  }
  const prepare = preparedStatementsLost ? false : settings.databasePrepare;
  const pool: Sql = createPool(settings.databaseUrl, { ...settings, databasePrepare: prepare }, {
    onStuck: () => {
      console.error("database: a cancelled query never came back; replacing the connection pool");
      retire(pool, 0);
    },
    onError: (error) => {
      if (isLostConnection(error)) {
        console.error("database: a connection was lost during a query; replacing the connection pool");
        return retire(pool, 5);
      }
      if ((error as { code?: unknown }).code !== "26000" || !pool.options.prepare || preparedStatementsLost) return;
      console.error("database: a prepared statement went missing (a transaction-mode pooler?); set DB_PREPARE=false");
      preparedStatementsLost = true;
      retire(pool, 5);
    },
  });
  client = pool;
  return client;
}

export async function closeDatabaseClient(): Promise<void> {
  await client?.end({ timeout: 5 });
  client = undefined;
}

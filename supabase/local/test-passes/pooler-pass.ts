import { serverOwnedDirectory } from "../stack/cluster.ts";
import { startFunctionsProcess } from "../stack/functions-process.ts";
import { ensurePgBouncer, startPgBouncer } from "../stack/pgbouncer.ts";
import type { RunningStack } from "../stack/stack.ts";
import { testPoolerPort } from "../stack/stack-config.ts";

/** The database name whose pool has a single server connection, for tests/platform/pooler-isolation.test.ts. */
export const oneConnectionDatabase = "postgres_one_connection";

export interface PoolerPass {
  /** The API of functions that reach the test database only through PgBouncer. */
  apiUrl: string;
  /** What the pass's own tests read: POOLER_URL, POOLER_ONE_CONNECTION_URL, POOLER_ADMIN_URL. */
  testEnv: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * PgBouncer in transaction mode in front of the test database, with a pool of two server connections, and the
 * functions in a process of their own connected through it, without prepared statements (DB_PREPARE=false: the
 * client detects a pooler only on port 6543). Skipped, with the reason, where PgBouncer cannot be had.
 */
export async function startPoolerPass(stack: RunningStack): Promise<PoolerPass | { skipped: string }> {
  const found = await ensurePgBouncer();
  if ("unavailable" in found) return { skipped: found.unavailable };
  const pooler = await startPgBouncer({
    binary: found.binary,
    directory: await serverOwnedDirectory(stack.config, "pgbouncer"),
    port: testPoolerPort(stack.config),
    serverPort: stack.config.databasePort,
    serverDatabase: stack.config.databaseName,
    defaultPoolSize: 2,
    extraDatabases: { [oneConnectionDatabase]: { poolSize: 1 } },
  });
  try {
    const functions = await startFunctionsProcess({
      name: "pooler",
      stateDirectory: stack.config.stateDirectory,
      env: { DATABASE_URL: pooler.url(), DB_PREPARE: "false" },
    });
    console.log(`PgBouncer on port ${pooler.port} (log: ${pooler.logFile})`);
    console.log(`Functions through it at ${functions.url} (log: ${functions.logFile})`);
    return {
      apiUrl: functions.url,
      testEnv: {
        POOLER_URL: pooler.url(),
        POOLER_ONE_CONNECTION_URL: pooler.url(oneConnectionDatabase),
        POOLER_ADMIN_URL: pooler.adminUrl,
      },
      stop: async () => {
        await functions.stop();
        await pooler.stop();
      },
    };
  } catch (error) {
    await pooler.stop();
    throw error;
  }
}

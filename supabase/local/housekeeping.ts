import postgres from "postgres";
import { invocationRetentionMilliseconds } from "../../shared/client/replay-window.ts";

/**
 * How long invocation records (idempotency keys and stored replies) are kept: a week, the figure the typed client
 * gives apps for their replay window (shared/client/replay-window.ts), as a PostgreSQL interval.
 */
export const invocationRetention = `${invocationRetentionMilliseconds / 86_400_000} days`;

export interface Housekeeping {
  /** Runs the housekeeping once now; resolves to the number of invocation records removed. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The local stack's stand-in for the pg_cron job hosted Supabase runs (see the invocations migration):
 * the same `private.prune_invocations`, at start and then every `intervalMs`.
 */
export function startHousekeeping(databaseUrl: string, intervalMs = 60 * 60 * 1000): Housekeeping {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const runOnce = async () => {
    const [row] = await sql<{ removed: number }[]>`
      select private.prune_invocations(${invocationRetention}::interval) as removed`;
    return row.removed;
  };
  const tick = () =>
    runOnce().catch((error) => console.error(`housekeeping: pruning invocations failed: ${error.message}`));
  tick();
  const timer = setInterval(tick, intervalMs);
  return {
    runOnce,
    stop: async () => {
      clearInterval(timer);
      await sql.end();
    },
  };
}

import postgres from "postgres";
import { invocationRetentionMilliseconds } from "../../../shared/client/replay-window.ts";
import { authSettingsFromEnv } from "../auth/settings.ts";
import { sweepOrphanedPhotos } from "../../../shared/storage/photo-sweep.ts";

/**
 * How long invocation records (idempotency keys and stored replies) are kept: a week, the figure the typed client
 * gives apps for their replay window (shared/client/replay-window.ts), as a PostgreSQL interval.
 */
export const invocationRetention = `${invocationRetentionMilliseconds / 86_400_000} days`;

/**
 * How long removed rows (lists, items, meals, series, recipes) and revoked or expired invites are kept, and so how far
 * back the change feeds answer: `private.prune_retention`'s default (the retention migration), which pg_cron runs on
 * hosted Supabase. The undo window it is given is the invocation retention: history.undo reaches no further.
 */
export const removedRowRetention = "30 days";
/** The revisions of each recipe kept at any age (older ones go once past the undo window). */
export const revisionsKept = 50;

/**
 * The local Auth stand-in's rows that can no longer be used, by GoTrue's own cleanup rules (its models/cleanup.go,
 * which hosted Supabase's Auth runs itself, so nothing is scheduled for them there), and no sooner:
 * - a refresh token revoked over 24 hours ago, except the one a session's live token was issued for (the stand-in
 *   answers it with that token again: the client lost its last refresh's answer), which goes with its session;
 * - a session past its not_after by 72 hours; a session none of whose refresh tokens is live, whose last token
 *   change is 24 hours (and its last access token's lifetime) old: it can no longer be refreshed, and every access
 *   token it issued has expired (its amr claims go with it);
 * - a flow state (PKCE) made over 24 hours ago (its auth code works 5 minutes);
 * - a one-time token (a code or link's hash) past the codes' lifetime by 24 hours (one is kept per user and kind at
 *   most; a used one is deleted when it is used).
 * A session with a live refresh token is kept however old: it still signs its user in, as on hosted (unless a
 * project sets a session time-box or inactivity timeout, which the stand-in does not imitate).
 */
export interface AuthPruned {
  refresh_tokens: number;
  sessions: number;
  flow_states: number;
  one_time_tokens: number;
}

export interface HousekeepingRun {
  /** Invocation records removed (idempotency keys, stored replies, the audit). */
  invocations: number;
  /** What private.prune_retention removed, by kind. */
  retention: Record<string, number>;
  /** The Auth stand-in's rows removed. */
  auth: AuthPruned;
  /** Recipe photos nothing shows any more, removed through the Storage stand-in (when the stack's URL is given). */
  photos?: number;
}

export interface Housekeeping {
  /** Runs the housekeeping once now; resolves to what it removed. */
  runOnce(): Promise<HousekeepingRun>;
  stop(): Promise<void>;
}

type Sql = ReturnType<typeof postgres>;

/** Removes the Auth stand-in's rows that can no longer be used (see AuthPruned). */
export async function pruneAuthRows(
  sql: Sql,
  settings: { accessTokenSeconds: number; otpSeconds: number } = authSettingsFromEnv("http://127.0.0.1"),
): Promise<AuthPruned> {
  // An access token outlives the refresh that issued it by its lifetime: past a day or that, whichever is longer.
  const deadAfterSeconds = Math.max(86_400, settings.accessTokenSeconds);
  return await sql.begin(async (transaction) => {
    const refreshTokens = await transaction`
      delete from auth.refresh_tokens t
      where t.revoked and t.updated_at < now() - interval '24 hours'
        and not exists (select from auth.refresh_tokens live
          where live.session_id = t.session_id and not live.revoked and live.parent = t.token)`;
    const sessions = await transaction`
      delete from auth.sessions s
      where s.not_after < now() - interval '72 hours'
         or (not exists (select from auth.refresh_tokens t where t.session_id = s.id and not t.revoked)
             and coalesce((select max(t.updated_at) from auth.refresh_tokens t where t.session_id = s.id),
                          s.updated_at, s.created_at) < now() - make_interval(secs => ${deadAfterSeconds}))`;
    const flowStates = await transaction`
      delete from auth.flow_state f where f.created_at < now() - interval '24 hours'`;
    // created_at is a timestamp without time zone, written as now() in the database's time zone: compared the same way.
    const oneTimeTokens = await transaction`
      delete from auth.one_time_tokens o
      where o.created_at < localtimestamp - make_interval(secs => ${settings.otpSeconds}) - interval '24 hours'`;
    return {
      refresh_tokens: refreshTokens.count,
      sessions: sessions.count,
      flow_states: flowStates.count,
      one_time_tokens: oneTimeTokens.count,
    };
  });
}

/**
 * The local stack's stand-in for the pg_cron jobs hosted Supabase runs (the invocations and retention migrations):
 * the same `private.prune_invocations` and `private.prune_retention`, plus what hosted Auth cleans up by itself for
 * the Auth stand-in, and (given the stack's URL and service role key) the recipe photos nothing shows any more, at
 * start and then every `intervalMs`.
 */
export function startHousekeeping(
  databaseUrl: string,
  intervalMs = 60 * 60 * 1000,
  storage?: { apiUrl: string; serviceRoleKey: string },
): Housekeeping {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const runOnce = async (): Promise<HousekeepingRun> => {
    const [row] = await sql<{ removed: number }[]>`
      select private.prune_invocations(${invocationRetention}::interval) as removed`;
    const [retention] = await sql<{ removed: Record<string, number> }[]>`
      select private.prune_retention(${removedRowRetention}::interval, ${revisionsKept}::integer,
        ${invocationRetention}::interval) as removed`;
    const auth = await pruneAuthRows(sql);
    // After the retention, so the photos of the recipes it removed go in the same run.
    const photos = storage ? await sweepOrphanedPhotos(sql, storage) : undefined;
    return { invocations: row.removed, retention: retention.removed, auth, ...(storage ? { photos } : {}) };
  };
  const tick = () => runOnce().catch((error) => console.error(`housekeeping: pruning failed: ${error.message}`));
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

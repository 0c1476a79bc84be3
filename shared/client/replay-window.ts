/**
 * How long the server keeps a write's Idempotency-Key and its first reply: 7 days from when the call reached it
 * (the invocations migration's `private.prune_invocations('7 days')`, run daily by pg_cron on hosted Supabase and
 * hourly by the local stack). Within it a retried write replays its first reply, a refusal included, and runs at
 * most once; after it the key is forgotten and the same call would run again.
 */
export const invocationRetentionMilliseconds = 7 * 24 * 60 * 60 * 1000;

/**
 * The age past which a queued write must not be sent again, measured from when the person acted (before the
 * server could have recorded it, so never later than the record's own start): the retention less one hour, for a
 * device clock running behind the server's. A queued call older than this is shown to the person, not replayed.
 */
export const replayWindowMilliseconds = invocationRetentionMilliseconds - 60 * 60 * 1000;

/** Whether a write the person made at `actedAt` (epoch ms, the device's clock) may still be replayed at `now`. */
export function mayReplay(actedAt: number, now: number = Date.now()): boolean {
  return now - actedAt < replayWindowMilliseconds;
}

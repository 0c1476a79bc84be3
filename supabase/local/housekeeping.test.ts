import assert from "node:assert/strict";
import { adminSql, createTestUser, stackEnv } from "../../tests/support/stack.ts";
import { invocationRetention, startHousekeeping } from "./housekeeping.ts";
import { invocationRetentionMilliseconds, replayWindowMilliseconds } from "../../shared/client/replay-window.ts";

Deno.test("housekeeping prunes invocation records older than the retention, and keeps the rest", async () => {
  const sql = adminSql();
  const housekeeping = startHousekeeping(stackEnv().databaseUrl, 3_600_000);
  try {
    const user = await createTestUser(sql, "housekeeping");
    const [old, recent] = await sql<{ id: string }[]>`
      insert into public.tool_invocations (user_id, tool, input_hash, is_write, created_at)
      values (${user.id}, 'grocery.create_list', 'a', true, now() - interval '8 days'),
             (${user.id}, 'grocery.create_list', 'b', true, now() - interval '6 days')
      returning id`;
    // (The first run at start may have pruned it already; either way it must be gone now.)
    assert.equal(typeof await housekeeping.runOnce(), "number");
    const left = await sql<{ id: string }[]>`
      select id from public.tool_invocations where id in (${old.id}, ${recent.id})`;
    assert.deepEqual(left.map((row) => row.id), [recent.id]);
  } finally {
    await housekeeping.stop();
    await sql.end();
  }
});

Deno.test("the retention is the typed client's: a record a minute inside it stays, one a minute past it goes", async () => {
  const sql = adminSql();
  try {
    const user = await createTestUser(sql, "housekeeping-window");
    const retentionSeconds = invocationRetentionMilliseconds / 1000;
    const [inside, past] = await sql<{ id: string }[]>`
      insert into public.tool_invocations (user_id, tool, input_hash, is_write, created_at)
      values (${user.id}, 'grocery.check_item', 'a', true, now() - make_interval(secs => ${
      retentionSeconds - 60
    }::double precision)),
             (${user.id}, 'grocery.check_item', 'b', true, now() - make_interval(secs => ${
      retentionSeconds + 60
    }::double precision))
      returning id`;
    await sql`select private.prune_invocations(${invocationRetention}::interval)`;
    const left = await sql<
      { id: string }[]
    >`select id from public.tool_invocations where id in (${inside.id}, ${past.id})`;
    assert.deepEqual(left.map((row) => row.id), [inside.id]);
    // Hosted Supabase prunes with the function's default (the pg_cron job of the invocations migration): the same.
    const [{ same }] = await sql<{ same: boolean }[]>`
      select pg_get_function_arguments('private.prune_invocations(interval)'::regprocedure)
        = format($$older_than interval DEFAULT %L::interval$$, ${invocationRetention}::text) as same`;
    assert.equal(same, true);
    assert.ok(replayWindowMilliseconds < invocationRetentionMilliseconds, "a replay never outlives its record");
  } finally {
    await sql.end();
  }
});

import assert from "node:assert/strict";
import { adminSql, createTestUser, stackEnv } from "../../../tests/support/stack.ts";
import {
  invocationRetention,
  pruneAuthRows,
  removedRowRetention,
  revisionsKept,
  startHousekeeping,
} from "./housekeeping.ts";
import { invocationRetentionMilliseconds, replayWindowMilliseconds } from "../../../shared/client/replay-window.ts";

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
    const run = await housekeeping.runOnce();
    assert.equal(typeof run.invocations, "number");
    assert.equal(typeof run.retention.grocery_items, "number");
    assert.equal(typeof run.auth.sessions, "number");
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

Deno.test("housekeeping prunes removed rows with the retention migration's defaults, which pg_cron uses on hosted", async () => {
  const sql = adminSql();
  try {
    const [{ same }] = await sql<{ same: boolean }[]>`
      select pg_get_function_arguments('private.prune_retention(interval, integer, interval)'::regprocedure)
        = format($$p_horizon interval DEFAULT %L::interval, p_revisions_kept integer DEFAULT %s, $$
          || $$p_undo_window interval DEFAULT %L::interval$$, ${removedRowRetention}::text, ${revisionsKept}::integer,
          ${invocationRetention}::text) as same`;
    assert.equal(same, true);
    // One removed list a day past the horizon and one a day inside it: the run removes the first only.
    const user = await createTestUser(sql, "housekeeping-retention");
    const [household] = await sql<{ id: string }[]>`
      select household_id as id from public.household_members where user_id = ${user.id}`;
    const [old, recent] = await sql<{ id: string }[]>`
      insert into public.grocery_lists (household_id, name, deleted_at)
      values (${household.id}, 'Gone', now() - interval '31 days'), (${household.id}, 'Kept', now() - interval '29 days')
      returning id`;
    const housekeeping = startHousekeeping(stackEnv().databaseUrl, 3_600_000);
    try {
      await housekeeping.runOnce();
    } finally {
      await housekeeping.stop();
    }
    const left = await sql<{ id: string }[]>`select id from public.grocery_lists where id in (${old.id}, ${recent.id})`;
    assert.deepEqual(left.map((row) => row.id), [recent.id]);
  } finally {
    await sql.end();
  }
});

Deno.test("the Auth stand-in's rows that can no longer be used are pruned; every usable one stays", async () => {
  const sql = adminSql();
  try {
    const user = await createTestUser(sql, "housekeeping-auth");
    const other = await createTestUser(sql, "housekeeping-auth-codes");
    const session = async (notAfter: string | null) => {
      const [row] = await sql<{ id: string }[]>`
        insert into auth.sessions (id, user_id, created_at, updated_at, aal, not_after)
        values (gen_random_uuid(), ${user.id}, now() - interval '100 days', now() - interval '100 days', 'aal1',
          now() - ${notAfter}::interval)
        returning id`;
      return row.id;
    };
    const token = async (sessionId: string, name: string, revoked: boolean, age: string, parent: string | null) => {
      await sql`
        insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id)
        values (${name}, ${user.id}, ${revoked}, now() - ${age}::interval, now() - ${age}::interval, ${parent},
          ${sessionId})`;
    };
    const tag = crypto.randomUUID().slice(0, 6);
    // A session signed in 100 days ago and refreshed since: its live token, the revoked one that token was issued
    // for (the stand-in answers it again), an older revoked one (gone), and one revoked an hour ago (kept).
    const live = await session(null);
    await token(live, `${tag}a`, true, "30 hours", null);
    await token(live, `${tag}b`, true, "30 hours", `${tag}a`);
    await token(live, `${tag}c`, false, "100 days", `${tag}b`);
    const recentlyRevokedSession = await session(null);
    await token(recentlyRevokedSession, `${tag}d`, true, "1 hour", null);
    // A session whose tokens were all revoked over a day ago (reuse detection, say): it cannot be refreshed.
    const dead = await session(null);
    await token(dead, `${tag}e`, true, "25 hours", null);
    // Sessions past their not_after by 73 hours (gone) and by 71 (kept, as GoTrue keeps it).
    const expired = await session("73 hours");
    await token(expired, `${tag}f`, false, "100 days", null);
    const lately = await session("71 hours");
    await token(lately, `${tag}g`, false, "100 days", null);

    const flows = await sql<{ id: string }[]>`
      insert into auth.flow_state (id, user_id, auth_code, provider_type, authentication_method, created_at, updated_at)
      values (gen_random_uuid(), ${user.id}, 'old', 'email', 'email', now() - interval '25 hours', now()),
             (gen_random_uuid(), ${user.id}, 'new', 'email', 'email', now() - interval '23 hours', now())
      returning id`;
    const otpSeconds = 3600;
    const codes = await sql<{ id: string }[]>`
      insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at)
      values (gen_random_uuid(), ${user.id}, 'recovery_token', 'old', 'x',
                localtimestamp - make_interval(secs => ${otpSeconds}) - interval '25 hours'),
             (gen_random_uuid(), ${other.id}, 'recovery_token', 'new', 'x',
                localtimestamp - make_interval(secs => ${otpSeconds}) - interval '23 hours')
      returning id`;

    await pruneAuthRows(sql, { accessTokenSeconds: 3600, otpSeconds });

    const sessions = await sql<{ id: string }[]>`
      select id from auth.sessions where user_id = ${user.id} order by created_at, id`;
    assert.deepEqual(
      new Set(sessions.map((row) => row.id)),
      new Set([live, recentlyRevokedSession, lately]),
    );
    const tokens = await sql<{ token: string }[]>`
      select token from auth.refresh_tokens where user_id = ${user.id} order by token`;
    assert.deepEqual(tokens.map((row) => row.token), [`${tag}b`, `${tag}c`, `${tag}d`, `${tag}g`]);
    const flowsLeft = await sql<{ id: string }[]>`
      select id from auth.flow_state where id in (${flows[0].id}, ${flows[1].id})`;
    assert.deepEqual(flowsLeft.map((row) => row.id), [flows[1].id]);
    const codesLeft = await sql<{ id: string }[]>`
      select id from auth.one_time_tokens where id in (${codes[0].id}, ${codes[1].id})`;
    assert.deepEqual(codesLeft.map((row) => row.id), [codes[1].id]);
  } finally {
    await sql.end();
  }
});

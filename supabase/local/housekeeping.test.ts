import assert from "node:assert/strict";
import { adminSql, createTestUser, stackEnv } from "../../tests/support/stack.ts";
import { startHousekeeping } from "./housekeeping.ts";

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

import assert from "node:assert/strict";
import { join } from "node:path";
import postgres from "postgres";
import { adminSql, stackEnv } from "../../../tests/support/stack.ts";
import { applyBootstrap, applyMigrations } from "./migrations.ts";
import { projectRoot } from "./stack-config.ts";

/** A scratch database on the test cluster, dropped afterwards. */
async function withScratchDatabase(run: (sql: postgres.Sql) => Promise<void>) {
  const name = `migrations_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = adminSql();
  await admin.unsafe(`create database ${name}`);
  const url = new URL(stackEnv().databaseUrl);
  url.pathname = `/${name}`;
  const sql = postgres(url.href, { max: 1, onnotice: () => {} });
  try {
    await applyBootstrap(sql, projectRoot);
    await run(sql);
  } finally {
    await sql.end();
    await admin.unsafe(`drop database ${name} with (force)`);
    await admin.end();
  }
}

Deno.test("migrations apply once, in name order, and a new file is applied once", async () => {
  const directory = await Deno.makeTempDir();
  await Deno.writeTextFile(
    join(directory, "20260101000002_second.sql"),
    "insert into public.events values ('second');",
  );
  await Deno.writeTextFile(join(directory, "20260101000001_first.sql"), "create table public.events (name text);");
  await Deno.writeTextFile(join(directory, "README.md"), "not a migration");
  await withScratchDatabase(async (sql) => {
    const first = await applyMigrations(sql, directory);
    assert.deepEqual(first.applied, ["20260101000001_first", "20260101000002_second"]);

    const second = await applyMigrations(sql, directory);
    assert.deepEqual(second, { applied: [], skipped: 2 });

    await Deno.writeTextFile(
      join(directory, "20260101000003_third.sql"),
      "insert into public.events values ('third');",
    );
    const third = await applyMigrations(sql, directory);
    assert.deepEqual(third, { applied: ["20260101000003_third"], skipped: 2 });
    assert.deepEqual((await sql`select name from public.events order by name`).map((row) => row.name), [
      "second",
      "third",
    ]);
    const recorded = await sql`select version, name from supabase_migrations.schema_migrations order by version`;
    assert.deepEqual(recorded.map((row) => row.name), ["first", "second", "third"]);
  });
  await Deno.remove(directory, { recursive: true });
});

Deno.test("a failing migration leaves neither its changes nor its record", async () => {
  const directory = await Deno.makeTempDir();
  await Deno.writeTextFile(
    join(directory, "20260101000001_broken.sql"),
    "create table public.half_done (id int);\nselect 1 / 0;",
  );
  await withScratchDatabase(async (sql) => {
    await assert.rejects(applyMigrations(sql, directory), /20260101000001_broken\.sql failed: division by zero/);
    const [{ exists }] = await sql`select to_regclass('public.half_done') is not null as exists`;
    assert.equal(exists, false);
    assert.equal((await sql`select count(*)::int as count from supabase_migrations.schema_migrations`)[0].count, 0);
  });
  await Deno.remove(directory, { recursive: true });
});

Deno.test("the bootstrap is idempotent and the project's migrations are all recorded on the test database", async () => {
  const sql = adminSql();
  try {
    await applyBootstrap(sql, projectRoot);
    const result = await applyMigrations(sql, join(projectRoot, "supabase/migrations"));
    assert.deepEqual(result.applied, []);
  } finally {
    await sql.end();
  }
});

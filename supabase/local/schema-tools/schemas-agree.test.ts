// supabase/schemas is the one place to read every SQL definition; supabase/migrations is what deploys. This builds a
// database from each, on the test stack's cluster, and fails for every object they define otherwise, and for every
// data table whose rows differ (supabase/schemas/data against what the migrations inserted).
import postgres from "postgres";
import { catalogDifferences, catalogSnapshot } from "./catalog-snapshot.ts";
import { projectRoot } from "../stack/stack-config.ts";
import { databaseFromMigrations, databaseFromSchemas, dropDatabase } from "./schema-databases.ts";

function clusterUrl(): string {
  const url = Deno.env.get("SUPABASE_DB_URL");
  if (!url) throw new Error("SUPABASE_DB_URL is not set: run the tests with deno task test");
  return url;
}

/**
 * Each table's rows as sorted text, without what a fresh database makes anew (uuids, timestamps); a row that names
 * an ingredient names it by its name. Our buckets' rows count too.
 */
async function dataSnapshot(url: string): Promise<Record<string, string[]>> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const tables = await sql<{ name: string; columns: string[]; ingredient: boolean }[]>`
      select c.oid::regclass::text as name,
        coalesce(array_agg(a.attname::text order by a.attnum)
          filter (where a.atttypid not in ('uuid'::regtype, 'timestamptz'::regtype)), '{}') as columns,
        bool_or(a.attname = 'ingredient_id') as ingredient
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      -- storage.buckets is the platform's table, but its rows (our buckets) are our migrations'.
      where (n.nspname in ('public', 'private') or c.oid = 'storage.buckets'::regclass) and c.relkind = 'r'
      group by c.oid`;
    const snapshot: Record<string, string[]> = {};
    for (const table of tables) {
      const fields = table.columns.map((column) => `'${column}', t.${column}`);
      if (table.ingredient) {
        fields.push(`'ingredient', (select i.name from public.ingredients i where i.id = t.ingredient_id)`);
      }
      const rows = await sql.unsafe<{ row: string }[]>(
        `select jsonb_build_object(${fields.join(", ")})::text as row from ${table.name} t order by 1`,
      );
      if (rows.length > 0) snapshot[table.name] = rows.map((row) => row.row);
    }
    return snapshot;
  } finally {
    await sql.end();
  }
}

function dataDifferences(expected: Record<string, string[]>, actual: Record<string, string[]>): string[] {
  const lines: string[] = [];
  for (const table of [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort()) {
    const first = new Set(expected[table] ?? []);
    const second = new Set(actual[table] ?? []);
    const missing = [...first].filter((row) => !second.has(row));
    const extra = [...second].filter((row) => !first.has(row));
    if (missing.length === 0 && extra.length === 0) continue;
    lines.push(
      `${table} rows differ: ${missing.length} only from the migrations, ${extra.length} only from the data files` +
        [
          ...missing.slice(0, 3).map((row) => `\n    migrations: ${row}`),
          ...extra.slice(0, 3).map((row) => `\n    files: ${row}`),
        ]
          .join(""),
    );
  }
  return lines;
}

Deno.test({
  name: "a database built from supabase/schemas is the one the migrations build",
  async fn(t) {
    const fromMigrations = "schemas_from_migrations";
    const fromFiles = "schemas_from_files";
    const cluster = clusterUrl();
    try {
      const migrationsUrl = await databaseFromMigrations(cluster, fromMigrations, projectRoot);
      const filesUrl = await databaseFromSchemas(cluster, fromFiles, projectRoot);
      const differences = [
        ...catalogDifferences(await catalogSnapshot(migrationsUrl), await catalogSnapshot(filesUrl)),
        ...dataDifferences(await dataSnapshot(migrationsUrl), await dataSnapshot(filesUrl)),
      ].map((line) =>
        line.replace("only in the first", "only from the migrations").replace(
          "only in the second",
          "only from supabase/schemas",
        )
      );
      // One failure per object, named, so a report lists every definition to fix rather than the first.
      for (const difference of differences) {
        await t.step(difference.split("\n")[0], () => {
          throw new Error(difference);
        });
      }
    } finally {
      await dropDatabase(cluster, fromMigrations);
      await dropDatabase(cluster, fromFiles);
    }
  },
});

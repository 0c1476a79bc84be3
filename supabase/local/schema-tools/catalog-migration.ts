// `deno task db:catalog-migration <name>`: the data migration that brings the catalog of a database built from
// supabase/migrations to the catalog's files (supabase/schemas/data/*.csv). The files are checked first (a broken rule
// is refused, naming its line); the migration is applied to the migrations-built database and the catalog read back
// before the file is written: it is written only if it makes the two equal.
import { join } from "node:path";
import postgres from "postgres";
import { catalogDirectory, readCatalog } from "./catalog-files.ts";
import { assertCatalogIntegrity } from "./catalog-integrity.ts";
import { catalogChanges, catalogOfDatabase, catalogStatements } from "./catalog-sql.ts";
import { databaseFromMigrations, dropDatabase } from "./schema-databases.ts";
import { migrationFiles } from "../stack/migrations.ts";
import { databaseUrl, projectRoot, stackConfig } from "../stack/stack-config.ts";

/** The next migration's version: now, or one past the newest when that is later. */
function nextVersion(root: string): string {
  const now = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const newest = migrationFiles(join(root, "supabase/migrations")).at(-1)?.version ?? "0";
  return now > newest ? now : (BigInt(newest) + 1n).toString();
}

/** What the migration does, in words, for its first lines. */
export function changeSummary(changes: ReturnType<typeof catalogChanges>): string[] {
  return changes
    .filter((change) => change.upserted.length + change.deleted.length > 0)
    .map((change) => `${change.table}: ${change.upserted.length} added or changed, ${change.deleted.length} removed`);
}

async function main() {
  const name = Deno.args[0];
  if (!name || !/^[a-z0-9_]+$/.test(name)) {
    console.error("Usage: deno task db:catalog-migration <name_in_snake_case>");
    Deno.exit(2);
  }
  const files = await readCatalog(catalogDirectory(projectRoot));
  try {
    assertCatalogIntegrity(files);
  } catch (error) {
    console.error((error as Error).message);
    Deno.exit(1);
  }
  const cluster = Deno.env.get("SUPABASE_DB_URL") ?? databaseUrl(stackConfig("dev"));
  const database = "catalog_migration_from_migrations";
  try {
    console.log("Building a database from supabase/migrations…");
    const sql = postgres(await databaseFromMigrations(cluster, database, projectRoot), { max: 1, onnotice: () => {} });
    try {
      const deployed = await catalogOfDatabase(sql);
      const statements = catalogStatements(deployed, files);
      if (statements.length === 0) {
        console.log("The catalog's files and supabase/migrations agree: nothing to write.");
        return;
      }
      const summary = changeSummary(catalogChanges(deployed, files));
      const text = [
        `-- The catalog's files (supabase/schemas/data/*.csv) as of this migration, written by`,
        `-- deno task db:catalog-migration:`,
        ...summary.map((line) => `--   ${line}`),
        "",
        statements.join("\n\n"),
        "",
      ].join("\n");
      try {
        await sql.begin((transaction) => transaction.unsafe(text).simple());
      } catch (error) {
        console.error(`The generated migration does not apply:\n${(error as Error).message}\n\n${text}`);
        Deno.exitCode = 1;
        return;
      }
      const left = catalogStatements(await catalogOfDatabase(sql), files);
      if (left.length > 0) {
        console.error(`The generated migration leaves the catalog otherwise than the files:\n${left.join("\n\n")}`);
        Deno.exitCode = 1;
        return;
      }
      const path = join(projectRoot, "supabase/migrations", `${nextVersion(projectRoot)}_${name}.sql`);
      await Deno.writeTextFile(path, text);
      console.log(`Wrote ${path.slice(projectRoot.length + 1)}:\n${summary.join("\n")}`);
      console.log("Checked: applied to a database built from the migrations, it leaves the files' catalog.");
    } finally {
      await sql.end();
    }
  } finally {
    await dropDatabase(cluster, database);
  }
}

if (import.meta.main) await main();

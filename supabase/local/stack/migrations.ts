import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Sql } from "../../../shared/db/client.ts";

export interface MigrationResult {
  applied: string[];
  skipped: number;
}

const migrationFilePattern = /^(\d+)_(.+)\.sql$/;

/** What the platform creates before a project's migrations: roles, auth, realtime (the stack's), storage's schema. */
export const bootstrapFiles = ["supabase/local/stack/bootstrap.sql", "supabase/local/storage/bootstrap.sql"];

/** Supabase's bootstrap for a plain cluster; creates only what is missing. */
export async function applyBootstrap(sql: Sql, projectRoot: string): Promise<void> {
  for (const file of bootstrapFiles) {
    await sql.unsafe(await Deno.readTextFile(join(projectRoot, file))).simple();
  }
}

export function migrationFiles(migrationsDirectory: string): { version: string; name: string; path: string }[] {
  if (!existsSync(migrationsDirectory)) return [];
  return [...Deno.readDirSync(migrationsDirectory)]
    .filter((entry) => entry.isFile && migrationFilePattern.test(entry.name))
    .map((entry) => {
      const [, version, name] = migrationFilePattern.exec(entry.name)!;
      return { version, name, path: join(migrationsDirectory, entry.name) };
    })
    .sort((a, b) => a.version.localeCompare(b.version) || a.name.localeCompare(b.name));
}

/**
 * Applies, in name order, each migration not yet recorded in
 * supabase_migrations.schema_migrations (as the Supabase CLI records them),
 * each in its own transaction together with its record.
 */
export async function applyMigrations(sql: Sql, migrationsDirectory: string): Promise<MigrationResult> {
  const recorded = new Set(
    (await sql<{ version: string }[]>`select version from supabase_migrations.schema_migrations`).map((row) =>
      row.version
    ),
  );
  const result: MigrationResult = { applied: [], skipped: 0 };
  for (const migration of migrationFiles(migrationsDirectory)) {
    if (recorded.has(migration.version)) {
      result.skipped++;
      continue;
    }
    const statements = await Deno.readTextFile(migration.path);
    try {
      await sql.begin(async (transaction) => {
        await transaction.unsafe(statements).simple();
        await transaction`
          insert into supabase_migrations.schema_migrations (version, name, statements)
          values (${migration.version}, ${migration.name}, ${[statements]})`;
      });
    } catch (error) {
      throw new Error(`Migration ${migration.version}_${migration.name}.sql failed: ${(error as Error).message}`);
    }
    result.applied.push(`${migration.version}_${migration.name}`);
  }
  return result;
}

export async function applySeed(sql: Sql, seedPath: string): Promise<boolean> {
  if (!existsSync(seedPath)) return false;
  await sql.unsafe(await Deno.readTextFile(seedPath)).simple();
  return true;
}

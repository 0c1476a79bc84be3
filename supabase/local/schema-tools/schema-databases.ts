// The two ways to build our database: from supabase/migrations (what deploys) and from supabase/schemas (what a
// person reads and edits), each on the platform's stand-in (bootstrap.sql). The schemas-agree test and the schema
// migration generator build one of each on the same cluster and compare their catalogs.
import { join } from "node:path";
import postgres from "postgres";
import { ourSchemas } from "./catalog-snapshot.ts";
import { applyBootstrap, applyMigrations } from "../stack/migrations.ts";
import { applyCatalog } from "./catalog-sql.ts";

/** The schema files in the order `[db.migrations] schema_paths` of supabase/config.toml lists them. */
export async function schemaPaths(projectRoot: string): Promise<string[]> {
  const config = await Deno.readTextFile(join(projectRoot, "supabase/config.toml"));
  const section = /^\[db\.migrations\]\n([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(config)?.[1] ?? "";
  const list = /^schema_paths\s*=\s*\[([\s\S]*?)\]/m.exec(section)?.[1] ?? "";
  return [...list.matchAll(/"([^"]+)"/g)].map((match) => join(projectRoot, "supabase", match[1]));
}

/** `url` with another database name. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

// The admin connection is to the cluster URL's own database, never template1: CREATE DATABASE fails while another
// session is connected to its template, and tests run in parallel.
export async function recreateDatabase(clusterUrl: string, name: string): Promise<string> {
  const admin = postgres(clusterUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return withDatabase(clusterUrl, name);
}

export async function dropDatabase(clusterUrl: string, name: string): Promise<void> {
  const admin = postgres(clusterUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

/** A fresh database `name` on the cluster of `clusterUrl`: bootstrap, then every migration. */
export async function databaseFromMigrations(clusterUrl: string, name: string, projectRoot: string): Promise<string> {
  const url = await recreateDatabase(clusterUrl, name);
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await applyBootstrap(sql, projectRoot);
    await applyMigrations(sql, join(projectRoot, "supabase/migrations"));
  } finally {
    await sql.end();
  }
  return url;
}

/**
 * A fresh database `name`: bootstrap, then the schema files in schema_paths order, then the catalog's data files
 * (supabase/schemas/data/*.csv), all in one transaction. A file that fails is named with PostgreSQL's message.
 */
export async function databaseFromSchemas(clusterUrl: string, name: string, projectRoot: string): Promise<string> {
  const url = await recreateDatabase(clusterUrl, name);
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await applyBootstrap(sql, projectRoot);
    const files = await schemaPaths(projectRoot);
    await sql.begin(async (transaction) => {
      for (const file of files) {
        try {
          await transaction.unsafe(await Deno.readTextFile(file)).simple();
        } catch (error) {
          const relative = file.slice(projectRoot.length + 1);
          throw new Error(`${relative} failed: ${(error as Error).message}`);
        }
      }
      await applyCatalog(transaction, projectRoot);
    });
    await validateFunctionBodies(sql);
  } finally {
    await sql.end();
  }
  return url;
}

/**
 * Every function body of ours checked by its language's validator, as `create function` checks it when
 * check_function_bodies is on (the schema files turn it off, to be applied in feature order): a body naming a table
 * or column that is not there fails here, naming the function.
 */
async function validateFunctionBodies(sql: postgres.Sql): Promise<void> {
  const functions = await sql<{ name: string; validator: string; oid: number }[]>`
    select p.oid::regprocedure::text as name, l.lanvalidator::regproc::text as validator, p.oid::integer as oid
    from pg_catalog.pg_proc p
    join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    join pg_catalog.pg_language l on l.oid = p.prolang
    where n.nspname = any(${ourSchemas}) and l.lanvalidator <> 0 and p.prosqlbody is null`;
  const failures: string[] = [];
  await sql`set check_function_bodies = on`;
  for (const fn of functions) {
    try {
      await sql.unsafe(`select ${fn.validator}(${fn.oid})`);
    } catch (error) {
      failures.push(`${fn.name}: ${(error as Error).message}`);
    }
  }
  if (failures.length > 0) throw new Error(`function bodies that do not check:\n${failures.join("\n")}`);
}

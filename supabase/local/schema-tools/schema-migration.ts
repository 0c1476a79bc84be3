// `deno task db:migration <name>`: the migration that brings a database built from supabase/migrations to what
// supabase/schemas defines. Functions, triggers, policies, views and grants are written from the schema files' text
// (comments included); a table, column, constraint, index or type that differs is printed and refused, since a
// table's change (a backfill, a default for existing rows, a lock on a big table) is written by hand. The migration is
// applied to the migrations-built database and the catalogs compared again before the file is written: it is
// written only if it makes the two equal.
import { join } from "node:path";
import postgres from "postgres";
import { catalogDifferences, type CatalogSnapshot, catalogSnapshot } from "./catalog-snapshot.ts";
import { argumentTypes, definedObject, splitStatements, withComment } from "./sql-statements.ts";
import { databaseFromMigrations, databaseFromSchemas, dropDatabase, schemaPaths } from "./schema-databases.ts";
import { migrationFiles } from "../stack/migrations.ts";
import { databaseUrl, projectRoot, stackConfig } from "../stack/stack-config.ts";

/** A function as the catalog names it (`private.f(uuid,timestamp with time zone)`) in the schema files' spelling. */
export function functionKeyOfCatalog(name: string): string {
  const open = name.indexOf("(");
  const schemaAndName = name.slice(0, open);
  return `function ${schemaAndName}(${argumentTypes(name.slice(open + 1, -1))})`;
}

interface Definition {
  text: string;
  file: string;
}

/** Every function, trigger, policy and view of the schema files, by the key the catalog snapshot gives it. */
async function schemaDefinitions(root: string): Promise<Map<string, Definition>> {
  const definitions = new Map<string, Definition>();
  for (const path of await schemaPaths(root)) {
    for (const statement of splitStatements(await Deno.readTextFile(path))) {
      const defined = definedObject(statement.text);
      if (defined.kind === "other" || defined.kind === "table") continue;
      definitions.set(defined.key, { text: withComment(statement), file: path.slice(root.length + 1) });
    }
  }
  return definitions;
}

const tablePrivileges: Record<string, string> = {
  a: "insert",
  r: "select",
  w: "update",
  d: "delete",
  D: "truncate",
  x: "references",
  t: "trigger",
  m: "maintain",
};

/** `{postgres=arwd/postgres,=X/postgres}` → the set of `grantee privilege`. */
function privileges(definition: string): Set<string> {
  const acl = / acl=(\S*)/.exec(definition)?.[1] ?? "";
  const granted = new Set<string>();
  for (const item of acl.split(",").filter(Boolean)) {
    const [grantee, rest] = item.split("=");
    const letters = rest.split("/")[0];
    for (const letter of letters) {
      granted.add(`${grantee || "public"} ${letter === "X" ? "execute" : tablePrivileges[letter] ?? letter}`);
    }
  }
  return granted;
}

/** Grants and revokes that turn `from`'s privileges on `object` into `to`'s (the owner's own are left alone). */
function grantChanges(object: string, from: string | undefined, to: string | undefined, columns = ""): string[] {
  const before = privileges(from ?? "");
  const after = privileges(to ?? "");
  const lines: string[] = [];
  const on = (privilege: string) => columns ? `${privilege} (${columns}) on ${object}` : `${privilege} on ${object}`;
  for (const entry of after) {
    if (before.has(entry) || entry.startsWith("postgres ")) continue;
    const [grantee, privilege] = entry.split(" ");
    lines.push(`grant ${on(privilege)} to ${grantee};`);
  }
  for (const entry of before) {
    if (after.has(entry) || entry.startsWith("postgres ")) continue;
    const [grantee, privilege] = entry.split(" ");
    lines.push(`revoke ${on(privilege)} from ${grantee};`);
  }
  return lines;
}

const withoutAcl = (definition: string | undefined) => definition?.replace(/ acl=\S*/, "");

function quotedIdentifier(name: string): string {
  return /^[a-z_][a-z_0-9]*$/.test(name) ? name : `"${name.replaceAll('"', '""')}"`;
}

export interface PlannedMigration {
  statements: string[];
  refused: string[];
}

/** What to write for each difference between the migrations' catalog and the schema files'. */
export function planMigration(
  fromMigrations: CatalogSnapshot,
  fromFiles: CatalogSnapshot,
  definitions: Map<string, Definition>,
): PlannedMigration {
  const statements: string[] = [];
  // Dropped functions go last: a trigger or policy that calls one is dropped (or redefined) before it.
  const functionDrops: string[] = [];
  const refused: string[] = [];
  const keys = [...new Set([...Object.keys(fromMigrations), ...Object.keys(fromFiles)])].sort();
  const definitionOf = (key: string) => {
    const definition = definitions.get(key);
    if (!definition) {
      throw new Error(`${key} is in the database built from supabase/schemas but no statement defines it`);
    }
    return definition.text;
  };
  for (const key of keys) {
    const before = fromMigrations[key];
    const after = fromFiles[key];
    if (before === after) continue;
    const [kind] = key.split(" ");
    const name = key.slice(kind.length + 1);
    if (kind === "function") {
      const schemaKey = functionKeyOfCatalog(name);
      if (after === undefined) functionDrops.push(`drop function ${name};`);
      else if (withoutAcl(before) !== withoutAcl(after)) {
        statements.push(definitionOf(schemaKey).replace(/^create\s+function/im, "create or replace function"));
      }
      if (after !== undefined) statements.push(...grantChanges(`function ${name}`, before, after));
    } else if (kind === "trigger" || kind === "policy") {
      const [table, objectName] = name.split(` ${kind} `);
      const drop = `drop ${kind} if exists ${quotedIdentifier(objectName)} on ${table};`;
      if (after === undefined) statements.push(drop);
      else statements.push(`${drop}\n${definitionOf(`${kind} ${table} ${objectName}`)}`);
    } else if (kind === "relation" && (after ?? before)!.startsWith("v ") && before && after) {
      if (withoutAcl(before) !== withoutAcl(after)) {
        statements.push(definitionOf(`view ${name}`).replace(/^create\s+view/im, "create or replace view"));
      }
      statements.push(...grantChanges(name, before, after));
    } else if (
      (kind === "relation" || kind === "column") && before && after && withoutAcl(before) === withoutAcl(after)
    ) {
      if (kind === "relation") statements.push(...grantChanges(name, before, after));
      else {
        const dot = name.lastIndexOf(".");
        statements.push(...grantChanges(name.slice(0, dot), before, after, name.slice(dot + 1)));
      }
    } else {
      const side = (value: string | undefined): CatalogSnapshot => value === undefined ? {} : { [key]: value };
      refused.push(
        catalogDifferences(side(before), side(after)).join("\n")
          .replace(/^only in the first/, "only in the migrations")
          .replace(/^only in the second/, "only in supabase/schemas")
          .replace("    first:  ", "    migrations: ")
          .replace("    second: ", "    schemas:    "),
      );
    }
  }
  return { statements: [...statements, ...functionDrops], refused };
}

/** The next migration's version: now, or one past the newest migration when that is later. */
export function nextTimestamp(root: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/\D/g, "").slice(0, 14);
  const newest = migrationFiles(join(root, "supabase/migrations")).at(-1)?.version ?? "0";
  return stamp > newest ? stamp : (BigInt(newest) + 1n).toString();
}

export interface GenerateOptions {
  /** The project whose supabase/ folder (config.toml, schemas, migrations, local/bootstrap.sql) is read. */
  root: string;
  /** The migration's name, snake_case: the file is supabase/migrations/<timestamp>_<name>.sql. */
  name: string;
  /** A cluster URL; the two databases are made on it and dropped afterwards. */
  cluster: string;
  /** The migration's version; by default nextTimestamp(root). */
  timestamp?: string;
  /** Prefix of the two databases' names, so that runs on one cluster do not meet. */
  databasePrefix?: string;
  /** Where progress goes (console.log by default). */
  log?: (line: string) => void;
}

export type GenerateResult =
  | { outcome: "written"; path: string; text: string; statements: string[] }
  | { outcome: "nothing" }
  | { outcome: "refused"; message: string; differences: string[] }
  | { outcome: "failed"; message: string };

/**
 * Builds a database from `root`'s migrations and one from its schema files, and writes the migration that brings the
 * first to the second, after checking that applying it leaves the two catalogs equal. Nothing is written unless the
 * outcome is "written".
 */
export async function generateMigration(options: GenerateOptions): Promise<GenerateResult> {
  const { root, name, cluster } = options;
  const log = options.log ?? console.log;
  const prefix = options.databasePrefix ?? "schema_migration";
  const fromMigrationsName = `${prefix}_from_migrations`;
  const fromFilesName = `${prefix}_from_files`;
  try {
    log("Building a database from supabase/migrations and one from supabase/schemas…");
    const migrationsUrl = await databaseFromMigrations(cluster, fromMigrationsName, root);
    const filesUrl = await databaseFromSchemas(cluster, fromFilesName, root);
    const fromFiles = await catalogSnapshot(filesUrl);
    const plan = planMigration(await catalogSnapshot(migrationsUrl), fromFiles, await schemaDefinitions(root));
    if (plan.refused.length > 0) {
      return {
        outcome: "refused",
        differences: plan.refused,
        message: "Not generated: tables, columns, constraints, indexes and types are migrated by hand. " +
          `Write a migration for:\n${plan.refused.join("\n")}`,
      };
    }
    if (plan.statements.length === 0) return { outcome: "nothing" };
    const text = plan.statements.join("\n\n") + "\n";
    const sql = postgres(migrationsUrl, { max: 1, onnotice: () => {} });
    try {
      await sql.begin((transaction) => transaction.unsafe(text).simple());
    } catch (error) {
      return {
        outcome: "failed",
        message: `The generated migration does not apply:\n${(error as Error).message}\n\n${text}`,
      };
    } finally {
      await sql.end();
    }
    const left = catalogDifferences(await catalogSnapshot(migrationsUrl), fromFiles);
    if (left.length > 0) {
      return {
        outcome: "failed",
        message: `The generated migration leaves differences; write it by hand:\n${left.join("\n")}\n\n${text}`,
      };
    }
    const path = join(root, "supabase/migrations", `${options.timestamp ?? nextTimestamp(root)}_${name}.sql`);
    await Deno.writeTextFile(path, text);
    return { outcome: "written", path, text, statements: plan.statements };
  } finally {
    await dropDatabase(cluster, fromMigrationsName);
    await dropDatabase(cluster, fromFilesName);
  }
}

async function main() {
  const name = Deno.args[0];
  if (!name || !/^[a-z0-9_]+$/.test(name)) {
    console.error("Usage: deno task db:migration <name_in_snake_case>");
    Deno.exit(2);
  }
  const cluster = Deno.env.get("SUPABASE_DB_URL") ?? databaseUrl(stackConfig("dev"));
  const result = await generateMigration({ root: projectRoot, name, cluster });
  if (result.outcome === "nothing") {
    console.log("supabase/schemas and supabase/migrations agree: nothing to write.");
  } else if (result.outcome === "written") {
    console.log(
      `Wrote ${result.path.slice(projectRoot.length + 1)} (${result.statements.length} change(s)); checked: applied to`,
    );
    console.log("a database built from the migrations, it leaves the same catalog as supabase/schemas builds.");
  } else {
    console.error(result.message);
    Deno.exit(1);
  }
}

if (import.meta.main) await main();

// An upgrade from a release, as `supabase db push` does it on a live project: a database made from a
// release's migrations (supabase/releases/<version>.sha256) holds a household written through that release's own
// private.invoke (supabase/releases/<version>-household.sql); the newer migrations are applied; every row and every
// reply of that household must be as before. New columns and new keys in a reply are what a migration adds, and a
// backfill moves a row's updated_at; a value that changed or a row or key that went is a difference.
import { createHash } from "node:crypto";
import { join } from "node:path";
import postgres from "postgres";
import type { Sql } from "../../../shared/db/client.ts";
import { applyBootstrap, applyMigrations } from "../stack/migrations.ts";

function versionParts(version: string): number[] {
  const match = /^v(\d+)\.(\d+)\.(\d+)$/.exec(version);
  if (!match) throw new Error(`supabase/releases: ${version} is not a release version (vMAJOR.MINOR.PATCH)`);
  return match.slice(1).map(Number);
}

/** The releases, oldest first: each supabase/releases/<version>.sha256, by version (v0.10.0 after v0.9.0). */
export function releases(projectRoot: string): string[] {
  return [...Deno.readDirSync(join(projectRoot, "supabase/releases"))]
    .filter((entry) => entry.name.endsWith(".sha256"))
    .map((entry) => entry.name.replace(/\.sha256$/, ""))
    .sort((a, b) => {
      const [x, y] = [versionParts(a), versionParts(b)];
      return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
    });
}

/** The newest release. */
export function lastRelease(projectRoot: string): string {
  const all = releases(projectRoot);
  if (all.length === 0) throw new Error("supabase/releases holds no release manifest");
  return all.at(-1)!;
}

/** The release's manifest: its migration files by name, in sha256sum's format. */
export function releaseManifest(projectRoot: string, release: string): { name: string; sha256: string }[] {
  const manifest = Deno.readTextFileSync(join(projectRoot, "supabase/releases", `${release}.sha256`));
  return manifest.trim().split("\n").map((line) => {
    const match = line.match(/^([0-9a-f]{64}) [ *](\S+\.sql)$/);
    if (!match) throw new Error(`${release}.sha256: not a sha256sum line: ${line}`);
    return { sha256: match[1], name: match[2] };
  });
}

/** The released migration files, each checked against the release's manifest. */
function releasedMigrations(projectRoot: string, release: string): { name: string; text: string }[] {
  return releaseManifest(projectRoot, release).map(({ name, sha256 }) => {
    const text = Deno.readTextFileSync(join(projectRoot, "supabase/migrations", name));
    if (createHash("sha256").update(text).digest("hex") !== sha256) {
      throw new Error(`${name} is not as ${release} released it`);
    }
    return { name, text };
  });
}

/** Makes the database afresh from the release's migrations and fills it with the release's household. */
export async function createReleaseDatabase(
  adminUrl: string,
  databaseName: string,
  projectRoot: string,
  release = lastRelease(projectRoot),
): Promise<string> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists ${databaseName} with (force)`);
    await admin.unsafe(`create database ${databaseName}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  const releaseDirectory = await Deno.makeTempDir({ prefix: `migrations-${release}-` });
  const sql = postgres(url.href, { max: 1, onnotice: () => {} });
  try {
    for (const file of releasedMigrations(projectRoot, release)) {
      await Deno.writeTextFile(join(releaseDirectory, file.name), file.text);
    }
    await applyBootstrap(sql, projectRoot);
    await applyMigrations(sql, releaseDirectory);
    const fixture = `${release}-household.sql`;
    try {
      await sql.unsafe(await Deno.readTextFile(join(projectRoot, "supabase/releases", fixture))).simple();
    } catch (error) {
      // The fixture's own message names the call that failed (upgrade_fixture.call); the detail holds its input.
      const { message, detail } = error as { message: string; detail?: string };
      throw new Error(`supabase/releases/${fixture} failed: ${message}${detail ? ` (${detail})` : ""}`);
    }
  } finally {
    await sql.end();
    await Deno.remove(releaseDirectory, { recursive: true });
  }
  return url.href;
}

/** Every row of every table of public, by table and id (or the whole row where a table has no id). */
export type TableRows = Record<string, Record<string, Record<string, unknown>>>;

export interface Snapshot {
  rows: TableRows;
  /** The household's read replies, by a name for each call. */
  replies: Record<string, unknown>;
}

async function tableRows(sql: Sql): Promise<TableRows> {
  const tables = await sql<{ name: string }[]>`
    select c.relname as name from pg_catalog.pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' order by 1`;
  const rows: TableRows = {};
  for (const { name } of tables) {
    // Every column but updated_at: a migration that fills a new column in (a backfill) updates the row, and the
    // stamp trigger moves its updated_at; every other value must be as before.
    const [{ rows: tableRows }] = await sql.unsafe<{ rows: Record<string, unknown>[] | null }[]>(
      `select jsonb_agg(to_jsonb(t) - 'updated_at') as rows from public.${name} t`,
    );
    rows[name] = Object.fromEntries(
      (tableRows ?? []).map((row) => [String(row.id ?? JSON.stringify(row)), row]),
    );
  }
  return rows;
}

async function call(sql: Sql, email: string, tool: string, input: unknown): Promise<unknown> {
  const [{ reply }] = await sql<{ reply: { data: unknown } }[]>`
    select private.invoke(jsonb_build_object(
      'claims', jsonb_build_object('sub', u.id, 'role', 'authenticated', 'email', u.email, 'aud', 'authenticated'),
      'household_id', (select h.id from public.households h join public.household_members m
                       on m.household_id = h.id and m.user_id = u.id where h.name = 'The Upgrades'),
      'tool', ${tool}::text, 'function', 'app.' || replace(${tool}::text, '.', '_'), 'input', ${
    sql.json(input as never)
  }::jsonb,
      'scope', case when ${tool}::text in ('household.list', 'assistant.get_conversation') then 'user'
                    else 'household' end, 'is_write', false)) as reply
    from auth.users u where u.email = ${email}`;
  return reply.data;
}

/** The household's rows and what its read tools answer, for both members. */
export async function snapshot(url: string): Promise<Snapshot> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const replies: Record<string, unknown> = {};
    for (const email of ["alice@upgrade.test", "bob@upgrade.test"]) {
      replies[`${email} household.list`] = await call(sql, email, "household.list", {});
      replies[`${email} household.get`] = await call(sql, email, "household.get", {});
      replies[`${email} recipe.list`] = await call(sql, email, "recipe.list", { limit: 100 });
      replies[`${email} planner.list_meals`] = await call(sql, email, "planner.list_meals", {
        start_date: "2026-12-01",
        end_date: "2026-12-31",
      });
      replies[`${email} grocery.list_lists`] = await call(sql, email, "grocery.list_lists", {});
      replies[`${email} history.list`] = await call(sql, email, "history.list", { limit: 100 });
      replies[`${email} assistant.list_actions`] = await call(sql, email, "assistant.list_actions", {});
    }
    const lists = (replies["alice@upgrade.test grocery.list_lists"] as { lists: { id: string; name: string }[] }).lists;
    for (const list of lists) {
      replies[`grocery.get_list ${list.name}`] = await call(sql, "alice@upgrade.test", "grocery.get_list", {
        grocery_list_id: list.id,
      });
    }
    const recipes = (replies["alice@upgrade.test recipe.list"] as { recipes: { id: string; title: string }[] }).recipes;
    for (const recipe of recipes) {
      replies[`recipe.get ${recipe.title}`] = await call(sql, "bob@upgrade.test", "recipe.get", {
        recipe_id: recipe.id,
      });
    }
    // Reads a later release added, where the database has them (a reply of the release's own database is the
    // reference: the upgraded one must answer as it did).
    const has = async (tool: string) =>
      (await sql`select pg_catalog.to_regprocedure(${`app.${tool.replace(".", "_")}(uuid, jsonb)`}) as oid`)[0].oid !==
        null;
    const conversations = await sql<{ id: string }[]>`select id from public.conversations order by created_at, id`;
    for (const [index, { id }] of conversations.entries()) {
      replies[`assistant.get_conversation ${index + 1}`] = await call(
        sql,
        "alice@upgrade.test",
        "assistant.get_conversation",
        { conversation_id: id },
      );
    }
    if (await has("household.list_invites")) {
      replies["household.list_invites"] = await call(sql, "alice@upgrade.test", "household.list_invites", {});
    }
    if (await has("planner.list_series")) {
      replies["planner.list_series"] = await call(sql, "bob@upgrade.test", "planner.list_series", {});
    }
    return { rows: await tableRows(sql), replies };
  } finally {
    await sql.end();
  }
}

/** Applies every migration newer than the release, each in one transaction, as `supabase db push` does. */
export async function upgrade(url: string, projectRoot: string): Promise<string[]> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return (await applyMigrations(sql, join(projectRoot, "supabase/migrations"))).applied;
  } finally {
    await sql.end();
  }
}

/**
 * Where `after` is not `before` with only additions: a value changed, or a key, array element or row is missing.
 * Object keys `after` adds are what a migration adds (a new column, a new field of a reply).
 */
export function differences(before: unknown, after: unknown, path = ""): string[] {
  if (before === null || typeof before !== "object") {
    return JSON.stringify(before) === JSON.stringify(after)
      ? []
      : [`${path}: ${JSON.stringify(before)} became ${JSON.stringify(after)}`];
  }
  if (after === null || typeof after !== "object" || Array.isArray(before) !== Array.isArray(after)) {
    return [`${path}: ${JSON.stringify(before).slice(0, 80)} became ${JSON.stringify(after)?.slice(0, 80)}`];
  }
  if (Array.isArray(before)) {
    const afterArray = after as unknown[];
    if (before.length !== afterArray.length) return [`${path}: ${before.length} elements became ${afterArray.length}`];
    return before.flatMap((element, index) => differences(element, afterArray[index], `${path}[${index}]`));
  }
  const afterObject = after as Record<string, unknown>;
  return Object.entries(before as Record<string, unknown>).flatMap(([key, value]) =>
    key in afterObject ? differences(value, afterObject[key], `${path}.${key}`) : [`${path}.${key}: missing`]
  );
}

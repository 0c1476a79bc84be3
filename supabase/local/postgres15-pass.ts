// The test task's PostgreSQL 15 pass (issue 24.1): older hosted projects run 15, so the migrations and the pgTAP files
// run once more on Debian's PostgreSQL 15, in a cluster of their own, and `supabase db lint` (the Supabase CLI's
// plpgsql_check lint, which needs Debian's postgresql-15-plpgsql-check) checks every function there.
import { existsSync } from "node:fs";
import { join } from "node:path";
import postgres from "postgres";
import { commandExists, isRoot, runCommand } from "./command.ts";
import { aptInstall } from "./postgres-install.ts";
import { startDatabase } from "./stack.ts";
import { databaseUrl, type StackConfig, stackConfig } from "./stack-config.ts";

/** The Supabase CLI from the npm registry, pinned: its lint is what `supabase db lint` runs for a project. */
export const supabaseCliVersion = "3.1.0";
const version = 15;
const plpgsqlCheckPackage = `postgresql-${version}-plpgsql-check`;

export function postgres15Config(testConfig: StackConfig = stackConfig("test")): StackConfig {
  const port = Deno.env.get("TEST_PG15_DB_PORT");
  return {
    ...testConfig,
    name: "pg15",
    stateDirectory: join(testConfig.stateDirectory, "pg15"),
    // By default three after the test database's (the pooler takes one after, the outage cluster two after).
    databasePort: port ? Number(port) : testConfig.databasePort + 3,
  };
}

/** What stands in the way of the pass on this machine, or null when it can run. */
async function unavailable(): Promise<string | null> {
  const installed = existsSync(`/usr/lib/postgresql/${version}/bin/initdb`) &&
    existsSync(`/usr/share/postgresql/${version}/extension/plpgsql_check.control`);
  if (installed) return null;
  if (!isRoot() || !(await commandExists("apt-get"))) {
    return `PostgreSQL ${version} with plpgsql_check is not installed (sudo apt-get install postgresql-${version} ` +
      `postgresql-${version}-pgtap ${plpgsqlCheckPackage})`;
  }
  try {
    await aptInstall([`postgresql-${version}`, `postgresql-${version}-pgtap`, plpgsqlCheckPackage]);
    return null;
  } catch (error) {
    return `apt-get could not install PostgreSQL ${version}: ${(error as Error).message.split("\n")[0]}`;
  }
}

export interface Postgres15Pass {
  /** The database URL, for pg_prove. */
  databaseUrl: string;
  config: StackConfig;
  /** `supabase db lint` against the database: its exit code and what it printed. */
  lint(): Promise<{ errors: number; output: string }>;
  stop(): Promise<void>;
}

/** Starts PostgreSQL 15 with a fresh database holding the bootstrap, every migration and the seed. */
export async function startPostgres15Pass(): Promise<Postgres15Pass | { skipped: string }> {
  const reason = await unavailable();
  if (reason) return { skipped: reason };
  const config = postgres15Config();
  const { cluster, installation } = await startDatabase(config, { freshDatabase: true, postgresVersion: version });
  if (installation.version !== version) {
    throw new Error(`the PostgreSQL ${version} pass started ${installation.version}`);
  }
  const url = databaseUrl(config);
  return {
    databaseUrl: url,
    config,
    lint: () => lintDatabase(url, config.stateDirectory),
    stop: async () => {
      if (cluster.started) await cluster.stop();
    },
  };
}

/**
 * `supabase db lint --level error` against the database. The CLI comes from the npm registry through npx (its
 * package's platform binary is an optional dependency, not a download). It creates plpgsql_check for the lint and
 * takes it away again; the count is of the problems it reports at level error.
 */
async function lintDatabase(url: string, workDirectory: string): Promise<{ errors: number; output: string }> {
  const result = await runCommand("npx", [
    "-y",
    `supabase@${supabaseCliVersion}`,
    "db",
    "lint",
    `--remote=${url}`,
    "--level",
    "error",
    "--fail-on",
    "error",
    "--output-format",
    "json",
  ], { cwd: workDirectory, env: { ...Deno.env.toObject(), SUPABASE_TELEMETRY_DISABLED: "1", DO_NOT_TRACK: "1" } });
  const output = `${result.stdout}\n${result.stderr}`.trim();
  return { errors: result.code === 0 ? 0 : countLintProblems(result.stdout), output };
}

/** The problems in the CLI's JSON report ({results: [{function, issues: [...]}]}), at least 1 on a failure. */
export function countLintProblems(stdout: string): number {
  try {
    const report = JSON.parse(stdout) as { results?: { issues?: unknown[] }[] };
    return Math.max(1, (report.results ?? []).reduce((sum, entry) => sum + (entry.issues?.length ?? 0), 0));
  } catch {
    return 1;
  }
}

/** Whether the database the pass made is really PostgreSQL 15 (the pass checks it before it counts). */
export async function serverMajorVersion(url: string): Promise<number> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [{ version }] = await sql<{ version: string }[]>`select current_setting('server_version_num') as version`;
    return Math.floor(Number(version) / 10000);
  } finally {
    await sql.end();
  }
}

// The test task's passes on the other PostgreSQL majors a hosted project may run: Debian's current 15 (older
// projects) and npm's newest 18 (which hosted will offer next), each the newest minor there, since minors tighten DDL
// rules. Each gets a cluster of its own with the bootstrap, every migration and the seed, then the pgTAP files. On 15,
// `supabase db lint` (the Supabase CLI's plpgsql_check lint) checks every function too: Debian packages
// plpgsql_check for its own server only, so the lint runs there and not on the npm builds.
import { existsSync } from "node:fs";
import { join } from "node:path";
import postgres from "postgres";
import { commandExists, isRoot, runCommand } from "../stack/command.ts";
import { aptInstall, embeddedPostgresVersions } from "../stack/postgres-install.ts";
import { startDatabase } from "../stack/stack.ts";
import { databaseUrl, type StackConfig, stackConfig } from "../stack/stack-config.ts";

/** The Supabase CLI from the npm registry, pinned: its lint is what `supabase db lint` runs for a project. */
export const supabaseCliVersion = "3.1.0";
const debianVersion = 15;

/** The majors the test task runs a pass on, besides the default 17: Debian's 15 with the lint, npm's 18. */
export const otherServerVersions = [debianVersion, 18];

/** Whether `supabase db lint` runs in this major's pass (where Debian's plpgsql_check is). */
export function lintsIn(version: number): boolean {
  return version === debianVersion;
}

/**
 * The pass's cluster: TEST_PG<major>_DB_PORT, by default three (15) or four (18) after the test database's (the pooler
 * takes one after, the outage cluster two after).
 */
export function serverVersionConfig(version: number, testConfig: StackConfig = stackConfig("test")): StackConfig {
  const port = Deno.env.get(`TEST_PG${version}_DB_PORT`);
  const offset = version === debianVersion ? 3 : 4;
  return {
    ...testConfig,
    name: `pg${version}`,
    stateDirectory: join(testConfig.stateDirectory, `pg${version}`),
    databasePort: port ? Number(port) : testConfig.databasePort + offset,
  };
}

/** What stands in the way of Debian's PostgreSQL 15 with plpgsql_check on this machine, or null when it can run. */
async function debianUnavailable(): Promise<string | null> {
  const plpgsqlCheckPackage = `postgresql-${debianVersion}-plpgsql-check`;
  const installed = existsSync(`/usr/lib/postgresql/${debianVersion}/bin/initdb`) &&
    existsSync(`/usr/share/postgresql/${debianVersion}/extension/plpgsql_check.control`);
  if (installed) return null;
  if (!isRoot() || !(await commandExists("apt-get"))) {
    return `PostgreSQL ${debianVersion} with plpgsql_check is not installed (sudo apt-get install ` +
      `postgresql-${debianVersion} postgresql-${debianVersion}-pgtap ${plpgsqlCheckPackage})`;
  }
  try {
    await aptInstall([`postgresql-${debianVersion}`, `postgresql-${debianVersion}-pgtap`, plpgsqlCheckPackage]);
    return null;
  } catch (error) {
    return `apt-get could not install PostgreSQL ${debianVersion}: ${(error as Error).message.split("\n")[0]}`;
  }
}

export interface ServerVersionPass {
  /** The database URL, for pg_prove. */
  databaseUrl: string;
  config: StackConfig;
  /** The server's full version, as it reports it (`server_version`). */
  serverVersion: string;
  /** `supabase db lint` against the database: its exit code and what it printed. */
  lint(): Promise<{ errors: number; output: string }>;
  stop(): Promise<void>;
}

/** Starts PostgreSQL `version` with a fresh database holding the bootstrap, every migration and the seed. */
export async function startServerVersionPass(version: number): Promise<ServerVersionPass | { skipped: string }> {
  if (version === debianVersion) {
    const reason = await debianUnavailable();
    if (reason) return { skipped: reason };
  } else if (!embeddedPostgresVersions[version]) {
    throw new Error(`no PostgreSQL ${version} build is set up`);
  }
  const config = serverVersionConfig(version);
  const { cluster, installation } = await startDatabase(config, { freshDatabase: true, postgresVersion: version });
  const url = databaseUrl(config);
  try {
    const running = await serverVersion(url);
    if (installation.version !== version || running.major !== version) {
      throw new Error(`the PostgreSQL ${version} pass started ${running.full}`);
    }
    return {
      databaseUrl: url,
      config,
      serverVersion: running.full,
      lint: () => lintDatabase(url, config.stateDirectory),
      stop: async () => {
        if (cluster.started) await cluster.stop();
      },
    };
  } catch (error) {
    if (cluster.started) await cluster.stop();
    throw error;
  }
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

/** The version the database at `url` really runs (the pass checks it before it counts). */
export async function serverVersion(url: string): Promise<{ major: number; full: string }> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ number: string; full: string }[]>`
      select current_setting('server_version_num') as number, current_setting('server_version') as full`;
    return { major: Math.floor(Number(row.number) / 10000), full: row.full.split(" ")[0] };
  } finally {
    await sql.end();
  }
}

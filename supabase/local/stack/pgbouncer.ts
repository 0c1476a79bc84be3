import { existsSync } from "node:fs";
import { join } from "node:path";
import { type BackgroundProcess, startBackgroundProcess, waitUntilReady } from "./background-process.ts";
import { assertPortFree, serverOsUser } from "./cluster.ts";
import { commandExists, isRoot, runCommand } from "./command.ts";
import { aptInstall } from "./postgres-install.ts";

/** Debian puts it in /usr/sbin, which an unprivileged user's PATH often lacks. */
async function findPgBouncer(): Promise<string | undefined> {
  if (await commandExists("pgbouncer")) return "pgbouncer";
  return existsSync("/usr/sbin/pgbouncer") ? "/usr/sbin/pgbouncer" : undefined;
}

/**
 * Debian's pgbouncer, installed with apt-get when missing and we are root; otherwise
 * the reason it cannot be had, for the caller to say.
 */
export async function ensurePgBouncer(): Promise<{ binary: string } | { unavailable: string }> {
  const found = await findPgBouncer();
  if (found) return { binary: found };
  if (!isRoot() || !(await commandExists("apt-get"))) {
    return {
      unavailable:
        "pgbouncer is not installed, and only root with apt-get could install it: sudo apt-get install pgbouncer",
    };
  }
  try {
    await aptInstall(["pgbouncer"]);
  } catch (error) {
    return { unavailable: `apt-get could not install pgbouncer: ${(error as Error).message}` };
  }
  const installed = await findPgBouncer();
  return installed
    ? { binary: installed }
    : { unavailable: "apt-get installed pgbouncer, but no pgbouncer binary was found" };
}

export interface PgBouncerOptions {
  binary: string;
  /** Where its ini, auth file and log go; the servers' OS user must be able to read it (serverOwnedDirectory). */
  directory: string;
  port: number;
  /** The PostgreSQL server behind it, on 127.0.0.1, with user and password postgres. */
  serverPort: number;
  serverDatabase: string;
  /** Server connections per pool (per database name and user). */
  defaultPoolSize: number;
  /** More database names on the same server database, each with a pool of its own size. */
  extraDatabases?: Record<string, { poolSize: number }>;
}

export interface RunningPgBouncer {
  port: number;
  logFile: string;
  /** A client URL for one of its database names (the server database's own name by default). */
  url(database?: string): string;
  /** Its admin console (SHOW POOLS, SHOW SERVERS, …): simple queries only. */
  adminUrl: string;
  stop(): Promise<void>;
}

function iniFile(options: PgBouncerOptions, authFile: string): string {
  const server = `host=127.0.0.1 port=${options.serverPort} dbname=${options.serverDatabase}`;
  const extra = Object.entries(options.extraDatabases ?? {}).map(([name, { poolSize }]) =>
    `${name} = ${server} pool_size=${poolSize}`
  );
  return [
    "[databases]",
    `${options.serverDatabase} = ${server}`,
    ...extra,
    "",
    "[pgbouncer]",
    "listen_addr = 127.0.0.1",
    `listen_port = ${options.port}`,
    "unix_socket_dir =",
    "auth_type = scram-sha-256",
    `auth_file = ${authFile}`,
    "admin_users = postgres",
    // As Supavisor and Supabase's PgBouncer on 6543: a server connection is the client's for one transaction only.
    "pool_mode = transaction",
    `default_pool_size = ${options.defaultPoolSize}`,
    "min_pool_size = 0",
    "reserve_pool_size = 0",
    "max_client_conn = 200",
    // After a failed login to the server it waits this long before trying again (15 s by default).
    "server_login_retry = 1",
    "server_connect_timeout = 5",
    // How often SHOW STATS is brought up to date (60 s by default); the pooler isolation test reads it.
    "stats_period = 1",
    "",
  ].join("\n");
}

/**
 * Starts PgBouncer in front of the given server as a child of this process, as the servers' unprivileged OS user
 * (`-u postgres` when we are root: it refuses to run as root). Stop it with `stop()`.
 */
export async function startPgBouncer(options: PgBouncerOptions): Promise<RunningPgBouncer> {
  assertPortFree(options.port, "PgBouncer");
  const authFile = join(options.directory, "userlist.txt");
  const configFile = join(options.directory, "pgbouncer.ini");
  await Deno.writeTextFile(authFile, '"postgres" "postgres"\n', { mode: 0o600 });
  await Deno.writeTextFile(configFile, iniFile(options, authFile), { mode: 0o600 });
  const user = serverOsUser();
  if (user) await runCommand("chown", ["-R", `${user}:`, options.directory]);

  const process: BackgroundProcess = startBackgroundProcess(
    options.binary,
    [...(user ? ["-u", user] : []), configFile],
    { logFile: join(options.directory, "pgbouncer.log") },
  );
  await waitUntilReady(process, "PgBouncer", () => process.output().includes("process up"), 10_000);
  const base = `postgresql://postgres:postgres@127.0.0.1:${options.port}`;
  return {
    port: options.port,
    logFile: process.logFile,
    url: (database = options.serverDatabase) => `${base}/${database}`,
    adminUrl: `${base}/pgbouncer`,
    stop: () => process.stop(),
  };
}

import { existsSync } from "node:fs";
import { join } from "node:path";
import { isRoot, runCommand } from "./command.ts";
import type { PostgresInstallation } from "./postgres-install.ts";
import type { StackConfig } from "./stack-config.ts";

export interface Cluster {
  dataDirectory: string;
  /** True when this call ran initdb. */
  created: boolean;
  /** True when this call started the server (so it should stop it too). */
  started: boolean;
  stop(): Promise<void>;
}

const osUserForRoot = "postgres";

// initdb and postgres refuse to run as root, so as root they run as an unprivileged user.
async function asClusterOwner(program: string, args: string[]) {
  if (!isRoot()) return await runCommand(program, args);
  return await runCommand("runuser", ["-u", osUserForRoot, "--", program, ...args]);
}

async function ensureOsUser(): Promise<void> {
  if (!isRoot()) return;
  const exists = await runCommand("id", ["-u", osUserForRoot]);
  if (exists.code === 0) return;
  const created = await runCommand("useradd", ["--system", "--no-create-home", osUserForRoot]);
  if (created.code !== 0) throw new Error(`Could not create the OS user "${osUserForRoot}": ${created.stderr}`);
}

async function chownToClusterOwner(path: string): Promise<void> {
  if (!isRoot()) return;
  await runCommand("chown", ["-R", `${osUserForRoot}:`, path]);
}

// As root the server runs as another user, who must reach the state folder;
// a checkout under a private home (mode 700) is out of its reach, so the
// cluster then lives under /var/tmp, one folder per checkout and stack.
async function clusterDirectoryFor(config: StackConfig): Promise<string> {
  const preferred = join(config.stateDirectory, "postgres");
  if (!isRoot()) return preferred;
  await Deno.mkdir(config.stateDirectory, { recursive: true });
  const reachable = await runCommand("runuser", ["-u", osUserForRoot, "--", "test", "-x", config.stateDirectory]);
  if (reachable.code === 0) return preferred;
  const digest = new Uint8Array(
    await crypto.subtle.digest("SHA-256", new TextEncoder().encode(config.stateDirectory)),
  );
  const checkout = Array.from(digest.slice(0, 6), (byte) => byte.toString(16).padStart(2, "0")).join("");
  const fallback = join("/var/tmp/meal-planner-stacks", checkout, config.name);
  await Deno.mkdir(fallback, { recursive: true });
  await Deno.chmod("/var/tmp/meal-planner-stacks", 0o755);
  return fallback;
}

/** The OS user the stack's servers run as: postgres when we are root, else ourselves (undefined). */
export function serverOsUser(): string | undefined {
  return isRoot() ? osUserForRoot : undefined;
}

/** A folder beside the cluster's data that the servers' OS user owns and can reach (for PgBouncer's files). */
export async function serverOwnedDirectory(config: StackConfig, name: string): Promise<string> {
  await ensureOsUser();
  const directory = join(await clusterDirectoryFor(config), name);
  await Deno.mkdir(directory, { recursive: true });
  await chownToClusterOwner(directory);
  return directory;
}

/** Refuses a port that something else holds, with a message a person can act on. */
export function assertPortFree(port: number, what: string): void {
  try {
    const listener = Deno.listen({ hostname: "127.0.0.1", port });
    listener.close();
  } catch (error) {
    if (error instanceof Deno.errors.AddrInUse) {
      throw new Error(
        `Port ${port} (${what}) is already in use. Stop whatever holds it (\`ss -ltnp 'sport = :${port}'\` shows it) or choose another port.`,
      );
    }
    throw error;
  }
}

// The process a pid file names, if it is alive: a killed server can leave a
// zombie (or an unrelated process reusing the pid) that still "exists".
async function liveProcess(pid: number): Promise<boolean> {
  try {
    const stat = await Deno.readTextFile(`/proc/${pid}/stat`);
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    const command = await Deno.readTextFile(`/proc/${pid}/cmdline`).catch(() => "");
    return state !== "Z" && state !== "X" && command.includes("postgres");
  } catch {
    return false;
  }
}

/**
 * Whether this cluster's server is up. A pid file and socket lock left by a crash are removed,
 * so that the next start is not refused; a live server that does not answer
 * on our port is reported rather than touched.
 */
// Whether something accepts connections on the port within 10 s (the npm build of PostgreSQL has no pg_isready).
async function answersOn(port: number): Promise<boolean> {
  const deadline = performance.now() + 10_000;
  while (performance.now() < deadline) {
    try {
      (await Deno.connect({ hostname: "127.0.0.1", port })).close();
      return true;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return false;
}

async function isRunning(postgres: PostgresInstallation, config: StackConfig, dataDirectory: string): Promise<boolean> {
  const pidFile = join(dataDirectory, "postmaster.pid");
  const pidText = await Deno.readTextFile(pidFile).catch(() => undefined);
  if (pidText === undefined) return false;
  const pid = Number(pidText.split("\n")[0]);
  if (!(await liveProcess(pid))) {
    const socketDirectory = join(dataDirectory, "..", "socket");
    for (const stale of [pidFile, join(socketDirectory, `.s.PGSQL.${config.databasePort}.lock`)]) {
      await Deno.remove(stale).catch(() => {});
    }
    return false;
  }
  if (!(await answersOn(config.databasePort))) {
    throw new Error(
      `A PostgreSQL server (pid ${pid}) runs on ${dataDirectory} but does not answer on port ${config.databasePort}. ` +
        `Stop it: ${join(postgres.binDirectory, "pg_ctl")} -D ${dataDirectory} stop`,
    );
  }
  return true;
}

async function initialise(postgres: PostgresInstallation, clusterDirectory: string, dataDirectory: string) {
  const passwordFile = join(clusterDirectory, "initdb-password");
  await Deno.writeTextFile(passwordFile, "postgres\n");
  await chownToClusterOwner(clusterDirectory);
  const result = await asClusterOwner(join(postgres.binDirectory, "initdb"), [
    "-D",
    dataDirectory,
    "-U",
    "postgres",
    `--pwfile=${passwordFile}`,
    "--auth-local=trust",
    "--auth-host=scram-sha-256",
    "-E",
    "UTF8",
    "--locale=C.UTF-8",
  ]);
  await Deno.remove(passwordFile);
  if (result.code !== 0) throw new Error(`initdb failed:\n${result.stderr}`);
}

/**
 * A cluster made by another major version cannot be started by this server. The test, outage and benchmark stacks
 * hold only data they make themselves, so theirs is made again; the developer's stack holds the developer's data, so
 * it is left alone with a message saying what to do.
 */
async function replaceClusterOfAnotherVersion(
  postgres: PostgresInstallation,
  config: StackConfig,
  dataDirectory: string,
): Promise<void> {
  const existing = await Deno.readTextFile(join(dataDirectory, "PG_VERSION")).catch(() => undefined);
  if (existing === undefined || Number(existing.trim()) === postgres.version) return;
  if (config.name === "dev") {
    throw new Error(
      `The cluster in ${dataDirectory} was made by PostgreSQL ${existing.trim()}, and this start runs ` +
        `PostgreSQL ${postgres.version}. Start with POSTGRES_VERSION=${existing.trim()} to keep using it, or move ` +
        `the folder aside (after a pg_dump if its data matters) for a new cluster.`,
    );
  }
  console.log(
    `Making the ${config.name} cluster again for PostgreSQL ${postgres.version} (it was ${existing.trim()}).`,
  );
  await asClusterOwner(join(postgres.binDirectory, "pg_ctl"), ["stop", "-D", dataDirectory, "-m", "immediate"]);
  await Deno.remove(dataDirectory, { recursive: true });
}

/**
 * Creates (first time) and starts the stack's own cluster, listening on
 * 127.0.0.1 only. A server left running by an earlier start is reused; a
 * stale pid file or socket from a crash is cleared by PostgreSQL itself.
 */
export async function startCluster(postgres: PostgresInstallation, config: StackConfig): Promise<Cluster> {
  await ensureOsUser();
  const clusterDirectory = await clusterDirectoryFor(config);
  const dataDirectory = join(clusterDirectory, "data");
  const socketDirectory = join(clusterDirectory, "socket");
  await Deno.mkdir(socketDirectory, { recursive: true });
  await replaceClusterOfAnotherVersion(postgres, config, dataDirectory);
  const created = !existsSync(join(dataDirectory, "PG_VERSION"));
  if (created) await initialise(postgres, clusterDirectory, dataDirectory);

  const pgCtl = join(postgres.binDirectory, "pg_ctl");
  const stop = async () => {
    await asClusterOwner(pgCtl, ["stop", "-D", dataDirectory, "-m", "fast", "-w"]);
  };
  if (await isRunning(postgres, config, dataDirectory)) {
    return { dataDirectory, created, started: false, stop };
  }
  assertPortFree(config.databasePort, "PostgreSQL");
  const options = [
    `-p ${config.databasePort}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${socketDirectory}`,
    // Test data is thrown away, so the test stack skips flushing to disk.
    // (The benchmark stack keeps the durable settings a deployment has.)
    ...(config.name === "test" || config.name === "outage" ? ["-c fsync=off", "-c synchronous_commit=off"] : []),
    "-c max_connections=200",
    // As on Supabase; the benchmarks read it to count statements per tool call.
    "-c shared_preload_libraries=pg_stat_statements",
  ].join(" ");
  const result = await asClusterOwner(pgCtl, [
    "start",
    "-D",
    dataDirectory,
    "-w",
    "-t",
    "60",
    "-l",
    join(clusterDirectory, "postgres.log"),
    "-o",
    options,
  ]);
  if (result.code !== 0) {
    const log = await Deno.readTextFile(join(clusterDirectory, "postgres.log")).catch(() => "");
    throw new Error(`PostgreSQL did not start:\n${result.stderr}\n${log.split("\n").slice(-15).join("\n")}`);
  }
  return { dataDirectory, created, started: true, stop };
}

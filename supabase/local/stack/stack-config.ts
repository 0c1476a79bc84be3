import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** One local stack: where its files live and which ports it uses. */
export interface StackConfig {
  name: string;
  projectRoot: string;
  /** Git-ignored folder for the cluster, the signing key and logs. */
  stateDirectory: string;
  apiPort: number;
  databasePort: number;
  databaseName: string;
}

export const projectRoot = fileURLToPath(new URL("../../../", import.meta.url)).replace(/\/$/, "");

function portFromEnv(name: string, fallback: number): number {
  const value = Deno.env.get(name);
  if (!value) return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${name} must be a port number, not "${value}"`);
  }
  return port;
}

/**
 * A state folder named in the environment, made absolute: a relative one is taken from the directory the command was
 * run in (`deno task` runs its tasks from the project root and keeps that directory in INIT_CWD), as a shell would.
 * PostgreSQL's tools change directory into the cluster, so a relative path handed to them would point elsewhere.
 */
export function stateDirectoryFromEnv(name: string, fallback: string): string {
  const value = Deno.env.get(name);
  if (!value) return fallback;
  return resolve(Deno.env.get("INIT_CWD") || Deno.cwd(), value);
}

export type StackName = "dev" | "test" | "bench";

const defaultPorts: Record<StackName, { api: number; database: number; envPrefix: string }> = {
  dev: { api: 54321, database: 54322, envPrefix: "" },
  // Below Linux's ephemeral range (32768–60999), so that no outgoing connection
  // on this machine can be holding the port when a test run starts.
  test: { api: 25431, database: 25432, envPrefix: "TEST_" },
  bench: { api: 25441, database: 25442, envPrefix: "BENCH_" },
};

/**
 * The developer's stack listens where `supabase start` does (54321 API,
 * 54322 database); the test and benchmark stacks have their own ports and
 * folders so they never touch a developer's data. Each can be moved with
 * <PREFIX>API_PORT, <PREFIX>DB_PORT and <PREFIX>STATE_DIR (prefix TEST_ or BENCH_),
 * so that two test runs on one machine do not meet.
 */
export function stackConfig(name: StackName = "dev"): StackConfig {
  const ports = defaultPorts[name];
  return {
    name,
    projectRoot,
    stateDirectory: stateDirectoryFromEnv(`${ports.envPrefix}STATE_DIR`, join(projectRoot, ".local", name)),
    apiPort: portFromEnv(`${ports.envPrefix}API_PORT`, ports.api),
    databasePort: portFromEnv(`${ports.envPrefix}DB_PORT`, ports.database),
    databaseName: "postgres",
  };
}

export function databaseUrl(config: StackConfig, database = config.databaseName): string {
  return `postgresql://postgres:postgres@127.0.0.1:${config.databasePort}/${database}`;
}

export function apiUrl(config: StackConfig): string {
  return `http://127.0.0.1:${config.apiPort}`;
}

/**
 * PgBouncer's port in the test task's pooler pass: TEST_POOLER_PORT, by default the one after the test database's,
 * so that test runs kept apart by their TEST_DB_PORT stay apart here too.
 */
export function testPoolerPort(testConfig: StackConfig = stackConfig("test")): number {
  return portFromEnv("TEST_POOLER_PORT", testConfig.databasePort + 1);
}

/**
 * The outage test's own small stack, which it stops and starts: a cluster of its own in the test state folder, on
 * TEST_OUTAGE_DB_PORT (by default two after the test database's), so that no other test sees the outage.
 */
export function outageStackConfig(testConfig: StackConfig = stackConfig("test")): StackConfig {
  return {
    ...testConfig,
    name: "outage",
    stateDirectory: join(testConfig.stateDirectory, "outage"),
    databasePort: portFromEnv("TEST_OUTAGE_DB_PORT", testConfig.databasePort + 2),
    apiPort: 0,
  };
}

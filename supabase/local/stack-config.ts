import { join } from "node:path";
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

export const projectRoot = fileURLToPath(new URL("../../", import.meta.url)).replace(/\/$/, "");

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
 * The developer's stack listens where `supabase start` does (54321 API,
 * 54322 database); the test stack has its own ports and folder so tests never
 * touch a developer's data.
 */
export function stackConfig(name: "dev" | "test" = "dev"): StackConfig {
  const isTest = name === "test";
  return {
    name,
    projectRoot,
    stateDirectory: join(projectRoot, ".local", name),
    apiPort: portFromEnv(isTest ? "TEST_API_PORT" : "API_PORT", isTest ? 54331 : 54321),
    databasePort: portFromEnv(isTest ? "TEST_DB_PORT" : "DB_PORT", isTest ? 54332 : 54322),
    databaseName: "postgres",
  };
}

export function databaseUrl(config: StackConfig, database = config.databaseName): string {
  return `postgresql://postgres:postgres@127.0.0.1:${config.databasePort}/${database}`;
}

export function apiUrl(config: StackConfig): string {
  return `http://127.0.0.1:${config.apiPort}`;
}

import { join } from "node:path";
import { apiUrl, databaseUrl, type StackConfig, stackConfig, type StackName } from "./stack-config.ts";

/** What a running stack writes about itself, so that `deno task token` finds it whatever ports it was given. */
export interface StackState {
  name: string;
  pid: number;
  apiUrl: string;
  databaseUrl: string;
  apiPort: number;
  databasePort: number;
  stateDirectory: string;
}

const envPrefixes: Record<StackName, string> = { dev: "", test: "TEST_", bench: "BENCH_" };

/** In the stack's state folder: read when STATE_DIR names that folder. */
export function stackStatePath(stateDirectory: string): string {
  return join(stateDirectory, "stack.json");
}

/** In the project's `.local/`: the last stack of that name started from this checkout, wherever its state folder is. */
export function latestStackPath(projectRoot: string, name: string): string {
  return join(projectRoot, ".local", `${name}-stack.json`);
}

/** Writes both files; the returned function removes them when they still describe this process's stack. */
export async function recordRunningStack(config: StackConfig): Promise<() => Promise<void>> {
  const state: StackState = {
    name: config.name,
    pid: Deno.pid,
    apiUrl: apiUrl(config),
    databaseUrl: databaseUrl(config),
    apiPort: config.apiPort,
    databasePort: config.databasePort,
    stateDirectory: config.stateDirectory,
  };
  const paths = [stackStatePath(config.stateDirectory), latestStackPath(config.projectRoot, config.name)];
  for (const path of paths) {
    await Deno.mkdir(join(path, ".."), { recursive: true });
    await Deno.writeTextFile(path, JSON.stringify(state, null, 2) + "\n");
  }
  return async () => {
    for (const path of paths) {
      if ((await readState(path))?.pid === Deno.pid) await Deno.remove(path).catch(() => {});
    }
  };
}

async function readState(path: string): Promise<StackState | undefined> {
  try {
    return JSON.parse(await Deno.readTextFile(path)) as StackState;
  } catch {
    return undefined;
  }
}

// The start task is a Deno process; a pid reused since by something else does not count.
function processAlive(pid: number): boolean {
  try {
    return Deno.readTextFileSync(`/proc/${pid}/cmdline`).includes("deno");
  } catch {
    return false;
  }
}

/**
 * The stack to talk to: ports and folder from the environment where set (<PREFIX>API_PORT, <PREFIX>DB_PORT,
 * <PREFIX>STATE_DIR), otherwise from the running stack's own file (the one in <PREFIX>STATE_DIR when that is set, else
 * the last one started from this checkout), otherwise the defaults.
 */
export async function runningStackConfig(name: StackName): Promise<StackConfig & { found: boolean }> {
  const configured = stackConfig(name);
  const prefix = envPrefixes[name];
  const path = Deno.env.get(`${prefix}STATE_DIR`)
    ? stackStatePath(configured.stateDirectory)
    : latestStackPath(configured.projectRoot, name);
  const state = await readState(path);
  if (!state || !processAlive(state.pid)) return { ...configured, found: false };
  return {
    ...configured,
    stateDirectory: state.stateDirectory,
    apiPort: Deno.env.get(`${prefix}API_PORT`) ? configured.apiPort : state.apiPort,
    databasePort: Deno.env.get(`${prefix}DB_PORT`) ? configured.databasePort : state.databasePort,
    found: true,
  };
}

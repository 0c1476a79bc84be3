import { join } from "node:path";
import { startBackgroundProcess, waitUntilReady } from "./background-process.ts";
import { projectRoot } from "./stack-config.ts";

export interface FunctionsProcess {
  /** Its API URL, as SUPABASE_URL: the functions are under /functions/v1/, the JWKS under /auth/v1/. */
  url: string;
  logFile: string;
  stop(): Promise<void>;
}

/**
 * The functions in a process of their own (serve-functions.ts), for tests whose functions must connect another way
 * than the stack's own: through a pooler, or to a cluster the test stops. `env` is added to this process's
 * environment: DATABASE_URL at least. Their output goes to `<name>-functions.log` in the state folder.
 */
export async function startFunctionsProcess(options: {
  name: string;
  stateDirectory: string;
  env: Record<string, string>;
}): Promise<FunctionsProcess> {
  const process = startBackgroundProcess(Deno.execPath(), ["run", "-A", "supabase/local/stack/serve-functions.ts"], {
    cwd: projectRoot,
    env: { ...options.env, LOCAL_STACK_DIR: options.stateDirectory, NO_COLOR: "1" },
    logFile: join(options.stateDirectory, `${options.name}-functions.log`),
  });
  const listening = () => /functions listening at (\S+)/.exec(process.output())?.[1];
  await waitUntilReady(process, `The ${options.name} functions`, () => listening() !== undefined);
  return { url: listening()!, logFile: process.logFile, stop: () => process.stop() };
}

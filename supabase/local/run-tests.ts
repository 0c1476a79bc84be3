import { existsSync } from "node:fs";
import { join } from "node:path";
import { type RunningStack, startStack } from "./stack.ts";
import { stackConfig } from "./stack-config.ts";
import { type Tally, tallyDenoTest, tallyTap } from "./test-output.ts";

/** Runs a program, echoing its output as it comes, and returns all of it. */
async function runEchoed(program: string, args: string[], env: Record<string, string>) {
  const child = new Deno.Command(program, { args, env, stdout: "piped", stderr: "piped" }).spawn();
  let output = "";
  const decoder = new TextDecoder();
  const pump = async (stream: ReadableStream<Uint8Array>, sink: typeof Deno.stdout) => {
    for await (const chunk of stream) {
      output += decoder.decode(chunk, { stream: true });
      await sink.write(chunk);
    }
  };
  const [status] = await Promise.all([child.status, pump(child.stdout, Deno.stdout), pump(child.stderr, Deno.stderr)]);
  return { code: status.code, output };
}

async function runDenoTests(stack: RunningStack, filters: string[]): Promise<Tally> {
  const roots = ["shared", "functions", "supabase/local", "tests"].filter((path) => existsSync(path));
  const env = {
    SUPABASE_URL: stack.apiUrl,
    SUPABASE_DB_URL: stack.databaseUrl,
    SUPABASE_ANON_KEY: stack.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
    LOCAL_STACK_DIR: stack.config.stateDirectory,
    NO_COLOR: "1",
  };
  const result = await runEchoed(Deno.execPath(), ["test", "-A", "--parallel", ...filters, ...roots], env);
  const tally = tallyDenoTest(result.output);
  if (!tally) return { passed: 0, failed: 1 }; // it did not get as far as running tests (a type error, say)
  return result.code !== 0 && tally.failed === 0 ? { ...tally, failed: 1 } : tally;
}

async function runPgTap(stack: RunningStack): Promise<Tally> {
  const directory = join(stack.config.projectRoot, "supabase/tests");
  const files = existsSync(directory)
    ? [...Deno.readDirSync(directory)].filter((entry) => entry.name.endsWith(".sql")).map((entry) => entry.name).sort()
    : [];
  if (files.length === 0) return { passed: 0, failed: 0 };
  const { databasePort, databaseName } = stack.config;
  const result = await runEchoed(
    stack.postgres.pgProve,
    [
      "--verbose",
      ...["-h", "127.0.0.1", "-p", String(databasePort), "-U", "postgres", "-d", databaseName],
      ...files.map((file) => join(directory, file)),
    ],
    { PGPASSWORD: "postgres" },
  );
  const tally = tallyTap(result.output);
  // A file that dies before its plan completes fails pg_prove without a "not ok" line.
  return result.code !== 0 && tally.failed === 0 ? { ...tally, failed: 1 } : tally;
}

const config = stackConfig("test");
let stack: RunningStack;
try {
  stack = await startStack(config, { freshDatabase: true });
} catch (error) {
  console.error(`Could not start the test stack: ${(error as Error).message}`);
  console.log("0 passed, 1 failed");
  Deno.exit(1);
}

let totals: Tally = { passed: 0, failed: 0 };
try {
  const deno = await runDenoTests(stack, Deno.args);
  const pgTap = await runPgTap(stack);
  totals = { passed: deno.passed + pgTap.passed, failed: deno.failed + pgTap.failed };
  console.log(
    `\nDeno: ${deno.passed} passed, ${deno.failed} failed; pgTAP: ${pgTap.passed} passed, ${pgTap.failed} failed`,
  );
} finally {
  await stack.stop();
}
console.log(`${totals.passed} passed, ${totals.failed} failed`);
Deno.exit(totals.failed > 0 || totals.passed === 0 ? 1 : 0);

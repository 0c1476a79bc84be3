import { existsSync } from "node:fs";
import { join } from "node:path";
import { type RunningStack, startStack } from "../stack/stack.ts";
import { type StackConfig, stackConfig } from "../stack/stack-config.ts";
import { lintsIn, otherServerVersions, startServerVersionPass } from "./server-version-pass.ts";
import { runUpgradePass } from "./upgrade-pass.ts";
import { type Tally, tallyDenoTest, tallyTap } from "./test-output.ts";
import { startPoolerPass } from "./pooler-pass.ts";
import { ensureChromium } from "../stack/chromium-install.ts";

/** Runs a program, echoing its output as it comes (unless held, for the caller to show later), and returns it. */
async function runEchoed(program: string, args: string[], env: Record<string, string>, held = false) {
  const child = new Deno.Command(program, { args, env, stdout: "piped", stderr: "piped" }).spawn();
  let output = "";
  const decoder = new TextDecoder();
  const pump = async (stream: ReadableStream<Uint8Array>, sink: typeof Deno.stdout) => {
    for await (const chunk of stream) {
      output += decoder.decode(chunk, { stream: true });
      if (!held) await sink.write(chunk);
    }
  };
  const [status] = await Promise.all([child.status, pump(child.stdout, Deno.stdout), pump(child.stderr, Deno.stderr)]);
  return { code: status.code, output };
}

/** What the tests read about the stack (tests/support/stack.ts): the API they call may be another process's. */
function testEnv(stack: RunningStack, apiUrl = stack.apiUrl): Record<string, string> {
  return {
    SUPABASE_URL: apiUrl,
    SUPABASE_DB_URL: stack.databaseUrl,
    SUPABASE_ANON_KEY: stack.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
    LOCAL_STACK_DIR: stack.config.stateDirectory,
    NO_COLOR: "1",
  };
}

// tests/platform/ holds the tests that need a pass of their own, below. (Listed rather than left out with
// --ignore, which deno test 2.9 applies only when it is given a single root.)
function mainRoots(): string[] {
  const tests = existsSync("tests")
    ? [...Deno.readDirSync("tests")]
      .filter((entry) => entry.name !== "platform" && (entry.isDirectory || entry.name.endsWith(".test.ts")))
      .map((entry) => `tests/${entry.name}`)
      .sort()
    : [];
  return ["shared", "functions", "supabase/local", ...tests];
}
const poolerRoots = ["tests/tools", "tests/platform/pooler-isolation.test.ts"];
const outageRoots = ["tests/platform/outage.test.ts"];

async function runDenoTests(
  roots: string[],
  env: Record<string, string>,
  args: string[],
  held = false,
): Promise<{ tally: Tally; output: string }> {
  const present = roots.filter((path) => existsSync(path));
  const result = await runEchoed(Deno.execPath(), ["test", "-A", "--parallel", ...args, ...present], env, held);
  const tally = tallyDenoTest(result.output);
  // No summary: it did not get as far as running tests (a type error, say).
  if (!tally) {
    const lastLines = result.output.trimEnd().split("\n").slice(-6).join("\n");
    return {
      tally: { passed: 0, failed: 1, failures: [`deno test ran no tests:\n${lastLines}`] },
      output: result.output,
    };
  }
  return { tally: result.code !== 0 && tally.failed === 0 ? { ...tally, failed: 1 } : tally, output: result.output };
}

async function runPgTap(stack: { config: StackConfig; postgres: { pgProve: string } }): Promise<Tally> {
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

/** The HTTP tool tests once more, with the functions connected through PgBouncer in transaction mode. */
async function runPoolerPass(stack: RunningStack, filters: string[]): Promise<{ name: string; tally: Tally }> {
  const name = "pooler pass (PgBouncer)";
  console.log("\nPooler pass: the HTTP tool tests again, with the functions connected through PgBouncer");
  const startedAt = performance.now();
  const pooler = await startPoolerPass(stack);
  if ("skipped" in pooler) {
    console.log(`Skipping the pooler pass: ${pooler.skipped}`);
    return { name: `${name} skipped`, tally: { passed: 0, failed: 0 } };
  }
  try {
    const env = { ...testEnv(stack, pooler.apiUrl), ...pooler.testEnv };
    return { name, tally: (await runDenoTests(poolerRoots, env, filters)).tally };
  } finally {
    await pooler.stop();
    console.log(`Pooler pass took ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
  }
}

/**
 * The migrations and pgTAP once more on another PostgreSQL major (Debian's current 15, npm's newest 18), and on 15
 * `supabase db lint`, whose every error counts as a failure. Skipped, with the reason, where Debian's 15 cannot be had.
 */
async function runServerVersionPass(version: number): Promise<{ name: string; tally: Tally }> {
  const name = `PostgreSQL ${version} pass`;
  const lints = lintsIn(version);
  console.log(`\nPostgreSQL ${version} pass: the migrations${lints ? ", supabase db lint" : ""} and pgTAP`);
  const pass = await startServerVersionPass(version);
  if ("skipped" in pass) {
    console.log(`Skipping the PostgreSQL ${version} pass: ${pass.skipped}`);
    return { name: `${name} skipped`, tally: { passed: 0, failed: 0 } };
  }
  try {
    console.log(`every migration applied on PostgreSQL ${pass.serverVersion}`);
    // The lint first: pgTAP leaves its own functions (and the tests' helpers) in the database, and those are not ours.
    const lint = lints ? await pass.lint() : null;
    const tally = await runPgTap({ config: pass.config, postgres: { pgProve: "pg_prove" } });
    if (!lint) return { name: `${name} (${pass.serverVersion})`, tally };
    console.log(
      lint.errors === 0
        ? "ok - supabase db lint (plpgsql_check) reports no error"
        : `not ok - supabase db lint reports ${lint.errors} error(s):\n${lint.output}`,
    );
    return {
      name: `${name} (${pass.serverVersion})`,
      tally: {
        passed: tally.passed + (lint.errors === 0 ? 1 : 0),
        failed: tally.failed + (lint.errors === 0 ? 0 : 1),
        failures: [
          ...(tally.failures ?? []),
          ...(lint.errors === 0 ? [] : [`supabase db lint: ${lint.errors} error(s)`]),
        ],
      },
    };
  } finally {
    await pass.stop();
  }
}

// Installed before the stack starts, as pgTAP is; where it cannot be, the browser tests are skipped and counted.
const browser = await ensureChromium();
if (browser.unavailable) console.log(`Browser tests will be skipped: ${browser.unavailable}`);

// The whole suite signs in from 127.0.0.1, far past GoTrue's per-address limits (30 sign-ups per 5 minutes), which
// the Auth stand-in applies by default: the test stack lifts them unless set. tests/auth/rate-limits.test.ts holds
// the limits at small values and the defaults at GoTrue's.
for (const name of ["AUTH_RATE_LIMIT_TOKEN_REFRESH", "AUTH_RATE_LIMIT_VERIFY", "AUTH_RATE_LIMIT_OTP"]) {
  if (!Deno.env.get(name)) Deno.env.set(name, "1000000");
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

const passes: { name: string; tally: Tally }[] = [];
try {
  const filters = Deno.args;
  passes.push({ name: "Deno", tally: (await runDenoTests(mainRoots(), testEnv(stack), filters)).tally });
  passes.push({ name: "pgTAP", tally: await runPgTap(stack) });

  // The outage test has a cluster and functions of its own, so it runs beside the pooler pass; its output is
  // held and shown after the pooler pass's.
  const outage = runDenoTests(outageRoots, testEnv(stack), filters, true);
  try {
    passes.push(await runPoolerPass(stack, filters));
  } finally {
    const { tally, output } = await outage;
    console.log("\nOutage test: PostgreSQL stopped and started under a cluster and functions of its own");
    console.log(output.trimEnd());
    passes.push({ name: "outage", tally });
  }
  passes.push(
    await runUpgradePass(stack, async (target) =>
      (await runDenoTests(
        ["tests/tools"],
        { ...testEnv(stack, target.apiUrl), SUPABASE_DB_URL: target.databaseUrl },
        filters,
      )).tally),
  );
  for (const version of otherServerVersions) passes.push(await runServerVersionPass(version));
} catch (error) {
  console.error(`The test run failed: ${(error as Error).stack ?? error}`);
  passes.push({ name: "test task", tally: { passed: 0, failed: 1 } });
} finally {
  await stack.stop();
}
const totals = passes.reduce(
  (sum, pass) => ({
    passed: sum.passed + pass.tally.passed,
    failed: sum.failed + pass.tally.failed,
    skipped: sum.skipped + (pass.tally.skipped ?? 0),
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
console.log(
  `\n${passes.map(({ name, tally }) => `${name}: ${tally.passed} passed, ${tally.failed} failed`).join("; ")}`,
);
// Repeated here because a log is often read from its end: which tests failed, and their first lines of error.
for (const { name, tally } of passes) {
  if (!tally.failures?.length) continue;
  console.log(`\nFailed in the ${name} pass:`);
  for (const failure of tally.failures) console.log(`- ${failure.replaceAll("\n", "\n  ")}`);
}
if (totals.skipped > 0) {
  console.log(
    `${totals.skipped} browser tests were skipped: ${browser.unavailable ?? "see the browser tests' output"}`,
  );
  console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
} else {
  console.log(`${totals.passed} passed, ${totals.failed} failed`);
}
Deno.exit(totals.failed > 0 || totals.passed === 0 ? 1 : 0);

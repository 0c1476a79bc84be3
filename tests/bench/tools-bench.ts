// deno task bench [name…] [--no-cold-start]: each tool against its floor measured in the same run, at 1 and 10
// connections (reads against an authenticated `select 1`, writes against an authenticated insert and commit,
// both through the same server and pool), then each tool group function's cold start and memory. Names, when
// given, keep only the scenarios whose name contains one of them.
import { join } from "node:path";
import postgres from "postgres";
import { readSigningKey, signUserToken } from "../../supabase/local/stack/signing-key.ts";
import { startStack } from "../../supabase/local/stack/stack.ts";
import { stackConfig } from "../../supabase/local/stack/stack-config.ts";
import { runLoadProcess } from "./child.ts";
import { deployedFunctionEnv, measureColdStarts, toolGroupProbes } from "./cold-start.ts";
import { loadAverage, machineInfo } from "./machine.ts";
import { coldStartTable, jsonReport, scaling, scalingLine, scenarioTable, writeJson } from "./report.ts";
import type { LoadPlan, Measurement } from "./scenario.ts";
import { type BenchHousehold, databaseSize } from "./seed.ts";
import { seedToolsBench, toolsScenarios } from "./tools-scenarios.ts";

const filters = Deno.args.filter((arg) => !arg.startsWith("--"));
const withColdStart = !Deno.args.includes("--no-cold-start");

/** Requests per scenario at 1 and 10 connections: 600 and 1500, or BENCH_REQUESTS ("150,300"). */
function requestCounts(setting: string | undefined): { "1": number; "10": number } {
  if (!setting) return { "1": 600, "10": 1500 };
  const [one, ten] = setting.split(",").map(Number);
  if (!(one > 0 && ten > 0)) throw new Error(`BENCH_REQUESTS is "<at 1 connection>,<at 10>", not ${setting}`);
  return { "1": one, "10": ten };
}

const config = stackConfig("bench");
console.log("Starting the benchmark stack (fresh database)…");
const stack = await startStack(config, { freshDatabase: true });
try {
  const sql = postgres(stack.databaseUrl, { max: 2, onnotice: () => {} });
  const machine = await machineInfo(sql);
  const seedingStartedAt = performance.now();
  const data = await seedToolsBench(sql);
  const seeded = {
    households: 100,
    summary: "100 households; the cook's: 200 recipes of 8 lines, a year of meals (3 a day), a 50-item list, " +
      "3 lists of 1000 items to check; 99 others: 20 recipes, 90 days of meals",
    seconds: Math.round((performance.now() - seedingStartedAt) / 100) / 10,
    database_size: await databaseSize(sql),
  };
  await sql.end();

  const key = await readSigningKey(config.stateDirectory);
  const tokens = new Map<string, string>();
  for (const household of [data.cook, ...data.scale.map((entry) => entry.household)]) {
    tokens.set(
      household.userId,
      await signUserToken(key, stack.apiUrl, { id: household.userId, email: household.email }, 4 * 3600),
    );
  }
  const tokenOf = (household: BenchHousehold) => tokens.get(household.userId)!;
  const { floors, scenarios } = toolsScenarios(data, tokenOf);
  const plan: LoadPlan = {
    apiUrl: stack.apiUrl,
    databaseUrl: stack.databaseUrl,
    floors,
    scenarios: scenarios.filter((scenario) =>
      filters.length === 0 || filters.some((name) => scenario.name.includes(name))
    ),
    concurrencies: [1, 10],
    // BENCH_REQUESTS="<at 1 connection>,<at 10>" makes a shorter run (a busy machine, a quick comparison).
    requests: requestCounts(Deno.env.get("BENCH_REQUESTS")),
  };
  console.log(`Seeded ${seeded.summary} in ${seeded.seconds} s (${seeded.database_size}). Measuring…`);
  const measurements = await runLoadProcess<Measurement[]>(config.projectRoot, "run-load.ts", plan);

  if (withColdStart) console.log("Cold starts (each function in a process of its own)…");
  const coldStarts = withColdStart
    ? await measureColdStarts([...toolGroupProbes], {
      projectRoot: config.projectRoot,
      env: await deployedFunctionEnv(stack, config.stateDirectory),
      token: tokenOf(data.cook),
      runs: 5,
    })
    : [];
  machine.load_average_end = loadAverage();

  const scalingFigures = ["push 10 lines, 10 households", "grocery.push_ingredients (10 lines)"]
    .map((name) => scaling(measurements, name, machine.cores))
    .filter((figure) => figure !== undefined);
  console.log(`\n${scenarioTable(measurements)}`);
  console.log(
    "floors: read = GET health/ping (token verified, one select 1), write = POST health/write (token verified, " +
      "one insert committed), same server and pool, measured in batches alternating with each row's; " +
      "stmts/call: top-level statements per call (pg_stat_statements); CPU ms/call: what the whole machine " +
      "(load, functions, PostgreSQL) spent per call, and for the floor's; cores busy: the machine's average " +
      "while the row's batches ran (/proc/stat).",
  );
  for (const figure of scalingFigures) console.log(scalingLine(figure, machine.cores));
  if (coldStarts.length) console.log(`\n${coldStartTable(coldStarts)}`);
  console.log(
    `\nMachine: ${machine.cores} cores, ${machine.cpu}; load average ${
      machine.load_average_start.join(" ")
    } at start, ` +
      `${machine.load_average_end.join(" ")} at end (above the core count, other work shared the machine).`,
  );
  const path = join(config.projectRoot, ".local/bench/latest.json");
  await writeJson(path, jsonReport(machine, seeded, measurements, coldStarts, scalingFigures));
  console.log(`Written to ${path}`);
} finally {
  await stack.stop();
}

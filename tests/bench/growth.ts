// deno task bench:growth [--households 100000] [name…]: whether a tool call's cost grows with the database. One
// measured household of a fixed size is measured among 100 households, then among --households (bulk-seeded in SQL),
// with the same tools at 1 and 10 connections each time, and the plans of each tool's SQL at both sizes (shared
// blocks per call, and how each table is reached). Names, when given, keep only the scenarios containing one.
import { join } from "node:path";
import postgres from "postgres";
import { verifierFromEnv } from "../../shared/auth/verifier-from-env.ts";
import type { Sql } from "../../shared/db/client.ts";
import { readSigningKey, signUserToken } from "../../supabase/local/stack/signing-key.ts";
import { startStack } from "../../supabase/local/stack/stack.ts";
import { stackConfig } from "../../supabase/local/stack/stack-config.ts";
import { runLoadProcess } from "./child.ts";
import { explainScenario, type ToolPlans } from "./growth-explain.ts";
import { databaseNow, resetMeasuredHousehold, seedMeasuredHousehold } from "./growth-household.ts";
import {
  growthJson,
  growthTable,
  planFlagSummary,
  planSummary,
  type SizeReport,
  type SizeResult,
  sizeTable,
} from "./growth-report.ts";
import { growthScenarios } from "./growth-scenarios.ts";
import { rowCounts, seedBulkHouseholds } from "./growth-seed.ts";
import { loadAverage, machineInfo } from "./machine.ts";
import { writeJson } from "./report.ts";
import type { LoadPlan, Measurement } from "./scenario.ts";
import { catalogIngredientIds } from "./seed.ts";
import { createWriteFloorTable } from "./write-floor.ts";

function numberOption(name: string, fallback: number): number {
  const index = Deno.args.indexOf(name);
  if (index < 0) return fallback;
  const value = Number(Deno.args[index + 1]);
  if (!Number.isInteger(value) || value < 200) throw new Error(`${name} takes a whole number of at least 200`);
  return value;
}

const largeHouseholds = numberOption("--households", 100_000);
const smallHouseholds = 100;
const chunk = 10_000;
const filters = Deno.args.filter((arg, index) => !arg.startsWith("--") && Deno.args[index - 1] !== "--households");
const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;

/** Vacuumed, analysed and checkpointed: what a bulk load leaves for autovacuum and the checkpointer is done now. */
async function settle(sql: Sql): Promise<number> {
  const startedAt = performance.now();
  await sql`vacuum (analyze)`;
  await sql`checkpoint`;
  return seconds(startedAt);
}

async function sizeReport(sql: Sql, households: number, seedSeconds: number, settleSeconds: number) {
  const [database] = await sql<{ bytes: number; size: string }[]>`
    select pg_database_size(current_database())::float8 as bytes,
      pg_size_pretty(pg_database_size(current_database())) as size`;
  return {
    households,
    seed_seconds: seedSeconds,
    settle_seconds: settleSeconds,
    database_size: database.size,
    database_bytes: database.bytes,
    rows: await rowCounts(sql),
  } satisfies SizeReport;
}

/** Estimated rows of every table by name, as plans name them (after ANALYZE). */
async function rowsByTable(sql: Sql): Promise<Record<string, number>> {
  const rows = await sql<{ name: string; rows: number }[]>`
    select c.relname as name, greatest(c.reltuples, 0)::float8 as rows
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'r' and n.nspname in ('public', 'auth')`;
  return Object.fromEntries(rows.map((row) => [row.name, row.rows]));
}

const config = stackConfig("bench");
console.log("Starting the benchmark stack (fresh database)…");
const stack = await startStack(config, { freshDatabase: true });
const admin = postgres(stack.databaseUrl, { max: 1, onnotice: () => {} });
try {
  const machine = await machineInfo(admin);
  const catalogIds = await catalogIngredientIds(admin, 100);
  let startedAt = performance.now();
  const data = await seedMeasuredHousehold(admin, catalogIds);
  await seedBulkHouseholds(admin, 1, smallHouseholds - 1, catalogIds);
  await createWriteFloorTable(admin);
  const smallSeedSeconds = seconds(startedAt);
  const small = await sizeReport(admin, smallHouseholds, smallSeedSeconds, await settle(admin));

  const key = await readSigningKey(config.stateDirectory);
  const token = await signUserToken(key, stack.apiUrl, { id: data.cook.userId, email: data.cook.email }, 4 * 3600);
  const { floors, scenarios: allScenarios } = growthScenarios(data, () => token);
  const scenarios = allScenarios.filter((scenario) =>
    filters.length === 0 || filters.some((name) => scenario.name.includes(name))
  );
  const verify = verifierFromEnv();

  const measure = async (size: SizeReport): Promise<SizeResult> => {
    console.log(`Measuring among ${size.households.toLocaleString("en")} households…`);
    const since = await databaseNow(admin);
    const plan: LoadPlan = {
      apiUrl: stack.apiUrl,
      databaseUrl: stack.databaseUrl,
      floors,
      scenarios,
      concurrencies: [1, 10],
      requests: { "1": 400, "10": 600 },
    };
    const measurements = await runLoadProcess<Measurement[]>(config.projectRoot, "run-load.ts", plan);
    await resetMeasuredHousehold(admin, data, since);
    const plans: ToolPlans[] = [];
    for (const scenario of scenarios) {
      plans.push(await explainScenario(stack.databaseUrl, scenario, verify));
    }
    return { size, measurements, plans, tableRows: await rowsByTable(admin) };
  };
  const smallResult = await measure(small);

  console.log(`Growing to ${largeHouseholds.toLocaleString("en")} households…`);
  startedAt = performance.now();
  for (let from = smallHouseholds; from < largeHouseholds; from += chunk) {
    const to = Math.min(largeHouseholds - 1, from + chunk - 1);
    await seedBulkHouseholds(admin, from, to, catalogIds);
    console.log(`  households ${from}–${to} after ${seconds(startedAt)} s`);
  }
  const growSeconds = seconds(startedAt);
  const large = await sizeReport(admin, largeHouseholds, growSeconds, await settle(admin));
  const largeResult = await measure(large);
  machine.load_average_end = loadAverage();

  console.log(`\n${sizeTable(small, large)}`);
  console.log(`\n${growthTable(smallResult, largeResult)}`);
  console.log(
    "p50 ×: large ÷ small. ×, floor-adjusted: the same of each p50 divided by its floor's in the same run " +
      "(GET health/ping for reads, POST health/write for writes), which takes out the machine's own drift. " +
      "blocks: shared buffers (hit + read) of one call at 1 connection, from EXPLAIN (ANALYZE, BUFFERS).",
  );
  console.log(`\nPlans among ${large.households.toLocaleString("en")} households:\n`);
  console.log(planSummary(largeResult.plans, largeResult.tableRows));
  console.log(`\nFlags among ${small.households} households (where a small table's scan may be the cheaper plan):\n`);
  console.log(planFlagSummary(smallResult));
  console.log(
    `\nMachine: ${machine.cores} cores, ${machine.cpu}; load average ${machine.load_average_start.join(" ")} ` +
      `at start, ${machine.load_average_end.join(" ")} at end.`,
  );
  const path = join(config.projectRoot, ".local/bench/growth.json");
  await writeJson(path, growthJson(machine, smallResult, largeResult));
  const plansPath = join(config.projectRoot, ".local/bench/growth-plans.txt");
  await Deno.writeTextFile(
    plansPath,
    largeResult.plans.map((plans) => `==== ${plans.scenario}\n\n${plans.text}\n`).join("\n"),
  );
  console.log(`Written to ${path}, and each tool's plans as text to ${plansPath}.`);
} finally {
  await admin.end();
  await stack.stop();
}

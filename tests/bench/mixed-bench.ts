// deno task bench:mixed [--seconds 60] [--households 50]: a mixed load at 10 connections, reads and writes
// over many households, on a stack of its own (the benchmark's ports, a fresh database). Prints requests/s,
// errors, p50/p99 (overall and per operation) and the functions server's resident memory at start and end;
// also writes them to .local/bench/mixed.json.
import { join } from "node:path";
import postgres from "postgres";
import { readSigningKey, signUserToken } from "../../supabase/local/stack/signing-key.ts";
import { startStack } from "../../supabase/local/stack/stack.ts";
import { stackConfig } from "../../supabase/local/stack/stack-config.ts";
import { runLoadProcess } from "./child.ts";
import { loadAverage, machineInfo } from "./machine.ts";
import type { MixedHousehold, MixedPlan, MixedResult } from "./mixed-scenario.ts";
import { markdownTable, writeJson } from "./report.ts";
import {
  addFreeItems,
  addIngredientItems,
  catalogIngredientIds,
  createHouseholds,
  createList,
  databaseSize,
  seedMeals,
  seedRecipes,
} from "./seed.ts";

function option(name: string, fallback: number): number {
  const index = Deno.args.indexOf(name);
  const value = index === -1 ? fallback : Number(Deno.args[index + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number`);
  return value;
}
const seconds = option("--seconds", 60);
const householdCount = option("--households", 50);
const concurrency = 10;

const config = stackConfig("bench");
console.log("Starting the benchmark stack (fresh database)…");
const stack = await startStack(config, { freshDatabase: true });
try {
  const sql = postgres(stack.databaseUrl, { max: 2, onnotice: () => {} });
  const machine = await machineInfo(sql);
  const seedingStartedAt = performance.now();
  const owners = await createHouseholds(sql, "mixed", householdCount);
  const ingredientIds = await catalogIngredientIds(sql, 100);
  await seedRecipes(sql, owners, { perHousehold: 30, lines: 8, ingredientIds });
  await seedMeals(sql, owners, "2026-01-01", 90);
  const key = await readSigningKey(config.stateDirectory);
  const households: MixedHousehold[] = [];
  for (const owner of owners) {
    const readListId = await createList(sql, owner, "Weekly shop");
    await addIngredientItems(sql, owner, readListId, ingredientIds.slice(0, 30));
    const recipes = await sql<
      { id: string }[]
    >`select id from public.recipes where household_id = ${owner.householdId}`;
    households.push({
      token: await signUserToken(key, stack.apiUrl, { id: owner.userId, email: owner.email }, 3600),
      recipeIds: recipes.map((recipe) => recipe.id),
      readListId,
      pushListId: await createList(sql, owner, "From recipes"),
      addListId: await createList(sql, owner, "Extras"),
      checkItemIds: await addFreeItems(sql, owner, await createList(sql, owner, "To check"), 300),
    });
  }
  await sql`analyze`;
  const seeded = {
    households: householdCount,
    summary: `${householdCount} households, each with 30 recipes of 8 lines, 90 days of meals (3 a day), ` +
      "a 30-item list to read, lists to push and add into, 300 items to check",
    seconds: Math.round((performance.now() - seedingStartedAt) / 100) / 10,
    database_size: await databaseSize(sql),
  };
  await sql.end();
  console.log(`Seeded ${seeded.summary} in ${seeded.seconds} s (${seeded.database_size}).`);
  console.log(`Mixed load: ${concurrency} connections for ${seconds} s…`);

  const plan: MixedPlan = {
    apiUrl: stack.apiUrl,
    serverPid: Deno.pid,
    seconds,
    concurrency,
    households,
    ingredientIds,
  };
  // The server is this process: beside its RSS (read from /proc by the load process), its V8 heap in use, which
  // tells growth that garbage collection takes back from growth it cannot.
  const heapMegabytes = () => Math.round(Deno.memoryUsage().heapUsed / 2 ** 20 * 10) / 10;
  const heapUsed = [heapMegabytes()];
  const heapWatcher = setInterval(() => heapUsed.push(heapMegabytes()), 5000);
  const result = await runLoadProcess<MixedResult>(config.projectRoot, "run-mixed.ts", plan);
  clearInterval(heapWatcher);
  heapUsed.push(heapMegabytes());
  const serverHeap = { start: heapUsed[0], end: heapUsed[heapUsed.length - 1], samples: heapUsed };
  machine.load_average_end = loadAverage();

  console.log(
    `\n${result.requests} requests in ${result.seconds} s: ${result.rps} req/s, ${result.errors} errors, ` +
      `p50 ${result.p50_ms} ms, p95 ${result.p95_ms} ms, p99 ${result.p99_ms} ms`,
  );
  console.log(
    `functions server (pid ${Deno.pid}) resident memory: ${result.server_rss_mb.start} MB at start, ` +
      `${result.server_rss_mb.end} MB at end, peak ${result.server_rss_mb.peak} MB; ` +
      `V8 heap in use ${serverHeap.start} MB at start, ${serverHeap.end} MB at end`,
  );
  for (const example of result.error_examples) console.log(`  error: ${example}`);
  console.log(
    "\n" + markdownTable(
      ["operation", "requests", "errors", "p50 ms", "p99 ms"],
      Object.entries(result.operations).map(([name, figures]) => [
        name,
        String(figures.requests),
        String(figures.errors),
        figures.p50_ms.toFixed(2),
        figures.p99_ms.toFixed(2),
      ]),
    ),
  );
  console.log(
    `\nMachine: ${machine.cores} cores, ${machine.cpu}; load average ${
      machine.load_average_start.join(" ")
    } at start, ` +
      `${machine.load_average_end.join(" ")} at end (above the core count, other work shared the machine).`,
  );
  const path = join(config.projectRoot, ".local/bench/mixed.json");
  await writeJson(path, { machine, seeded, ...result, server_heap_used_mb: serverHeap });
  console.log(`Written to ${path}`);
} finally {
  await stack.stop();
}

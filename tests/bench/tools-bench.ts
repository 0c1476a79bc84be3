// deno task bench: each tool against a floor measured in the same run (an
// authenticated route of the same server making one `select 1` through the
// same pool), at 1 and 10 concurrent connections.
import { join } from "node:path";
import postgres from "postgres";
import { readSigningKey, signUserToken } from "../../supabase/local/signing-key.ts";
import { startStack } from "../../supabase/local/stack.ts";
import { stackConfig } from "../../supabase/local/stack-config.ts";
import { ensureUser } from "../../supabase/local/users.ts";
import type { LoadPlan, Scenario, ScenarioResult } from "./run-load.ts";
import { seedBenchData } from "./seed.ts";

const config = stackConfig("bench");
console.log("Starting the benchmark stack (fresh database)…");
const stack = await startStack(config, { freshDatabase: true });
try {
  const sql = postgres(stack.databaseUrl, { max: 2, onnotice: () => {} });
  const user = await ensureUser(sql, "bench-cook@example.com");
  const seeded = await seedBenchData(sql, user.id);
  await sql.end();
  const token = await signUserToken(await readSigningKey(config.stateDirectory), stack.apiUrl, user, 3600);

  const pushBodies = (lines: number) =>
    Array.from({ length: 8 }, (_, round) => ({
      grocery_list_id: seeded.pushListId,
      ingredients: seeded.ingredientIds.slice(0, lines).map((ingredientId, index) => ({
        ingredient_id: ingredientId,
        quantity: 0.25 * ((index + round) % 4 + 1),
        unit: "cup",
      })),
    }));
  const scenarios: Scenario[] = [
    { name: "floor (ping: auth + select 1)", path: "/functions/v1/health/ping", method: "GET" },
    { name: "recipe.list (20 of 200)", path: "/functions/v1/recipe/list", method: "POST", bodies: [{}] },
    {
      name: "grocery.get_list (50 items)",
      path: "/functions/v1/grocery/get_list",
      method: "POST",
      bodies: [{ grocery_list_id: seeded.readListId }],
    },
    {
      name: "planner.add_meal",
      path: "/functions/v1/planner/add_meal",
      method: "POST",
      bodies: Array.from({ length: 28 }, (_, day) => ({
        recipe_id: seeded.recipeIds[day % seeded.recipeIds.length],
        date: `2027-02-${String(day + 1).padStart(2, "0")}`,
        meal_type: "dinner",
      })),
    },
    {
      name: "grocery.push_ingredients (10 lines)",
      path: "/functions/v1/grocery/push_ingredients",
      method: "POST",
      bodies: pushBodies(10),
    },
    {
      name: "grocery.push_ingredients (100 lines)",
      path: "/functions/v1/grocery/push_ingredients",
      method: "POST",
      bodies: pushBodies(100),
    },
  ];
  const plan: LoadPlan = {
    apiUrl: stack.apiUrl,
    databaseUrl: stack.databaseUrl,
    token,
    scenarios,
    concurrencies: [1, 10],
    requests: { "1": 800, "10": 2000 },
  };
  console.log(`Seeded ${seeded.summary}. Measuring…`);
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", join(config.projectRoot, "tests/bench/run-load.ts")],
    stdin: "piped",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(JSON.stringify(plan)));
  await writer.close();
  const output = await child.output();
  if (!output.success) throw new Error("the load process failed");
  printTable(JSON.parse(new TextDecoder().decode(output.stdout)));
} finally {
  await stack.stop();
}

function printTable(results: { scenario: ScenarioResult; floor: ScenarioResult }[]) {
  const header = [
    "scenario",
    "conc",
    "p50 ms",
    "p99 ms",
    "req/s",
    "floor p50",
    "floor req/s",
    "p50 ×floor",
    "req/s ÷floor",
    "stmts/call",
    "failed",
  ];
  const rows = results.map(({ scenario: row, floor }) => [
    row.name,
    String(row.concurrency),
    row.p50Ms.toFixed(2),
    row.p99Ms.toFixed(2),
    row.requestsPerSecond.toFixed(0),
    floor.p50Ms.toFixed(2),
    floor.requestsPerSecond.toFixed(0),
    (row.p50Ms / floor.p50Ms).toFixed(2),
    `${((row.requestsPerSecond / floor.requestsPerSecond) * 100).toFixed(0)}%`,
    row.statementsPerCall.toFixed(2),
    String(row.failures + floor.failures),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(" | ")} |`;
  console.log([line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)].join("\n"));
  console.log(
    "floor: GET /functions/v1/health/ping (token verified, one select 1 through the same pool), " +
      "measured in batches alternating with each row's; stmts/call: top-level statements per call (pg_stat_statements).",
  );
}

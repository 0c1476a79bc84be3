// The load side of `deno task bench`, in its own process so that sending
// requests does not share an event loop with the server being measured.
import postgres from "postgres";
import { figures, type LoadFigures, merge, type RequestSpec, sample, type Samples } from "./load.ts";

export interface Scenario {
  name: string;
  path: string;
  method: "GET" | "POST";
  /** Bodies to send in turn (each request takes the next one). */
  bodies?: unknown[];
}

export interface LoadPlan {
  apiUrl: string;
  databaseUrl: string;
  token: string;
  scenarios: Scenario[];
  concurrencies: number[];
  requests: Record<string, number>;
}

export interface ScenarioResult extends LoadFigures {
  name: string;
  statementsPerCall: number;
}

const plan: LoadPlan = JSON.parse(await new Response(Deno.stdin.readable).text());
const sql = postgres(plan.databaseUrl, { max: 1, onnotice: () => {} });

function requestOf(scenario: Scenario, index: number): RequestSpec {
  const headers: Record<string, string> = { authorization: `Bearer ${plan.token}` };
  if (scenario.method === "GET") return { url: `${plan.apiUrl}${scenario.path}`, method: "GET", headers };
  const bodies = scenario.bodies ?? [{}];
  const body = bodies[Math.abs(index) % bodies.length];
  return {
    url: `${plan.apiUrl}${scenario.path}`,
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify(body),
  };
}

// Top-level statements the server sent, read from pg_stat_statements: each is one round trip.
async function statementsSince(reset: boolean): Promise<number> {
  if (reset) {
    await sql`select extensions.pg_stat_statements_reset()`;
    return 0;
  }
  const [row] = await sql<{ calls: number }[]>`
    select coalesce(sum(calls), 0)::int as calls from extensions.pg_stat_statements
    where query not ilike '%pg_stat_statements%' and userid = (select oid from pg_roles where rolname = 'postgres')`;
  return row.calls;
}

const rounds = 5;

// The floor and the scenario are measured in alternating batches, so that a
// machine that slows down or speeds up during the run affects both alike.
async function compare(scenario: Scenario, floor: Scenario, concurrency: number) {
  // Each of the pool's connections plans the tool's statements on first use:
  // warm them all before measuring.
  const warm = (target: Scenario) => sample((index) => requestOf(target, -1 - index), { requests: 200, concurrency });
  await warm(floor);
  await warm(scenario);
  const perRound = Math.ceil(plan.requests[`${concurrency}`] / rounds);
  const floorBatches: Samples[] = [];
  const scenarioBatches: Samples[] = [];
  let statements = 0;
  for (let round = 0; round < rounds; round++) {
    floorBatches.push(await sample((index) => requestOf(floor, index), { requests: perRound, concurrency }));
    await statementsSince(true);
    scenarioBatches.push(
      await sample((index) => requestOf(scenario, index), {
        requests: perRound,
        concurrency,
        firstIndex: round * perRound,
      }),
    );
    statements += await statementsSince(false);
  }
  const scenarioFigures = figures(merge(scenarioBatches), concurrency);
  return {
    floor: { name: floor.name, ...figures(merge(floorBatches), concurrency), statementsPerCall: 1 },
    scenario: { name: scenario.name, ...scenarioFigures, statementsPerCall: statements / scenarioFigures.requests },
  };
}

const [floor, ...scenarios] = plan.scenarios;
const results: { scenario: ScenarioResult; floor: ScenarioResult }[] = [];
for (const scenario of scenarios) {
  for (const concurrency of plan.concurrencies) results.push(await compare(scenario, floor, concurrency));
}
await sql.end();
console.log(JSON.stringify(results));

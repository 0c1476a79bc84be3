// The load side of `deno task bench`, in its own process so that sending
// requests does not share an event loop with the server being measured.
import postgres from "postgres";
import { type LoadFigures, measure, type RequestSpec } from "./load.ts";

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

const results: ScenarioResult[] = [];
for (const scenario of plan.scenarios) {
  for (const concurrency of plan.concurrencies) {
    await measure((index) => requestOf(scenario, -1 - index), { requests: 30, concurrency });
    await statementsSince(true);
    const requests = plan.requests[`${concurrency}`];
    const figures = await measure((index) => requestOf(scenario, index), { requests, concurrency });
    const statements = await statementsSince(false);
    results.push({ name: scenario.name, ...figures, statementsPerCall: statements / requests });
  }
}
await sql.end();
console.log(JSON.stringify(results));

// The load side of `deno task bench`, in its own process so that sending
// requests does not share an event loop with the server being measured.
import postgres from "postgres";
import { figures, merge, type RequestSpec, sample, type Samples } from "./load.ts";
import { machineBusyMs } from "./machine.ts";
import type { LoadPlan, Measurement, Scenario } from "./scenario.ts";

const plan: LoadPlan = JSON.parse(await new Response(Deno.stdin.readable).text());
const sql = postgres(plan.databaseUrl, { max: 1, onnotice: () => {} });

// Each scenario's bodies are taken in turn over the whole run, warm-up included, so that a write that
// consumes its target (check_item checks a new item each time) never meets one twice.
const sent = new Map<string, number>();

function requestOf(scenario: Scenario, worker: number): RequestSpec {
  const index = sent.get(scenario.name) ?? 0;
  sent.set(scenario.name, index + 1);
  const caller = scenario.callers[worker % scenario.callers.length];
  const url = `${plan.apiUrl}${scenario.path}`;
  const headers: Record<string, string> = { authorization: `Bearer ${caller.token}` };
  if (scenario.method === "GET" || !caller.bodies) return { url, method: scenario.method, headers };
  return {
    url,
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify(caller.bodies[index % caller.bodies.length]),
  };
}

// Top-level statements the server was sent, from pg_stat_statements: each is one round trip.
async function resetStatements(): Promise<void> {
  await sql`select extensions.pg_stat_statements_reset()`;
}

async function statementsSinceReset(): Promise<number> {
  const [row] = await sql<{ calls: number }[]>`
    select coalesce(sum(calls), 0)::int as calls from extensions.pg_stat_statements
    where query not ilike '%pg_stat_statements%' and userid = (select oid from pg_roles where rolname = 'postgres')`;
  return row.calls;
}

const rounds = 5;

async function batch(scenario: Scenario, requests: number, concurrency: number) {
  await resetStatements();
  const busyBefore = machineBusyMs();
  const samples = await sample((_, worker) => requestOf(scenario, worker), { requests, concurrency });
  const busyAfter = machineBusyMs();
  const busyMs = busyBefore === undefined || busyAfter === undefined ? NaN : busyAfter - busyBefore;
  return { samples, busyMs, statements: await statementsSinceReset() };
}

type Batch = Awaited<ReturnType<typeof batch>>;

/**
 * CPU per call and cores kept busy over batches (`samples`: theirs merged), or nothing when the machine's CPU time
 * is not readable.
 */
function cpuFigures(batches: Batch[], samples: Samples) {
  const busyMs = batches.reduce((total, entry) => total + entry.busyMs, 0);
  if (Number.isNaN(busyMs)) return { cpuMsPerCall: undefined, coresBusy: undefined };
  return { cpuMsPerCall: busyMs / samples.latenciesMs.length, coresBusy: busyMs / samples.elapsedMs };
}

// The floor and the scenario are measured in alternating batches, so that a
// machine that slows down or speeds up during the run affects both alike.
async function compare(scenario: Scenario, concurrency: number): Promise<Measurement> {
  const floorKind = scenario.floor ?? "read";
  const floor = plan.floors[floorKind];
  // Each of the pool's connections plans the statements on first use: warm them all before measuring.
  const warmRequests = 20 + 5 * concurrency;
  await sample((_, worker) => requestOf(floor, worker), { requests: warmRequests, concurrency });
  await sample((_, worker) => requestOf(scenario, worker), { requests: warmRequests, concurrency });
  const total = scenario.requests?.[`${concurrency}`] ?? plan.requests[`${concurrency}`];
  const perRound = Math.ceil(total / rounds);
  const floorBatches: Batch[] = [];
  const scenarioBatches: Batch[] = [];
  let statements = 0;
  for (let round = 0; round < rounds; round++) {
    floorBatches.push(await batch(floor, perRound, concurrency));
    const measured = await batch(scenario, perRound, concurrency);
    scenarioBatches.push(measured);
    statements += measured.statements;
  }
  const floorSamples = merge(floorBatches.map((entry) => entry.samples));
  const scenarioSamples = merge(scenarioBatches.map((entry) => entry.samples));
  const floorFigures = figures(floorSamples, concurrency);
  const scenarioFigures = figures(scenarioSamples, concurrency);
  const scenarioCpu = cpuFigures(scenarioBatches, scenarioSamples);
  const floorCpu = cpuFigures(floorBatches, floorSamples);
  return {
    name: scenario.name,
    floor: floorKind,
    ...scenarioFigures,
    statementsPerCall: statements / scenarioFigures.requests,
    floorP50Ms: floorFigures.p50Ms,
    floorRequestsPerSecond: floorFigures.requestsPerSecond,
    floorFailures: floorFigures.failures,
    failureExamples: [...scenarioFigures.failureExamples, ...floorFigures.failureExamples],
    cpuMsPerCall: scenarioCpu.cpuMsPerCall,
    coresBusy: scenarioCpu.coresBusy,
    floorCpuMsPerCall: floorCpu.cpuMsPerCall,
    floorCoresBusy: floorCpu.coresBusy,
  };
}

const measurements: Measurement[] = [];
for (const scenario of plan.scenarios) {
  for (const concurrency of plan.concurrencies) {
    const measurement = await compare(scenario, concurrency);
    measurements.push(measurement);
    console.error(
      `  ${scenario.name} ×${concurrency}: p50 ${measurement.p50Ms.toFixed(2)} ms, ` +
        `${measurement.requestsPerSecond.toFixed(0)} req/s (${measurement.floor} floor ` +
        `${measurement.floorP50Ms.toFixed(2)} ms, ${measurement.floorRequestsPerSecond.toFixed(0)} req/s)`,
    );
  }
}
await sql.end();
console.log(JSON.stringify(measurements));

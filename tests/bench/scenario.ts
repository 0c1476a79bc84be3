/** Who sends a scenario's requests: a user's token and the bodies that user sends. */
export interface Caller {
  token: string;
  /** Taken in turn: a scenario's n-th request sends bodies[n % bodies.length]. */
  bodies?: unknown[];
}

export type FloorKind = "read" | "write";

export interface Scenario {
  name: string;
  path: string;
  method: "GET" | "POST";
  /** Sender w of the `concurrency` in flight always calls as callers[w % callers.length]. */
  callers: Caller[];
  /** Which floor it is compared with; absent for the floors themselves. */
  floor?: FloorKind;
  /** Requests measured per concurrency, when not the plan's. */
  requests?: Record<string, number>;
}

/** The tool a scenario calls, from its path: `/functions/v1/recipe/list` is recipe.list. */
export function toolNameOf(scenario: Scenario): string {
  return scenario.path.replace("/functions/v1/", "").replace("/", ".");
}

/** What the load process is asked to measure. */
export interface LoadPlan {
  apiUrl: string;
  databaseUrl: string;
  floors: Record<FloorKind, Scenario>;
  scenarios: Scenario[];
  concurrencies: number[];
  requests: Record<string, number>;
}

/** One scenario at one concurrency, beside its floor measured in alternating batches of the same run. */
export interface Measurement {
  name: string;
  concurrency: number;
  floor: FloorKind;
  requests: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  requestsPerSecond: number;
  statementsPerCall: number;
  failures: number;
  failureExamples: string[];
  floorP50Ms: number;
  floorRequestsPerSecond: number;
  floorFailures: number;
  /**
   * What the machine spent (all processes: load, functions, PostgreSQL) per call, and how many cores it kept
   * busy on average while the batches ran; the same for the floor. Absent where /proc/stat is not readable.
   */
  cpuMsPerCall?: number;
  coresBusy?: number;
  floorCpuMsPerCall?: number;
  floorCoresBusy?: number;
}

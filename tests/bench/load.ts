/** One request of a benchmark scenario: what to send. */
export interface RequestSpec {
  url: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
}

/** Raw samples of one or more batches: latencies and the time spent sending. */
export interface Samples {
  latenciesMs: number[];
  elapsedMs: number;
  failures: number;
  /** The first failures' statuses and bodies, to say why. */
  failureExamples: string[];
}

export interface LoadFigures {
  requests: number;
  concurrency: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  requestsPerSecond: number;
  failures: number;
  failureExamples: string[];
}

export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

export function median(values: number[]): number {
  return percentile([...values].sort((a, b) => a - b), 0.5);
}

/** Sends one request and reads its reply: undefined when it succeeded, else why it failed. */
export async function send(spec: RequestSpec): Promise<string | undefined> {
  try {
    const response = await fetch(spec.url, { method: spec.method, headers: spec.headers, body: spec.body });
    const text = await response.text();
    return response.ok ? undefined : `${response.status} ${text.slice(0, 300)}`;
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * Sends requests with `concurrency` in flight, each built by `next(index, worker)` (worker: which of the
 * `concurrency` senders asks), and records each latency, until `requests` are sent or, with `seconds`, until
 * that time is up. A failed request counts as a failure, never as a fast one.
 */
export async function sample(
  next: (index: number, worker: number) => RequestSpec,
  options: { requests?: number; seconds?: number; concurrency: number },
): Promise<Samples> {
  const latenciesMs: number[] = [];
  const failureExamples: string[] = [];
  let failures = 0;
  let issued = 0;
  const startedAt = performance.now();
  const deadline = options.seconds === undefined ? Infinity : startedAt + options.seconds * 1000;
  const more = () => issued < (options.requests ?? Infinity) && performance.now() < deadline;
  const worker = async (workerIndex: number) => {
    while (more()) {
      const spec = next(issued++, workerIndex);
      const requestStartedAt = performance.now();
      const failure = await send(spec);
      latenciesMs.push(performance.now() - requestStartedAt);
      if (failure === undefined) continue;
      failures++;
      if (failureExamples.length < 3) failureExamples.push(failure);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, (_, index) => worker(index)));
  return { latenciesMs, elapsedMs: performance.now() - startedAt, failures, failureExamples };
}

export function merge(batches: Samples[]): Samples {
  return {
    latenciesMs: batches.flatMap((batch) => batch.latenciesMs),
    elapsedMs: batches.reduce((total, batch) => total + batch.elapsedMs, 0),
    failures: batches.reduce((total, batch) => total + batch.failures, 0),
    failureExamples: batches.flatMap((batch) => batch.failureExamples).slice(0, 3),
  };
}

export function figures(samples: Samples, concurrency: number): LoadFigures {
  const sorted = [...samples.latenciesMs].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    concurrency,
    p50Ms: percentile(sorted, 0.5),
    p95Ms: percentile(sorted, 0.95),
    p99Ms: percentile(sorted, 0.99),
    requestsPerSecond: sorted.length / (samples.elapsedMs / 1000),
    failures: samples.failures,
    failureExamples: samples.failureExamples,
  };
}

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
}

export interface LoadFigures {
  requests: number;
  concurrency: number;
  p50Ms: number;
  p99Ms: number;
  requestsPerSecond: number;
  failures: number;
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

/**
 * Sends `requests` requests with `concurrency` in flight, each built by
 * `next(i)`, and records each latency. Bounded in count; a failed request
 * counts as a failure, never as a fast one.
 */
export async function sample(
  next: (index: number) => RequestSpec,
  options: { requests: number; concurrency: number; firstIndex?: number },
): Promise<Samples> {
  const latenciesMs: number[] = [];
  let failures = 0;
  let issued = 0;
  const startedAt = performance.now();
  const worker = async () => {
    while (issued < options.requests) {
      const index = (options.firstIndex ?? 0) + issued++;
      const spec = next(index);
      const requestStartedAt = performance.now();
      const ok = await fetch(spec.url, { method: spec.method, headers: spec.headers, body: spec.body })
        .then(async (response) => {
          await response.arrayBuffer();
          return response.ok;
        })
        .catch(() => false);
      latenciesMs.push(performance.now() - requestStartedAt);
      if (!ok) failures++;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return { latenciesMs, elapsedMs: performance.now() - startedAt, failures };
}

export function merge(batches: Samples[]): Samples {
  return {
    latenciesMs: batches.flatMap((batch) => batch.latenciesMs),
    elapsedMs: batches.reduce((total, batch) => total + batch.elapsedMs, 0),
    failures: batches.reduce((total, batch) => total + batch.failures, 0),
  };
}

export function figures(samples: Samples, concurrency: number): LoadFigures {
  const sorted = [...samples.latenciesMs].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    concurrency,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    requestsPerSecond: sorted.length / (samples.elapsedMs / 1000),
    failures: samples.failures,
  };
}

/** One request of a benchmark scenario: what to send. */
export interface RequestSpec {
  url: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
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
 * `next(i)`, and measures latency and throughput. Bounded in count; a failed
 * request counts as a failure, never as a fast one.
 */
export async function measure(
  next: (index: number) => RequestSpec,
  options: { requests: number; concurrency: number },
): Promise<LoadFigures> {
  const send = async (index: number) => {
    const spec = next(index);
    const response = await fetch(spec.url, { method: spec.method, headers: spec.headers, body: spec.body });
    await response.arrayBuffer();
    return response.ok;
  };
  const latencies: number[] = [];
  let failures = 0;
  let issued = 0;
  const startedAt = performance.now();
  const worker = async () => {
    while (issued < options.requests) {
      const index = issued++;
      const requestStartedAt = performance.now();
      const ok = await send(index).catch(() => false);
      latencies.push(performance.now() - requestStartedAt);
      if (!ok) failures++;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const elapsedSeconds = (performance.now() - startedAt) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: options.requests,
    concurrency: options.concurrency,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    requestsPerSecond: options.requests / elapsedSeconds,
    failures,
  };
}

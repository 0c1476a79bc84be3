// Cold start of each tool group function as deployed: its own Deno process running functions/<name>/index.ts
// (Deno.serve of its handler), timed from the spawn to the first successful tool reply, which includes
// loading the modules, fetching the JWKS, opening a database connection and planning the tool's SQL.
import { join } from "node:path";
import { median, sample } from "./load.ts";
import { residentMegabytes } from "./machine.ts";
import { jwks, readSigningKey } from "../../supabase/local/stack/signing-key.ts";

export interface ColdStartProbe {
  /** The function's folder under functions/. */
  name: string;
  /** The tool call that must succeed, path below the function ("recipe/list"). */
  path: string;
  /** The tool's input; null: a GET that must answer 200 (the bare server the bundled bench compares with). */
  body: unknown;
  /** What to run instead of functions/<name>/index.ts: a bundle's path, relative to the project root. */
  entry?: string;
  /**
   * A first call other than a tool's POST (the assistant's and MCP's routes): the request to send with the token,
   * and whether its JSON reply is a success.
   */
  request?: (token: string) => RequestInit;
  accepts?: (reply: unknown) => boolean;
}

/** One cheap call per tool group function, each a read that needs a token and one query. */
export const toolGroupProbes: readonly ColdStartProbe[] = [
  { name: "grocery", path: "grocery/list_lists", body: {} },
  { name: "household", path: "household/get", body: {} },
  { name: "ingredient", path: "ingredient/search", body: { query: "tom" } },
  { name: "planner", path: "planner/list_meals", body: { start_date: "2026-03-02", end_date: "2026-03-08" } },
  { name: "recipe", path: "recipe/list", body: {} },
];

export interface ColdStartResult {
  name: string;
  /** Spawn to first successful tool reply, each run. */
  firstReplyMs: number[];
  /** Spawn to "Listening on" (modules loaded, port open), each run. */
  listeningMs: number[];
  rssAfterFirstReplyMb: number;
  rssAfter1000CallsMb: number;
  failures: number;
}

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

/** Collects what a stream says; `until` resolves true once `pattern` shows, false when it ends or times out. */
function watch(stream: ReadableStream<Uint8Array>) {
  const seen = { text: "" };
  const listeners = new Set<() => void>();
  const ended = (async () => {
    for await (
      const chunk of stream.pipeThrough(new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>)
    ) {
      seen.text += chunk;
      for (const listener of listeners) listener();
    }
  })().catch(() => {});
  const until = (pattern: RegExp, seconds: number) =>
    new Promise<boolean>((resolve) => {
      const finish = (found: boolean) => {
        listeners.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const check = () => pattern.test(seen.text) && finish(true);
      const timer = setTimeout(() => finish(false), seconds * 1000);
      listeners.add(check);
      ended.then(() => finish(pattern.test(seen.text)));
      check();
    });
  return { seen, until };
}

async function succeeds(url: string, token: string, probe: ColdStartProbe): Promise<boolean> {
  if (probe.request) {
    const response = await fetch(url, probe.request(token));
    const reply = await response.json().catch(() => undefined);
    return response.ok && (probe.accepts?.(reply) ?? true);
  }
  const body = probe.body;
  if (body === null) {
    const response = await fetch(url);
    await response.body?.cancel();
    return response.ok;
  }
  const response = await fetch(url, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const reply = await response.json().catch(() => undefined);
  return response.ok && reply?.ok === true;
}

/**
 * What Supabase gives a deployed function: the project URL, the database, and the project's public signing keys
 * inline (SUPABASE_JWKS), so that its first call checks a token without fetching them.
 */
export async function deployedFunctionEnv(
  stack: { apiUrl: string; databaseUrl: string },
  stateDirectory: string,
): Promise<Record<string, string>> {
  return {
    SUPABASE_URL: stack.apiUrl,
    DATABASE_URL: stack.databaseUrl,
    SUPABASE_DB_URL: stack.databaseUrl,
    SUPABASE_JWKS: JSON.stringify(jwks(await readSigningKey(stateDirectory))),
  };
}

export interface Started {
  child: Deno.ChildProcess;
  url: string;
  listeningMs: number;
  firstReplyMs: number;
}

export async function startOnce(
  probe: ColdStartProbe,
  options: { projectRoot: string; env: Record<string, string>; token: string },
): Promise<Started> {
  const port = freePort();
  const url = `http://127.0.0.1:${port}/${probe.path}`;
  const startedAt = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", probe.entry ?? join("functions", probe.name, "index.ts")],
    cwd: options.projectRoot,
    // DENO_SERVE_ADDRESS moves Deno.serve(handler), which index.ts calls without options, off port 8000.
    env: { ...options.env, DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}` },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  new Response(child.stdout).arrayBuffer().catch(() => {});
  // Deno.serve says "Listening on" on stderr.
  const stderr = watch(child.stderr);
  if (!(await stderr.until(/Listening on/, 30))) {
    child.kill();
    throw new Error(`functions/${probe.name} did not start: ${stderr.seen.text}`);
  }
  const listeningMs = performance.now() - startedAt;
  if (!(await succeeds(url, options.token, probe))) {
    child.kill();
    throw new Error(`functions/${probe.name}: the first ${probe.path} call failed: ${stderr.seen.text}`);
  }
  return { child, url, listeningMs, firstReplyMs: performance.now() - startedAt };
}

export async function stop(started: Started) {
  started.child.kill("SIGTERM");
  await started.child.status;
}

/** `runs` cold starts of each function; after the last, its resident memory before and after 1,000 calls. */
export async function measureColdStarts(
  probes: ColdStartProbe[],
  options: { projectRoot: string; env: Record<string, string>; token: string; runs: number },
): Promise<ColdStartResult[]> {
  const results: ColdStartResult[] = [];
  for (const probe of probes) {
    const result: ColdStartResult = {
      name: probe.name,
      firstReplyMs: [],
      listeningMs: [],
      rssAfterFirstReplyMb: NaN,
      rssAfter1000CallsMb: NaN,
      failures: 0,
    };
    for (let run = 1; run <= options.runs; run++) {
      const started = await startOnce(probe, options);
      result.firstReplyMs.push(started.firstReplyMs);
      result.listeningMs.push(started.listeningMs);
      if (run === options.runs) {
        result.rssAfterFirstReplyMb = residentMegabytes(started.child.pid);
        const calls = await sample(() => ({
          url: started.url,
          method: "POST",
          headers: { authorization: `Bearer ${options.token}`, "content-type": "application/json" },
          body: JSON.stringify(probe.body),
        }), { requests: 1000, concurrency: 10 });
        result.failures = calls.failures;
        result.rssAfter1000CallsMb = residentMegabytes(started.child.pid);
      }
      await stop(started);
    }
    results.push(result);
    console.log(
      `  ${probe.name}: first reply ${median(result.firstReplyMs).toFixed(0)} ms (p50 of ${options.runs}), ` +
        `RSS ${result.rssAfterFirstReplyMb} → ${result.rssAfter1000CallsMb} MB after 1,000 calls`,
    );
  }
  return results;
}

/**
 * Loads each function entry point it is given (functions/<name>/index.ts) as the Edge Runtime would, and answers
 * one request with the handler it passes to Deno.serve. Run by the Edge Runtime's Deno (edge-runtime-deno.ts)
 * with the runtime's flags:
 * `deno run <runtimeLoadFlags> -A supabase/local/test-passes/edge-runtime-load.ts <entry point>...`.
 * Deno.serve is replaced first, so nothing listens. Prints one line per function:
 * `edge-runtime-load {"name","status","type"}` or `edge-runtime-load {"name","error"}`.
 * Self-contained on purpose: it runs on an older Deno than the rest of supabase/local.
 */
type Handler = (request: Request) => Response | Promise<Response>;

export const resultPrefix = "edge-runtime-load ";

export interface LoadResult {
  name: string;
  status?: number;
  /** The envelope's error.type, when the answer is one. */
  type?: string;
  error?: string;
}

/**
 * The request each function answers: a path under its own that no route has, without a token, so it needs
 * neither database nor secrets and every function's router answers it the same way (404 NOT_FOUND).
 */
export function probeRequest(name: string): Request {
  return new Request(`http://127.0.0.1/functions/v1/${name}/edge-runtime-probe`);
}

const served: Handler[] = [];
function fakeServe(...args: unknown[]): unknown {
  const handler = args.find((arg) => typeof arg === "function") ??
    (args[0] as { handler?: unknown } | undefined)?.handler;
  if (typeof handler === "function") served.push(handler as Handler);
  return { finished: Promise.resolve(), shutdown: () => Promise.resolve(), ref() {}, unref() {} };
}

/** `entryPoint` as config.toml has it, from the project's folder: "functions/grocery/index.ts". */
async function load(entryPoint: string): Promise<LoadResult> {
  const name = entryPoint.split("/").at(-2) ?? entryPoint;
  served.length = 0;
  try {
    await import(new URL(`../../../${entryPoint}`, import.meta.url).href);
    if (served.length !== 1) return { name, error: `index.ts called Deno.serve ${served.length} times, not once` };
    const response = await served[0](probeRequest(name));
    const body = await response.text();
    let type: string | undefined;
    try {
      type = JSON.parse(body)?.error?.type;
    } catch { /* not our envelope: no type */ }
    return { name, status: response.status, type };
  } catch (error) {
    return { name, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

if (import.meta.main) {
  (Deno as unknown as { serve: unknown }).serve = fakeServe;
  for (const entryPoint of Deno.args) console.log(resultPrefix + JSON.stringify(await load(entryPoint)));
  // A handler may leave a pool or a timer behind; the answers are all in.
  Deno.exit(0);
}

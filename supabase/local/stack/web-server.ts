import { join } from "node:path";
import { bundleServiceWorker, bundleStyles, bundleWebApp } from "../../../examples/web/build.ts";
import { assertPortFree } from "./cluster.ts";

export interface WebApp {
  url: string;
  server: Deno.HttpServer;
}

/** The web app's port on the developer's stack: 54323 (where `supabase start` puts Studio), or APP_PORT. */
export function webAppPort(): number {
  const value = Deno.env.get("APP_PORT");
  const port = Number(value ?? 54323);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`APP_PORT must be a port number`);
  return port;
}

const staticFiles: Record<string, { file: string; type: string }> = {
  "/": { file: "index.html", type: "text/html; charset=utf-8" },
  "/index.html": { file: "index.html", type: "text/html; charset=utf-8" },
};

/**
 * Serves examples/web on an origin of its own (so the browser preflights its calls to the API, as it would
 * from a real site): index.html and style.css from disk, app.js and sw.js bundled at start, and config.json
 * telling the page where the API is. Port 0 picks a free port (the browser tests' choice).
 */
export async function startWebApp(options: {
  port: number;
  apiUrl: string;
  anonKey: string;
  projectRoot: string;
  /** app.js when already bundled (the browser tests bundle once for several servers). */
  script?: string;
}): Promise<WebApp> {
  const directory = join(options.projectRoot, "examples/web");
  const [script, serviceWorker] = await Promise.all([options.script ?? bundleWebApp(), bundleServiceWorker()]);
  const config = JSON.stringify({ apiUrl: options.apiUrl, anonKey: options.anonKey });
  // Everything the page loads comes from here, and it talks only to the API: no CDN, nothing else.
  // Realtime's WebSocket is on the API's host too (ws:// locally, wss:// hosted).
  const realtimeUrl = options.apiUrl.replace(/^http/, "ws");
  const securityHeaders = {
    // Recipe photos are images from Storage's signed URLs, on the API too; a photo a recipe page brought in is shown
    // from the bytes the app holds (a blob: URL it made) before it is saved.
    "content-security-policy": `default-src 'self'; connect-src 'self' ${options.apiUrl} ${realtimeUrl}; ` +
      `img-src 'self' blob: ${options.apiUrl}/storage/v1/object/sign/; ` +
      `base-uri 'none'; form-action 'self'; frame-ancestors 'none'`,
    "x-content-type-options": "nosniff",
    "cache-control": "no-store",
  };
  const reply = (body: string, type: string, status = 200) =>
    new Response(body, { status, headers: { "content-type": type, ...securityHeaders } });

  if (options.port !== 0) assertPortFree(options.port, "the web app");
  const serve = async (request: Request) => {
    if (request.method !== "GET" && request.method !== "HEAD") return reply("Method not allowed\n", "text/plain", 405);
    const { pathname } = new URL(request.url);
    if (pathname === "/app.js") return reply(script, "text/javascript; charset=utf-8");
    if (pathname === "/config.json") return reply(config, "application/json");
    // The offline shell: keeps the files above for when the network is gone.
    if (pathname === "/sw.js") return reply(serviceWorker, "text/javascript; charset=utf-8");
    // Read on every request, so that a change to a screen's CSS shows on reload.
    if (pathname === "/style.css") return reply(await bundleStyles(), "text/css; charset=utf-8");
    if (pathname === "/favicon.ico") return new Response(null, { status: 204 });
    const entry = staticFiles[pathname];
    if (!entry) return reply(`Nothing at ${pathname}\n`, "text/plain", 404);
    return reply(await Deno.readTextFile(join(directory, entry.file)), entry.type);
  };
  const { promise: listening, resolve } = Promise.withResolvers<Deno.NetAddr>();
  const server = Deno.serve({ hostname: "127.0.0.1", port: options.port, onListen: resolve }, serve);
  const address = await listening;
  return { url: `http://127.0.0.1:${address.port}/`, server };
}

import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { AppError } from "../../../shared/errors.ts";
import { frontDoor } from "../../../shared/http/router.ts";
import { assertPortFree } from "./cluster.ts";
import { answerOAuthServer } from "./oauth-server-metadata.ts";
import { type RealtimeStandIn, realtimeWebSocketPath } from "../realtime/stand-in.ts";
import { jwks, type SigningKey } from "./signing-key.ts";

export type FunctionHandler = (request: Request) => Response | Promise<Response>;

/** Each folder of functions/ with a handler.ts is a function, as `supabase functions serve` finds them. */
export function functionNames(functionsDirectory: string): string[] {
  if (!existsSync(functionsDirectory)) return [];
  return [...Deno.readDirSync(functionsDirectory)]
    .filter((entry) => entry.isDirectory && existsSync(join(functionsDirectory, entry.name, "handler.ts")))
    .map((entry) => entry.name)
    .sort();
}

async function loadHandlers(functionsDirectory: string): Promise<Map<string, FunctionHandler>> {
  const handlers = new Map<string, FunctionHandler>();
  for (const name of functionNames(functionsDirectory)) {
    const module = await import(pathToFileURL(join(functionsDirectory, name, "handler.ts")).href);
    if (typeof module.default !== "function") throw new Error(`functions/${name}/handler.ts has no default handler`);
    handlers.set(name, module.default);
  }
  return handlers;
}

const functionPath = /^\/functions\/v1\/([a-z0-9_-]+)(\/.*)?$/i;

/**
 * The API port of the local stack: the functions under /functions/v1/<name>
 * (the function sees the path without /functions/v1, as on Supabase) and the
 * public signing keys under /auth/v1/.well-known/jwks.json, and where Supabase Auth's OAuth server metadata
 * would be (oauth-server-metadata.ts); the stand-ins the stack passes as services (Auth, its mailbox, Storage under
 * /storage/v1/) by their path prefix.
 */
export async function startGateway(options: {
  port: number;
  functionsDirectory: string;
  signingKey: SigningKey;
  /** The Realtime stand-in, served at /realtime/v1/websocket (the start and test stacks have one). */
  realtime?: RealtimeStandIn;
  /**
   * Other servers of the stack by path prefix (the Auth stand-in's /auth/v1/ and /mailbox, the Storage stand-in's
   * /storage/v1/), after the key set.
   */
  services?: { prefix: string; handle: FunctionHandler }[];
}): Promise<{ functions: string[]; server: Deno.HttpServer }> {
  const handlers = await loadHandlers(options.functionsDirectory);
  const keySet = jwks(options.signingKey);
  assertPortFree(options.port, "the API");
  // What no function answers (an unknown function, the key set) goes through the functions' own front door,
  // so its 404 and its preflight carry the same CORS; a known function gets every request, OPTIONS included,
  // as on Supabase.
  const answerItself = frontDoor((request) => {
    const url = new URL(request.url);
    if (url.pathname === "/auth/v1/.well-known/jwks.json") {
      return Promise.resolve(Response.json(keySet, { headers: { "cache-control": "public, max-age=600" } }));
    }
    const oauthAnswer = answerOAuthServer(request);
    if (oauthAnswer) return Promise.resolve(oauthAnswer);
    const match = functionPath.exec(url.pathname);
    if (!match) {
      throw new AppError(
        "NOT_FOUND",
        `Nothing at ${url.pathname}. The local stack serves /functions/v1/<name>, /auth/v1/.well-known/jwks.json ` +
          `and Supabase Auth's OAuth metadata at /.well-known/oauth-authorization-server/auth/v1.`,
      );
    }
    throw new AppError("NOT_FOUND", `No function "${match[1]}". Functions: ${[...handlers.keys()].join(", ")}.`);
  });
  const serve = (request: Request) => {
    const url = new URL(request.url);
    if (options.realtime && url.pathname === realtimeWebSocketPath) return options.realtime.handle(request);
    const service = options.services?.find((candidate) => url.pathname.startsWith(candidate.prefix));
    // The key set and the OAuth server's paths (answered below: there is no OAuth server locally) are not Auth's.
    if (
      service && url.pathname !== "/auth/v1/.well-known/jwks.json" && !url.pathname.startsWith("/auth/v1/oauth/")
    ) {
      return service.handle(request);
    }
    const match = functionPath.exec(url.pathname);
    const handler = match ? handlers.get(match[1]) : undefined;
    if (!match || !handler) return answerItself(request);
    const forwardedUrl = new URL(`/${match[1]}${match[2] ?? ""}${url.search}`, url);
    // Not `new Request(forwardedUrl, request)`: that copies request.signal, and reading it is what makes
    // Deno.serve warn that the signal (legacy behaviour) aborts on successful responses too. Nothing here
    // listens to it, so it is left alone rather than changed with --unstable-no-legacy-abort.
    const { method, headers, body } = request;
    return handler(new Request(forwardedUrl, { method, headers, body }));
  };
  const server = Deno.serve({ hostname: "127.0.0.1", port: options.port, onListen: () => {} }, serve);
  return { functions: [...handlers.keys()], server };
}

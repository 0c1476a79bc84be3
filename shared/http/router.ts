import { AppError } from "../errors.ts";
import { preflightResponse, withCors } from "./cors.ts";
import { errorResponse } from "./envelope.ts";

export type Method = "GET" | "POST";
export type RequestHandler = (request: Request) => Promise<Response>;

/** What a route's handler gets: the request, its URL and the `:named` segments of its path. */
export interface RouteContext {
  request: Request;
  url: URL;
  params: Record<string, string>;
}

export interface Route {
  method: Method;
  /** Segments, with `:name` for a parameter: "/assistant/actions/:id/confirm". */
  path: string;
  handle: (context: RouteContext) => Response | Promise<Response>;
}

const functionsPrefix = "/functions/v1";

/** The path's segments as Supabase hands them to a function (without /functions/v1; a trailing slash ignored). */
export function pathSegments(pathname: string): string[] {
  const path = pathname.startsWith(`${functionsPrefix}/`) ? pathname.slice(functionsPrefix.length) : pathname;
  return path.split("/").filter((segment) => segment !== "");
}

function matchParams(pattern: string[], segments: string[]): Record<string, string> | undefined {
  if (pattern.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, part] of pattern.entries()) {
    if (part.startsWith(":")) {
      try {
        params[part.slice(1)] = decodeURIComponent(segments[index]);
      } catch {
        return undefined;
      }
    } else if (part !== segments[index]) return undefined;
  }
  return params;
}

/**
 * The front door every function goes through: one OPTIONS answer for any path, CORS on every response,
 * and one error boundary (an AppError becomes its envelope; anything else a 500 INTERNAL, logged, never shown).
 */
export function frontDoor(handle: RequestHandler): RequestHandler {
  return async (request) => {
    if (request.method === "OPTIONS") return preflightResponse(request);
    try {
      return withCors(await handle(request));
    } catch (error) {
      return withCors(errorResponse(error));
    }
  };
}

/**
 * A function's routes behind the front door. A path no route has is 404 (with `notFoundHint` saying
 * which routes exist); a path whose routes take other methods is 405 with Allow.
 */
export function createRouter(routes: readonly Route[], notFoundHint: string): RequestHandler {
  const compiled = routes.map((route) => ({ ...route, pattern: pathSegments(route.path) }));
  return frontDoor(async (request) => {
    const url = new URL(request.url);
    const segments = pathSegments(url.pathname);
    const allowed: Method[] = [];
    for (const route of compiled) {
      const params = matchParams(route.pattern, segments);
      if (!params) continue;
      if (route.method === request.method) return await route.handle({ request, url, params });
      allowed.push(route.method);
    }
    if (allowed.length === 0) throw new AppError("NOT_FOUND", `No such route. ${notFoundHint}`);
    const methods = [...new Set(allowed)];
    const response = errorResponse(new AppError("METHOD_NOT_ALLOWED", `Use ${methods.join(" or ")} here.`));
    response.headers.set("allow", [...methods, "OPTIONS"].join(", "));
    return response;
  });
}

import { corsHeaders as supabaseCorsHeaders } from "@supabase/supabase-js/cors";

// supabase-js's own list of the headers it sends (authorization, x-client-info, apikey, content-type,
// x-retry-count, traceparent, tracestate, baggage), plus x-region, which functions-js sends when a region
// is chosen but the list leaves out, our own idempotency-key and x-household-id, and the two headers an MCP
// client in a browser sends (mcp-protocol-version, mcp-session-id).
const allowedHeaders = [
  supabaseCorsHeaders["Access-Control-Allow-Headers"],
  "x-region",
  "idempotency-key",
  "x-household-id",
  "mcp-protocol-version",
  "mcp-session-id",
]
  .join(", ");
const listedHeaders = new Set(allowedHeaders.split(",").map((name) => name.trim().toLowerCase()));

/**
 * Browsers call the functions from the web app's origin; access is decided by the token, not the origin. A
 * browser MCP client must read the 401's WWW-Authenticate (where the OAuth metadata is), so it is exposed.
 */
export const corsHeaders: Readonly<Record<string, string>> = {
  "access-control-allow-origin": "*",
  "access-control-allow-headers": allowedHeaders,
  "access-control-allow-methods": "GET, POST, OPTIONS",
  "access-control-expose-headers": "idempotent-replayed, x-household-id, www-authenticate, retry-after",
  "access-control-max-age": "86400",
};

// A header name a preflight may ask for beyond the list: a plain token (letters, digits, dashes), so that what is
// echoed is well-formed and short. Access is decided by the bearer token, never by the origin, and with
// `allow-origin: *` a browser sends no cookies: a header a page adds cannot let it do more than its own token allows.
// So any such header passes (sentry-trace, newrelic, x-datadog-trace-id, x-supabase-api-version, …: tracing and
// client headers that apps and their libraries add and that no fixed list keeps up with), except the ones a proxy
// in front of a function may trust to say who is calling.
const echoableHeader = /^[a-z0-9][a-z0-9-]{0,63}$/;
const proxyHeaders = /^(forwarded|x-forwarded-.*|x-real-ip|x-client-ip|true-client-ip|cf-connecting-ip|via)$/;
const maxEchoedHeaders = 32;

/** The headers a preflight asked for that it may send: the fixed list plus the harmless ones it named. */
function allowedRequestHeaders(request?: Request): string {
  const requested = (request?.headers.get("access-control-request-headers") ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter((name) => echoableHeader.test(name) && !proxyHeaders.test(name) && !listedHeaders.has(name))
    .slice(0, maxEchoedHeaders);
  return [allowedHeaders, ...new Set(requested)].join(", ");
}

/**
 * The one preflight answer, for every path of every function (known or not). Reflecting a header rather than
 * answering `*` keeps it working where `*` does not cover `authorization` and in browsers that predate `*`.
 */
export function preflightResponse(request?: Request): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...corsHeaders,
      "access-control-allow-headers": allowedRequestHeaders(request),
      vary: "Access-Control-Request-Headers",
    },
  });
}

/** The response with the CORS headers added (a copy when its headers are immutable, as a fetched one's are). */
export function withCors(response: Response): Response {
  const missing = Object.entries(corsHeaders).filter(([name]) => !response.headers.has(name));
  if (missing.length === 0) return response;
  try {
    for (const [name, value] of missing) response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    for (const [name, value] of missing) copy.headers.set(name, value);
    return copy;
  }
}

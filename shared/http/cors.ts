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

/** Browsers call the functions from the web app's origin; access is decided by the token, not the origin. */
export const corsHeaders: Readonly<Record<string, string>> = {
  "access-control-allow-origin": "*",
  "access-control-allow-headers": allowedHeaders,
  "access-control-allow-methods": "GET, POST, OPTIONS",
  "access-control-expose-headers": "idempotent-replayed, x-household-id, retry-after",
  "access-control-max-age": "86400",
};

/** The one preflight answer, for every path of every function (known or not). */
export function preflightResponse(): Response {
  return new Response(null, { status: 204, headers: corsHeaders });
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

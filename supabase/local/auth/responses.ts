/** The API version GoTrue answers with: supabase-js reads error codes from `code` only when it sees this. */
const apiVersion = "2024-01-01";

const corsHeaders: Record<string, string> = {
  "access-control-allow-origin": "*",
  "access-control-allow-headers":
    "authorization, x-client-info, apikey, content-type, x-supabase-api-version, x-retry-count, traceparent, tracestate, baggage",
  "access-control-allow-methods": "GET, POST, PUT, DELETE, OPTIONS",
  "access-control-max-age": "86400",
};

/** An error GoTrue would answer with: its HTTP status, its error code and message. */
export class AuthApiError extends Error {
  constructor(readonly status: number, readonly code: string, message: string, readonly extra: object = {}) {
    super(message);
  }
}

export const invalidCredentials = () => new AuthApiError(400, "invalid_credentials", "Invalid login credentials");
export const validationFailed = (message: string) => new AuthApiError(400, "validation_failed", message);

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: {
      ...corsHeaders,
      ...(body === null ? {} : { "content-type": "application/json" }),
      "x-supabase-api-version": apiVersion,
      ...headers,
    },
  });
}

export function preflight(): Response {
  return new Response(null, { status: 204, headers: corsHeaders });
}

export function redirect(location: string): Response {
  return new Response(null, { status: 303, headers: { ...corsHeaders, location } });
}

/** GoTrue's 2024-01-01 error body: `{code, message}` (plus weak_password's reasons where it has them). */
export function errorResponse(error: AuthApiError): Response {
  return json({ code: error.code, message: error.message, ...error.extra }, error.status);
}

/** The JSON body of a request, or GoTrue's bad_json error. */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text();
  if (text.trim() === "") return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new AuthApiError(400, "bad_json", `Could not parse request body as JSON: ${(error as Error).message}`);
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new AuthApiError(400, "bad_json", "Could not parse request body as JSON: expected an object");
  }
  // PostgreSQL's text and jsonb cannot hold NUL: refused here rather than failing in the database.
  if (JSON.stringify(body).includes("\\u0000")) {
    throw validationFailed("Text cannot contain the NUL character (\\u0000)");
  }
  return body as Record<string, unknown>;
}

/** A string field of a body, trimmed; an absent field is "", anything else not a string is refused. */
export function stringField(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (value === undefined || value === null) return "";
  if (typeof value !== "string") throw validationFailed(`${name} must be a string`);
  return value;
}

/** A metadata object (`data`, `options.data`), or {} when absent. */
export function objectField(body: Record<string, unknown>, name: string): Record<string, unknown> {
  const value = body[name];
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" || Array.isArray(value)) throw validationFailed(`${name} must be an object`);
  return value as Record<string, unknown>;
}

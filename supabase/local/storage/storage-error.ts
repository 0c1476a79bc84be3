// How Supabase Storage answers: errors as `{ statusCode, error, message }` with the status as a string in the body
// and, on its object routes, HTTP 400 whatever that status says (its error handler sends 400 unless a route set
// another, and 500 for its own failures); storage-js reads the body. Browsers call from the app's origin, so every
// answer carries CORS, as the API gateway adds it on hosted.
const corsHeaders: Record<string, string> = {
  "access-control-allow-origin": "*",
  "access-control-allow-headers":
    "authorization, x-client-info, apikey, content-type, x-upsert, cache-control, x-metadata, x-retry-count, " +
    "traceparent, tracestate, baggage",
  "access-control-allow-methods": "GET, HEAD, POST, PUT, DELETE, OPTIONS",
  "access-control-expose-headers": "content-length, content-type, etag, last-modified",
  "access-control-max-age": "86400",
};

/** A refusal as Storage words it: the status in the body (`statusCode`), its code (storage-js reads it), error, message. */
export class StorageFailure extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly error: string,
    message: string,
    /** The HTTP status when Storage sends one other than 400 (a route's own, or 500). */
    readonly httpStatus = statusCode >= 500 ? 500 : 400,
  ) {
    super(message);
  }
}

export const noSuchKey = () => new StorageFailure(404, "NoSuchKey", "not_found", "Object not found");
export const noSuchBucket = () => new StorageFailure(404, "NoSuchBucket", "Bucket not found", "Bucket not found");
export const accessDenied = (message = "Access denied") =>
  new StorageFailure(403, "AccessDenied", "Unauthorized", message);
export const rowLevelSecurity = () => accessDenied("new row violates row-level security policy");
export const invalidRequest = (message: string) => new StorageFailure(400, "InvalidRequest", "InvalidRequest", message);
export const invalidKey = (key: string) => new StorageFailure(400, "InvalidKey", "InvalidKey", `Invalid key: ${key}`);
export const invalidMimeType = (type: string) =>
  new StorageFailure(415, "InvalidMimeType", "invalid_mime_type", `mime type ${type} is not supported`);
export const entityTooLarge = () =>
  new StorageFailure(413, "EntityTooLarge", "Payload too large", "The object exceeded the maximum allowed size");
export const duplicate = () => new StorageFailure(409, "KeyAlreadyExists", "Duplicate", "The resource already exists");

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, "content-type": "application/json; charset=utf-8" },
  });
}

export function withCors(response: Response): Response {
  for (const [name, value] of Object.entries(corsHeaders)) response.headers.set(name, value);
  return response;
}

export function preflight(): Response {
  return new Response(null, { status: 204, headers: corsHeaders });
}

export function failureResponse(failure: StorageFailure): Response {
  return json(
    { statusCode: String(failure.statusCode), code: failure.code, error: failure.error, message: failure.message },
    failure.httpStatus,
  );
}

import { AppError } from "../errors.ts";

export const jsonHeaders = { "content-type": "application/json; charset=utf-8" };

export function okResponse(data: unknown, init: ResponseInit = {}): Response {
  return Response.json({ ok: true, data }, { status: 200, ...init });
}

/** Turns anything thrown into the error envelope; unexpected errors are logged, never shown. */
export function errorResponse(error: unknown, headers: HeadersInit = {}): Response {
  if (error instanceof AppError) {
    const response = Response.json({ ok: false, error: error.toBody() }, { status: error.status, headers });
    if (error.retryAfterSeconds !== undefined) response.headers.set("retry-after", String(error.retryAfterSeconds));
    if (error.replayed) response.headers.set("idempotent-replayed", "true");
    return response;
  }
  console.error(error);
  const internal = new AppError("INTERNAL", "The server failed to handle the request.");
  return Response.json({ ok: false, error: internal.toBody() }, { status: 500, headers });
}

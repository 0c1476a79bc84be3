import assert from "node:assert/strict";
import { AppError } from "../errors.ts";
import { errorResponse } from "./envelope.ts";
import { corsHeaders } from "./cors.ts";

Deno.test("errorResponse sends an AppError's Retry-After as the header, and browsers may read it", async () => {
  const response = errorResponse(new AppError("RATE_LIMITED", "wait", { retryAfterSeconds: 7 }));
  assert.equal(response.status, 429);
  assert.equal(response.headers.get("retry-after"), "7");
  assert.deepEqual(await response.json(), {
    ok: false,
    error: { type: "RATE_LIMITED", message: "wait", retryable: true },
  });
  assert.match(corsHeaders["access-control-expose-headers"], /retry-after/);
  assert.equal(errorResponse(new AppError("CONFLICT", "busy")).headers.get("retry-after"), null);
});

Deno.test("errorResponse says a replayed refusal is one, as a replayed success says it", () => {
  const replayed = errorResponse(new AppError("CONFLICT", "ticked by someone else", { replayed: true }));
  assert.equal(replayed.status, 409);
  assert.equal(replayed.headers.get("idempotent-replayed"), "true");
  assert.equal(
    errorResponse(new AppError("CONFLICT", "ticked by someone else")).headers.get("idempotent-replayed"),
    null,
  );
  assert.match(corsHeaders["access-control-expose-headers"], /idempotent-replayed/);
});

import { AppError, type ErrorDetails, type ErrorType } from "../errors.ts";

/**
 * A write a tool's SQL refused without raising: `{ refusal: { type, message, field, details } }` is returned and
 * recorded like any reply, so a retry with the same Idempotency-Key replays the same refusal (an offline write's
 * conflict, see the offline-conflicts migration). Only these types are ever refused this way.
 */
const refusableTypes: ReadonlySet<ErrorType> = new Set(["CONFLICT", "NOT_FOUND"]);

interface Refusal {
  type: ErrorType;
  message: string;
  field: string | null;
  details: ErrorDetails | null;
}

function refusalOf(data: unknown): Refusal | null {
  if (typeof data !== "object" || data === null || !("refusal" in data)) return null;
  const refusal = (data as { refusal: unknown }).refusal as Partial<Refusal> | null;
  if (typeof refusal?.message !== "string" || !refusableTypes.has(refusal.type as ErrorType)) return null;
  return refusal as Refusal;
}

/**
 * Throws the refusal a reply carries as the error it stands for; a reply without one passes. `replayed` marks a
 * refusal answered from its Idempotency-Key's first call, which the response says as a replayed success does.
 */
export function throwIfRefused(data: unknown, replayed = false): void {
  const refusal = refusalOf(data);
  if (!refusal) return;
  throw new AppError(refusal.type, refusal.message, {
    field: refusal.field ?? undefined,
    // The same call gets the same answer (it is recorded): retrying it as it is cannot succeed.
    retryable: false,
    details: refusal.details ?? undefined,
    replayed,
  });
}

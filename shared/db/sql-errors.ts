import { databaseUnavailable, isConnectionFailure } from "./connection-errors.ts";
import { AppError, type ErrorType } from "../errors.ts";

/** The fields of a postgres.js error that we read. */
interface DatabaseError {
  code: string;
  message: string;
  column_name?: string;
  detail?: string;
}

function isDatabaseError(error: unknown): error is DatabaseError {
  return typeof error === "object" && error !== null && typeof (error as { code?: unknown }).code === "string";
}

// Raised on purpose by the SQL (private.invoke and app.*): the message is written for the caller.
const toolStates: Record<string, ErrorType> = {
  MP400: "VALIDATION_ERROR",
  MP401: "UNAUTHENTICATED",
  MP403: "PERMISSION_DENIED",
  MP404: "NOT_FOUND",
  MP409: "CONFLICT",
  MP422: "IDEMPOTENCY_MISMATCH",
};

// Input-caused: bad text representation, too long, out of range, bad dates, bad parameters, check
// violations, text Postgres cannot store (22P05 NUL, 22021 bad encoding), bad escapes and patterns, and a
// value too large to process (54000).
const invalidValueStates = new Set([
  "22P02",
  "22001",
  "22003",
  "22007",
  "22008",
  "22023",
  "23514",
  "22P05",
  "22021",
  "22019",
  "22025",
  "2201B",
  "54000",
]);
const retryableConflictStates = new Set(["40001", "40P01", "55P03"]);

// "Key (household_id, recipe_id)=(…) is not present in table …" → recipe_id.
function referencedField(detail: string | undefined): string | undefined {
  const columns = /Key \(([^)]+)\)/.exec(detail ?? "")?.[1].split(",").map((column) => column.trim());
  return columns?.find((column) => column !== "household_id") ?? columns?.[0];
}

/**
 * A database failure as the envelope's error: SQLSTATEs raised on purpose keep their message and field;
 * constraint and format errors become VALIDATION_ERROR or CONFLICT with a message of our own (theirs name
 * tables); serialization failures are retryable conflicts; anything else is logged and becomes INTERNAL.
 */
export function databaseErrorToAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isConnectionFailure(error)) return databaseUnavailable(error);
  if (!isDatabaseError(error)) return internal(error);
  const field = error.column_name || undefined;
  const toolType = toolStates[error.code];
  if (toolType) return new AppError(toolType, error.message, { field, retryable: false });
  if (error.code === "23505") {
    return new AppError("CONFLICT", "This conflicts with an existing record (a unique value is taken).", {
      retryable: false,
    });
  }
  if (error.code === "23503") {
    const referenced = referencedField(error.detail);
    return new AppError("VALIDATION_ERROR", "The input refers to a record that does not exist.", {
      field: referenced,
    });
  }
  if (error.code === "23502") {
    return new AppError("VALIDATION_ERROR", `${field ?? "A required value"} is required.`, { field });
  }
  if (invalidValueStates.has(error.code)) {
    return new AppError("VALIDATION_ERROR", "A value is out of range or has the wrong format.", { field });
  }
  if (error.code === "42501") {
    return new AppError("PERMISSION_DENIED", "You are not allowed to do this in this household.");
  }
  if (retryableConflictStates.has(error.code)) {
    return new AppError("CONFLICT", "A concurrent change got in the way; retry the same request.", {
      retryable: true,
    });
  }
  if (
    /^(08|53|57P)/.test(error.code) || error.code === "57014"
  ) {
    console.error("database unavailable", error);
    return new AppError("UNAVAILABLE", "The database is unavailable or too slow right now; retry shortly.", {
      retryable: true,
    });
  }
  return internal(error);
}

function internal(error: unknown): AppError {
  console.error("tool failed", error);
  return new AppError("INTERNAL", "The server failed to run the tool.");
}

import type { ErrorType } from "../errors.ts";

export type ToolErrorType = ErrorType;

export interface ToolErrorDetails {
  type: ToolErrorType;
  message: string;
  field?: string;
  retryable: boolean;
  /** The HTTP status; 0 when no response arrived (network failure, aborted request). */
  status: number;
  /** The tool that was called, `group.action`. */
  tool: string;
  /**
   * Structured facts beside the message, when the server gives them: a refused offline write's `reason`
   * (`checked_changed`, `amount_changed`, `removed`, `merged`), the item as it is now (`item`) and, for a merged
   * line, the line it went into (`merged_into`). See the grocery item tools' docs.
   */
  details?: Record<string, unknown>;
  cause?: unknown;
}

/**
 * The one error the typed client throws: the envelope's error of a failed tool call, or, when the call never got
 * a reply (network down, aborted), UNAVAILABLE with status 0. `retryable` says whether the same call may succeed
 * later; retry a write with the same Idempotency-Key so it runs at most once.
 */
export class ToolError extends Error {
  readonly type: ToolErrorType;
  readonly field?: string;
  readonly retryable: boolean;
  readonly status: number;
  readonly tool: string;
  readonly details?: Record<string, unknown>;

  constructor(details: ToolErrorDetails) {
    super(details.message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = "ToolError";
    this.type = details.type;
    if (details.field !== undefined) this.field = details.field;
    this.retryable = details.retryable;
    this.status = details.status;
    this.tool = details.tool;
    if (details.details !== undefined) this.details = details.details;
  }
}

const typeOfStatus: Record<number, ToolErrorType> = {
  400: "VALIDATION_ERROR",
  401: "UNAUTHENTICATED",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  422: "IDEMPOTENCY_MISMATCH",
  429: "RATE_LIMITED",
  503: "UNAVAILABLE",
};

interface ErrorEnvelope {
  ok: false;
  error: {
    type: ToolErrorType;
    message: string;
    field?: string;
    retryable: boolean;
    details?: Record<string, unknown>;
  };
}

export function isErrorEnvelope(body: unknown): body is ErrorEnvelope {
  if (typeof body !== "object" || body === null || (body as { ok?: unknown }).ok !== false) return false;
  const error = (body as { error?: Record<string, unknown> }).error;
  return typeof error?.type === "string" && typeof error.message === "string" && typeof error.retryable === "boolean";
}

/** A ToolError from a reply that is not our envelope (a proxy's 502 page, say): its type follows the status. */
export function errorFromStatus(tool: string, status: number, cause?: unknown): ToolError {
  return new ToolError({
    type: typeOfStatus[status] ?? (status >= 500 ? "UNAVAILABLE" : "INTERNAL"),
    message: `${tool} answered HTTP ${status} without the error envelope.`,
    retryable: status === 429 || status >= 500,
    status,
    tool,
    cause,
  });
}

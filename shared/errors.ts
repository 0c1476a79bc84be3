/** The error types of the response envelope (design §4), with their HTTP status. */
export const errorStatus = {
  VALIDATION_ERROR: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IDEMPOTENCY_MISMATCH: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorType = keyof typeof errorStatus;

export interface ErrorBody {
  type: ErrorType;
  message: string;
  field?: string;
  retryable: boolean;
  /** What the app needs to show the failure in its own words: e.g. a conflict's current row (ErrorDetails). */
  details?: ErrorDetails;
}

/**
 * Structured facts about a failure, beside its message: a refused offline write (grocery item tools with
 * seen_version, or an item that is gone) gives `reason`, the item as it is now, and the line it went into.
 */
export type ErrorDetails = Record<string, unknown>;

const retryableTypes: ReadonlySet<ErrorType> = new Set([
  "CONFLICT",
  "RATE_LIMITED",
  "INTERNAL",
  "UNAVAILABLE",
]);

/**
 * An expected failure: thrown anywhere below a handler, it becomes the
 * envelope `{ ok: false, error }` with its status. Anything else thrown
 * becomes INTERNAL, with no internals in the message.
 */
export class AppError extends Error {
  readonly type: ErrorType;
  readonly field?: string;
  readonly retryable: boolean;
  /** When to try again, sent as the Retry-After header (seconds). */
  readonly retryAfterSeconds?: number;
  readonly details?: ErrorDetails;
  /** A refusal answered again from its Idempotency-Key's first call: sent as `Idempotent-Replayed: true`. */
  readonly replayed: boolean;

  constructor(
    type: ErrorType,
    message: string,
    options: {
      field?: string;
      retryable?: boolean;
      retryAfterSeconds?: number;
      details?: ErrorDetails;
      replayed?: boolean;
    } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.type = type;
    this.field = options.field;
    this.retryable = options.retryable ?? retryableTypes.has(type);
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details;
    this.replayed = options.replayed ?? false;
  }

  get status(): number {
    return errorStatus[this.type];
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { type: this.type, message: this.message, retryable: this.retryable };
    if (this.field !== undefined) body.field = this.field;
    if (this.details !== undefined) body.details = this.details;
    return body;
  }
}

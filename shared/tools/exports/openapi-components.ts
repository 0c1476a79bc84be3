// The reusable parts of the OpenAPI document: the error envelope of every type, the two headers, bearer auth,
// and the schemas of the routes that are not tools (listings, health, the assistant).
import { errorStatus, type ErrorType } from "../../errors.ts";
import type { JsonSchema } from "../json-schema.ts";
import { idempotencyKeyPattern } from "../runner.ts";

export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
export const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });
export const parameterRef = (name: string) => ({ $ref: `#/components/parameters/${name}` });

const errorMeanings: Record<ErrorType, string> = {
  VALIDATION_ERROR: "The input does not match the schema (or the body is not a JSON object); `field` names the field.",
  UNAUTHENTICATED: "No bearer token, or one that is invalid, expired, from another issuer or not a signed-in user's.",
  PERMISSION_DENIED: "The caller may not do this in this household (an owner-only action, say).",
  NOT_FOUND: "No such route, or no such row for the caller: another household's rows are not found either.",
  METHOD_NOT_ALLOWED: "The path exists but takes another method (see the Allow header).",
  CONFLICT: "The current state refuses it (a name taken, a limit reached, the same Idempotency-Key still running).",
  PAYLOAD_TOO_LARGE: "The body is larger than the functions accept (TOOL_MAX_BODY_BYTES, 1 MiB by default).",
  UNSUPPORTED_MEDIA_TYPE: "A non-empty body without `Content-Type: application/json`.",
  IDEMPOTENCY_MISMATCH: "This Idempotency-Key was used before with another input.",
  RATE_LIMITED: "Too many requests; retry later.",
  INTERNAL: "The server failed; the message says nothing about why.",
  UNAVAILABLE: "The database did not answer in time; retry (a write with the same Idempotency-Key runs at most once).",
};

/** The error types a tool call can answer with, in status order; IDEMPOTENCY_MISMATCH only for writes. */
export const toolErrorTypes: readonly ErrorType[] = [
  "VALIDATION_ERROR",
  "UNAUTHENTICATED",
  "PERMISSION_DENIED",
  "NOT_FOUND",
  "CONFLICT",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "IDEMPOTENCY_MISMATCH",
  "RATE_LIMITED",
  "INTERNAL",
  "UNAVAILABLE",
];

function errorEnvelope(types: readonly ErrorType[]): JsonSchema {
  return {
    type: "object",
    properties: {
      ok: { const: false },
      error: {
        type: "object",
        properties: {
          type: types.length === 1 ? { const: types[0] } : { enum: [...types] },
          message: { type: "string", description: "For people (and models): what went wrong and what to do." },
          field: { type: "string", description: "The input field (or header) at fault, when there is one." },
          retryable: { type: "boolean", description: "Whether the same request may succeed later." },
          details: {
            type: "object",
            description: "Structured facts for the app, when there are some: a refused offline write's reason, " +
              "the item as it is now, and the line a merged item went into (see the grocery item tools).",
          },
        },
        required: ["type", "message", "retryable"],
        additionalProperties: false,
      },
    },
    required: ["ok", "error"],
    additionalProperties: false,
  };
}

/** `{ ok: true, data }` around the given schema of `data`. */
export function okEnvelope(data: JsonSchema): JsonSchema {
  return {
    type: "object",
    properties: { ok: { const: true }, data },
    required: ["ok", "data"],
    additionalProperties: false,
  };
}

export function jsonContent(schema: JsonSchema) {
  return { "application/json": { schema } };
}

/** The responses of the given error types, keyed by status, each a reference to the type's response. */
export function errorResponses(types: readonly ErrorType[]): Record<string, unknown> {
  return Object.fromEntries(types.map((type) => [String(errorStatus[type]), responseRef(type)]));
}

const errorTypes = Object.keys(errorStatus) as ErrorType[];

const listingProperties: Record<string, JsonSchema> = {
  name: { type: "string", description: "group.action" },
  summary: { type: "string" },
  description: { type: "string" },
  effect: { enum: ["read", "write"] },
  risk: { enum: ["low", "medium", "high"] },
  scope: { enum: ["household", "user"] },
  category: { enum: ["retrieval", "action"] },
  side_effects: { enum: ["read_only", "writes"] },
  idempotent: {
    enum: ["always", "with_idempotency_key"],
    description: "`always` for a read; `with_idempotency_key` for a write: a retry is safe only with the same key.",
  },
  requires_confirmation: { type: "boolean" },
  latency_budget_ms: { type: "integer", minimum: 1 },
  input_schema: { type: "object", description: "The tool's input as JSON Schema (draft 2020-12)." },
};

function closedObject(properties: Record<string, JsonSchema>, description: string): JsonSchema {
  return { type: "object", description, properties, required: Object.keys(properties), additionalProperties: false };
}

// The assistant's replies are not declared in Zod; these name what the app relies on and let the rest through.
const pendingAction: JsonSchema = {
  type: "object",
  description: "A write the assistant proposed, waiting for (or decided by) a person.",
  properties: {
    id: { type: "string", format: "uuid" },
    tool: { type: "string" },
    input: { description: "The tool input the model proposed." },
    status: { enum: ["pending", "confirmed", "rejected", "expired"] },
    conversation_id: { type: ["string", "null"] },
    result: { description: "The tool's reply once confirmed (its data or its error)." },
    created_at: { type: "string" },
    expires_at: { type: "string" },
    decided_at: { type: ["string", "null"] },
  },
  required: ["id", "tool", "status"],
};

export const componentSchemas: Record<string, JsonSchema> = {
  ErrorEnvelope: { ...errorEnvelope(errorTypes), description: "Every failure: `{ ok: false, error }`." },
  ToolListing: closedObject(listingProperties, "A tool's metadata and input schema."),
  ToolDetail: closedObject({ ...listingProperties, doc: { type: "string" } }, "A tool's listing and full doc."),
  PendingAction: pendingAction,
  AssistantTurn: {
    type: "object",
    description: "One assistant turn: the reply, the tool calls it made and the writes it proposed.",
    properties: {
      conversation_id: { type: ["string", "null"] },
      reply: { type: "string" },
      tool_calls: { type: "array", items: { type: "object" } },
      pending_actions: { type: "array", items: ref("PendingAction") },
      stop_reason: { enum: ["end_turn", "round_limit", "max_tokens", "error"] },
      rounds: { type: "integer" },
    },
    required: ["conversation_id", "reply", "tool_calls", "pending_actions", "stop_reason", "rounds"],
  },
  Conversation: {
    type: "object",
    properties: {
      id: { type: "string", format: "uuid" },
      title: { type: ["string", "null"] },
      messages: { type: "array", items: { type: "object" } },
      pending_actions: { type: "array", items: ref("PendingAction") },
      next_cursor: { type: ["string", "null"], description: "Pass as cursor for the next page; null on the last." },
    },
    required: ["id", "messages", "pending_actions", "next_cursor"],
  },
};

export const componentResponses = Object.fromEntries(
  errorTypes.map((type) => [
    type,
    { description: `${type}: ${errorMeanings[type]}`, content: jsonContent(errorEnvelope([type])) },
  ]),
);

export const componentParameters = {
  IdempotencyKey: {
    name: "Idempotency-Key",
    in: "header",
    required: false,
    description: "Makes a write safe to retry: the same key with the same input returns the first reply " +
      "(with `Idempotent-Replayed: true`) and changes nothing; with another input it is a 422.",
    schema: { type: "string", pattern: idempotencyKeyPattern.source },
  },
  HouseholdId: {
    name: "X-Household-Id",
    in: "header",
    required: false,
    description: "The household to act in, for a user in several (or `household_id` in the body); " +
      "with one household it is implied.",
    schema: { type: "string", format: "uuid" },
  },
};

export const securitySchemes = {
  bearerAuth: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "A Supabase Auth access token of a signed-in user (role authenticated); supabase-js sends it.",
  },
};

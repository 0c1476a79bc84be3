import * as z from "zod";
import type { ErrorType } from "../../errors.ts";
import { chatInput } from "../../http/assistant-handler.ts";
import type { JsonSchema } from "../json-schema.ts";
import {
  componentParameters,
  componentResponses,
  componentSchemas,
  errorResponses,
  jsonContent,
  okEnvelope,
  parameterRef,
  ref,
  securitySchemes,
  toolErrorTypes,
} from "./openapi-components.ts";
import { idempotencySentence } from "../tool-metadata.ts";
import { typeName } from "./names.ts";
import type { RegistryArtifact, RegistryTool } from "./registry-artifact.ts";

type Operation = Record<string, unknown>;
type PathItem = Partial<Record<"get" | "post", Operation>>;

const bearer = [{ bearerAuth: [] }];
const noAuth: unknown[] = [];

function withoutDialect(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}

/** The body a household-scoped tool takes over HTTP: its input, plus the household it may name. */
function requestSchema(tool: RegistryTool): JsonSchema {
  const input = withoutDialect(tool.input_schema);
  if (tool.scope !== "household") return input;
  const householdId = {
    type: "string",
    format: "uuid",
    description: "The household to act in (instead of X-Household-Id; both must agree when both are sent).",
  };
  return { ...input, properties: { ...(input.properties as object), household_id: householdId } };
}

function toolOperation(tool: RegistryTool): Operation {
  const writes = tool.effect === "write";
  const household = tool.scope === "household";
  const required = ((tool.input_schema.required ?? []) as string[]).length > 0;
  const headers: Record<string, unknown> = {};
  if (writes) {
    headers["Idempotent-Replayed"] = {
      description: "`true` when this is the stored reply of an earlier call with the same Idempotency-Key.",
      schema: { const: "true" },
    };
  }
  if (household) {
    headers["X-Household-Id"] = { description: "The household the tool ran in.", schema: { type: "string" } };
  }
  const errors = toolErrorTypes.filter((type) => writes || type !== "IDEMPOTENCY_MISMATCH");
  return {
    operationId: tool.name,
    tags: [tool.group],
    summary: tool.description,
    description: `${tool.summary}\n\nRisk ${tool.risk}; ${
      tool.requires_confirmation ? "the assistant asks a person before running it" : "runs at once"
    }. ${idempotencySentence[tool.idempotent]} Full doc: \`GET /${tool.group}/${tool.action}\`.`,
    security: bearer,
    parameters: [
      ...(writes ? [parameterRef("IdempotencyKey")] : []),
      ...(household ? [parameterRef("HouseholdId")] : []),
    ],
    requestBody: {
      required,
      description: required ? "The tool's input." : "The tool's input; an empty body is `{}`.",
      content: jsonContent(ref(`${typeName(tool.name)}Request`)),
    },
    responses: {
      "200": {
        description: "The tool ran (or an earlier call with the same Idempotency-Key did).",
        headers,
        content: jsonContent(okEnvelope(ref(`${typeName(tool.name)}Data`))),
      },
      ...errorResponses(errors),
    },
    "x-tool": {
      effect: tool.effect,
      risk: tool.risk,
      scope: tool.scope,
      requires_confirmation: tool.requires_confirmation,
      idempotent: tool.idempotent,
      latency_budget_ms: tool.latency_budget_ms,
    },
  };
}

function describeOperation(tool: RegistryTool): Operation {
  return {
    operationId: `${tool.name}.describe`,
    tags: [tool.group],
    summary: `${tool.name}: metadata, input schema and full doc`,
    security: noAuth,
    responses: {
      "200": { description: "The tool's listing and doc.", content: jsonContent(okEnvelope(ref("ToolDetail"))) },
      ...errorResponses(["NOT_FOUND", "INTERNAL"]),
    },
  };
}

function groupOperation(group: string): Operation {
  const data = {
    type: "object",
    properties: { group: { const: group }, tools: { type: "array", items: ref("ToolListing") } },
    required: ["group", "tools"],
    additionalProperties: false,
  };
  return {
    operationId: `${group}.list_tools`,
    tags: [group],
    summary: `The ${group} tools with their JSON Schemas`,
    security: noAuth,
    responses: {
      "200": { description: `The ${group} group's tools.`, content: jsonContent(okEnvelope(data)) },
      ...errorResponses(["INTERNAL"]),
    },
  };
}

function operation(
  operationId: string,
  summary: string,
  data: JsonSchema,
  errors: readonly ErrorType[],
  extra: Operation = {},
): Operation {
  return {
    operationId,
    tags: [operationId.split(".")[0]],
    summary,
    security: bearer,
    ...extra,
    responses: { "200": { description: summary, content: jsonContent(okEnvelope(data)) }, ...errorResponses(errors) },
  };
}

const idParameter = (description: string) => ({
  name: "id",
  in: "path",
  required: true,
  description,
  schema: { type: "string", format: "uuid" },
});

const pageParameters = [
  {
    name: "limit",
    in: "query",
    required: false,
    schema: { type: "integer", minimum: 1, maximum: 100, default: 100 },
  },
  { name: "cursor", in: "query", required: false, schema: { type: "string", maxLength: 500 } },
];

const assistantErrors: readonly ErrorType[] = ["VALIDATION_ERROR", "UNAUTHENTICATED", "NOT_FOUND", "INTERNAL"];

function assistantPaths(): Record<string, PathItem> {
  const decision = (verb: string) => ({
    post: operation(`assistant.${verb}_action`, `${verb} a pending action`, ref("PendingAction"), [
      ...assistantErrors,
      "CONFLICT",
      "UNAVAILABLE",
    ], { parameters: [idParameter("The pending action's id.")] }),
  });
  return {
    "/assistant/chat": {
      post: operation("assistant.chat", "One assistant turn", ref("AssistantTurn"), [
        ...assistantErrors,
        "PAYLOAD_TOO_LARGE",
        "UNSUPPORTED_MEDIA_TYPE",
        "UNAVAILABLE",
      ], {
        description: "With `Accept: text/event-stream` the same turn comes as server-sent events ending with `done`.",
        parameters: [parameterRef("HouseholdId")],
        requestBody: {
          required: true,
          content: jsonContent(withoutDialect(z.toJSONSchema(chatInput, { io: "input" }) as JsonSchema)),
        },
      }),
    },
    "/assistant/conversations/{id}": {
      get: operation("assistant.get_conversation", "A conversation's messages and actions", ref("Conversation"), [
        ...assistantErrors,
      ], {
        description: "Messages oldest first, in pages: `limit` 1–100 (100 when absent) and `cursor`, the previous " +
          "page's `next_cursor`; with each page, the actions proposed while its messages were written. A " +
          "conversation holds at most 1000 messages.",
        parameters: [idParameter("The conversation's id."), ...pageParameters],
      }),
    },
    "/assistant/actions": {
      get: operation(
        "assistant.list_actions",
        "Pending actions (or decided ones)",
        {
          type: "object",
          properties: {
            actions: { type: "array", items: ref("PendingAction") },
            next_cursor: {
              type: ["string", "null"],
              description: "Pass as cursor for the next page; null on the last.",
            },
          },
          required: ["actions", "next_cursor"],
        },
        assistantErrors,
        {
          description: "Newest first, in pages: `limit` 1–100 (100 when absent) and `cursor`, the previous page's " +
            "`next_cursor`. A household holds at most 100 pending (undecided, unexpired) actions.",
          parameters: [{
            name: "status",
            in: "query",
            required: false,
            schema: { enum: ["pending", "confirmed", "rejected", "expired"] },
          }, ...pageParameters],
        },
      ),
    },
    "/assistant/actions/{id}/confirm": decision("confirm"),
    "/assistant/actions/{id}/reject": decision("reject"),
  };
}

function otherPaths(): Record<string, PathItem> {
  return {
    "/health": {
      get: {
        ...operation("health.check", "200 when the database answers", { type: "object" }, [
          "UNAUTHENTICATED",
          "UNAVAILABLE",
        ]),
        description: "With a bearer token it also says whose it is; a bad token is a 401.",
        security: [{}, { bearerAuth: [] }],
      },
    },
    "/health/ping": {
      get: operation("health.ping", "A signed-in user's token, then one select 1", { type: "object" }, [
        "UNAUTHENTICATED",
        "UNAVAILABLE",
      ]),
    },
    "/openapi": {
      get: {
        operationId: "openapi.get",
        tags: ["openapi"],
        summary: "This document",
        security: noAuth,
        responses: { "200": { description: "The OpenAPI 3.1 document.", content: jsonContent({ type: "object" }) } },
      },
    },
  };
}

/**
 * OpenAPI 3.1 for the whole HTTP API, made from the registry artifact: every tool route with its input, its
 * output inside the envelope and its errors, plus the listings, health, the assistant and this document.
 */
export function buildOpenApiDocument(artifact: RegistryArtifact): Record<string, unknown> {
  const groups = [...new Set(artifact.tools.map((tool) => tool.group))];
  const paths: Record<string, PathItem> = {};
  const schemas: Record<string, JsonSchema> = {};
  for (const group of groups) paths[`/${group}`] = { get: groupOperation(group) };
  for (const tool of artifact.tools) {
    paths[`/${tool.group}/${tool.action}`] = { get: describeOperation(tool), post: toolOperation(tool) };
    schemas[`${typeName(tool.name)}Request`] = requestSchema(tool);
    schemas[`${typeName(tool.name)}Data`] = withoutDialect(tool.output_schema);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Meal planner API",
      version: artifact.version,
      description: "A household meal-planning backend on Supabase. Every change goes through a tool: " +
        "`POST /<group>/<action>` with the tool's input as JSON and a signed-in user's bearer token. " +
        "Replies are `{ ok: true, data }` or `{ ok: false, error: { type, message, field?, retryable } }`.",
    },
    servers: [{ url: "/functions/v1", description: "The project's Edge Functions (locally http://127.0.0.1:54321)." }],
    tags: [...groups, "assistant", "health", "openapi"].map((name) => ({ name })),
    paths: { ...paths, ...assistantPaths(), ...otherPaths() },
    components: {
      schemas: { ...componentSchemas, ...schemas },
      responses: componentResponses,
      parameters: componentParameters,
      securitySchemes,
    },
  };
}

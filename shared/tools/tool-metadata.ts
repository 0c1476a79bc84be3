import type { AnyTool, ToolEffect, ToolRisk, ToolScope } from "./define-tool.ts";
import { type JsonSchema, toolJsonSchema } from "./json-schema.ts";

/**
 * The approval policy: a write runs only once a person has confirmed it (the assistant stores it as a pending
 * action, whatever its risk); a read runs at once.
 */
export function requiresApproval(tool: AnyTool): boolean {
  return tool.effect === "write";
}

/**
 * Whether calling a tool again with the same input does nothing more, said the same way in the listing, OpenAPI
 * and MCP: a read always is; a write is when sent with an Idempotency-Key (a retry with the same key and input
 * replays the first reply), and is not without one (the retry runs again). An MCP call carries no key, so MCP's
 * `idempotentHint` is true for reads only.
 */
export type Idempotency = "always" | "with_idempotency_key";

export function idempotency(tool: AnyTool): Idempotency {
  return tool.effect === "read" ? "always" : "with_idempotency_key";
}

export const idempotencySentence: Readonly<Record<Idempotency, string>> = {
  always: "Idempotent: it changes nothing, so a retry is always safe.",
  with_idempotency_key: "Idempotent when sent with an Idempotency-Key: a retry with the same key and input returns " +
    "the first reply and changes nothing; without a key, a retry runs the write again.",
};

/** A tool as its group's listing serves it: all its metadata, snake_case as the JSON Schemas are. */
export interface ToolListing {
  name: string;
  summary: string;
  description: string;
  effect: ToolEffect;
  risk: ToolRisk;
  scope: ToolScope;
  /** The tool authoring guide's classification, implied by the effect. */
  category: "retrieval" | "action";
  side_effects: "read_only" | "writes";
  idempotent: Idempotency;
  requires_confirmation: boolean;
  latency_budget_ms: number;
  input_schema: JsonSchema;
}

export function toolListing(tool: AnyTool): ToolListing {
  const reads = tool.effect === "read";
  return {
    name: tool.name,
    summary: tool.summary,
    description: tool.description,
    effect: tool.effect,
    risk: tool.risk,
    scope: tool.scope,
    category: reads ? "retrieval" : "action",
    side_effects: reads ? "read_only" : "writes",
    idempotent: idempotency(tool),
    requires_confirmation: requiresApproval(tool),
    latency_budget_ms: tool.latencyBudgetMs,
    input_schema: toolJsonSchema(tool),
  };
}

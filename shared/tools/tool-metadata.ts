import type { AnyTool, ToolEffect, ToolRisk, ToolScope } from "./define-tool.ts";
import { type JsonSchema, toolJsonSchema } from "./json-schema.ts";

/**
 * The approval policy: a write runs only once a person has confirmed it (the assistant stores it as a pending
 * action, whatever its risk); a read runs at once.
 */
export function requiresApproval(tool: AnyTool): boolean {
  return tool.effect === "write";
}

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
  idempotent: boolean;
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
    // A read changes nothing; a write retried with its Idempotency-Key replays the first reply.
    idempotent: true,
    requires_confirmation: requiresApproval(tool),
    latency_budget_ms: tool.latencyBudgetMs,
    input_schema: toolJsonSchema(tool),
  };
}

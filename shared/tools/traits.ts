import type { ToolScope } from "./define-tool.ts";

/** What every reading tool shares: runs at once, changes nothing, safe to repeat. */
export function readTraits(options: { scope?: ToolScope; latencyBudgetMs?: number } = {}) {
  return {
    risk: "low",
    requiresConfirmation: false,
    idempotent: true,
    category: "retrieval",
    sideEffects: "read_only",
    latencyBudgetMs: options.latencyBudgetMs ?? 1000,
    scope: options.scope ?? "household",
  } as const;
}

/**
 * What every write shares: the user confirms it before the assistant runs it,
 * and an Idempotency-Key makes a retry safe. The risk is the tool's own (see
 * ToolDefinition.risk).
 */
export function writeTraits<Risk extends "medium" | "high">(
  risk: Risk,
  options: { scope?: ToolScope; latencyBudgetMs?: number } = {},
) {
  return {
    risk,
    requiresConfirmation: true,
    idempotent: true,
    category: "action",
    sideEffects: "writes",
    latencyBudgetMs: options.latencyBudgetMs ?? 2000,
    scope: options.scope ?? "household",
  } as const;
}

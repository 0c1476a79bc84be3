import type { z } from "zod";
import type { AuthenticatedUser } from "../auth/access-token.ts";

export type ToolRisk = "low" | "medium" | "high";
export type ToolCategory = "retrieval" | "action" | "utility";
export type ToolSideEffects = "none" | "read_only" | "writes";
/** `household`: runs inside one household (named or the caller's only one); `user`: about the caller alone. */
export type ToolScope = "household" | "user";

export type ToolInputSchema = z.ZodObject;

export interface ToolContext {
  user: AuthenticatedUser;
  /** The household the caller named (header or body), if any; the database resolves the rest. */
  requestedHouseholdId: string | null;
  /**
   * Runs the SQL function (`app.<group>_<action>(p_household_id uuid, p_input jsonb) returns jsonb`) through
   * `private.invoke` in one round trip and returns its result. Call it once per execution: idempotency and the
   * audit record are per call.
   */
  invoke<Result = unknown>(sqlFunctionName: string, input: unknown): Promise<Result>;
}

export interface ToolDefinition<Schema extends ToolInputSchema = ToolInputSchema, Result = unknown> {
  /** `group.action`, lower case: the group is the Edge Function, the action its route. */
  name: string;
  /** One or two sentences: what it does. Sent to model providers as the tool description. */
  description: string;
  /** 2–4 lines for system prompts. */
  summary: string;
  /** Full markdown: Summary, Preconditions, Postconditions, Invariants, Failure Modes, Examples, Common Mistakes. */
  doc: string;
  /**
   * How bad a mistaken run is; callers apply the policy. low: reads. medium: adds, or changes or removes
   * something cheap to put back (a planned meal, a grocery item). high: overwrites or removes a recipe,
   * or opens the household to someone else (invites).
   */
  risk: ToolRisk;
  /** Writes are confirmed by the user before the assistant runs them (stored as pending actions). */
  requiresConfirmation: boolean;
  idempotent: boolean;
  category: ToolCategory;
  sideEffects: ToolSideEffects;
  latencyBudgetMs: number;
  scope: ToolScope;
  inputSchema: Schema;
  execute(input: z.output<Schema>, context: ToolContext): Promise<Result>;
}

/** A tool whose input type is no longer known: what registries and runners hold. */
// deno-lint-ignore no-explicit-any
export type AnyTool = ToolDefinition<ToolInputSchema, any>;

/** Returns its argument; exists so that `execute` gets the schema's output type. */
export function defineTool<Schema extends ToolInputSchema, Result>(
  tool: ToolDefinition<Schema, Result>,
): ToolDefinition<Schema, Result> {
  return tool;
}

export function isWriteTool(tool: AnyTool): boolean {
  return tool.sideEffects === "writes";
}

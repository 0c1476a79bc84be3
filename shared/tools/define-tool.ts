import type * as z from "zod";
import type { AuthenticatedUser } from "../auth/access-token.ts";
import { sqlFunctionName } from "./tool-names.ts";
import type { Mentions, Names, NameTables, Recorded } from "./describe/names.ts";

/** Whether the tool changes data. The rest of its handling follows from this (tool-metadata.ts). */
export type ToolEffect = "read" | "write";
export type ToolRisk = "low" | "medium" | "high";
/** `household`: runs inside one household (named or the caller's only one); `user`: about the caller alone. */
export type ToolScope = "household" | "user";

export type ToolInputSchema = z.ZodObject;
export type ToolOutputSchema = z.ZodType;

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
  /**
   * The household the call runs in, resolved (and the caller's membership checked) by the database without running
   * the tool: one more round trip, unrecorded, for a tool that must know it before its one `invoke` (OCR's fair
   * share between households).
   */
  resolveHousehold(): Promise<string>;
  /**
   * The names of the rows these ids stand for, read as the caller in the household the call ran in: one more
   * unrecorded round trip, for a tool that describes writes (history.list, history.undo).
   */
  readNames(mentions: Mentions): Promise<NameTables>;
}

/**
 * A write's sentence in plain words, from its validated input and the names of the rows it mentions, read as the
 * caller (shared/tools/describe/): "Add 1 l milk to Weekly shop". Imperative, as a proposal waiting for
 * confirmation reads, and the same sentence in the history. Never an id: `names` gives words for a row it could
 * not read ("a list that no longer exists"). Every write tool has one (its spec does not type-check without it).
 * `recorded` is given for a write in the history: what its reply says was there before (a rename's previous name).
 */
export interface Describes<Input> {
  // Method syntax, as for execute: a registry of tools of different inputs holds them as AnyTool.
  describe(input: Input, names: Names, recorded?: Recorded): string;
  /**
   * For a tool whose sentence needs no input: the sentence of a write recorded without one (household.join at
   * sign-up, where the invite code in the user's metadata is a secret and is not kept).
   */
  describeWithoutInput?(names: Names, recorded: Recorded): string;
}

interface ToolFields<Name extends string, Input extends ToolInputSchema, Output extends ToolOutputSchema> {
  /** `group.action`, lower case: the group is the Edge Function, the action its route. */
  name: Name;
  /** One or two sentences: what it does. Sent to model providers as the tool description. */
  description: string;
  /** 2–4 lines for system prompts. */
  summary: string;
  /** Full markdown: Summary, Preconditions, Postconditions, Invariants, Failure Modes, Examples, Common Mistakes. */
  doc: string;
  scope: ToolScope;
  /** A soft limit: a slower run is logged. */
  latencyBudgetMs: number;
  /**
   * The largest request body the tool takes over HTTP, for a tool whose input is a file (recipe.import_file);
   * absent, its group's limit (TOOL_MAX_BODY_BYTES, or the group's own).
   */
  maxBodyBytes?: number;
  inputSchema: Input;
  /** The `data` of a successful reply, as the SQL function returns it (its group's results.ts). */
  outputSchema: Output;
  execute(input: z.output<Input>, context: ToolContext): Promise<z.output<Output>>;
}

/**
 * How bad a mistaken run is. A read changes nothing, so it is low. A write is medium when it adds, or changes or
 * removes something cheap to put back (a planned meal, a grocery item); high when it overwrites or removes a
 * recipe, or opens the household to someone else (invites).
 */
export type ToolEffectAndRisk =
  | { effect: "read"; risk: "low" }
  | { effect: "write"; risk: "medium" | "high" };

export type ToolDefinition<
  Name extends string = string,
  Input extends ToolInputSchema = ToolInputSchema,
  Output extends ToolOutputSchema = ToolOutputSchema,
> =
  & ToolFields<Name, Input, Output>
  & (
    | { effect: "read"; risk: "low"; describe?: never }
    | ({ effect: "write"; risk: "medium" | "high" } & Describes<z.output<Input>>)
  );

/** What a tool's file says: its effect, a write's risk, and only the rest that differs from the defaults. */
export type ToolSpec<Name extends string, Input extends ToolInputSchema, Output extends ToolOutputSchema> =
  & Omit<ToolFields<Name, Input, Output>, "scope" | "latencyBudgetMs" | "execute">
  & Partial<Pick<ToolFields<Name, Input, Output>, "scope" | "latencyBudgetMs" | "execute">>
  & (
    | { effect: "read"; risk?: never; describe?: never }
    | ({ effect: "write"; risk: "medium" | "high" } & Describes<z.output<Input>>)
  );

/** A tool whose input type is no longer known: what registries and runners hold. */
// deno-lint-ignore no-explicit-any
export type AnyTool = ToolDefinition<string, ToolInputSchema, any>;

const defaultLatencyBudgetMs: Record<ToolEffect, number> = { read: 1000, write: 2000 };

/**
 * The tool with what its spec left out filled in: a read's risk (low), the household scope, the latency budget
 * of its effect, and an `execute` that runs the SQL function named after the tool (`app.<group>_<action>`).
 * `execute` gets the input schema's output type and returns the output schema's type.
 */
export function defineTool<const Name extends string, Input extends ToolInputSchema, Output extends ToolOutputSchema>(
  spec: ToolSpec<Name, Input, Output>,
): ToolDefinition<Name, Input, Output> {
  const fields: ToolFields<Name, Input, Output> = {
    ...spec,
    scope: spec.scope ?? "household",
    latencyBudgetMs: spec.latencyBudgetMs ?? defaultLatencyBudgetMs[spec.effect],
    execute: spec.execute ?? ((input, context) => context.invoke(sqlFunctionName(spec.name), input)),
  };
  return spec.effect === "read" ? { ...fields, effect: "read", risk: "low" } : {
    ...fields,
    effect: "write",
    risk: spec.risk,
    describe: spec.describe,
    ...(spec.describeWithoutInput ? { describeWithoutInput: spec.describeWithoutInput } : {}),
  };
}

export function isWriteTool(tool: AnyTool): boolean {
  return tool.effect === "write";
}

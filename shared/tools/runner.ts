import type { AuthenticatedUser } from "../auth/access-token.ts";
import type { Queryable } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { type AnyTool, isWriteTool, type ToolContext } from "./define-tool.ts";
import { separateHousehold } from "./household-input.ts";
import { inputHash } from "./input-hash.ts";
import { throwIfRefused } from "./refusal.ts";
import { invokeAppFunction } from "../db/invoke.ts";
import { requiredFieldMessages, validationError } from "./validation-error.ts";
import type { ReadNames } from "./describe/call-describer.ts";
import type { NameTables } from "./describe/names.ts";

/**
 * Reads the names a describer mentions (app.describe_names) as the user, under RLS, in the household named (null:
 * the caller's only or default one): an unrecorded read, one round trip.
 */
export function readNamesAs(sql: Queryable, user: AuthenticatedUser, householdId: string | null): ReadNames {
  return async (mentions) => {
    const result = await invokeAppFunction<NameTables>(sql, {
      user,
      householdId,
      name: "describe.names",
      functionName: "app.describe_names",
      input: mentions,
      scope: "household",
      isWrite: false,
    });
    return result.data;
  };
}

export interface RunToolOptions {
  user: AuthenticatedUser;
  /** The household the caller names (X-Household-Id); a `household_id` input field may name it instead. */
  householdId?: string | null;
  /** Checked always, used by writes only: the same key and input returns the first response, run once. */
  idempotencyKey?: string | null;
  sql: Queryable;
}

export interface ToolRun<Result = unknown> {
  data: Result;
  /** True when an earlier call with the same Idempotency-Key answered. */
  replayed: boolean;
  /** The household the tool ran in (resolved by the database when none was named); null for user-scoped tools. */
  householdId: string | null;
}

export const idempotencyKeyPattern = /^[\x20-\x7e]{1,255}$/;

export function checkIdempotencyKey(key: string | null | undefined): string | null {
  if (key == null) return null;
  if (idempotencyKeyPattern.test(key)) return key;
  throw new AppError("VALIDATION_ERROR", "Idempotency-Key must be 1 to 255 printable ASCII characters.", {
    field: "idempotency_key",
  });
}

/**
 * The household taken out of the input (or the one given), and the input
 * checked against the tool's schema: a VALIDATION_ERROR naming the field, or the parsed input.
 */
export function validateToolInput(
  tool: AnyTool,
  rawInput: unknown,
  givenHouseholdId: string | null | undefined,
): { input: Record<string, unknown>; householdId: string | null } {
  const { input, householdId } = separateHousehold(tool, rawInput, givenHouseholdId);
  const parsed = tool.inputSchema.safeParse(input, { error: requiredFieldMessages });
  if (!parsed.success) throw validationError(parsed.error.issues);
  return { input: parsed.data, householdId };
}

/** Validates the raw input, then runs the tool: one `private.invoke` round trip for the tools built on SQL. */
export async function runTool(tool: AnyTool, rawInput: unknown, options: RunToolOptions): Promise<ToolRun> {
  const { input: validInput, householdId } = validateToolInput(tool, rawInput, options.householdId);
  const givenKey = checkIdempotencyKey(options.idempotencyKey);
  const idempotencyKey = isWriteTool(tool) ? givenKey : null;
  // Only a keyed write is replayed, so only it needs the hash its Idempotency-Key is bound to.
  const hash = idempotencyKey ? await inputHash(tool.name, validInput) : null;

  const run: ToolRun = { data: undefined, replayed: false, householdId };
  let invoked = false;
  const context: ToolContext = {
    user: options.user,
    requestedHouseholdId: householdId,
    invoke: async <Result>(sqlFunctionName: string, input: unknown): Promise<Result> => {
      if (invoked) throw new Error(`${tool.name} called invoke twice; a tool call is one database round trip`);
      invoked = true;
      const result = await invokeAppFunction(options.sql, {
        user: options.user,
        householdId,
        name: tool.name,
        functionName: sqlFunctionName,
        input,
        scope: tool.scope,
        isWrite: isWriteTool(tool),
        idempotencyKey,
        inputHash: hash,
      });
      run.replayed = result.replayed;
      run.householdId = result.household_id ?? null;
      throwIfRefused(result.data, result.replayed);
      return result.data as Result;
    },
    resolveHousehold: async () => {
      const result = await invokeAppFunction(options.sql, {
        user: options.user,
        householdId,
        name: tool.name,
        functionName: "app.resolve_household",
        input: {},
        scope: "household",
        isWrite: false,
      });
      return result.household_id!;
    },
    readNames: (mentions) => readNamesAs(options.sql, options.user, run.householdId ?? householdId)(mentions),
  };

  const started = performance.now();
  run.data = await tool.execute(validInput, context);
  const elapsed = performance.now() - started;
  if (elapsed > tool.latencyBudgetMs) {
    console.warn(`${tool.name} took ${Math.round(elapsed)} ms (budget ${tool.latencyBudgetMs} ms)`);
  }
  return run;
}

import type { AuthenticatedUser } from "../auth/access-token.ts";
import type { Queryable } from "../db/client.ts";
import { invokeAppFunction, type InvokeResult } from "../db/invoke.ts";

// Whether a step acts in one household, or looks across the caller's (by conversation or action id).
const stepScopes = {
  begin_turn: "household",
  save_messages: "household",
  propose_action: "household",
  get_conversation: "user",
  list_actions: "user",
  lock_action: "user",
  decide_action: "user",
} as const;

export type AssistantStep = keyof typeof stepScopes;

export interface AssistantStepOptions {
  /** The household named by the caller; null lets the database take the caller's only one. User steps ignore it. */
  householdId?: string | null;
}

/**
 * One step of the assistant's bookkeeping: `app.assistant_<step>` run as the caller through private.invoke,
 * audited as `assistant.<step>`. Steps are not tool writes: no idempotency key, nothing replayed.
 */
export function assistantStep<Data = unknown>(
  sql: Queryable,
  user: AuthenticatedUser,
  step: AssistantStep,
  input: unknown,
  options: AssistantStepOptions = {},
): Promise<InvokeResult<Data>> {
  return invokeAppFunction<Data>(sql, {
    user,
    householdId: options.householdId ?? null,
    name: `assistant.${step}`,
    functionName: `app.assistant_${step}`,
    input,
    scope: stepScopes[step],
    isWrite: false,
  });
}

import type { AuthenticatedUser } from "../auth/access-token.ts";
import type { Queryable } from "../db/client.ts";
import { invokeAppFunction, type InvokeResult } from "../db/invoke.ts";

// Whether a step acts in one household or looks across the caller's (by conversation or action id), and
// whether it changes state (then it runs as the writer role; locking a row for update counts).
const steps = {
  begin_turn: { scope: "household", writes: true },
  save_messages: { scope: "household", writes: true },
  propose_action: { scope: "household", writes: true },
  get_conversation: { scope: "user", writes: false },
  list_actions: { scope: "user", writes: false },
  lock_action: { scope: "user", writes: true },
  decide_action: { scope: "user", writes: true },
} as const;

export type AssistantStep = keyof typeof steps;

export interface AssistantStepOptions {
  /** The household named by the caller; null lets the database take the caller's only one. User steps ignore it. */
  householdId?: string | null;
}

/**
 * One step of the assistant's bookkeeping: `app.assistant_<step>` run as the caller through private.invoke,
 * named `assistant.<step>`. Steps are not tool writes: no invocation record, no idempotency key, nothing replayed.
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
    scope: steps[step].scope,
    isWrite: steps[step].writes,
    recorded: false,
  });
}

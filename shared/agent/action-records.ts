// The pending actions and conversations as they are stored: read, listed and rejected. Nothing here runs or describes
// a tool, so the assistant's reads start without loading the registry (proposing and confirming: ./actions.ts).
import type { AuthenticatedUser } from "../auth/access-token.ts";
import type { Queryable, Sql } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { assistantStep } from "./assistant-step.ts";
import type { PendingAction } from "./turn-events.ts";

/** What app.assistant_lock_action returns: the action, locked for this transaction. */
interface LockedAction {
  action: PendingAction;
  household_id: string;
  decidable: boolean;
}

function alreadyDecided(action: PendingAction): AppError {
  return new AppError("CONFLICT", `This action is ${action.status}; it can no longer be confirmed or rejected.`, {
    field: "action_id",
    retryable: false,
  });
}

/**
 * Locks the action for this transaction, to be decided as `decision`. An action already decided that way is the
 * answer to a repeated request (`repeat`); decided the other way, or expired, it is a CONFLICT.
 */
export async function lockToDecide(
  transaction: Queryable,
  user: AuthenticatedUser,
  actionId: string,
  decision: "confirmed" | "rejected",
): Promise<{ locked: LockedAction; repeat?: undefined } | { repeat: PendingAction }> {
  const { data: locked } = await assistantStep<LockedAction>(transaction, user, "lock_action", { action_id: actionId });
  if (locked.decidable) return { locked };
  if (locked.action.status === decision) return { repeat: locked.action };
  throw alreadyDecided(locked.action);
}

/** Rejects a pending action; rejecting it again returns it unchanged. */
export async function rejectAction(sql: Sql, user: AuthenticatedUser, actionId: string): Promise<PendingAction> {
  return await sql.begin(async (transaction) => {
    const lock = await lockToDecide(transaction, user, actionId, "rejected");
    if (lock.repeat) return lock.repeat;
    const { data } = await assistantStep<PendingAction>(transaction, user, "decide_action", {
      action_id: actionId,
      status: "rejected",
      result: null,
    });
    return data;
  }) as PendingAction;
}

export interface PageQuery {
  /** Page size, 1–100; the database takes 100 when absent. */
  limit?: number;
  /** The previous page's next_cursor. */
  cursor?: string;
}

/** A conversation's messages, oldest first, a page at a time, with the actions proposed beside them. */
export async function getConversation(
  sql: Sql,
  user: AuthenticatedUser,
  conversationId: string,
  page: PageQuery = {},
) {
  const { data } = await assistantStep(sql, user, "get_conversation", { conversation_id: conversationId, ...page });
  return data;
}

export interface ActionsQuery extends PageQuery {
  status: string | null;
}

/** The caller's pending actions (or decided ones), newest first, a page at a time. */
export async function listActions(sql: Sql, user: AuthenticatedUser, query: ActionsQuery) {
  const { data } = await assistantStep(sql, user, "list_actions", query);
  return data;
}

// Proposing and confirming a pending action: both run a tool's code (its describer, then the tool itself), so they
// load the registry. Reading, listing and rejecting actions need none of it: ./action-records.ts.
import type { AuthenticatedUser } from "../auth/access-token.ts";
import type { Queryable, Sql } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { findTool } from "../tools/registry.ts";
import { runTool } from "../tools/runner.ts";
import { describeToolCall } from "../tools/describe/describe-tool-call.ts";
import { lockToDecide } from "./action-records.ts";
import { assistantStep } from "./assistant-step.ts";
import type { PendingAction } from "./turn-events.ts";

export interface Proposal {
  /** The tool's dotted name and its input, already validated (validateToolInput). */
  tool: string;
  input: unknown;
  /** The household it runs in; null lets the database take the caller's only one. */
  householdId: string | null;
  /** The assistant's conversation it came from; null for a write called through MCP. */
  conversationId: string | null;
  expiresInSeconds: number;
}

/**
 * Stores a write as a pending action of the household, waiting for a member to confirm or reject it, with its
 * tool's describer's sentence (the names read as the proposer): what the person is asked to confirm.
 */
export async function proposeAction(
  sql: Queryable,
  user: AuthenticatedUser,
  proposal: Proposal,
): Promise<PendingAction> {
  const tool = findTool(proposal.tool);
  if (!tool) throw new AppError("NOT_FOUND", `There is no tool named ${proposal.tool}.`);
  const sentence = await describeToolCall(tool, proposal.input, { sql, user, householdId: proposal.householdId });
  // Describers keep to a line (a push names three lines and counts the rest); the column holds at most 1000.
  const summary = sentence.length > 1000 ? `${sentence.slice(0, 999)}…` : sentence;
  const { data } = await assistantStep<PendingAction>(sql, user, "propose_action", {
    conversation_id: proposal.conversationId,
    tool: proposal.tool,
    input: proposal.input,
    summary,
    expires_in_seconds: proposal.expiresInSeconds,
  }, { householdId: proposal.householdId });
  return data;
}

/**
 * Confirms a pending action: in one transaction the action is locked, its
 * stored input runs through the same tool (validated again) as the
 * confirming user, and the outcome is stored. A second confirm waits for the
 * first and returns its result; the tool runs once. A tool that fails for
 * good (NOT_FOUND, say) still decides the action, with the error as its result.
 */
export async function confirmAction(sql: Sql, user: AuthenticatedUser, actionId: string): Promise<PendingAction> {
  return await sql.begin(async (transaction) => {
    const lock = await lockToDecide(transaction, user, actionId, "confirmed");
    if (lock.repeat) return lock.repeat;
    const { locked } = lock;
    let result: unknown;
    try {
      const tool = findTool(locked.action.tool);
      if (!tool) throw new AppError("NOT_FOUND", `The tool ${locked.action.tool} no longer exists.`);
      const run = await transaction.savepoint((savepoint) =>
        runTool(tool, locked.action.input, {
          user,
          householdId: locked.household_id,
          idempotencyKey: `pending-action:${actionId}`,
          sql: savepoint,
        })
      );
      result = { ok: true, data: run.data };
    } catch (error) {
      // A passing failure (a lock, a conflict with a concurrent change) rolls back and leaves the action
      // pending, so the user can confirm it again; a lasting one is the action's outcome.
      if (!(error instanceof AppError) || error.retryable) throw error;
      result = { ok: false, error: error.toBody() };
    }
    const { data } = await assistantStep<PendingAction>(transaction, user, "decide_action", {
      action_id: actionId,
      status: "confirmed",
      result,
    });
    return data;
  }) as PendingAction;
}

import type { Sql } from "../db/client.ts";
import type { AuthenticatedUser } from "../auth/access-token.ts";
import { AppError, type ErrorType } from "../errors.ts";
import type { AnyTool } from "../tools/define-tool.ts";
import { findTool } from "../tools/registry.ts";
import { runTool, validateToolInput } from "../tools/runner.ts";
import { fromProviderName } from "../tools/tool-names.ts";
import { proposeAction } from "./actions.ts";
import type { ToolUse } from "./model-call.ts";
import { requiresApproval } from "../tools/tool-metadata.ts";
import type { EmitEvent, ToolCallRecord } from "./turn-events.ts";

export interface ToolCallContext {
  sql: Sql;
  user: AuthenticatedUser;
  householdId: string;
  conversationId: string;
  actionTtlSeconds: number;
  toolNames: readonly string[];
  emit: EmitEvent;
}

export interface ToolResultBlock {
  type: "tool_result";
  tool_use_id: string;
  content: string;
  is_error?: boolean;
}

const maxResultCharacters = 20_000;

// What the model can do about each failure: the result text is all it has to work with.
const recoveryHints: Partial<Record<ErrorType, string>> = {
  VALIDATION_ERROR: "Fix the field named in the error and call the tool again with the corrected input.",
  NOT_FOUND: "Look the id up again with a list or search tool; never guess ids.",
  CONFLICT: "Read the current state with a reading tool before trying again.",
  PERMISSION_DENIED: "The user is not allowed to do this; tell them.",
};

function hintFor(error: AppError, tool: AnyTool | undefined, toolUse: ToolUse): string {
  if (!tool) return "Call one of the tools listed in the error, with its name spelled exactly as given there.";
  if (toolUse.argumentError) return "Call the tool again with its arguments as one valid JSON object.";
  return recoveryHints[error.type] ?? "Tell the user what failed; do not retry blindly.";
}

// The summary in the system prompt was not enough: a rejected input brings the tool's full doc along.
function errorResult(error: AppError, tool: AnyTool | undefined, toolUse: ToolUse) {
  return {
    ok: false,
    error: error.toBody(),
    hint: hintFor(error, tool, toolUse),
    ...(tool && error.type === "VALIDATION_ERROR" ? { doc: tool.doc } : {}),
  };
}

function resultBlock(id: string, result: unknown, isError: boolean): ToolResultBlock {
  let content = JSON.stringify(result);
  if (content.length > maxResultCharacters) {
    content = `${content.slice(0, maxResultCharacters)}… (truncated; ask for less, e.g. a smaller limit)`;
  }
  return isError ? { type: "tool_result", tool_use_id: id, content, is_error: true } : {
    type: "tool_result",
    tool_use_id: id,
    content,
  };
}

/**
 * One tool call of the model, through the one runner: unknown names and bad
 * arguments become error results with a hint; tools that need the user's
 * approval are validated and stored as pending actions instead of run.
 */
export async function handleToolUse(
  toolUse: ToolUse,
  context: ToolCallContext,
): Promise<{ block: ToolResultBlock; record: ToolCallRecord }> {
  const toolName = fromProviderName(toolUse.name);
  const tool = toolName ? findTool(toolName) : undefined;
  context.emit({ type: "tool_call_started", id: toolUse.id, name: tool?.name ?? toolUse.name, input: toolUse.input });
  let result: unknown;
  let isError = false;
  try {
    if (!tool) {
      throw new AppError(
        "NOT_FOUND",
        `There is no tool named "${toolUse.name}". Use one of: ${context.toolNames.join(", ")}.`,
      );
    }
    if (toolUse.argumentError) {
      throw new AppError(
        "VALIDATION_ERROR",
        `The arguments for ${toolUse.name} were rejected: ${toolUse.argumentError}.`,
      );
    }
    if (requiresApproval(tool)) {
      const { input } = validateToolInput(tool, toolUse.input, context.householdId);
      const action = await proposeAction(context.sql, context.user, {
        tool: tool.name,
        input,
        householdId: context.householdId,
        conversationId: context.conversationId,
        expiresInSeconds: context.actionTtlSeconds,
      });
      context.emit({ type: "pending_action_created", action });
      result = {
        status: "approval_requested",
        action_id: action.id,
        summary: action.summary,
        message: "Nothing has changed yet: the user must confirm this in the app. Tell them what is waiting " +
          "(the summary says it in words).",
      };
    } else {
      const run = await runTool(tool, toolUse.input, {
        user: context.user,
        householdId: context.householdId,
        sql: context.sql,
      });
      result = { ok: true, data: run.data };
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    result = errorResult(error, tool, toolUse);
    isError = true;
  }
  context.emit({
    type: "tool_call_result",
    id: toolUse.id,
    name: tool?.name ?? toolUse.name,
    result,
    is_error: isError,
  });
  return {
    block: resultBlock(toolUse.id, result, isError),
    record: { id: toolUse.id, name: tool?.name ?? toolUse.name, input: toolUse.input, result, is_error: isError },
  };
}

// The Edge Runtime's Deno 2.1 finds no types for this package's ".js" subpaths; the map's .d.ts names them.
// @ts-types="@modelcontextprotocol/sdk/types.d.ts"
import { type CallToolResult, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { AuthenticatedUser } from "../auth/access-token.ts";
import type { Sql } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { proposeAction } from "../agent/actions.ts";
import type { AnyTool } from "../tools/define-tool.ts";
import { namedHousehold } from "../tools/household-input.ts";
import { findTool } from "../tools/registry.ts";
import { runTool, validateToolInput } from "../tools/runner.ts";
import { fromProviderName } from "../tools/tool-names.ts";
import { awaitingConfirmation } from "./awaiting-confirmation.ts";
import { type McpWrites, waitsForApproval } from "./tool-list.ts";

export interface McpCallContext {
  user: AuthenticatedUser;
  sql: Sql;
  /** The X-Household-Id header, if sent; a `household_id` argument may name the household instead. */
  householdId: string | null;
  writes: McpWrites;
  /** How long a proposed write waits (ASSISTANT_ACTION_TTL_SECONDS, as for the assistant's proposals). */
  actionTtlSeconds: number;
}

function structured(data: Record<string, unknown>): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(data) }], structuredContent: data };
}

/** The envelope's error as the text of an error result; no structuredContent, which would have to fit the schema. */
function failed(error: unknown): CallToolResult {
  if (!(error instanceof AppError)) console.error("mcp: tool call failed", error);
  const known = error instanceof AppError ? error : new AppError("INTERNAL", "The tool failed on the server.");
  return { content: [{ type: "text", text: JSON.stringify({ ok: false, error: known.toBody() }) }], isError: true };
}

/** Validated as the runner would, then stored as a pending action instead of run: the assistant's approval flow. */
async function propose(tool: AnyTool, rawInput: unknown, context: McpCallContext): Promise<CallToolResult> {
  const { input, householdId } = validateToolInput(tool, rawInput, context.householdId);
  const action = await proposeAction(context.sql, context.user, {
    tool: tool.name,
    input,
    // A user-scoped write (household.join) still waits in a household: the named one, or the only one.
    householdId: householdId ?? namedHousehold(context.householdId, null),
    conversationId: null,
    expiresInSeconds: context.actionTtlSeconds,
  });
  return structured(awaitingConfirmation(action));
}

/**
 * A tools/call: the name mapped back (planner__add_meal → planner.add_meal), then the same runner, household
 * rules and row-level security as HTTP. A write waits for confirmation unless MCP_WRITES=run. Expected failures
 * are error results carrying the envelope's error; an unknown tool is a protocol error, as MCP specifies.
 */
export async function callMcpTool(name: string, args: unknown, context: McpCallContext): Promise<CallToolResult> {
  const toolName = fromProviderName(name);
  const tool = toolName ? findTool(toolName) : undefined;
  if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}. tools/list lists them.`);
  try {
    if (waitsForApproval(tool, context.writes)) return await propose(tool, args ?? {}, context);
    const run = await runTool(tool, args ?? {}, {
      user: context.user,
      householdId: context.householdId,
      sql: context.sql,
    });
    return structured(run.data as Record<string, unknown>);
  } catch (error) {
    return failed(error);
  }
}

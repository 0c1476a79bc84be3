import assert from "node:assert/strict";
import type { HistoryEntry } from "../../shared/tools/history/results.ts";
import { callToolOk } from "./tools-client.ts";
import type { TestUser } from "./stack.ts";

/**
 * The newest write of the household as history.list shows it to the user (in the household named, else the user's
 * default). When a tool is named, the write must be that tool's.
 */
export async function lastWrite(
  user: TestUser,
  options: { tool?: string; householdId?: string } = {},
): Promise<HistoryEntry> {
  const { entries } = await callToolOk(user, "history.list", { limit: 1 }, { householdId: options.householdId });
  if (options.tool !== undefined) assert.equal(entries[0].tool, options.tool);
  return entries[0];
}

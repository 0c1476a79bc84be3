import { z } from "zod";
import { defineTool } from "./define-tool.ts";
import { idField, pageFields } from "./fields.ts";
import { historyDocs } from "./docs/history.ts";
import { HistoryListResult, HistoryUndoResult } from "./results.ts";

export const listHistory = defineTool({
  name: "history.list",
  ...historyDocs.list,
  effect: "read",
  inputSchema: z.strictObject(pageFields(20)),
  outputSchema: HistoryListResult,
});

export const undo = defineTool({
  name: "history.undo",
  ...historyDocs.undo,
  effect: "write",
  // It reverses one write, which the history shows; what it cannot reverse exactly it refuses.
  risk: "medium",
  inputSchema: z.strictObject({
    invocation_id: idField("The write to undo (from history.list); absent: the household's last write.").optional(),
  }),
  outputSchema: HistoryUndoResult,
});

export const historyTools = [listHistory, undo];

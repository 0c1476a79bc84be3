// What the history tools' SQL functions return (private.invoke's "data"). The rules every shape follows are in
// ../result-fields.ts.
import * as z from "zod";
import { nextCursor } from "../fields.ts";
import { id, timestamp } from "../result-fields.ts";

export const HistoryEntry = z.strictObject({
  invocation_id: id,
  tool: z.string(),
  user_id: id,
  created_at: timestamp,
  summary: z.string(),
  undone: z.boolean(),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

export const HistoryListResult = z.strictObject({ entries: z.array(HistoryEntry), next_cursor: nextCursor });
export type HistoryListResult = z.infer<typeof HistoryListResult>;

/**
 * history.undo: `inverse` is what the undo did, as a write (a tool's name, its reply, and the write whose rows it
 * moved): undoing this undo (a redo) undoes that write.
 */
export const HistoryUndoResult = z.strictObject({
  undone_invocation_id: id,
  undone_tool: z.string(),
  undone_summary: z.string(),
  message: z.string(),
  inverse: z.strictObject({
    tool: z.string(),
    response: z.unknown(),
    invocation_id: id.nullable(),
  }),
});
export type HistoryUndoResult = z.infer<typeof HistoryUndoResult>;

import * as z from "zod";
import { defineTool } from "../define-tool.ts";
import { idField, pageFields } from "../fields.ts";
import { historyDocs } from "./docs.ts";
import { type HistoryEntry, HistoryListResult, HistoryUndoResult } from "./results.ts";
import { callDescriber, type ReadNames, type ToolLookup } from "../describe/call-describer.ts";
import { Names, type Recorded } from "../describe/names.ts";
import { AppError } from "../../errors.ts";
import { lowerFirst } from "../describe/wording.ts";

/** An entry as app.history_list answers it: with the input its describer reads (null when it was not kept). */
interface RecordedEntry extends HistoryEntry {
  input: Record<string, unknown> | null;
  recorded: Recorded;
}

/**
 * history.list and history.undo. Their sentences describe calls of any tool, history's own too, so they find tools
 * through `findTool`, handed in by the registry that holds them (importing the registry here would be a circle).
 */
export function historyTools(findTool: ToolLookup) {
  const { describeCall, describeCalls, namesFor } = callDescriber(findTool);

  const listHistory = defineTool({
    name: "history.list",
    ...historyDocs.list,
    effect: "read",
    inputSchema: z.strictObject(pageFields(20)),
    outputSchema: HistoryListResult,
    // Each entry's summary is its tool's describer's sentence, the same a proposal of it showed; a write recorded
    // without its input keeps the summary it was recorded with.
    execute: async (input, context) => {
      const page = await context.invoke<{ entries: RecordedEntry[]; next_cursor: string | null }>(
        "app.history_list",
        input,
      );
      const sentences = await describeCalls(
        page.entries.map((entry) => ({
          tool: entry.tool,
          input: entry.input,
          recorded: entry.recorded,
          fallback: entry.summary,
        })),
        context.readNames,
      );
      return {
        entries: page.entries.map(({ input: _input, recorded: _recorded, ...entry }, index) => ({
          ...entry,
          summary: sentences[index],
        })),
        next_cursor: page.next_cursor,
      };
    },
  });

  const undo = defineTool({
    name: "history.undo",
    ...historyDocs.undo,
    effect: "write",
    // It reverses one write, which the history shows; what it cannot reverse exactly it refuses.
    risk: "medium",
    inputSchema: z.strictObject({
      invocation_id: idField("The write to undo (from history.list); absent: the household's last write.").optional(),
    }),
    outputSchema: HistoryUndoResult,
    describe: (input, names) => {
      if (input.invocation_id === undefined) return "Undo the household's last change";
      const undone = names.describeInvocation(input.invocation_id);
      return undone === null ? "Undo a change that is no longer in the history" : `Undo: ${lowerFirst(undone)}`;
    },
    // undone_summary is the undone write's describer's sentence.
    execute: async (input, context) => {
      const result = await context.invoke<HistoryUndoResult>("app.history_undo", input);
      return { ...result, undone_summary: await undoneSentence(result, context.readNames) };
    },
  });

  /**
   * The sentence of the write an undo undid. A member who undid their own join is no longer in the household, so its
   * names cannot be read: then the write is told in general words.
   */
  async function undoneSentence(result: HistoryUndoResult, readNames: ReadNames): Promise<string> {
    try {
      const names = await namesFor([{ invocation_id: result.undone_invocation_id }], readNames);
      const sentence = names.describeInvocation(result.undone_invocation_id);
      if (sentence !== null) return sentence;
    } catch (error) {
      if (!(error instanceof AppError) || error.type !== "NOT_FOUND") throw error;
    }
    return describeCall({ tool: result.undone_tool, input: null }, new Names({}));
  }

  return [listHistory, undo];
}

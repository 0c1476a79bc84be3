/// <reference lib="dom" />
// Which recorded write a change just made was. A write's reply does not carry its invocation id (the envelope holds
// only the tool's data), so the app reads it back from history.list: the newest entry of that tool by this person
// that is not undone. Read right after the write, before anything else this person does, it is that write.
import type { HistoryListOutput } from "@meal-planner/client/tools-client.generated.ts";
import { type Api, ApiError, asApiError } from "../api.ts";

/** An undo's refusal as a sentence: "Could not undo: the household's name was changed by a later write; …". */
export function undoRefusal(caught: unknown): ApiError {
  const error = asApiError(caught);
  return new ApiError(error.type, `Could not undo: ${error.message}`, error.status, error.retryable, error.details);
}

/** One entry of history.list: its summary is the tool's describer's sentence (the API sends no other). */
export type HistoryEntryView = HistoryListOutput["entries"][number];

// Until every tool has a describer, some entries' summary is only the tool's name: they read as these words.
const plainWords: Record<string, string> = {
  "household.rename": "Renamed the household.",
  "household.set_role": "Changed a member's role.",
  "household.set_default": "Chose the household that opens at sign-in.",
  "planner.add_meal": "Planned a meal.",
  "planner.move_meal": "Moved a meal.",
  "grocery.add_item": "Added an item to a list.",
  "grocery.uncheck_item": "Unchecked an item.",
  "grocery.sync_plan": "Brought the list up to date with the week.",
};

/** The words an entry is shown in: its summary, unless that is only the tool's name. */
export function entrySentence(entry: Pick<HistoryEntryView, "tool" | "summary">): string {
  const given = entry.summary.trim();
  if (given && given !== entry.tool) return given;
  if (plainWords[entry.tool]) return plainWords[entry.tool];
  const [group, action = ""] = entry.tool.split(".");
  return `${group.charAt(0).toUpperCase()}${group.slice(1)}: ${action.replaceAll("_", " ")}.`;
}

export async function findOwnWrite(api: Api, tool: string, userId: string): Promise<HistoryEntryView | null> {
  const { entries } = await api.tools().history.list({ limit: 20 });
  return entries.find((entry) => entry.tool === tool && entry.user_id === userId && !entry.undone) ?? null;
}

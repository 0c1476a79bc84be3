/// <reference lib="dom" />
// Which recorded write a change just made was. A write's reply does not carry its invocation id (the envelope holds
// only the tool's data), so the app reads it back from history.list: the newest entry of that tool by this person
// that is not undone. Read right after the write, before anything else this person does, it is that write.
import type { Api } from "../api.ts";

export interface HistoryEntryView {
  invocation_id: string;
  tool: string;
  user_id: string;
  created_at: string;
  summary: string;
  undone: boolean;
  /** The describer's sentence, where the API gives one beside the summary. */
  description?: string;
}

/** The words an entry is shown in: the describer's sentence where there is one, else the summary. */
export function entrySentence(entry: { summary?: string | null; description?: string | null }): string {
  return entry.description?.trim() || entry.summary?.trim() || "A change";
}

export async function findOwnWrite(api: Api, tool: string, userId: string): Promise<HistoryEntryView | null> {
  const { entries } = await api.tools().history.list({ limit: 20 });
  return (entries as HistoryEntryView[]).find((entry) =>
    entry.tool === tool && entry.user_id === userId && !entry.undone
  ) ?? null;
}

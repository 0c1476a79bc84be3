/// <reference lib="dom" />
// The household's recent changes in words, newest first, a page at a time, each with its Undo. Who made a change
// is the member's display name, else their email (or "you"); a refusal to undo is the API's sentence beside the entry.
import { useState } from "preact/hooks";
import { type ApiError, asApiError } from "../../api.ts";
import { ErrorMessage } from "../../components/error-message.tsx";
import type { HistoryEntryView } from "../../components/undo-invocation.ts";
import { useApp } from "../../context.ts";
import { useLoad } from "../../hooks/use-load.ts";
import { HistoryEntryRow } from "./history-entry.tsx";

const pageSize = 20;

export function HistoryScreen() {
  const { api, household, session, refreshHouseholds } = useApp();
  const [older, setOlder] = useState<HistoryEntryView[]>([]);
  const [cursor, setCursor] = useState<string | null | undefined>(undefined);
  const [error, setError] = useState<ApiError | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const members = useLoad(() => api.tools().household.get({}), [api, household.id]);
  const first = useLoad(async () => {
    const page = await api.tools().history.list({ limit: pageSize });
    setOlder([]);
    setCursor(page.next_cursor);
    return page.entries;
  }, [api, household.id]);

  const emails = new Map(
    members.data?.households.find((each) => each.id === household.id)?.members.map((
      member,
    ) => [member.user_id, member.display_name ?? member.email]) ?? [],
  );
  const who = (userId: string) =>
    userId === session.user.id ? "You" : emails.get(userId) ?? (members.data ? "A former member" : "A member");

  // An undo can change what the shell shows too (a household's name, a membership).
  const afterUndo = () => Promise.all([first.reload(), refreshHouseholds()]);

  async function showOlder() {
    if (!cursor) return;
    setLoadingMore(true);
    setError(null);
    try {
      const page = await api.tools().history.list({ limit: pageSize, cursor });
      setOlder((current) => [...current, ...page.entries]);
      setCursor(page.next_cursor);
    } catch (caught) {
      setError(asApiError(caught));
    } finally {
      setLoadingMore(false);
    }
  }

  const entries = [...(first.data ?? []), ...older];
  return (
    <section class="history-screen" aria-labelledby="history-heading">
      <h1 id="history-heading">History</h1>
      <p class="hint">
        The household's changes of the last 7 days, newest first. Undo one if nothing since depends on it.
      </p>
      {first.data === undefined ? <p class="loading">Loading the history…</p> : null}
      {first.data && entries.length === 0 ? <p>No changes yet.</p> : null}
      <ol class="history-list">
        {entries.map((entry) => (
          <HistoryEntryRow key={entry.invocation_id} entry={entry} who={who(entry.user_id)} onUndone={afterUndo} />
        ))}
      </ol>
      {cursor
        ? (
          <button type="button" class="secondary" onClick={showOlder} disabled={loadingMore}>
            {loadingMore ? "Loading…" : "Show older changes"}
          </button>
        )
        : null}
      <ErrorMessage error={error} />
    </section>
  );
}

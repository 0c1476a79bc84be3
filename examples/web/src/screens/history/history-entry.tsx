/// <reference lib="dom" />
import { useRef, useState } from "preact/hooks";
import { formatMoment } from "@meal-planner/client/dates.ts";
import type { ApiError } from "../../api.ts";
import { ErrorMessage } from "../../components/error-message.tsx";
import { entrySentence, type HistoryEntryView, undoRefusal } from "../../components/undo-invocation.ts";
import { useApp } from "../../context.ts";

/** One change: what, who, when; Undo (Redo for an undo) unless it was undone. */
export function HistoryEntryRow(
  { entry, who, onUndone }: { entry: HistoryEntryView; who: string; onUndone: () => unknown },
) {
  const { api, announce } = useApp();
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  // The button goes once the entry is undone: focus moves to its sentence so the keyboard user stays on the entry.
  const sentenceElement = useRef<HTMLSpanElement>(null);
  const sentence = entrySentence(entry);
  const when = formatMoment(entry.created_at);
  const isUndo = entry.tool === "history.undo";

  async function undo() {
    setBusy(true);
    setError(null);
    try {
      await api.tools().history.undo({ invocation_id: entry.invocation_id }, api.once());
      // The describer's words: the undo's own message names the tool ("Undid grocery.check_item on milk.").
      announce(`${isUndo ? "Redone" : "Undone"}: ${sentence}`);
      sentenceElement.current?.focus();
      onUndone();
    } catch (caught) {
      setError(undoRefusal(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <li class={entry.undone ? "history-entry undone" : "history-entry"}>
      <span class="history-sentence" ref={sentenceElement} tabIndex={-1}>{sentence}</span>
      <span class="history-meta">
        {who} · <time dateTime={entry.created_at}>{when}</time>
        {entry.undone ? " · undone" : ""}
      </span>
      {entry.undone ? null : (
        <button
          type="button"
          class="secondary"
          onClick={undo}
          disabled={busy}
          aria-label={`${isUndo ? "Redo" : "Undo"}: ${sentence}`}
        >
          {isUndo ? "Redo" : "Undo"}
        </button>
      )}
      <ErrorMessage error={error} />
    </li>
  );
}

/// <reference lib="dom" />
// The writes the assistant proposed, waiting for a person: each as a sentence with Confirm and Reject. Confirming
// runs the write as the person (POST /assistant/actions/<id>/confirm); the outcome is said in words, with Undo.
import { useState } from "preact/hooks";
import { ApiError, asApiError } from "../../api.ts";
import { ErrorMessage } from "../../components/error-message.tsx";
import type { UndoOffer } from "../../components/undo-button.tsx";
import { useApp } from "../../context.ts";
import { actionSentence } from "./action-sentence.ts";
import type { PendingAction } from "./chat-stream.ts";

export function PendingActions(
  { actions, onDecided, onFailed, offer }: {
    actions: PendingAction[];
    onDecided: (action: PendingAction) => void;
    onFailed: (error: ApiError) => void;
    offer: (offer: UndoOffer) => void;
  },
) {
  if (actions.length === 0) return null;
  return (
    <section class="card pending-actions" aria-labelledby="pending-heading">
      <h2 id="pending-heading">Waiting for you</h2>
      <ul>
        {actions.map((action) => (
          <PendingActionRow
            key={action.id}
            action={action}
            onDecided={onDecided}
            onFailed={onFailed}
            offer={offer}
          />
        ))}
      </ul>
    </section>
  );
}

function PendingActionRow(
  { action, onDecided, onFailed, offer }: {
    action: PendingAction;
    onDecided: (action: PendingAction) => void;
    onFailed: (error: ApiError) => void;
    offer: (offer: UndoOffer) => void;
  },
) {
  const { api, announce } = useApp();
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const sentence = actionSentence(action);

  async function decide(decision: "confirm" | "reject") {
    setBusy(true);
    setError(null);
    try {
      const decided = await api.post<PendingAction>(`assistant/actions/${encodeURIComponent(action.id)}/${decision}`);
      if (decided.result && decided.result.ok === false) {
        // The action is decided (it leaves the list), so its failure is said where the list was.
        const reason = decided.result.error?.message ?? "it could not be done";
        onFailed(new ApiError("ACTION_FAILED", `Not done: ${sentence}. ${reason}`, null));
      } else if (decision === "confirm") {
        announce(`Done: ${sentence}`);
        offer({ tool: action.tool, sentence: `Done: ${sentence}` });
      } else {
        announce(`Rejected: ${sentence}`);
      }
      onDecided(decided);
    } catch (caught) {
      setError(asApiError(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <li class="pending-action">
      <span class="action-sentence">{sentence}</span>
      <span class="action-buttons">
        <button type="button" disabled={busy} onClick={() => decide("confirm")} aria-label={`Confirm: ${sentence}`}>
          Confirm
        </button>
        <button
          type="button"
          class="secondary"
          disabled={busy}
          onClick={() => decide("reject")}
          aria-label={`Reject: ${sentence}`}
        >
          Reject
        </button>
      </span>
      <ErrorMessage error={error} />
    </li>
  );
}

/// <reference lib="dom" />
// "Undo" for one write, shown right after it: history.undo with the write's invocation id. A refusal (a later
// change depends on it) is the API's sentence, shown beside the button.
import { useEffect, useRef, useState } from "preact/hooks";
import type { ApiError } from "../api.ts";
import { useApp } from "../context.ts";
import { ErrorMessage } from "./error-message.tsx";
import { findOwnWrite, undoRefusal } from "./undo-invocation.ts";

export interface UndoOffer {
  /** The tool that made the change, `group.action`. */
  tool: string;
  /** What happened, in words: "Renamed the household to The Okafors." */
  sentence: string;
  /** The write's invocation id when known; otherwise it is read back from the history. */
  invocationId?: string;
}

type State = "finding" | "ready" | "undoing" | "undone" | "unavailable";

export function UndoButton(
  { offer, onUndone, onDismiss }: { offer: UndoOffer; onUndone?: () => void; onDismiss?: () => void },
) {
  const { api, session, announce } = useApp();
  const [invocationId, setInvocationId] = useState(offer.invocationId);
  const [state, setState] = useState<State>(offer.invocationId ? "ready" : "finding");
  const [error, setError] = useState<ApiError | null>(null);
  // The Undo button goes once used: focus moves to the sentence, so a keyboard user stays where they were.
  const sentence = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (offer.invocationId) return;
    findOwnWrite(api, offer.tool, session.user.id)
      .then((entry) => {
        setInvocationId(entry?.invocation_id);
        setState(entry ? "ready" : "unavailable");
      })
      .catch(() => setState("unavailable"));
  }, [offer]);

  async function undo() {
    if (!invocationId) return;
    setState("undoing");
    setError(null);
    try {
      await api.tools().history.undo({ invocation_id: invocationId }, api.once());
      setState("undone");
      requestAnimationFrame(() => sentence.current?.focus());
      // The describer's words: the undo's own message names the tool ("Undid grocery.check_item on milk.").
      announce(`Undone: ${offer.sentence}`);
      onUndone?.();
    } catch (caught) {
      setError(undoRefusal(caught));
      setState("ready");
    }
  }

  return (
    <div class="undo-offer" role="group" aria-label="Last change">
      <span class="undo-sentence" ref={sentence} tabIndex={-1}>
        {state === "undone" ? `Undone: ${offer.sentence}` : offer.sentence}
      </span>
      {state === "ready" || state === "undoing"
        ? (
          <button type="button" class="secondary" onClick={undo} disabled={state === "undoing"}>
            {state === "undoing" ? "Undoing…" : "Undo"}
          </button>
        )
        : null}
      {onDismiss ? <button type="button" class="link" onClick={onDismiss}>Dismiss</button> : null}
      <ErrorMessage error={error} />
    </div>
  );
}

/// <reference lib="dom" />
// A screen's "last change" slot: call `offer` after a write, render `undo` where the change was made.
//
//   const { offer, undo } = useUndoOffer(list.reload);          // reload: what to read again after an undo
//   await api.tools().grocery.addItem(input, api.once());
//   offer({ tool: "grocery.add_item", sentence: `Added ${name}.` });
//   …
//   return <section>{undo}…</section>;
//
// The write's invocation is found in the history (its reply does not carry the id); an undo that a later change
// blocks is refused in the API's words beside the button.
import { useState } from "preact/hooks";
import { UndoButton, type UndoOffer } from "./undo-button.tsx";

export function useUndoOffer(onUndone?: () => void) {
  const [offer, setOffer] = useState<(UndoOffer & { key: number }) | null>(null);
  const undo = offer
    ? <UndoButton key={offer.key} offer={offer} onUndone={onUndone} onDismiss={() => setOffer(null)} />
    : null;
  return { offer: (next: UndoOffer) => setOffer({ ...next, key: Date.now() }), clear: () => setOffer(null), undo };
}

/// <reference lib="dom" />
// A screen's "last change" slot: call `offer` after a write, render `undo` where the change was made.
import { useState } from "preact/hooks";
import { UndoButton, type UndoOffer } from "./undo-button.tsx";

export function useUndoOffer(onUndone?: () => void) {
  const [offer, setOffer] = useState<(UndoOffer & { key: number }) | null>(null);
  const undo = offer
    ? <UndoButton key={offer.key} offer={offer} onUndone={onUndone} onDismiss={() => setOffer(null)} />
    : null;
  return { offer: (next: UndoOffer) => setOffer({ ...next, key: Date.now() }), clear: () => setOffer(null), undo };
}

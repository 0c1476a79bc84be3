/// <reference lib="dom" />
// The ticked items, in a section of their own at the end of the list: out of the way of what is left to buy, and
// open by default, so a tick by mistake is one tap from undone. The latest tick first; each says who got it. The
// heading's button folds the section away for someone who wants only what is left.
import { useId, useState } from "preact/hooks";
import type { ShoppingList } from "../../live/shopping-list.ts";
import type { ShownItem } from "../../offline/pending-overlay.ts";
import { ItemRow } from "./item-row.tsx";

/** The latest tick first; a tick still on its way (no time yet) before all; then by name, for a stable order. */
export function gotItOrder(items: readonly ShownItem[]): ShownItem[] {
  const time = (item: ShownItem) => item.checked_at === null ? Infinity : Date.parse(item.checked_at);
  return [...items].sort((first, second) =>
    time(second) - time(first) || first.name.localeCompare(second.name) || first.id.localeCompare(second.id)
  );
}

export function GotIt(
  { items, list, me, onRemove }: {
    items: ShownItem[];
    list: ShoppingList;
    me: string;
    onRemove: (item: ShownItem) => void;
  },
) {
  const [open, setOpen] = useState(true);
  const listId = useId();
  if (items.length === 0) return null;
  return (
    <section class="got-it" aria-label="Got it">
      <h2>
        <button
          type="button"
          class="got-it-toggle"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen(!open)}
        >
          Got it ({items.length})
        </button>
      </h2>
      <ul class="items" id={listId} hidden={!open}>
        {gotItOrder(items).map((item) => (
          <ItemRow
            key={item.id}
            item={item}
            list={list}
            me={me}
            onRemove={() => onRemove(item)}
          />
        ))}
      </ul>
    </section>
  );
}

/// <reference lib="dom" />
// The items, grouped by aisle in the household's order where the server gives each item its aisle (one group
// otherwise), in a stable order by name: a tick by anyone never moves a line from under someone's finger.
import { useLayoutEffect, useRef, useState } from "preact/hooks";
import { type ApiError, asApiError } from "../../api.ts";
import { ErrorMessage } from "../../components/error-message.tsx";
import { useApp } from "../../context.ts";
import type { ShoppingList } from "../../live/shopping-list.ts";
import type { ShoppingListView } from "../../live/use-shopping-list.ts";
import type { ShownItem } from "../../offline/pending-overlay.ts";
import { localIdPrefix, type QueuedCall } from "../../offline/queue.ts";
import { groupByAisle } from "./aisles.ts";
import { ItemRow } from "./item-row.tsx";

export function ItemGroups({ view, list }: { view: ShoppingListView; list: ShoppingList }) {
  const { api, announce } = useApp();
  const [removed, setRemoved] = useState<QueuedCall | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const groups = groupByAisle(view.items, view.state.aisleOrder);
  const aisles = groups.some((group) => group.category !== null);
  const container = useRef<HTMLDivElement>(null);
  const [focusIn, focusOut] = useFocusKeptOnConfirmedItems(container);

  async function remove(item: ShownItem) {
    setRemoved(await list.act("grocery.remove_item", { grocery_item_id: item.id }, item.name));
    announce(`Removed ${item.name}.`);
  }

  // A removal still waiting is simply never sent; one the server applied is restored.
  async function undoRemove() {
    if (!removed) return;
    setError(null);
    try {
      if (await isStillQueued(list, removed)) await list.dismiss(removed.id);
      else {
        await api.tools().grocery.restoreItem({ grocery_item_id: String(removed.input.grocery_item_id) }, api.once());
        await list.sync.pull();
      }
      announce(`Put ${removed.itemName} back.`);
      setRemoved(null);
    } catch (caught) {
      setError(asApiError(caught));
    }
  }

  return (
    <div class="item-groups" ref={container} onFocusIn={focusIn} onFocusOut={focusOut}>
      {removed
        ? (
          <p class="undo-bar">
            Removed {removed.itemName}.{" "}
            <button type="button" class="secondary" onClick={undoRemove}>Undo remove</button>
            <ErrorMessage error={error} />
          </p>
        )
        : null}
      {view.items.length === 0 ? <p class="empty">Nothing on this list yet.</p> : null}
      {groups.map((group) => (
        <section key={group.category ?? ""} class="aisle" aria-label={aisles ? group.label : "Items"}>
          {aisles ? <h2>{group.label}</h2> : null}
          <ul class="items">
            {group.items.map((item) => (
              <ItemRow
                key={item.id}
                item={item}
                list={list}
                onRemove={() => remove(item)}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

async function isStillQueued(list: ShoppingList, call: QueuedCall): Promise<boolean> {
  return (await list.queuedCalls()).some((queued) => queued.id === call.id && queued.status === "pending");
}

/** A row's controls in tab order: its checkbox, then its buttons. */
function controlsOf(row: Element): HTMLElement[] {
  return [...row.querySelectorAll<HTMLElement>("input, button, select")];
}

/**
 * An item added while offline (or not yet answered) is shown under a local id until the server confirms it; then
 * it is a new row under its real id, often in another aisle, and the control that had the keyboard's focus is
 * gone. Focus moves to the same control of the confirmed row (same name), so a keyboard user is not sent back to
 * the top of the page. Returns the focusin and focusout handlers that remember where the focus is (a move out of
 * the items forgets it; a row taken away moves it nowhere, so it is kept).
 */
function useFocusKeptOnConfirmedItems(container: { current: HTMLDivElement | null }) {
  const last = useRef<{ id: string; name: string; control: number } | null>(null);
  useLayoutEffect(() => {
    const remembered = last.current;
    const root = container.current;
    if (!remembered || !root || !remembered.id.startsWith(localIdPrefix)) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    const rows = [...root.querySelectorAll<HTMLElement>("li[data-item-id]")];
    if (rows.some((row) => row.dataset.itemId === remembered.id)) return;
    const confirmed = rows.find((row) => row.dataset.item === remembered.name && !row.classList.contains("pending"));
    if (!confirmed) return;
    const controls = controlsOf(confirmed);
    (controls[remembered.control] ?? controls[0])?.focus();
  });
  const focusIn = (event: FocusEvent) => {
    const target = event.target as HTMLElement;
    const row = target.closest<HTMLElement>("li[data-item-id]");
    last.current = row
      ? { id: row.dataset.itemId!, name: row.dataset.item!, control: controlsOf(row).indexOf(target) }
      : null;
  };
  const focusOut = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (next && !container.current?.contains(next)) last.current = null;
  };
  return [focusIn, focusOut] as const;
}

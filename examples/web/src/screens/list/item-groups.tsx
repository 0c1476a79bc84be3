/// <reference lib="dom" />
// What is left to buy, grouped by aisle in the household's order where the server gives each item its aisle (one
// group otherwise), in a stable order by name; then what was got, in a section of its own at the end. A tick moves
// its line there, for everyone on the list.
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { type ApiError, asApiError } from "../../api.ts";
import { ErrorMessage } from "../../components/error-message.tsx";
import { useApp } from "../../context.ts";
import type { ShoppingList } from "../../live/shopping-list.ts";
import type { ShoppingListView } from "../../live/use-shopping-list.ts";
import type { ShownItem } from "../../offline/pending-overlay.ts";
import { localIdPrefix, type QueuedCall } from "../../offline/queue.ts";
import { groupByAisle } from "./aisles.ts";
import { GotIt } from "./got-it.tsx";
import { ItemRow } from "./item-row.tsx";

export function ItemGroups({ view, list }: { view: ShoppingListView; list: ShoppingList }) {
  const { api, announce, session } = useApp();
  const [removed, setRemoved] = useState<QueuedCall | null>(null);
  // A removal takes the row, and the Remove button that had the focus, away: the focus goes to Undo remove (without
  // scrolling), so the keys are not sent back to the top of the page.
  const undoButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (removed && (!document.activeElement || document.activeElement === document.body)) {
      undoButton.current?.focus({ preventScroll: true });
    }
  }, [removed]);
  const [error, setError] = useState<ApiError | null>(null);
  const toBuy = view.items.filter((item) => !item.checked);
  const got = view.items.filter((item) => item.checked);
  const groups = groupByAisle(toBuy, view.state.aisleOrder);
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
            <button type="button" class="secondary" ref={undoButton} onClick={undoRemove}>Undo remove</button>
            <ErrorMessage error={error} />
          </p>
        )
        : null}
      {view.items.length === 0 ? <p class="empty">Nothing on this list yet.</p> : null}
      {view.items.length > 0 && toBuy.length === 0 ? <p class="empty">You have got everything on this list.</p> : null}
      {groups.map((group) => (
        <section key={group.category ?? ""} class="aisle" aria-label={aisles ? group.label : "Items"}>
          {aisles ? <h2>{group.label}</h2> : null}
          <ul class="items">
            {group.items.map((item) => (
              <ItemRow
                key={item.id}
                item={item}
                list={list}
                me={session.user.id}
                onRemove={() => remove(item)}
              />
            ))}
          </ul>
        </section>
      ))}
      <GotIt items={got} list={list} me={session.user.id} onRemove={remove} />
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
 * A row's control that had the keyboard's focus can go from under it: an item added while offline (or not yet
 * answered) is shown under a local id until the server confirms it, then it is a new row under its real id, often in
 * another aisle; a tick moves a row to the "Got it" section and an untick back. Focus then moves to the same control
 * of the confirmed row (same name), or, for a moved row, of the row that came after it (the next thing to buy), so
 * a keyboard user is not sent back to the top of the page. Only focus the keyboard gave (`:focus-visible`) is moved
 * on: a tap on a checkbox never scrolls the page. Returns the focusin and focusout handlers that remember where the
 * focus is (a move out of the items forgets it; a row taken away moves it nowhere, so it is kept).
 */
function useFocusKeptOnConfirmedItems(container: { current: HTMLDivElement | null }) {
  const last = useRef<{ id: string; name: string; control: number; byKeyboard: boolean; nextId?: string } | null>(
    null,
  );
  useLayoutEffect(() => {
    const remembered = last.current;
    const root = container.current;
    if (!remembered || !root) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    const rows = [...root.querySelectorAll<HTMLElement>("li[data-item-id]")];
    const byId = (id: string | undefined) => rows.find((row) => row.dataset.itemId === id);
    let target: HTMLElement | undefined;
    if (remembered.id.startsWith(localIdPrefix)) {
      if (byId(remembered.id)) return;
      target = rows.find((row) => row.dataset.item === remembered.name && !row.classList.contains("pending"));
    } else if (remembered.byKeyboard && byId(remembered.id)) {
      target = byId(remembered.nextId) ?? byId(remembered.id);
    }
    if (!target) return;
    const controls = controlsOf(target);
    (controls[remembered.control] ?? controls[0])?.focus();
  });
  const focusIn = (event: FocusEvent) => {
    const target = event.target as HTMLElement;
    const row = target.closest<HTMLElement>("li[data-item-id]");
    const next = row?.nextElementSibling as HTMLElement | null | undefined;
    last.current = row
      ? {
        id: row.dataset.itemId!,
        name: row.dataset.item!,
        control: controlsOf(row).indexOf(target),
        byKeyboard: target.matches(":focus-visible"),
        nextId: next?.dataset.itemId,
      }
      : null;
  };
  const focusOut = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (next && !container.current?.contains(next)) return void (last.current = null);
    // Focus that went nowhere from a control still on the page was put down (a click on the page), not taken away
    // with its row: known once the render that may be removing the row is done.
    const left = event.target as HTMLElement;
    const remembered = last.current;
    if (!next) {
      queueMicrotask(() => {
        if (left.isConnected && last.current === remembered && document.activeElement === document.body) {
          last.current = null;
        }
      });
    }
  };
  return [focusIn, focusOut] as const;
}

/// <reference lib="dom" />
// The items, grouped by aisle in the household's order where the server gives each item its aisle (one group
// otherwise), in a stable order by name: a tick by anyone never moves a line from under someone's finger.
import { useState } from "preact/hooks";
import { type ApiError, asApiError } from "../../api.ts";
import { ErrorMessage } from "../../components/error-message.tsx";
import { useApp } from "../../context.ts";
import type { ShoppingList } from "../../live/shopping-list.ts";
import type { ShoppingListView } from "../../live/use-shopping-list.ts";
import type { ShownItem } from "../../offline/pending-overlay.ts";
import type { QueuedCall } from "../../offline/queue.ts";
import { groupByAisle } from "./aisles.ts";
import { ItemRow } from "./item-row.tsx";

export function ItemGroups({ view, list }: { view: ShoppingListView; list: ShoppingList }) {
  const { api, announce } = useApp();
  const [removed, setRemoved] = useState<QueuedCall | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const groups = groupByAisle(view.items, view.state.aisleOrder);
  const aisles = groups.some((group) => group.category !== null);

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
    <div class="item-groups">
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

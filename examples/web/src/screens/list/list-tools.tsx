/// <reference lib="dom" />
// Clear the ticked items (with an undo that puts them back); needs the server, and says so offline.
import { useState } from "preact/hooks";
import { type ApiError, asApiError } from "../../api.ts";
import { ErrorMessage } from "../../components/error-message.tsx";
import { useApp } from "../../context.ts";
import type { ShoppingList } from "../../live/shopping-list.ts";
import type { ShoppingListView } from "../../live/use-shopping-list.ts";

export function ListTools(
  { list, view, onChanged }: { list: ShoppingList; view: ShoppingListView | null; onChanged: () => Promise<void> },
) {
  const { api, announce } = useApp();
  const [cleared, setCleared] = useState<string[] | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const checkedCount = view?.items.filter((item) => item.checked).length ?? 0;

  async function run(action: () => Promise<void>) {
    setError(null);
    try {
      await action();
      await list.sync.pull();
      await onChanged();
    } catch (caught) {
      setError(asApiError(caught));
    }
  }

  const clear = () =>
    run(async () => {
      // Ticks still waiting to be sent go first: the server clears what it has ticked, and a tick made just before
      // the click would otherwise reach it after the clear and stay on the list, ticked.
      await list.flush();
      const result = await api.tools().grocery.clearChecked({ grocery_list_id: list.listId }, api.once());
      setCleared(result.removed_item_ids);
      announce(`Cleared ${result.removed_count} ticked ${result.removed_count === 1 ? "item" : "items"}.`);
    });

  const undo = () =>
    run(async () => {
      for (const id of cleared ?? []) {
        await api.tools().grocery.restoreItem({ grocery_item_id: id }, api.once());
      }
      announce(`Put back ${cleared?.length ?? 0} cleared ${cleared?.length === 1 ? "item" : "items"}.`);
      setCleared(null);
    });

  return (
    <div class="list-tools">
      <button type="button" class="secondary" onClick={clear} disabled={checkedCount === 0}>
        Clear ticked items{checkedCount ? ` (${checkedCount})` : ""}
      </button>
      {cleared && cleared.length > 0
        ? (
          <p class="undo-bar">
            Cleared {cleared.length} {cleared.length === 1 ? "item" : "items"}.{" "}
            <button type="button" class="secondary" onClick={undo}>Undo clear</button>
          </p>
        )
        : null}
      <ErrorMessage error={error} />
    </div>
  );
}

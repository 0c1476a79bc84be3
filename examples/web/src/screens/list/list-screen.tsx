/// <reference lib="dom" />
// The shopping list: choose, create, rename or delete a list; tick, add, edit and remove items (queued, so they
// work offline and show as pending); other members' changes arrive live; push this week's plan with a preview.
import { useCallback, useEffect, useMemo, useState } from "preact/hooks";
import { asApiError } from "../../api.ts";
import { useApp } from "../../context.ts";
import { savedListIndex, type SavedLists, saveListIndex } from "../../offline/browser-storage.ts";
import { offlineFor, useShoppingList } from "../../live/use-shopping-list.ts";
import { AddItemForm } from "./add-item-form.tsx";
import { ItemGroups } from "./item-groups.tsx";
import { ListPicker } from "./list-picker.tsx";
import { ListStatus } from "./list-status.tsx";
import { ListTools } from "./list-tools.tsx";
import { SyncWeek } from "./sync-week.tsx";

export function ListScreen({ listId }: { listId?: string }) {
  const { api, supabase, session, household, showError } = useApp();
  const [lists, setLists] = useState<SavedLists["lists"] | null>(null);
  const { offline } = useMemo(() => offlineFor(supabase, session.user.id, household.id), [
    supabase,
    session.user.id,
    household.id,
  ]);

  const loadLists = useCallback(async () => {
    try {
      const loaded = (await api.tools().grocery.listLists({ limit: 100 })).lists;
      setLists(loaded);
      void saveListIndex(offline, { householdId: household.id, lists: loaded }).catch(() => {});
    } catch (error) {
      const saved = await savedListIndex(offline, household.id).catch(() => undefined);
      if (saved) setLists(saved.lists);
      else {
        setLists([]);
        showError(asApiError(error));
      }
    }
  }, [api, household.id, offline]);
  useEffect(() => {
    loadLists();
  }, [loadLists]);

  const chosen = listId && lists?.some((list) => list.id === listId) ? listId : lists?.[0]?.id;
  const onError = useCallback((error: unknown) => showError(asApiError(error)), [showError]);
  const { view, list } = useShoppingList(supabase, session.user.id, household.id, chosen, onError);

  useEffect(() => {
    if (view) performance.mark("list-rendered");
  }, [view !== null]);

  if (!lists) return <p class="loading">Loading lists…</p>;
  const chosenList = lists.find((entry) => entry.id === chosen);
  return (
    <section class="shopping-list" aria-labelledby="list-heading">
      <h1 id="list-heading">Shopping list</h1>
      <ListPicker
        lists={lists}
        chosen={chosenList}
        onChanged={loadLists}
        chosenToBuy={view ? view.items.filter((item) => !item.checked).length : undefined}
      />
      {chosenList && list
        ? (
          <>
            <ListStatus view={view} list={list} />
            <AddItemForm list={list} />
            {view ? <ItemGroups view={view} list={list} /> : <p class="loading">Loading the list…</p>}
            <ListTools list={list} view={view} onChanged={loadLists} />
            <SyncWeek
              listId={chosenList.id}
              onApplied={async () => {
                await list.sync.pull();
                await loadLists();
              }}
            />
          </>
        )
        : null}
    </section>
  );
}

/// <reference lib="dom" />
// Choose a list, create one, rename or delete the open one (with an undo that restores it).
import { useState } from "preact/hooks";
import { type ApiError, asApiError } from "../../api.ts";
import { ErrorMessage } from "../../components/error-message.tsx";
import { useApp } from "../../context.ts";
import type { SavedLists } from "../../offline/browser-storage.ts";

type ListEntry = SavedLists["lists"][number];

export function ListPicker(
  { lists, chosen, onChanged, chosenToBuy }: {
    lists: ListEntry[];
    chosen?: ListEntry;
    onChanged: () => Promise<void>;
    /** The open list's unticked items as the screen shows them (live); the index's count is from its last load. */
    chosenToBuy?: number;
  },
) {
  const { api, navigate, announce } = useApp();
  const [mode, setMode] = useState<"none" | "create" | "rename">(chosen ? "none" : "create");
  const [name, setName] = useState("");
  const [error, setError] = useState<ApiError | null>(null);
  const [deleted, setDeleted] = useState<ListEntry | null>(null);

  async function run(action: () => Promise<void>) {
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(asApiError(caught));
    }
  }

  const submit = (event: Event) => {
    event.preventDefault();
    run(async () => {
      const grocery = api.tools().grocery;
      if (mode === "create") {
        const created = await grocery.createList({ name }, api.once());
        announce(`Created the list ${created.name}.`);
        await onChanged();
        navigate({ screen: "list", listId: created.grocery_list_id });
      } else if (chosen) {
        const renamed = await grocery.renameList({ grocery_list_id: chosen.id, name }, api.once());
        announce(`Renamed ${renamed.previous_name} to ${renamed.list.name}.`);
        await onChanged();
      }
      setMode("none");
      setName("");
    });
  };

  const remove = () =>
    run(async () => {
      if (!chosen) return;
      await api.tools().grocery.deleteList({ grocery_list_id: chosen.id }, api.once());
      setDeleted(chosen);
      announce(`Deleted the list ${chosen.name}.`);
      await onChanged();
      navigate({ screen: "list" });
    });

  const restore = () =>
    run(async () => {
      if (!deleted) return;
      await api.tools().grocery.restoreList({ grocery_list_id: deleted.id }, api.once());
      announce(`Restored the list ${deleted.name}.`);
      setDeleted(null);
      await onChanged();
      navigate({ screen: "list", listId: deleted.id });
    });

  return (
    <div class="list-picker">
      {lists.length > 0
        ? (
          <label class="inline">
            List
            <select
              value={chosen?.id}
              onChange={(event) => navigate({ screen: "list", listId: event.currentTarget.value })}
            >
              {lists.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}{" "}
                  ({option.id === chosen?.id && chosenToBuy !== undefined ? chosenToBuy : option.unchecked_count}{" "}
                  to buy)
                </option>
              ))}
            </select>
          </label>
        )
        : <p>No shopping list yet: name your first one.</p>}
      {mode === "none"
        ? (
          <div class="button-row">
            <button type="button" class="secondary" onClick={() => setMode("create")}>New list</button>
            {chosen
              ? (
                <>
                  <button
                    type="button"
                    class="secondary"
                    onClick={() => {
                      setName(chosen.name);
                      setMode("rename");
                    }}
                  >
                    Rename list
                  </button>
                  <button type="button" class="secondary" onClick={remove}>Delete list</button>
                </>
              )
              : null}
          </div>
        )
        : (
          <form class="inline-form" onSubmit={submit}>
            <label>
              {mode === "create" ? "New list's name" : "List's new name"}
              <input value={name} required maxLength={100} onInput={(event) => setName(event.currentTarget.value)} />
            </label>
            <button type="submit">{mode === "create" ? "Create list" : "Save name"}</button>
            {lists.length > 0
              ? <button type="button" class="secondary" onClick={() => setMode("none")}>Cancel</button>
              : null}
          </form>
        )}
      {deleted
        ? (
          <p class="undo-bar">
            Deleted {deleted.name}. <button type="button" class="secondary" onClick={restore}>Undo delete</button>
          </p>
        )
        : null}
      <ErrorMessage error={error} />
    </div>
  );
}

/// <reference lib="dom" />
// The shopping list. (First version: choose a list, tick items. The live, offline and aisle parts come next.)
import { asApiError } from "../../api.ts";
import { useApp } from "../../context.ts";
import { useLoad } from "../../hooks/use-load.ts";

export function ListScreen({ listId }: { listId?: string }) {
  const { api, household, navigate, announce, showError } = useApp();
  const lists = useLoad(() => api.tools().grocery.listLists({ limit: 50 }), [api, household.id]);
  const chosen = listId ?? lists.data?.lists[0]?.id;
  const list = useLoad(
    () => chosen ? api.tools().grocery.getList({ grocery_list_id: chosen }) : Promise.resolve(null),
    [api, chosen],
  );

  async function toggle(itemId: string, name: string, checked: boolean) {
    try {
      const grocery = api.tools().grocery;
      await (checked ? grocery.checkItem : grocery.uncheckItem)({ grocery_item_id: itemId }, api.once());
      announce(`${checked ? "Checked" : "Unchecked"} ${name}.`);
    } catch (error) {
      showError(asApiError(error));
    }
    await list.reload();
  }

  if (!lists.data) return <p class="loading">Loading lists…</p>;
  return (
    <section aria-labelledby="list-heading">
      <h1 id="list-heading">Shopping list</h1>
      {lists.data.lists.length > 1
        ? (
          <label>
            List{" "}
            <select
              value={chosen}
              onChange={(event) => navigate({ screen: "list", listId: event.currentTarget.value })}
            >
              {lists.data.lists.map((option) => <option key={option.id} value={option.id}>{option.name}</option>)}
            </select>
          </label>
        )
        : null}
      {list.data
        ? (
          <ul class="items">
            {list.data.items.map((item) => (
              <li key={item.id} class={item.checked ? "item checked" : "item"}>
                <label>
                  <input
                    type="checkbox"
                    checked={item.checked}
                    onChange={(event) => toggle(item.id, item.name, event.currentTarget.checked)}
                  />{" "}
                  <span class="name">{item.name}</span> <span class="amount">{item.quantity} {item.unit}</span>
                </label>
              </li>
            ))}
          </ul>
        )
        : <p>No list yet.</p>}
    </section>
  );
}

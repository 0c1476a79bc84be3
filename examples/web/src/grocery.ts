/// <reference lib="dom" />
import type { GroceryItemDetail, GroceryListSummary } from "../../../shared/tools/results.ts";
import type { Api } from "./api.ts";
import { element, fill } from "./dom.ts";

export async function loadLists(api: Api): Promise<GroceryListSummary[]> {
  return (await api.tools().grocery.listLists({ limit: 50 })).lists;
}

export async function loadItems(api: Api, listId: string): Promise<GroceryItemDetail[]> {
  return (await api.tools().grocery.getList({ grocery_list_id: listId })).items;
}

export function renderListChoice(select: HTMLSelectElement, lists: GroceryListSummary[], selectedId: string | null) {
  select.replaceChildren(
    ...lists.map((list) => element("option", { value: list.id, selected: list.id === selectedId }, list.name)),
  );
  select.disabled = lists.length === 0;
}

/** "2.5 cup" with the number as the API sent it (exact: quantities are numeric in the database). */
export function amount(item: { quantity: number; unit: string }): string {
  return `${item.quantity} ${item.unit}`;
}

/** Unchecked items first, each a checkbox; toggling it checks or unchecks the item through the tools. */
export function renderItems(
  container: HTMLElement,
  items: GroceryItemDetail[] | null,
  onToggle: (item: GroceryItemDetail, checked: boolean) => void,
): void {
  if (items === null) return fill(container, [], "Create a list to start shopping.");
  const ordered = [...items].sort((a, b) => Number(a.checked) - Number(b.checked) || a.name.localeCompare(b.name));
  fill(
    container,
    ordered.map((item) => {
      const checkbox = element("input", { type: "checkbox", checked: item.checked });
      checkbox.addEventListener("change", () => {
        checkbox.disabled = true;
        onToggle(item, checkbox.checked);
      });
      return element(
        "li",
        { class: item.checked ? "item checked" : "item", "data-item-id": item.id },
        element(
          "label",
          {},
          checkbox,
          " ",
          element("span", { class: "name" }, item.name),
          " ",
          element("span", { class: "amount" }, amount(item)),
          item.prep_state ? " " : null,
          item.prep_state ? element("span", { class: "prep" }, item.prep_state) : null,
        ),
      );
    }),
    "Nothing on this list yet.",
  );
}

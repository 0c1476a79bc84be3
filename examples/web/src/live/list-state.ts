// The browser's copy of one list: the last full read plus every delta pulled since, at a version. Pure functions,
// so that the browser and the tests without one keep their copies the same way.
import type { GroceryChangesOutput, GroceryGetListOutput } from "@meal-planner/client/tools-client.generated.ts";

/** One item as the server has it, with its aisle (`category`) and what to buy (`buy`), where the server knows them. */
export type ServerItem = GroceryGetListOutput["items"][number];

/** The household's aisles in its order, with their names: get_list and changes both carry it. */
export type AisleOrder = GroceryGetListOutput["aisle_order"];

export interface ListState {
  listId: string;
  name: string;
  version: number;
  deleted: boolean;
  items: Record<string, ServerItem>;
  aisleOrder?: AisleOrder;
}

export function stateFromRead(read: GroceryGetListOutput): ListState {
  const items: Record<string, ServerItem> = {};
  for (const item of read.items) items[item.id] = item;
  return {
    listId: read.list.id,
    name: read.list.name,
    version: read.version,
    deleted: false,
    items,
    aisleOrder: read.aisle_order,
  };
}

/** One page of grocery.changes applied: changed rows replace ours, tombstones remove theirs. */
export function applyChanges(state: ListState, changes: GroceryChangesOutput): ListState {
  const items = { ...state.items };
  for (const item of changes.items) items[item.id] = item;
  for (const removed of changes.removed) delete items[removed.id];
  return {
    listId: state.listId,
    name: changes.list.name,
    deleted: changes.list.deleted_at !== null,
    version: Math.max(state.version, changes.version),
    items,
    aisleOrder: changes.aisle_order,
  };
}

/** The items as the person should see them, in a stable order (by name, then unit). */
export function sortedItems(state: ListState): ServerItem[] {
  return Object.values(state.items).sort((first, second) =>
    first.name.localeCompare(second.name) || first.unit.localeCompare(second.unit) || first.id.localeCompare(second.id)
  );
}

/** What a comparison of two copies looks at (not the source records, which are capped in changes). */
export function comparable(state: ListState) {
  return sortedItems(state).map(({ id, name, quantity, unit, checked, prep_state }) => ({
    id,
    name,
    quantity,
    unit,
    checked,
    prep_state,
  }));
}

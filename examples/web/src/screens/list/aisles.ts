import type { AisleOrder, ServerItem } from "../../live/list-state.ts";
import type { ShownItem } from "../../offline/pending-overlay.ts";

export interface Group {
  category: ServerItem["category"];
  label: string;
  items: ShownItem[];
}

/** Groups in the household's aisle order; items with no aisle (or one the order lacks) last, as "Other". */
export function groupByAisle(items: ShownItem[], aisleOrder: AisleOrder = []): Group[] {
  const position = new Map(aisleOrder.map((aisle, index) => [aisle.category, index]));
  const groups = new Map<Group["category"], Group>();
  for (const item of items) {
    const category = item.category && position.has(item.category) ? item.category : null;
    const label = category === null ? "Other" : aisleOrder[position.get(category)!].label;
    const group = groups.get(category) ?? { category, label, items: [] };
    group.items.push(item);
    groups.set(category, group);
  }
  for (const group of groups.values()) {
    group.items.sort((first, second) => first.name.localeCompare(second.name) || first.unit.localeCompare(second.unit));
  }
  const rank = (group: Group) => group.category === null ? Number.MAX_SAFE_INTEGER : position.get(group.category)!;
  return [...groups.values()].sort((first, second) => rank(first) - rank(second));
}

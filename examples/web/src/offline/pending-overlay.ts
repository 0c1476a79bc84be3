// The list as the person sees it: the server's copy with the calls still on their way laid over it (a pending tick
// shows ticked, a pending add shows as a line), and with each call that was not applied beside its item, in words.
import type { ListState, ServerItem } from "../live/list-state.ts";
import { localIdPrefix, type QueuedCall } from "./queue.ts";
import { typedParts, typedPreview } from "./typed-preview.ts";

export interface ShownItem extends ServerItem {
  /** A call on this item is stored or sent and not yet seen in a pull. */
  pending: boolean;
  /** Why a call on this item was not applied. */
  problems: QueuedCall[];
}

export interface ShownList {
  items: ShownItem[];
  /** Calls kept for the person that belong to no item on the list (an add that failed, an item gone). */
  looseProblems: QueuedCall[];
  pendingCount: number;
}

/**
 * `calls`: the queue's stored calls (pending first, kept ones to show); `sent`: calls the server applied that no
 * pull has confirmed yet (laid over too, so that a pull that started before them cannot show the old state).
 */
export function overlay(state: ListState, calls: QueuedCall[], sent: QueuedCall[]): ShownList {
  const items = new Map<string, ShownItem>();
  for (const item of Object.values(state.items)) items.set(item.id, { ...item, pending: false, problems: [] });
  const looseProblems: QueuedCall[] = [];
  const sentIds = new Set(sent.map((call) => call.id));
  const ordered = [...sent, ...calls.filter((call) => !sentIds.has(call.id))]
    .filter((call) => call.listId === state.listId)
    .sort((first, second) => first.sequence - second.sequence);
  let pendingCount = 0;
  for (const call of ordered) {
    // An add the server applied is shown under the line it landed on until a pull brings that line.
    const itemId = call.tool === "grocery.add_item"
      ? call.landedOn ?? localIdPrefix + call.id
      : String(call.input.grocery_item_id ?? "");
    if (call.status !== "pending") {
      const item = items.get(itemId);
      if (item) item.problems.push(call);
      else looseProblems.push(call);
      continue;
    }
    if (!sentIds.has(call.id)) pendingCount += 1;
    const item = items.get(itemId);
    switch (call.tool) {
      case "grocery.add_item":
        if (item) break;
        items.set(itemId, {
          id: itemId,
          ingredient_id: (call.input.ingredient_id as string | undefined) ?? null,
          name: call.itemName,
          quantity: Number(call.input.quantity),
          unit: call.input.unit as ServerItem["unit"],
          prep_state: null,
          checked: false,
          checked_at: null,
          checked_by: null,
          checked_by_name: null,
          sources: [],
          // Known once the server has the item: until then it shows with the items of no aisle.
          category: null,
          buy: null,
          pending: true,
          problems: [],
        });
        break;
      // Each typed line shows as a line of its own until the server has read them. Once sent, each shows under the
      // line it landed on until a pull brings that line, and not at all where it joined a line already shown; when
      // the server did not answer one line each, they come with the next pull.
      case "grocery.add_text": {
        const landed = sentIds.has(call.id) ? call.landedLines : undefined;
        if (sentIds.has(call.id) && !landed) break;
        typedParts(String(call.input.text ?? "")).forEach((line, index) => {
          const id = landed?.[index] ?? `${localIdPrefix}${call.id}:${index}`;
          if (items.has(id)) return;
          items.set(id, {
            id,
            ingredient_id: null,
            ...typedPreview(line),
            prep_state: null,
            checked: false,
            checked_at: null,
            checked_by: null,
            checked_by_name: null,
            sources: [],
            category: null,
            buy: null,
            pending: true,
            problems: [],
          });
        });
        break;
      }
      case "grocery.check_item":
      case "grocery.uncheck_item":
        if (item) Object.assign(item, { checked: call.tool === "grocery.check_item", pending: true });
        break;
      case "grocery.update_item":
        if (item) Object.assign(item, { ...call.input, id: item.id, pending: true });
        break;
      case "grocery.remove_item":
        items.delete(itemId);
        break;
    }
  }
  return { items: [...items.values()], looseProblems, pendingCount };
}

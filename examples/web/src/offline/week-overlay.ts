// The week as the person sees it: the server's meals (or the copy kept on this device) with the planner calls still
// waiting in the queue laid over them (a meal planned offline shows on its day, a move shows on the new day, a
// removed meal is gone), and each call the server refused beside its meal, in words.
import { localIdPrefix, plannerQueueId, type QueuedCall } from "./queue.ts";
import type { StoredMeal } from "./stored-copies.ts";

export interface ShownMeal extends StoredMeal {
  /** A call on this meal waits to be sent. */
  pending: boolean;
  /** Calls on this meal the server refused, to be shown beside it until dismissed. */
  problems: QueuedCall[];
}

export interface ShownWeek {
  /** The meals from `start` to `end` (YYYY-MM-DD, inclusive). */
  meals: ShownMeal[];
  /** Refused calls whose meal is not in the week (a meal planned offline the server refused, one gone since). */
  looseProblems: QueuedCall[];
  /** The week's calls waiting to be sent (every week's: they are sent in one queue). */
  pendingCount: number;
}

function mealIdOf(call: QueuedCall): string {
  return call.tool === "planner.add_meal"
    ? call.landedOn ?? localIdPrefix + call.id
    : String(call.input.planner_meal_id ?? "");
}

export function weekOverlay(meals: StoredMeal[], calls: QueuedCall[], start: string, end: string): ShownWeek {
  const shown = new Map<string, ShownMeal>();
  for (const meal of meals) shown.set(meal.id, { ...meal, pending: false, problems: [] });
  const looseProblems: QueuedCall[] = [];
  let pendingCount = 0;
  const ordered = calls.filter((call) => call.listId === plannerQueueId)
    .sort((first, second) => first.sequence - second.sequence);
  for (const call of ordered) {
    const mealId = mealIdOf(call);
    const meal = shown.get(mealId);
    if (call.status !== "pending") {
      if (meal) meal.problems.push(call);
      else looseProblems.push(call);
      continue;
    }
    pendingCount += 1;
    const input = call.input;
    switch (call.tool) {
      case "planner.add_meal":
        if (meal) break;
        shown.set(mealId, {
          id: mealId,
          date: String(input.date),
          meal_type: input.meal_type as StoredMeal["meal_type"],
          recipe_id: String(input.recipe_id),
          recipe_title: call.itemName,
          servings: typeof input.servings === "number" ? input.servings : null,
          note: typeof input.note === "string" ? input.note : null,
          series_id: null,
          created_at: new Date(call.actedAt).toISOString(),
          pending: true,
          problems: [],
        });
        break;
      case "planner.update_meal":
        if (!meal) break;
        if (typeof input.date === "string") meal.date = input.date;
        if (typeof input.meal_type === "string") meal.meal_type = input.meal_type as StoredMeal["meal_type"];
        if (input.servings !== undefined) meal.servings = input.servings as number | null;
        if (input.note !== undefined) meal.note = input.note as string | null;
        meal.pending = true;
        break;
      case "planner.remove_meal":
        shown.delete(mealId);
        break;
    }
  }
  return {
    meals: [...shown.values()].filter((meal) => meal.date >= start && meal.date <= end),
    // A refusal about a meal that is in another week is said on that week only.
    looseProblems: looseProblems.filter((call) => {
      const date = call.input.date;
      return call.tool !== "planner.add_meal" || typeof date !== "string" || (date >= start && date <= end);
    }),
    pendingCount,
  };
}

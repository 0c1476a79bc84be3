// Words the planner describers share.
import type { Names } from "../describe/names.ts";
import { counted, dayWords, slotWords } from "../describe/wording.ts";

/** "dinner on Tuesday 1 December (Spaghetti bolognese)", or "a planned meal" when it cannot be read. */
export function mealWords(plannerMealId: string, names: Names): string {
  const meal = names.meal(plannerMealId);
  return meal ? `${slotWords(meal.mealType, meal.date)} (${meal.recipeTitle})` : "a planned meal";
}

/** "the dinner series of Spaghetti bolognese". */
export function seriesWords(seriesId: string, names: Names): string {
  const series = names.series(seriesId);
  return series ? `the ${series.mealType} series of ${series.recipeTitle}` : "a series of meals";
}

/** " from Tuesday 1 December on", or nothing. */
export function fromWords(fromDate: string | undefined): string {
  return fromDate ? ` from ${dayWords(fromDate)} on` : "";
}

/** "4 servings", "the recipe's servings" (null), or null when unchanged (undefined). */
export function servingsWords(servings: number | null | undefined): string | null {
  if (servings === undefined) return null;
  return servings === null ? "the recipe's servings" : counted(servings, "serving");
}

/** "note: …", "no note" (null), or null when unchanged. */
export function noteWords(note: string | null | undefined): string | null {
  if (note === undefined) return null;
  return note === null ? "no note" : `note: ${note}`;
}

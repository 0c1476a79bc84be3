/// <reference lib="dom" />
// Repeating meals set up in this browser. planner.list_meals does not say which series a meal belongs to, so the
// series ids that planner.add_recurring returns are kept here (per household) to change or stop a series later.
import type { PlannerAddRecurringOutput } from "../../../../../shared/client/tools-client.generated.ts";
import type { Weekday } from "./dates.ts";

export interface KnownSeries {
  seriesId: string;
  recipeTitle: string;
  mealType: string;
  weekdays: Weekday[];
  mealIds: string[];
  firstDate: string;
  lastDate: string;
}

const storageKey = (householdId: string) => `meal-planner.series.${householdId}`;

export function loadSeries(householdId: string): KnownSeries[] {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey(householdId)) ?? "[]");
    return Array.isArray(stored) ? stored : [];
  } catch {
    return [];
  }
}

export function saveSeries(householdId: string, series: KnownSeries[]): void {
  localStorage.setItem(storageKey(householdId), JSON.stringify(series));
}

export function seriesFromAdded(added: PlannerAddRecurringOutput, weekdays: Weekday[]): KnownSeries {
  return {
    seriesId: added.series_id,
    recipeTitle: added.meals[0]?.recipe_title ?? "",
    mealType: added.meals[0]?.meal_type ?? "",
    weekdays,
    mealIds: added.meals.map((meal) => meal.id),
    firstDate: added.meals[0]?.date ?? "",
    lastDate: added.meals.at(-1)?.date ?? "",
  };
}

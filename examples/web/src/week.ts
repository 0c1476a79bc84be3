/// <reference lib="dom" />
import type { PlannerListMealsResult, PlannerMeal } from "../../../shared/tools/results.ts";
import type { Api } from "./api.ts";
import { element, fill } from "./dom.ts";

// Calendar days are YYYY-MM-DD strings, as the planner stores them; arithmetic on them runs in UTC so that no
// time zone or daylight-saving change can move a day.
const dayMilliseconds = 86_400_000;
const mealOrder = ["breakfast", "lunch", "dinner"];

function dayNumber(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / dayMilliseconds;
}

function dateOf(day: number): string {
  return new Date(day * dayMilliseconds).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return dateOf(dayNumber(date) + days);
}

/** Today in the browser's own time zone. */
export function today(): string {
  const now = new Date();
  return [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((part) => String(part).padStart(2, "0")).join("-");
}

/** The Monday of the week that holds `date`. */
export function weekStart(date: string): string {
  const day = dayNumber(date);
  const weekday = (new Date(day * dayMilliseconds).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return dateOf(day - weekday);
}

export function dayLabel(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
}

export async function loadWeek(api: Api, monday: string): Promise<PlannerMeal[]> {
  const meals: PlannerMeal[] = [];
  let cursor: string | null = null;
  do {
    const page: PlannerListMealsResult = await api.tools().planner.listMeals({
      start_date: monday,
      end_date: addDays(monday, 6),
      limit: 100,
      ...(cursor ? { cursor } : {}),
    });
    meals.push(...page.meals);
    cursor = page.next_cursor;
  } while (cursor);
  return meals;
}

/** One line per day of the week, each with its meals in breakfast, lunch, dinner order. */
export function renderWeek(container: HTMLElement, monday: string, meals: PlannerMeal[]): void {
  const days = Array.from({ length: 7 }, (_, index) => addDays(monday, index));
  fill(
    container,
    days.map((date) => {
      const planned = meals
        .filter((meal) => meal.date === date)
        .sort((a, b) => mealOrder.indexOf(a.meal_type) - mealOrder.indexOf(b.meal_type));
      return element(
        "li",
        { "data-date": date },
        element("span", { class: "day" }, dayLabel(date)),
        " ",
        planned.length
          ? element(
            "ul",
            {},
            ...planned.map((meal) =>
              element(
                "li",
                { class: "meal" },
                element("span", { class: "meal-type" }, meal.meal_type),
                " ",
                meal.recipe_title,
              )
            ),
          )
          : element("span", { class: "empty" }, "nothing planned"),
      );
    }),
    "",
  );
}

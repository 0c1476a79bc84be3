// What the planner tools' SQL functions return (private.invoke's "data"). The rules every shape follows are in
// ../result-fields.ts.
import * as z from "zod";
import { mealTypes, nextCursor, weekdays } from "../fields.ts";
import { id, timestamp } from "../result-fields.ts";
import { RecipeIngredientLine } from "../recipe/results.ts";

/** private.planner_meal_json(meal). */
export const PlannerMeal = z.strictObject({
  id,
  date: z.iso.date(),
  meal_type: z.enum(mealTypes),
  recipe_id: id,
  recipe_title: z.string(),
  servings: z.int().positive().nullable(),
  note: z.string().nullable(),
  /** The repeating series this meal is an occurrence of (planner.list_series); null for a one-off meal. */
  series_id: id.nullable(),
  created_at: timestamp,
});
export type PlannerMeal = z.infer<typeof PlannerMeal>;

export const PlannerListMealsResult = z.strictObject({
  meals: z.array(PlannerMeal),
  next_cursor: nextCursor,
  /** The household's week version this reply was read at: planner.changes' `since` for the next pull. */
  version: z.int().nonnegative(),
});
export type PlannerListMealsResult = z.infer<typeof PlannerListMealsResult>;

export const PlannerGetMealResult = z.strictObject({
  meal: z.strictObject({ ...PlannerMeal.shape, ingredients: z.array(RecipeIngredientLine) }),
});
export type PlannerGetMealResult = z.infer<typeof PlannerGetMealResult>;

export const PlannerAddMealResult = z.strictObject({ planner_meal_id: id, meal: PlannerMeal, message: z.string() });
export type PlannerAddMealResult = z.infer<typeof PlannerAddMealResult>;

export const PlannerRemoveMealResult = z.strictObject({
  removed: z.literal(true),
  meal: z.strictObject({ ...PlannerMeal.shape, deleted_at: timestamp }),
});
export type PlannerRemoveMealResult = z.infer<typeof PlannerRemoveMealResult>;

export const PlannerRestoreMealResult = z.strictObject({ restored: z.literal(true), meal: PlannerMeal });
export type PlannerRestoreMealResult = z.infer<typeof PlannerRestoreMealResult>;

/** The old value of each meal field a call gave (update_meal, update_series): undoing puts them back. */
const PreviousMealFields = {
  meal_type: z.enum(mealTypes).optional(),
  servings: z.int().positive().nullable().optional(),
  note: z.string().nullable().optional(),
};

/** planner.update_meal: `previous` holds the old value of each field the call gave. */
export const PlannerUpdateMealResult = z.strictObject({
  meal: PlannerMeal,
  previous: z.strictObject({ date: z.iso.date().optional(), ...PreviousMealFields }),
});
export type PlannerUpdateMealResult = z.infer<typeof PlannerUpdateMealResult>;

export const PlannerMealsForDateResult = z.strictObject({ date: z.iso.date(), meals: z.array(PlannerMeal) });
export type PlannerMealsForDateResult = z.infer<typeof PlannerMealsForDateResult>;

/** app.planner_add_recurring: the series and its occurrences, each an ordinary planned meal. */
export const PlannerAddRecurringResult = z.strictObject({
  series_id: id,
  meals: z.array(PlannerMeal).min(1).max(100),
  message: z.string(),
});
export type PlannerAddRecurringResult = z.infer<typeof PlannerAddRecurringResult>;

/** One of app.planner_list_series' series: its rule as stored, and its live occurrences. */
export const PlannerSeries = z.strictObject({
  id,
  recipe_id: id,
  recipe_title: z.string(),
  meal_type: z.enum(mealTypes),
  servings: z.int().positive().nullable(),
  note: z.string().nullable(),
  weekdays: z.array(z.enum(weekdays)).min(1).max(7),
  every_weeks: z.int().min(1).max(52),
  start_date: z.iso.date(),
  /** The first and last day of the occurrences still planned; null when none is left. */
  first_date: z.iso.date().nullable(),
  last_date: z.iso.date().nullable(),
  live_meal_count: z.int().nonnegative(),
  created_at: timestamp,
});
export type PlannerSeries = z.infer<typeof PlannerSeries>;

export const PlannerListSeriesResult = z.strictObject({ series: z.array(PlannerSeries), next_cursor: nextCursor });
export type PlannerListSeriesResult = z.infer<typeof PlannerListSeriesResult>;

export const PlannerRemoveSeriesResult = z.strictObject({
  series_id: id,
  removed_meal_ids: z.array(id),
  message: z.string(),
});
export type PlannerRemoveSeriesResult = z.infer<typeof PlannerRemoveSeriesResult>;

/**
 * planner.update_series: `previous` holds the series' old value of each field the call gave, `previous_meals`
 * each changed occurrence's (one changed by itself before had its own).
 */
export const PlannerUpdateSeriesResult = z.strictObject({
  series_id: id,
  meals: z.array(PlannerMeal),
  previous: z.strictObject(PreviousMealFields),
  previous_meals: z.array(z.strictObject({ id, ...PreviousMealFields })),
  message: z.string(),
});
export type PlannerUpdateSeriesResult = z.infer<typeof PlannerUpdateSeriesResult>;

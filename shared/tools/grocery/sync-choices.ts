// What the person chooses when the week goes to a list: which planned meals go on it (leave_out_meal_ids) and which
// on-hand ingredients go on anyway (include_ingredient_ids), and what grocery.sync_plan says about both.
import * as z from "zod";
import { mealTypes, units } from "../fields.ts";
import { id } from "../result-fields.ts";
import { GrocerySyncPlanResult } from "./results.ts";

// A range holds at most 20 meals a day for 93 days.
const maxMeals = 2000;
const maxIngredients = 500;

export const syncChoiceFields = {
  leave_out_meal_ids: z.array(z.guid({ error: "must be a planned meal's id" })).max(maxMeals)
    .default([])
    .describe(
      "Planned meals (ids from planner.list_meals or a preview's `meals`) to leave out of this sync: nothing is " +
        "added for them, and what an earlier sync put on the list for them and is not bought yet is taken back. " +
        "Absent or []: every meal of the range. An id that is not a meal planned in the range is ignored.",
    ),
  include_ingredient_ids: z.array(z.guid({ error: "must be an ingredient's id" })).max(maxIngredients)
    .default([])
    .describe(
      "On-hand ingredients (household.set_on_hand; a preview's `on_hand`) to put on the list anyway this time. " +
        "Absent or []: every on-hand ingredient is left off.",
    ),
};

/** A meal planned in the range, and whether this sync takes it. */
export const GrocerySyncMeal = z.strictObject({
  planner_meal_id: id,
  date: z.iso.date(),
  meal_type: z.enum(mealTypes),
  recipe_id: id,
  recipe_title: z.string(),
  included: z.boolean(),
});

/** An on-hand ingredient the included meals use: left off the list unless `included`. */
export const GrocerySyncOnHand = z.strictObject({
  ingredient_id: id,
  ingredient_name: z.string(),
  included: z.boolean(),
  /** What the included meals need of it, per unit and prep state (lines without an amount are not counted). */
  needed: z.array(z.strictObject({
    quantity: z.number().positive(),
    unit: z.enum(units),
    prep_state: z.string().nullable(),
  })),
  meals: z.array(z.strictObject({
    planner_meal_id: id,
    date: z.iso.date(),
    meal_type: z.enum(mealTypes),
    recipe_title: z.string(),
  })),
});

/** grocery.sync_plan's reply: the plan, and the meals and on-hand ingredients as chosen. */
export const GrocerySyncPlanChoicesResult = GrocerySyncPlanResult.extend({
  /** Every meal planned in the range, by date and meal type. */
  meals: z.array(GrocerySyncMeal),
  /** The on-hand ingredients the included meals use, by name. */
  on_hand: z.array(GrocerySyncOnHand),
});
export type GrocerySyncPlanChoicesResult = z.infer<typeof GrocerySyncPlanChoicesResult>;

import * as z from "zod";
import { defineTool } from "../define-tool.ts";
import {
  checkPlannerSpan,
  dateField,
  dayNumber,
  idField,
  mealTypes,
  pageFields,
  servingsField,
  textField,
  weekdays,
} from "../fields.ts";
import { plannerDocs } from "./docs.ts";
import { fromWords, mealWords, noteWords, seriesWords, servingsWords } from "./describe.ts";
import { counted, dayWords, listWords, slotWords } from "../describe/wording.ts";
import { plannerEditDocs } from "./docs-edits.ts";
import { plannerRecurringDocs } from "./docs-recurring.ts";
import {
  PlannerAddMealResult,
  PlannerAddRecurringResult,
  PlannerGetMealResult,
  PlannerListMealsResult,
  PlannerListSeriesResult,
  PlannerMealsForDateResult,
  PlannerRemoveMealResult,
  PlannerRemoveSeriesResult,
  PlannerRestoreMealResult,
  PlannerUpdateMealResult,
  PlannerUpdateSeriesResult,
} from "./results.ts";

const plannerMealId = idField("The planned meal's id (from planner.list_meals or planner.add_meal).");

export const listMeals = defineTool({
  name: "planner.list_meals",
  ...plannerDocs.listMeals,
  effect: "read",
  inputSchema: z.strictObject({
    start_date: dateField("First day, YYYY-MM-DD (inclusive)."),
    end_date: dateField("Last day, YYYY-MM-DD (inclusive); at most 92 days after start_date."),
    ...pageFields(100),
  }).superRefine(checkPlannerSpan),
  outputSchema: PlannerListMealsResult,
});

export const getMeal = defineTool({
  name: "planner.get_meal",
  ...plannerDocs.getMeal,
  effect: "read",
  inputSchema: z.strictObject({ planner_meal_id: plannerMealId }),
  outputSchema: PlannerGetMealResult,
});

export const addMeal = defineTool({
  name: "planner.add_meal",
  ...plannerDocs.addMeal,
  effect: "write",
  risk: "medium",
  inputSchema: z.strictObject({
    recipe_id: idField("The recipe to plan (from recipe.list)."),
    date: dateField("Calendar day, YYYY-MM-DD (a real date: 2026-02-30 is refused)."),
    meal_type: z.enum(mealTypes, { error: `must be one of: ${mealTypes.join(", ")}` })
      .describe("breakfast, lunch or dinner."),
    servings: servingsField("Servings to cook for this meal, 1–100; absent uses the recipe's.").optional(),
    note: textField(500, "A note for this meal.").optional(),
  }),
  describe: (input, names) =>
    `Plan ${names.recipe(input.recipe_id)} for ${slotWords(input.meal_type, input.date)}` +
    (input.servings ? ` (${counted(input.servings, "serving")})` : ""),
  outputSchema: PlannerAddMealResult,
});

// Removal is soft and planner.restore_meal undoes it, hence medium.
export const removeMeal = defineTool({
  name: "planner.remove_meal",
  ...plannerDocs.removeMeal,
  effect: "write",
  risk: "medium",
  inputSchema: z.strictObject({ planner_meal_id: plannerMealId }),
  describe: (input, names) => `Remove ${mealWords(input.planner_meal_id, names)}`,
  outputSchema: PlannerRemoveMealResult,
});

export const restoreMeal = defineTool({
  name: "planner.restore_meal",
  ...plannerDocs.restoreMeal,
  effect: "write",
  risk: "medium",
  inputSchema: z.strictObject({
    planner_meal_id: idField("The removed meal's id (from planner.remove_meal's result)."),
  }),
  describe: (input, names) => `Put back ${mealWords(input.planner_meal_id, names)}`,
  outputSchema: PlannerRestoreMealResult,
});

export const updateMeal = defineTool({
  name: "planner.update_meal",
  ...plannerEditDocs.updateMeal,
  effect: "write",
  risk: "medium",
  inputSchema: z.strictObject({
    planner_meal_id: plannerMealId,
    date: dateField("The new calendar day, YYYY-MM-DD.").optional(),
    meal_type: z.enum(mealTypes, { error: `must be one of: ${mealTypes.join(", ")}` })
      .describe("breakfast, lunch or dinner.").optional(),
    servings: servingsField().nullable().optional().describe("Servings, 1–100; null uses the recipe's."),
    note: textField(500, "A note for this meal.").nullable().optional().describe(
      "A note for this meal; null clears it.",
    ),
  }).refine((input) => Object.keys(input).length > 1, {
    error: "give at least one of date, meal_type, servings and note",
    path: ["date"],
  }),
  describe: (input, names, recorded) => {
    // In the history the meal has already moved: where it was is the reply's.
    const now = names.meal(input.planner_meal_id);
    const previous = recorded?.previous as { date?: string; meal_type?: string } | undefined;
    const meal = now && { ...now, date: previous?.date ?? now.date, mealType: previous?.meal_type ?? now.mealType };
    const changes = [servingsWords(input.servings), noteWords(input.note)].filter((change) => change !== null);
    if (input.date === undefined && input.meal_type === undefined) {
      return `Change ${mealWords(input.planner_meal_id, names)}: ${listWords(changes)}`;
    }
    const to = slotWords(input.meal_type ?? meal?.mealType ?? "the meal", input.date ?? meal?.date ?? "");
    const from = meal && slotWords(meal.mealType, meal.date) !== to
      ? ` from ${slotWords(meal.mealType, meal.date)}`
      : "";
    return `Move ${meal?.recipeTitle ?? "a planned meal"}${from} to ${to}` +
      (changes.length > 0 ? `, with ${listWords(changes)}` : "");
  },
  outputSchema: PlannerUpdateMealResult,
});

export const getMealsForDate = defineTool({
  name: "planner.get_meals_for_date",
  ...plannerEditDocs.mealsForDate,
  effect: "read",
  inputSchema: z.strictObject({ date: dateField("The calendar day, YYYY-MM-DD.") }),
  outputSchema: PlannerMealsForDateResult,
});

export const addRecurring = defineTool({
  name: "planner.add_recurring",
  ...plannerRecurringDocs.addRecurring,
  effect: "write",
  risk: "medium",
  inputSchema: z.strictObject({
    recipe_id: idField("The recipe to plan (from recipe.list)."),
    start_date: dateField("First possible day, YYYY-MM-DD."),
    weekdays: z.array(z.enum(weekdays, { error: `must be one of: ${weekdays.join(", ")}` }))
      .min(1)
      .max(7)
      .refine((days) => new Set(days).size === days.length, { error: "must not repeat a weekday" })
      .describe('The weekdays it recurs on, e.g. ["tuesday", "friday"].'),
    every_weeks: z.number().int().min(1).max(52).default(1).describe("Every N weeks, 1–52; 1 (weekly) when absent."),
    until_date: dateField("Last possible day, YYYY-MM-DD, at most 366 days after start_date. Give this or count.")
      .optional(),
    count: z.number().int().min(1).max(100).optional().describe(
      "Number of occurrences, 1–100. Give this or until_date.",
    ),
    meal_type: z.enum(mealTypes, { error: `must be one of: ${mealTypes.join(", ")}` })
      .describe("breakfast, lunch or dinner."),
    servings: servingsField("Servings for each occurrence, 1–100; absent uses the recipe's.").optional(),
    note: textField(500, "A note for each occurrence.").optional(),
  }).superRefine((input, context) => {
    if ((input.until_date === undefined) === (input.count === undefined)) {
      context.addIssue({ code: "custom", path: ["count"], message: "give exactly one of until_date and count" });
    } else if (input.until_date !== undefined) {
      const span = dayNumber(input.until_date)! - dayNumber(input.start_date)!;
      if (span < 0 || span > 366) {
        context.addIssue({
          code: "custom",
          path: ["until_date"],
          message: "must be on or after start_date and at most 366 days after it",
        });
      }
    }
  }),
  describe: (input, names) => {
    const days = listWords(input.weekdays.map((day) => day.charAt(0).toUpperCase() + day.slice(1)));
    const every = input.every_weeks === 1 ? `every ${days}` : `every ${input.every_weeks} weeks on ${days}`;
    const until = input.count !== undefined
      ? `, ${counted(input.count, "time")}`
      : ` until ${dayWords(input.until_date ?? "")}`;
    return `Plan ${names.recipe(input.recipe_id)} for ${input.meal_type} ${every} from ${dayWords(input.start_date)}` +
      until + (input.servings ? ` (${counted(input.servings, "serving")})` : "");
  },
  outputSchema: PlannerAddRecurringResult,
});

export const listSeries = defineTool({
  name: "planner.list_series",
  ...plannerRecurringDocs.listSeries,
  effect: "read",
  inputSchema: z.strictObject({ ...pageFields(100) }),
  outputSchema: PlannerListSeriesResult,
});

export const removeSeries = defineTool({
  name: "planner.remove_series",
  ...plannerRecurringDocs.removeSeries,
  effect: "write",
  risk: "medium",
  inputSchema: z.strictObject({
    series_id: idField("The series' id (from planner.list_series or planner.add_recurring)."),
    from_date: dateField("Remove only the occurrences on or after this day, YYYY-MM-DD; absent: all of them.")
      .optional(),
  }),
  describe: (input, names) => `Remove ${seriesWords(input.series_id, names)}${fromWords(input.from_date)}`,
  outputSchema: PlannerRemoveSeriesResult,
});

export const updateSeries = defineTool({
  name: "planner.update_series",
  ...plannerRecurringDocs.updateSeries,
  effect: "write",
  risk: "medium",
  inputSchema: z.strictObject({
    series_id: idField("The series' id (from planner.list_series or planner.add_recurring)."),
    from_date: dateField("Change only the occurrences on or after this day, YYYY-MM-DD; absent: all of them.")
      .optional(),
    meal_type: z.enum(mealTypes, { error: `must be one of: ${mealTypes.join(", ")}` })
      .describe("breakfast, lunch or dinner.").optional(),
    servings: servingsField().nullable().optional()
      .describe("Servings for each occurrence, 1–100; null uses the recipe's."),
    note: textField(500, "A note for each occurrence; null clears it.").nullable().optional()
      .describe("A note for each occurrence; null clears it."),
  }).refine(
    (input) => input.meal_type !== undefined || input.servings !== undefined || input.note !== undefined,
    { error: "give at least one of servings, meal_type and note", path: ["servings"] },
  ),
  describe: (input, names) => {
    const changes = [
      input.meal_type === undefined ? null : `move to ${input.meal_type}`,
      servingsWords(input.servings),
      noteWords(input.note),
    ].filter((change) => change !== null);
    return `Change ${seriesWords(input.series_id, names)}${fromWords(input.from_date)}: ${listWords(changes)}`;
  },
  outputSchema: PlannerUpdateSeriesResult,
});

export const plannerTools = [
  listMeals,
  getMeal,
  addMeal,
  removeMeal,
  restoreMeal,
  updateMeal,
  getMealsForDate,
  addRecurring,
  listSeries,
  removeSeries,
  updateSeries,
];

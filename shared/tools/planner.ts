import { z } from "zod";
import { defineTool } from "./define-tool.ts";
import { readTraits, writeTraits } from "./traits.ts";
import { dateField, dayNumber, idField, limits, mealTypes, servingsField, textField } from "./fields.ts";
import { plannerDocs } from "./docs/planner.ts";
import type { PlannerMeal, RecipeIngredientLine } from "./results.ts";

const plannerMealId = idField("The planned meal's id (from planner.list_meals or planner.add_meal).");

export const listMeals = defineTool({
  name: "planner.list_meals",
  ...plannerDocs.listMeals,
  ...readTraits(),
  inputSchema: z.strictObject({
    start_date: dateField("First day, YYYY-MM-DD (inclusive)."),
    end_date: dateField("Last day, YYYY-MM-DD (inclusive); at most 92 days after start_date."),
  }).superRefine((input, context) => {
    const span = dayNumber(input.end_date)! - dayNumber(input.start_date)!;
    if (span < 0) {
      context.addIssue({ code: "custom", path: ["end_date"], message: "must be on or after start_date" });
    } else if (span > limits.maxPlannerSpanDays) {
      context.addIssue({
        code: "custom",
        path: ["end_date"],
        message: `must be at most ${limits.maxPlannerSpanDays} days after start_date`,
      });
    }
  }),
  execute: (input, context) => context.invoke<{ meals: PlannerMeal[] }>("app.planner_list_meals", input),
});

export const getMeal = defineTool({
  name: "planner.get_meal",
  ...plannerDocs.getMeal,
  ...readTraits(),
  inputSchema: z.strictObject({ planner_meal_id: plannerMealId }),
  execute: (input, context) =>
    context.invoke<{ meal: PlannerMeal & { ingredients: RecipeIngredientLine[] } }>("app.planner_get_meal", input),
});

export const addMeal = defineTool({
  name: "planner.add_meal",
  ...plannerDocs.addMeal,
  ...writeTraits("medium"),
  inputSchema: z.strictObject({
    recipe_id: idField("The recipe to plan (from recipe.list)."),
    date: dateField("Calendar day, YYYY-MM-DD (a real date: 2026-02-30 is refused)."),
    meal_type: z.enum(mealTypes, { error: `must be one of: ${mealTypes.join(", ")}` })
      .describe("breakfast, lunch or dinner."),
    servings: servingsField("Servings to cook for this meal, 1–100; absent uses the recipe's.").optional(),
    note: textField(500, "A note for this meal.").optional(),
  }),
  execute: (input, context) =>
    context.invoke<{ planner_meal_id: string; meal: PlannerMeal; message: string }>("app.planner_add_meal", input),
});

// Removal is soft and planner.restore_meal undoes it, hence medium.
export const removeMeal = defineTool({
  name: "planner.remove_meal",
  ...plannerDocs.removeMeal,
  ...writeTraits("medium"),
  inputSchema: z.strictObject({ planner_meal_id: plannerMealId }),
  execute: (input, context) =>
    context.invoke<{ removed: true; meal: PlannerMeal & { deleted_at: string } }>("app.planner_remove_meal", input),
});

export const restoreMeal = defineTool({
  name: "planner.restore_meal",
  ...plannerDocs.restoreMeal,
  ...writeTraits("medium"),
  inputSchema: z.strictObject({
    planner_meal_id: idField("The removed meal's id (from planner.remove_meal's result)."),
  }),
  execute: (input, context) => context.invoke<{ restored: true; meal: PlannerMeal }>("app.planner_restore_meal", input),
});

export const plannerTools = [listMeals, getMeal, addMeal, removeMeal, restoreMeal];

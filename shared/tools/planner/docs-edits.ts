// Prose for planner.update_meal and planner.get_meals_for_date.
import { toolDoc } from "../docs/tool-doc.ts";

const mealId = "3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c";

const updateMealSummary = `Moves a planned meal to another date or meal type, or changes its servings or note (each
only when given); returns the previous values. Needs the user's confirmation.`;
const mealsForDateSummary = `Returns the household's planned meals of one day (breakfast, lunch, dinner), with each
meal's recipe title, servings and note.`;

export const plannerEditDocs = {
  updateMeal: {
    description: "Move a planned meal or change its servings or note; returns the previous values.",
    summary: updateMealSummary,
    doc: toolDoc("planner.update_meal", updateMealSummary, {
      Preconditions: "- planner_meal_id names a live planned meal of the household; at least one of date, " +
        "meal_type, servings and note is given (null clears servings or note).",
      Postconditions: "- Returns `{ meal, previous }`. Undo: call it again with the `previous` values.",
      Invariants: "- The recipe does not change: plan another recipe with planner.add_meal.",
      "Failure Modes": "- **VALIDATION_ERROR**: no field to change, a date that is not real, an unknown meal type.\n" +
        "- **NOT_FOUND**: no such live meal in this household.\n" +
        "- **CONFLICT**: the new date has 20 live meals already, the most a household plans a day.",
      Examples: `### Example 1\n\`\`\`json\n{ "planner_meal_id": "${mealId}", "date": "2026-12-03" }\n\`\`\``,
      "Common Mistakes": "- ❌ Removing and adding a meal again to move it.",
    }),
  },
  mealsForDate: {
    description: "List the household's planned meals of one day.",
    summary: mealsForDateSummary,
    doc: toolDoc("planner.get_meals_for_date", mealsForDateSummary, {
      Preconditions: "- date is a real calendar date, YYYY-MM-DD.",
      Postconditions: "- Nothing changes. Returns `{ date, meals }`, breakfast first, then lunch, then dinner.",
      Invariants: "- Removed meals are not listed. Dates have no time zone. A day holds at most 20 live meals.",
      "Failure Modes": "- **VALIDATION_ERROR** (field date): not YYYY-MM-DD or not a real date.",
      Examples: '### Example 1\n```json\n{ "date": "2026-12-01" }\n```',
      "Common Mistakes": "- ❌ Listing a whole week to answer a question about one day.",
    }),
  },
};

// Prose for the planner tools: description (provider schemas), summary (system prompts), doc (on request).

const listMealsSummary = `Lists the meals planned between start_date and end_date (YYYY-MM-DD, both inclusive,
at most 92 days apart), ordered by date then breakfast, lunch, dinner.`;

const getMealSummary = `Returns one planned meal with its recipe's title and ingredient lines,
ready to push into a grocery list.`;

const addMealSummary = `Plans a recipe for a date (YYYY-MM-DD) and meal type (breakfast | lunch | dinner).
Several meals may share a slot. Needs the user's confirmation.`;

const removeMealSummary = `Removes a planned meal (soft delete) and returns it, so planner.restore_meal can undo it.
Needs the user's confirmation.`;

const restoreMealSummary = `Puts back a meal removed with planner.remove_meal, on its original date and meal type.
Needs the user's confirmation.`;

const idExample = "3f1b6c1e-5a52-4f7e-9a0c-6a4a3e0c2b11";

export const plannerDocs = {
  listMeals: {
    description: "List the household's planned meals in a date range (inclusive, at most 92 days).",
    summary: listMealsSummary,
    doc: `# planner.list_meals

## Summary
${listMealsSummary}

## Preconditions
- start_date ≤ end_date, both real calendar dates, at most 92 days apart.
- Optional page: \`limit\` (1–100, 100 when absent) and \`cursor\` (the previous page's next_cursor).

## Postconditions
- Nothing changes. Returns \`{ meals: [{ id, date, meal_type, recipe_id, recipe_title, servings, note,
  series_id, created_at }], next_cursor }\`, by day then breakfast, lunch, dinner; next_cursor is null on the last
  page. series_id names the repeating series a meal is an occurrence of (planner.list_series), null for a one-off.

## Invariants
- Dates are calendar dates with no time zone; removed meals are not listed.

## Failure Modes
- **VALIDATION_ERROR** (field end_date): end before start, or a span over 92 days.
- **VALIDATION_ERROR** (field start_date/end_date): not YYYY-MM-DD or not a real date.

## Examples

### Example 1: One week
\`\`\`json
{ "start_date": "2026-03-02", "end_date": "2026-03-08" }
\`\`\`

## Common Mistakes
- ❌ Sending timestamps ("2026-03-02T00:00:00Z"): send dates only.
- ❌ Asking for a whole year at once: page by quarter (≤ 92 days).
`,
  },
  getMeal: {
    description: "Get one planned meal with its recipe's ingredient lines.",
    summary: getMealSummary,
    doc: `# planner.get_meal

## Summary
${getMealSummary}

## Preconditions
- planner_meal_id names a live planned meal of the caller's household.

## Postconditions
- Nothing changes. Returns \`{ meal: { id, date, meal_type, recipe_id, recipe_title, servings, note,
  created_at, ingredients: [{ position, ingredient_id, ingredient_name, quantity, unit, prep_state, note }] } }\`.

## Invariants
- Quantities are the recipe's own; nothing is scaled for servings.

## Failure Modes
- **NOT_FOUND**: no such live meal in this household.

## Examples

### Example 1
\`\`\`json
{ "planner_meal_id": "${idExample}" }
\`\`\`

## Common Mistakes
- ❌ Passing a date instead of an id: use planner.list_meals to find meals by date.
`,
  },
  addMeal: {
    description: "Plan a recipe for a calendar date and meal type (breakfast, lunch or dinner).",
    summary: addMealSummary,
    doc: `# planner.add_meal

## Summary
${addMealSummary}

## Preconditions
- recipe_id names a live recipe of the household; date is a real YYYY-MM-DD date.

## Postconditions
- A planned meal exists. Returns \`{ planner_meal_id, meal, message }\` where message reads
  "Added <recipe title> to <date> (<meal_type>)".

## Invariants
- The same Idempotency-Key with the same input plans the meal once.

## Failure Modes
- **NOT_FOUND**: the recipe does not exist in this household.
- **CONFLICT**: the day has 20 live meals already, the most a household plans a day; remove one or choose another day.
- **VALIDATION_ERROR**: date not a real date (field date), meal_type not one of the three (field meal_type).
- **IDEMPOTENCY_MISMATCH**: the Idempotency-Key was used before with a different input.

## Examples

### Example 1
\`\`\`json
{ "recipe_id": "8d3c2a3e-0d7e-4c47-9a53-2f4d2d6b1f10", "date": "2026-03-04", "meal_type": "dinner" }
\`\`\`

## Common Mistakes
- ❌ "supper" or "Dinner": meal_type is exactly breakfast, lunch or dinner.
- ❌ Relative dates ("tomorrow"): resolve them to YYYY-MM-DD before calling.
`,
  },
  removeMeal: {
    description: "Remove a planned meal (soft delete); returns the meal so it can be restored.",
    summary: removeMealSummary,
    doc: `# planner.remove_meal

## Summary
${removeMealSummary}

## Preconditions
- planner_meal_id names a live planned meal of the household.

## Postconditions
- The meal is hidden from the planner. Returns \`{ removed: true, meal: { …the meal…, deleted_at } }\`.

## Invariants
- Grocery items that came from this meal are not touched.

## Failure Modes
- **NOT_FOUND**: no such live meal (removing twice is NOT_FOUND the second time).

## Examples

### Example 1
\`\`\`json
{ "planner_meal_id": "${idExample}" }
\`\`\`

## Common Mistakes
- ❌ Removing and re-adding to move a meal: fine, but keep the returned meal to restore on request.
`,
  },
  restoreMeal: {
    description: "Restore a planned meal removed with planner.remove_meal.",
    summary: restoreMealSummary,
    doc: `# planner.restore_meal

## Summary
${restoreMealSummary}

## Preconditions
- planner_meal_id names a removed meal of the household whose recipe still exists.

## Postconditions
- The meal is live again. Returns \`{ restored: true, meal }\`.

## Invariants
- Restoring changes nothing but the removal: same date, meal type, recipe, servings and note.

## Failure Modes
- **NOT_FOUND**: no such meal in this household.
- **CONFLICT**: the meal is not removed, or its recipe was deleted, or its day has 20 live meals already
  (the most a day holds).

## Examples

### Example 1
\`\`\`json
{ "planner_meal_id": "${idExample}" }
\`\`\`

## Common Mistakes
- ❌ Restoring a meal that was never removed: that is a CONFLICT, not a no-op.
`,
  },
};

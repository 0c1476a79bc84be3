// Prose for the recurring-meal tools.
import { toolDoc } from "../docs/tool-doc.ts";

const recipeId = "5b1f0c2e-8d4a-4f3b-9e6c-7a2d1e0f9b8c";
const seriesId = "9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a";

const addRecurringSummary = `Plans a recipe as a recurring meal: weekly on the given weekdays, every N weeks, until a
date or for a number of times (at most 100). Each occurrence is an ordinary planned meal. Needs the user's
confirmation.`;
const removeSeriesSummary = `Removes a recurring series: all its live occurrences, or those from a date on (soft; each
comes back with planner.restore_meal). Needs the user's confirmation.`;

const updateSeriesSummary = `Changes a whole recurring series at once: servings, meal type or note of every live
occurrence (or those from a date on). Returns the previous values. Needs the user's confirmation.`;

const listSeriesSummary = `Lists the household's repeating meals (live series from planner.add_recurring): recipe,
meal type, weekdays, every N weeks, servings, and the occurrences still planned (first and last day, count). A
planned meal's series_id names its series.`;

export const plannerRecurringDocs = {
  listSeries: {
    description: "List the household's repeating meals (series) with their rule and the occurrences still planned.",
    summary: listSeriesSummary,
    doc: toolDoc("planner.list_series", listSeriesSummary, {
      Preconditions: "- Optional page: `limit` (1–100, 100 when absent) and `cursor` (the previous page's " +
        "next_cursor).",
      Postconditions: "- Nothing changes. Returns `{ series: [{ id, recipe_id, recipe_title, meal_type, servings, " +
        "note, weekdays, every_weeks, start_date, first_date, last_date, live_meal_count, created_at }], " +
        "next_cursor }`, oldest series first; next_cursor is null on the last page.\n" +
        "- weekdays are day names (as planner.add_recurring takes them); every_weeks and start_date are the rule as " +
        "it was set up. first_date, last_date and live_meal_count describe the occurrences still planned (not " +
        "removed); the dates are null when none is left.",
      Invariants: "- Every member of the household sees the same series, whoever set them up; a series removed " +
        "with planner.remove_series (without from_date) is not listed. Another household's series are never listed.",
      "Failure Modes": "- **VALIDATION_ERROR** (cursor): not a next_cursor this tool gave.",
      Examples: `### Example 1: the first page\n\`\`\`json\n{}\n\`\`\``,
      "Common Mistakes": "- ❌ Scanning planner.list_meals for repeated recipes: the series are listed here, and " +
        "each meal's series_id says which it belongs to.",
    }),
  },
  addRecurring: {
    description: "Plan a recipe on given weekdays every N weeks, until a date or N times.",
    summary: addRecurringSummary,
    doc: toolDoc("planner.add_recurring", addRecurringSummary, {
      Preconditions: "- recipe_id names a live recipe of the household; weekdays are 1–7 distinct day names; " +
        "exactly one of until_date (on or after start_date, at most 366 days later) and count (1–100).",
      Postconditions: "- One planned meal per occurrence, dated from start_date on, on the weekdays of every " +
        "every_weeks-th week counted from start_date's week (Monday-based). Returns `{ series_id, meals, message }`.\n" +
        "- The occurrences appear in planner.list_meals and grocery.sync_plan like any other meal; " +
        "planner.update_meal or planner.remove_meal changes one of them; planner.remove_series the whole series.\n" +
        "- Undo (history.undo): the series and its occurrences are removed; CONFLICT when an occurrence was " +
        "changed since or its ingredients were pushed to a grocery list since (undo those first).",
      Invariants: "- At most 100 occurrences per series. Each occurrence counts toward its day's 20 live meals.",
      "Failure Modes": "- **VALIDATION_ERROR**: bad weekdays, both or neither of until_date and count, no " +
        "occurrence in the range, or more than 100.\n- **NOT_FOUND** (recipe_id): no such live recipe here.\n" +
        "- **CONFLICT**: an occurrence's day has 20 live meals already (the most a day holds; the message names " +
        "the day); nothing is planned.",
      Examples: `### Example 1: three weekly Tuesday dinners\n\`\`\`json\n{ "recipe_id": "${recipeId}", ` +
        `"start_date": "2026-12-01", "weekdays": ["tuesday"], "count": 3, "meal_type": "dinner" }\n\`\`\``,
      "Common Mistakes": "- ❌ Calling planner.add_meal once per week: the meals would not form a series.",
    }),
  },
  removeSeries: {
    description: "Remove a recurring series (all occurrences, or from a date on).",
    summary: removeSeriesSummary,
    doc: toolDoc("planner.remove_series", removeSeriesSummary, {
      Preconditions:
        "- series_id names a live series of the household (from planner.list_series or planner.add_recurring).",
      Postconditions: "- Without from_date: every live occurrence and the series are removed. With from_date: " +
        "the occurrences on or after it; the series stays. Returns `{ series_id, removed_meal_ids, message }`.",
      Invariants: "- Undo: history.undo restores every removed occurrence and, without from_date, the series; " +
        "CONFLICT when one was changed since or the recipe was deleted since. One occurrence alone: " +
        "planner.restore_meal with an id of removed_meal_ids.",
      "Failure Modes": "- **NOT_FOUND** (series_id): no such live series in this household.",
      Examples: `### Example 1\n\`\`\`json\n{ "series_id": "${seriesId}" }\n\`\`\``,
      "Common Mistakes": "- ❌ Removing the series to drop one week: use planner.remove_meal on that occurrence.",
    }),
  },
  updateSeries: {
    description: "Change servings, meal type or note of a whole recurring series.",
    summary: updateSeriesSummary,
    doc: toolDoc("planner.update_series", updateSeriesSummary, {
      Preconditions:
        "- series_id names a live series of the household (from planner.list_series); at least one of servings, meal_type and " +
        "note (null clears servings or note).",
      Postconditions: "- The series and its live occurrences (on or after from_date, when given) take the new " +
        "values. Returns `{ series_id, meals, previous, previous_meals, message }`: `previous` holds the series' " +
        "old value of each field given, `previous_meals` each changed occurrence's (`{ id, … }`).",
      Invariants: "- Undo: history.undo puts the series and every occurrence back as it was, an occurrence changed " +
        "by itself before included (CONFLICT when one was changed since). Calling it again with `previous` " +
        "gives every occurrence the series' old values instead. One occurrence alone: planner.update_meal.",
      "Failure Modes": "- **VALIDATION_ERROR**: nothing to change or a bad value.\n" +
        "- **NOT_FOUND** (series_id): no such live series in this household.",
      Examples: `### Example 1\n\`\`\`json\n{ "series_id": "${seriesId}", "servings": 6 }\n\`\`\``,
      "Common Mistakes": "- ❌ Updating each occurrence by hand: one call changes them all.",
    }),
  },
};

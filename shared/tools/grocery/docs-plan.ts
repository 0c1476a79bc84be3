// Prose for the grocery tools that bring recipes and the week's plan into a list.
import { toolDoc } from "../docs/tool-doc.ts";

const listId = "c0a80121-7ac0-4e1c-9d2b-5f8e4a3b2c10";
const recipeId = "5b1f0c2e-8d4a-4f3b-9e6c-7a2d1e0f9b8c";
const mealId = "9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b";
const saltId = "3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c";

const rounding = "Scaling is exact decimal arithmetic (recipe quantity × servings ÷ the recipe's servings, in " +
  "SQL numeric); each scaled line is then rounded half away from zero to 3 decimals, the precision an item " +
  "holds, and never below 0.001 (1 cup for 4 at 3 servings: 0.75 cup; 1 tsp for 3 at 2: 0.667 tsp).";
const exactKept = "- A line that was rounded keeps its unrounded amount in its source row " +
  "(grocery_item_sources.quantity_exact), so the exact value stays traceable.";

const pushRecipeSummary = `Adds a recipe's ingredient lines to a grocery list through the merge, scaled to a number of
servings (the recipe's own servings are the base), each line recorded as coming from the recipe. Needs the user's
confirmation.`;
const syncPlanSummary = `Brings a date range of the meal plan into a grocery list, each meal scaled to its servings,
less what is on hand and any meals left out. Safe to run again. preview: true writes nothing. Needs the user's
confirmation.`;

export const groceryPlanDocs = {
  pushRecipe: {
    description: "Push a recipe's lines into a grocery list, scaled to a number of servings.",
    summary: pushRecipeSummary,
    doc: toolDoc("grocery.push_recipe", pushRecipeSummary, {
      Preconditions: "- grocery_list_id names a live list and recipe_id a live recipe of the household; the " +
        "recipe has at least one ingredient line.\n" +
        "- servings (1–100) only when the recipe records its own servings: a recipe without servings can only " +
        "be pushed at its own amounts (VALIDATION_ERROR on field servings otherwise).",
      Postconditions: "- Each line merges as in grocery.push_ingredients (same ingredient, unit and prep state " +
        "into an unchecked, live item; else a new item) with a source row naming the recipe.\n" +
        "- Returns the merge's reply (`added`, `merged`, `summary`, `item_count`) plus `recipe_id`, " +
        "`base_servings`, `servings`, and `lines`: each line's `recipe_quantity`, `quantity_unrounded` and the " +
        "`quantity` stored.\n" +
        '- A recipe line without an amount (quantity and unit null, "salt, to taste") is not pushed: a list holds ' +
        "only numeric amounts. It is listed in `skipped` (`ingredient_id`, `ingredient_name`, `prep_state`, `note`, " +
        '`reason`: "no quantity in the recipe") and named in the message; add it by hand with grocery.add_item ' +
        "if it must be bought.",
      Invariants: `- ${rounding}\n${exactKept}\n- No unit is ever converted.\n- All or nothing: one transaction.`,
      "Failure Modes": "- **NOT_FOUND** (grocery_list_id or recipe_id): no such live list or recipe in this " +
        "household (another household's is NOT_FOUND too).\n" +
        "- **VALIDATION_ERROR** (servings): the recipe has no servings; or an item would pass 1,000,000.\n" +
        "- **VALIDATION_ERROR** (recipe_id): the recipe has no ingredient lines, or none of them has a quantity " +
        "(the message names them).",
      Examples: `### Example 1: a 4-serving recipe for 6\n\`\`\`json\n{ "grocery_list_id": "${listId}", ` +
        `"recipe_id": "${recipeId}", "servings": 6 }\n\`\`\``,
      "Common Mistakes": "- ❌ Scaling the quantities yourself and calling grocery.push_ingredients: the " +
        "source rows would not say which recipe they came from.",
    }),
  },
  syncPlan: {
    description: "Sync a date range of the meal plan into a grocery list; safe to run again (preview available).",
    summary: syncPlanSummary,
    doc: toolDoc("grocery.sync_plan", syncPlanSummary, {
      Preconditions: "- grocery_list_id names a live list of the household; start_date ≤ end_date, at most 92 " +
        "days apart.",
      Postconditions: "- Per planned meal and merge key (ingredient, unit, prep state), the meal's wanted amount " +
        "(its recipe's lines scaled to the meal's servings; at the recipe's own amounts when the meal or the " +
        "recipe has no servings) is compared with what the meal already put in this list (its source rows " +
        "minus earlier withdrawals). More wanted: the difference is added through the merge, recorded with the " +
        "meal. Less wanted (servings lowered, meal removed from the plan or moved out of the range): exactly " +
        "the difference is withdrawn from the live, unchecked items that carry the meal's contribution, an item " +
        "emptied to 0 is removed, and each withdrawal is recorded.\n" +
        "- A checked item is never reduced: what was bought stays (reported in `kept`); when more is needed, " +
        "it goes on a new unchecked line. An item the person removed is not brought back.\n" +
        "- Returns `changes` (one entry per meal and key: `quantity_before`, `quantity_after`, `added`, " +
        "`withdrawn`, `kept`), `withdrawals` (item by item), `kept`, `skipped`, `meals`, `on_hand`, `item_count` " +
        "and a message.\n" +
        "- **On hand**: an ingredient the household marked on hand (household.set_on_hand) is wanted at 0, so " +
        "nothing is added for it; `on_hand` lists each one the included meals use (`ingredient_id`, " +
        "`ingredient_name`, `needed`: their amounts per unit and prep state, `meals`: which meals, `included`). " +
        "`include_ingredient_ids` puts the ones it names on the list anyway, for this sync only.\n" +
        "- **Choosing meals**: `meals` lists every meal planned in the range with `included`; " +
        "`leave_out_meal_ids` leaves the meals it names out (absent: every meal). A left-out meal is wanted at 0.\n" +
        "- So the list mirrors the choice: what an earlier sync put there for a meal now left out, or for an " +
        "ingredient marked on hand since, is taken back from its unticked items like a removed meal's (the " +
        "preview shows it as `withdrawn`); what was ticked stays (`kept`), and a line added by hand " +
        "(grocery.add_item, grocery.push_ingredients) is never touched. The choice is not stored: the next sync " +
        "takes every meal and leaves every on-hand ingredient off unless told otherwise.\n" +
        '- Recipe lines without an amount (quantity and unit null, "salt, to taste") are never added: each one of ' +
        'each meal planned in the range is listed in `skipped` (meal, recipe, ingredient, note, `reason`: "no ' +
        'quantity in the recipe"), in a preview as in a real run, and the message counts and names them.\n' +
        "- Its source rows and withdrawals name the sync, so history.undo subtracts exactly what it added and " +
        "puts back exactly what it withdrew (an item it emptied comes back); a later sync's or push's part stays. " +
        "Undoing it does not change the on-hand marks, and undoing a mark (history.undo of household.set_on_hand) " +
        "does not change a list: the next sync follows the marks as they then are.",
      Invariants: `- Running it again for the same range changes nothing (\`changes\` is empty).\n` +
        "- `preview: true` returns the same `changes` and `withdrawals` the real run would make, and writes nothing.\n" +
        "- The list mirrors the range: every meal with a contribution in this list that is not planned in the " +
        "range has it withdrawn. Use one list per range, or sync the whole span.\n" +
        `- ${rounding} Each meal's lines are rounded before they are summed, so re-syncs compare equal amounts.\n` +
        "- One transaction; the list is locked first, so concurrent syncs run one after the other and two " +
        "syncs change what one would.",
      "Failure Modes": "- **NOT_FOUND** (grocery_list_id): no such live list in this household.\n" +
        "- **VALIDATION_ERROR** (end_date): before start_date or more than 92 days after it.\n" +
        "- **CONFLICT** (end_date): the range holds more than 5000 recipe lines (each meal's recipe lines), or " +
        "its plan would list more than 2000 changes, kept amounts or withdrawals (a line per meal and ingredient); " +
        "nothing is written, and the message names a shorter range to sync first. Three ten-line meals a day " +
        "make about 210 changes a week.\n" +
        "- **VALIDATION_ERROR** (grocery_list_id): an item would pass 1,000,000.\n" +
        "- Its undo is a **CONFLICT** when a later write changed, checked or removed an item it touched, or added " +
        "a line an emptied item would duplicate (undo that write first).",
      Examples: `### Example 1: what would change this week\n\`\`\`json\n{ "grocery_list_id": "${listId}", ` +
        `"start_date": "2026-11-23", "end_date": "2026-11-29", "preview": true }\n\`\`\`\n` +
        `### Example 2: without one meal, with the salt though it is on hand\n\`\`\`json\n{ "grocery_list_id": ` +
        `"${listId}", "start_date": "2026-11-23", "end_date": "2026-11-29", "leave_out_meal_ids": ` +
        `["${mealId}"], "include_ingredient_ids": ["${saltId}"] }\n\`\`\``,
      "Common Mistakes": "- ❌ Syncing next week into the list that mirrors this week: this week's unbought " +
        "lines are withdrawn. Use a new list.\n- ❌ Pushing a meal's lines by hand before a sync: they count as " +
        "the meal's contribution only when they name the planned meal.\n- ❌ Leaving a meal out to skip one " +
        "ingredient: mark the ingredient on hand, or leave it out of `include_ingredient_ids`.",
    }),
  },
};

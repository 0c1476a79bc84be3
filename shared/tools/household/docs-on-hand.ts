// Prose for household.set_on_hand and household.list_on_hand.
import { toolDoc } from "../docs/tool-doc.ts";

const saltId = "3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c";

const setOnHandSummary = `Marks an ingredient as on hand (the household always has it: salt, oil, flour), or
unmarks it. grocery.sync_plan leaves on-hand ingredients off the list unless told to include them. Needs the user's
confirmation.`;
const listOnHandSummary = `Lists the ingredients the household has marked as on hand, by name, with who marked each
and when (at most 500).`;

export const onHandDocs = {
  setOnHand: {
    description: "Mark an ingredient as on hand (the household always has it), or unmark it.",
    summary: setOnHandSummary,
    doc: toolDoc("household.set_on_hand", setOnHandSummary, {
      Preconditions: "- The caller is a member of the household. `ingredient_id` names a catalog ingredient or one " +
        "of the household's own (ingredient.search finds it). `on_hand`: true to mark, false to unmark.",
      Postconditions: "- household.list_on_hand lists the ingredient (or no longer does).\n" +
        "- grocery.sync_plan (and its preview) adds nothing for an on-hand ingredient: it lists it under `on_hand` " +
        "with what the week's chosen meals need of it and which meals, unless its `include_ingredient_ids` names it. " +
        "Marking an ingredient already on a list: the next sync takes back the part the plan put there and no one " +
        "has bought yet (the preview shows it as a withdrawal); bought (checked) lines and lines added by hand stay.\n" +
        "- Returns `{ household_id, ingredient_id, ingredient_name, on_hand, previous_on_hand, changed, " +
        "on_hand_count, message }`.\n" +
        "- Undo (history.undo): the mark as it was comes back (an unmarked ingredient is marked again by the person " +
        "undoing, now); CONFLICT when a later write that still stands marked or unmarked the same ingredient (undo " +
        "that first). A call that changed nothing (`changed`: false) has nothing to undo. A list is not changed by " +
        "the mark or its undo: the next sync follows the mark as it then is.",
      Invariants: "- The mark is the household's, the same for every member, every list and every sync.\n" +
        "- At most 500 ingredients on hand per household.",
      "Failure Modes": "- **NOT_FOUND** (field ingredient_id): no such ingredient in the catalog or the household.\n" +
        "- **CONFLICT** (field ingredient_id): the household already has 500 on hand (the limit is named).\n" +
        "- **VALIDATION_ERROR** (field ingredient_id or on_hand): not an id, or not true or false.",
      Examples: `### Example 1: salt is always in the cupboard\n\`\`\`json\n{ "ingredient_id": "${saltId}", ` +
        `"on_hand": true }\n\`\`\`\n### Example 2: out of salt\n\`\`\`json\n{ "ingredient_id": "${saltId}", ` +
        `"on_hand": false }\n\`\`\``,
      "Common Mistakes": '- ❌ Sending a name ("salt"): find its id with ingredient.search first.\n' +
        "- ❌ Marking what runs out this week: include it in that sync instead (`include_ingredient_ids`).",
    }),
  },
  listOnHand: {
    description: "List the ingredients the household has marked as on hand.",
    summary: listOnHandSummary,
    doc: toolDoc("household.list_on_hand", listOnHandSummary, {
      Preconditions: "- The caller is a member of the household. The input is an empty object.",
      Postconditions: "- Nothing changes. Returns `{ household_id, items: [{ ingredient_id, ingredient_name, " +
        "marked_by_name, marked_at }], count }`, items by name; marked_by_name is the member's display name, " +
        "else their email, null once they left.",
      Invariants: "- Only the household's own marks; at most 500.",
      "Failure Modes": "- **VALIDATION_ERROR**: any input field other than household_id.",
      Examples: "### Example 1\n```json\n{}\n```",
      "Common Mistakes": "- ❌ Reading it to filter a sync yourself: grocery.sync_plan already leaves these off.",
    }),
  },
};

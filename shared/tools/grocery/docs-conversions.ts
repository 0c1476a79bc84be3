// Prose for the unit conversion tools: proposals a person accepts, never conversions on their own.
import { ledgerStatement } from "./docs-ledger.ts";
import { toolDoc } from "../docs/tool-doc.ts";

const listId = "c0a80121-7ac0-4e1c-9d2b-5f8e4a3b2c10";

const proposeSummary = `Finds lines of one ingredient on a list in different units of one kind (volume or weight)
and proposes merging each set into one unit, with the exact arithmetic from fixed factors. Changes nothing.`;
const applySummary = `Merges the lines of one proposal the person accepted into one line in the chosen unit
(stored to 3 decimals), keeping every source. Needs the user's confirmation.`;

export const groceryConversionDocs = {
  propose: {
    description: "Propose unit conversions that would merge lines of one ingredient (volume or weight only).",
    summary: proposeSummary,
    doc: toolDoc("grocery.propose_conversions", proposeSummary, {
      Preconditions: "- grocery_list_id names a live list of the household.",
      Postconditions: "- Nothing changes. Returns `{ grocery_list_id, proposals: [{ ingredient_id, ingredient_name, " +
        "prep_state, item_ids, unit, lines, exact_quantity, quantity, rounded, arithmetic }] }`. The target unit is " +
        "the one already holding the largest share of the amount; `quantity` is what would be stored (3 decimals), `exact_quantity` the exact total.",
      Invariants: "- Exact factors: 1 lb = 453.59237 g, 1 oz = 28.349523125 g, 1 cup = 236.5882365 ml, " +
        "1 tbsp = 14.78676478125 ml, 1 tsp = 4.92892159375 ml, 1 fl oz = 29.5735295625 ml.\n" +
        "- Never volume with weight (no densities are recorded), never count units, never checked lines.",
      "Failure Modes": "- **NOT_FOUND**: no such list in this household.",
      Examples: `### Example 1\n\`\`\`json\n{ "grocery_list_id": "${listId}" }\n\`\`\`\n` +
        'Result: rice "1 lb + 100 g = 1.2204622621…" lb, stored as 1.22 lb.',
      "Common Mistakes": "- ❌ Applying a proposal the person has not seen and accepted.",
    }),
  },
  apply: {
    description: "Merge the lines of an accepted conversion proposal into one line in the chosen unit.",
    summary: applySummary,
    doc: toolDoc("grocery.apply_conversion", applySummary, {
      Preconditions: "- item_ids (2 or more) are unchecked lines of this list: one ingredient, one prep state, " +
        "units of one kind; unit is a unit of that kind (usually the proposal's).",
      Postconditions:
        "- Returns `{ grocery_list_id, item, kept_item_id, merged_item_ids, folded_into_item_id, exact_quantity, " +
        "rounded, previous }`. The first line (kept_item_id) holds the total; the others are removed, marked as " +
        "merged into it (grocery.restore_item refuses them), and their ledger rows (sources, withdrawals, " +
        "adjustments) moved to it, each keeping the amount and unit it was recorded in. The rounding to 3 " +
        "decimals is recorded as an adjustment in ml or g (kept amount × factor − the lines' amounts × their " +
        "factors, exact). When a line already in that unit was left out, the kept line folds into it and `item` " +
        "is that line. `previous` is the kept line's quantity and unit, the line each ledger row was on " +
        "(`sources`, `withdrawals`, `adjustments`) and the rounding's adjustment (`rounding_adjustment_id`).\n" +
        "- history.undo puts every line back exactly: the merged lines return, the kept line takes its quantity " +
        "and unit again, each ledger row returns to its line, the rounding's adjustment goes, and a line it " +
        "folded into gives back what it took.",
      Invariants: "- All or nothing.\n" + ledgerStatement,
      "Failure Modes": "- **VALIDATION_ERROR** (field item_ids): different ingredients, prep states or kinds.\n" +
        "- **VALIDATION_ERROR** (field unit): a unit of another kind, or a total out of bounds.\n" +
        "- **NOT_FOUND** (field item_ids): an item that is not an unchecked line of this list.\n" +
        "- Its undo is a **CONFLICT** when a later write changed one of the lines, restored a merged line, or " +
        "added a line one of them would duplicate (undo that write first).",
      Examples:
        `### Example 1\n\`\`\`json\n{ "grocery_list_id": "${listId}", "item_ids": ["…", "…"], "unit": "lb" }\n\`\`\``,
      "Common Mistakes": "- ❌ Choosing a unit of the other kind (cups for flour in grams): never across kinds.",
    }),
  },
};

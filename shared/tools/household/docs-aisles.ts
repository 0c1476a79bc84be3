// Prose for household.set_aisle_order.
import { toolDoc } from "../docs/tool-doc.ts";
import { groceryCategories } from "../fields.ts";

const setAisleOrderSummary = `Sets the order of the grocery categories (aisles) to match the household's shop; the
categories not named follow in the usual order, and an empty list puts the usual order back. Any member. Needs the
user's confirmation.`;

export const aisleDocs = {
  setAisleOrder: {
    description: "Set the order of the grocery categories (aisles) for the household's shop.",
    summary: setAisleOrderSummary,
    doc: toolDoc("household.set_aisle_order", setAisleOrderSummary, {
      Preconditions: `- The caller is a member of the household. \`categories\`: category codes, each at most once, ` +
        `from: ${groceryCategories.join(", ")}; [] for the usual order.`,
      Postconditions: "- grocery.get_list and grocery.changes return `aisle_order` in this order: the categories " +
        "named first, then the others in the usual order.\n" +
        "- Returns `{ household_id, household_name, categories, previous_categories, aisle_order: [{ category, " +
        "label }], message }`; categories and previous_categories are null for the usual order.\n" +
        "- Undo (history.undo): the order before comes back; CONFLICT when a later write that still stands changed " +
        "the order since (undo that first). Undoing the undo sets this order again.",
      Invariants: "- The order is the household's, the same for every member and every list.",
      "Failure Modes": "- **VALIDATION_ERROR** (field categories): an unknown category, one named twice, or not a " +
        "list.",
      Examples: '### Example 1\n```json\n{ "categories": ["bakery", "produce", "dairy"] }\n```\n' +
        '### Example 2 (the usual order)\n```json\n{ "categories": [] }\n```',
      "Common Mistakes": '- ❌ Sending labels ("Fruit and vegetables"): send the codes (produce).',
    }),
  },
};

// Prose for grocery.add_text: description (provider schemas), summary (system prompts), doc (on request).
import { toolDoc } from "../docs/tool-doc.ts";
import { ledgerStatement } from "./docs-ledger.ts";

export const addTextMaxLength = 2000;
export const addTextMaxLines = 50;
export const addTextMaxLineLength = 100;

const listId = "c0a80121-7ac0-4e1c-9d2b-5f8e4a3b2c10";

const addTextSummary = `Adds typed lines ("2 l milk", "onions, 3 tomatoes") to a list: each read as a recipe
line, its name matched as recipe.parse_text matches it, merged like push_ingredients; an unknown name is a free item.
Needs confirmation.`;

export const groceryAddTextDocs = {
  description: 'Add typed lines such as "2 l milk" or "onions, 3 tomatoes" to a grocery list, reading amount, ' +
    "unit and name and merging each into a matching line.",
  summary: addTextSummary,
  doc: toolDoc("grocery.add_text", addTextSummary, {
    Preconditions: "- grocery_list_id names a live list of the household.\n" +
      `- text is 1–${addTextMaxLength} characters and holds 1–${addTextMaxLines} lines. Lines end at a newline, ` +
      'a semicolon or a comma, except a comma between two digits ("1,5 kg" is 1.5 kg) and a comma inside ' +
      'parentheses ("onions (red, large)"); a part that is only a prep state ("2 onions, chopped") stays with its ' +
      `line. Each line is at most ${addTextMaxLineLength} characters.`,
    Postconditions: "- Each line is read by shared/ingredient-grammar's parseIngredientLine (as recipe.parse_text " +
      "reads one): quantity, unit, prep state, name, note. Its name is looked up as recipe.parse_text looks names " +
      "up (app.recipe_parse_text: the name folded, plurals and punctuation aside, then without describing words; " +
      'names and listed aliases, the household\'s own first): "onions" is onion, "2 l milk" is 2 l of milk.\n' +
      "- A line without an amount is 1 of the ingredient's count unit (onion: whole), else 1 whole; a counted line " +
      '("3 tomatoes") takes the count unit too. A name that matches nothing is added as typed, a free item.\n' +
      "- Every matched line merges as grocery.push_ingredients merges (same ingredient, unit and prep state → one " +
      "line, summed exactly), every free item as grocery.add_item merges it (same name, unit and prep state).\n" +
      "- Returns `{ grocery_list_id, lines: [{ text, name, ingredient_id, quantity, unit, prep_state, note, " +
      "grocery_item_id, merged }], summary: { lines_received, items_added, items_merged }, item_count, message }`, " +
      "one entry per line in the order typed.",
    Invariants: "- Nothing is matched fuzzily, and no typed line is dropped.\n" + ledgerStatement + "\n" +
      "- One call, one transaction: all lines or none. history.undo takes back exactly what this call added " +
      "(its own contributions), and the same Idempotency-Key with the same input adds once.",
    "Failure Modes": `- **VALIDATION_ERROR** (field text): blank, longer than ${addTextMaxLength} characters, ` +
      `more than ${addTextMaxLines} lines, a line longer than ${addTextMaxLineLength} characters, a line that ` +
      'names nothing ("2 kg"), an amount that is not a number above 0 ("0 eggs", "1/0 eggs") or above ' +
      "1,000,000, or a merge that would pass 1,000,000. Nothing is added.\n" +
      "- **NOT_FOUND**: no such live list in this household.\n" +
      "- **CONFLICT**: the list would hold more than 1000 items; nothing is added.\n" +
      "- **PAYLOAD_TOO_LARGE**: the request body itself is over the HTTP limit.\n" +
      "- **IDEMPOTENCY_MISMATCH**: the Idempotency-Key was used before with a different input.",
    Examples: `### Example 1\n\`\`\`json\n{ "grocery_list_id": "${listId}", "text": "2 l milk\\nonions, 3 tomatoes" ` +
      "}\n```\nResult: 2 l milk, 1 whole onion (merged into the list's 2 whole onion: 3) and 3 whole tomato.",
    "Common Mistakes": "- ❌ Reading the lines yourself and calling grocery.add_item for each: send the text as " +
      "typed, in one call.\n" +
      "- ❌ Adding a recipe's ingredients as text: use grocery.push_recipe, which keeps where each line came from.\n" +
      "- ❌ Retrying without the same Idempotency-Key: it would add twice.",
  }),
};

// Prose for the ingredient tools: description (provider schemas), summary (system prompts), doc (on request).
import { toolDoc } from "../docs/tool-doc.ts";

const searchSummary = `Finds ingredients in the catalog and the household's own: exact name first, then names
starting with the query, then names holding it as whole words ("rice" → basmati rice). Never fuzzy.`;
const createSummary = `Adds an ingredient of the household's own, for names the catalog lacks.
Fails when the catalog or the household already has the name. Needs the user's confirmation.`;

export const ingredientDocs = {
  search: {
    description: "Find ingredients by exact name, name prefix or whole words in the catalog and the household's own.",
    summary: searchSummary,
    doc: toolDoc("ingredient.search", searchSummary, {
      Preconditions: "- query is a name, its start, or whole words of it; trimmed and compared case-insensitively.",
      Postconditions: "- Nothing changes. Returns `{ ingredients: [{ id, name, household_specific, match }] }` " +
        'with match "exact", "prefix" or "word", in that order, then by name.',
      Invariants: '- No spelling correction, no synonyms, no plural folding, no part-word matches ("mato").\n' +
        "- Only a search: writes still take an exact name or an id.",
      "Failure Modes": "- **VALIDATION_ERROR**: blank query, limit outside 1–50.",
      Examples: '### Example 1\n```json\n{ "query": "chick", "limit": 5 }\n```\n' +
        'Result: "chicken breast", "chickpeas" (prefix matches).',
      "Common Mistakes": "- ❌ Picking the closest-looking result when nothing matches exactly: ask the user.",
    }),
  },
  create: {
    description: "Create a household-specific ingredient with a new name.",
    summary: createSummary,
    doc: toolDoc("ingredient.create", createSummary, {
      Preconditions: "- No catalog or household ingredient has this name (trimmed, case-insensitive).",
      Postconditions:
        "- The ingredient exists for this household only. Returns `{ ingredient_id, name, created_at }`.\n" +
        "- Undo (history.undo): the ingredient is removed, and its name can be created again, while nothing refers " +
        "to it; a recipe line, a list item or a recipe revision that names it (deleted and removed ones included: " +
        "they can come back) makes it a CONFLICT naming that recipe or list.",
      Invariants: "- The name is stored as given (trimmed); it is compared case-insensitively.\n" +
        "- A household holds at most 2000 ingredients of its own.",
      "Failure Modes": "- **CONFLICT**: the name exists already; search for it and use its id.\n" +
        "- **CONFLICT**: the household holds 2000 ingredients of its own, the most it may; use the catalog's.",
      Examples: '### Example 1\n```json\n{ "name": "gochujang" }\n```',
      "Common Mistakes": "- ❌ Creating a variant spelling of a catalog name: search first.",
    }),
  },
};

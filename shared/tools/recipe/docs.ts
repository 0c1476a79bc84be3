// Prose for the recipe tools: description (provider schemas), summary (system prompts), doc (on request).
import { toolDoc } from "../docs/tool-doc.ts";

const listSummary = `Lists the household's recipes, 20 per page by default, ordered by title.
Filters combine: tags (a recipe must carry all), min_rating, query (substring of the title).
Pass next_cursor back as cursor for the next page; null means no more.`;

const getSummary = `Returns one recipe in full: ingredient lines (ingredient, quantity, unit, prep state, note),
instructions, tags, rating, notes, servings. Use the id from recipe.list. A line without an amount
("salt, to taste") has quantity and unit null.`;

const createSummary = `Creates a recipe: a title and ingredient lines (numeric quantity + unit, or both null as
in "salt, to taste"), each naming an ingredient exactly or by ingredient_id. Unknown names
fail, all listed in one error. Needs the user's confirmation.`;

const updateSummary = `Changes fields of an existing recipe; fields left out stay as they are, null clears them.
ingredients and tags, when given, replace the whole list. Needs the user's confirmation.`;

const restoreSummary = `Brings a deleted recipe back with its ingredient lines, within the household's cap of
recipes. Needs the user's confirmation.`;
const deleteSummary = `Removes a recipe (soft delete: kept for undo, hidden from every read).
Planned meals that use it stay on the calendar. Needs the user's confirmation.`;

export const recipeDocs = {
  list: {
    description: "List the household's recipes, filtered by tags, minimum rating or title text.",
    summary: listSummary,
    doc: `# recipe.list

## Summary
${listSummary}

## Preconditions
- The caller belongs to the household (one household is chosen automatically when the caller has only one).

## Postconditions
- Nothing changes. Returns \`{ recipes: [{ id, title, tags, rating, servings, updated_at }], next_cursor }\`.

## Invariants
- Only live (not deleted) recipes of the caller's household are listed.
- Tag matching is exact: a recipe must carry every requested tag.

## Failure Modes
- **VALIDATION_ERROR**: limit outside 1–100, rating outside 1–5, a cursor not produced by this tool. Not retryable.

## Examples

### Example 1: Dinners rated 4 or better
\`\`\`json
{ "tags": ["dinner"], "min_rating": 4 }
\`\`\`

### Example 2: Next page
\`\`\`json
{ "query": "soup", "cursor": "<next_cursor from the previous page>" }
\`\`\`

## Common Mistakes
- ❌ Building or editing a cursor yourself: pass next_cursor back unchanged.
- ❌ Expecting query to match ingredients or tags: it searches titles only.
`,
  },
  get: {
    description: "Get one recipe with its ingredient lines, instructions and metadata.",
    summary: getSummary,
    doc: `# recipe.get

## Summary
${getSummary}

## Preconditions
- recipe_id names a live recipe of the caller's household.

## Postconditions
- Nothing changes. Returns \`{ recipe }\` with ingredients in order, each with ingredient_id and ingredient_name.

## Invariants
- Quantities are exact decimals with the unit they were stored with; nothing is converted.
- A line without an amount has \`quantity: null\` and \`unit: null\` (always both); its note says why ("to taste").

## Failure Modes
- **NOT_FOUND**: no such recipe in this household (another household's recipe is also NOT_FOUND).
- **VALIDATION_ERROR**: recipe_id is not a UUID.

## Examples

### Example 1
\`\`\`json
{ "recipe_id": "8d3c2a3e-0d7e-4c47-9a53-2f4d2d6b1f10" }
\`\`\`

## Common Mistakes
- ❌ Passing a recipe title as recipe_id: find the id with recipe.list first.
`,
  },
  create: {
    description: "Create a recipe from a title and structured ingredient lines (numeric quantity and unit).",
    summary: createSummary,
    doc: `# recipe.create

## Summary
${createSummary}

## Preconditions
- Every ingredient line names a known ingredient: ingredient_id, or name matching a catalog or household
  ingredient exactly (trimmed, case-insensitive). Create missing ones with ingredient.create first.
- Each quantity is a JSON number > 0 and each unit one of the 14 allowed units; or, for a line the recipe gives no
  amount ("salt, to taste", "oil for frying"), quantity and unit are both null, with the words in note.

## Postconditions
- One recipe with its lines (positions in input order) exists. Returns \`{ recipe_id, created_at }\`.
- The write is recorded (who, tool, when).

## Invariants
- All or nothing: one bad line and nothing is created.
- Names are never matched fuzzily and units never converted.
- A line's quantity and unit are both set or both null: never a unit without a number, never a text amount.
- A line without an amount stays without one everywhere: scaling leaves it null, and grocery.push_recipe and
  grocery.sync_plan skip it and list it under \`skipped\` (a grocery list holds only numeric amounts).
- The same Idempotency-Key with the same input creates the recipe once.

## Failure Modes
- **VALIDATION_ERROR** (field \`ingredients[i].…\`): a missing unit, a string quantity, an unknown unit, a unit
  with a null quantity (field \`ingredients[i].quantity\`: "a unit needs a quantity"). Not retryable.
- **VALIDATION_ERROR** (field \`ingredients\`): unknown ingredient names; the message lists every one.
- **CONFLICT**: the household already holds 2000 live recipes (the limit is named); delete some first.
- **IDEMPOTENCY_MISMATCH**: the Idempotency-Key was used before with a different input.

## Examples

### Example 1: By name
\`\`\`json
{ "title": "Rice bowl", "servings": 2, "tags": ["dinner"],
  "ingredients": [
    { "name": "rice", "quantity": 1, "unit": "cup" },
    { "name": "onion", "quantity": 1, "unit": "whole", "prep_state": "chopped" },
    { "name": "salt", "quantity": null, "unit": null, "note": "to taste" }
  ] }
\`\`\`
Result: \`{ "recipe_id": "…", "created_at": "…" }\`

## Common Mistakes
- ❌ \`"quantity": "1 1/2"\` or \`"a pinch"\`: quantities are numbers (1.5); for no amount, quantity and unit null
  and "to taste" in note.
- ❌ \`"quantity": null, "unit": "tsp"\`: a unit needs a number; give both or neither.
- ❌ \`"unit": "cups"\` or \`"grams"\`: use the exact unit names (cup, g).
- ❌ Guessing a near name ("tomatos"): search the catalog, or ask the user to create the ingredient.
`,
  },
  update: {
    description: "Update fields of an existing recipe; omitted fields are kept, null clears optional ones.",
    summary: updateSummary,
    doc: `# recipe.update

## Summary
${updateSummary}

## Preconditions
- recipe_id names a live recipe of the caller's household.
- At least one field besides recipe_id is given; ingredient lines follow recipe.create's rules.

## Postconditions
- The given fields are changed; returns \`{ recipe, updated_at, previous, revision }\`: the whole updated recipe,
  the previous values of the given fields (lines included), and the revision that keeps the recipe as it was.
- Undo: recipe.revert to that revision, or history.undo.

## Invariants
- All or nothing. Given ingredients replace all lines; tags replace all tags.
- title and ingredients cannot be cleared (null is refused for them).

## Failure Modes
- **NOT_FOUND**: no such recipe in this household.
- **VALIDATION_ERROR**: no field to change, or a field breaks recipe.create's rules (field names it).
- **IDEMPOTENCY_MISMATCH**: the Idempotency-Key was used before with a different input.

## Examples

### Example 1: Rate and retag
\`\`\`json
{ "recipe_id": "8d3c2a3e-0d7e-4c47-9a53-2f4d2d6b1f10", "rating": 5, "tags": ["dinner", "quick"] }
\`\`\`

## Common Mistakes
- ❌ Sending only the new ingredient to add: ingredients replaces the whole list; send every line.
- ❌ Sending the full recipe from recipe.get (ids, timestamps): unknown fields are refused.
`,
  },
  delete: {
    description: "Delete a recipe (soft delete, recoverable by the household).",
    summary: deleteSummary,
    doc: `# recipe.delete

## Summary
${deleteSummary}

## Preconditions
- recipe_id names a live recipe of the caller's household.

## Postconditions
- The recipe is marked deleted; returns \`{ recipe_id, title, deleted_at }\`.

## Invariants
- Nothing is erased: the row keeps its data for undo.

## Failure Modes
- **NOT_FOUND**: no such live recipe in this household (deleting twice is NOT_FOUND the second time).

## Examples

### Example 1
\`\`\`json
{ "recipe_id": "8d3c2a3e-0d7e-4c47-9a53-2f4d2d6b1f10" }
\`\`\`

## Common Mistakes
- ❌ Deleting to "rename" a recipe: use recipe.update.
`,
  },
  restore: {
    description: "Restore a deleted recipe with its ingredient lines.",
    summary: restoreSummary,
    doc: toolDoc("recipe.restore", restoreSummary, {
      Preconditions: "- recipe_id names a deleted recipe of the caller's household.",
      Postconditions: "- Returns `{ restored: true, recipe }` as recipe.get shows it.",
      Invariants: "- The undo of recipe.delete: the lines were kept. The household's cap of 2000 recipes holds.",
      "Failure Modes": "- **NOT_FOUND**: no such recipe in this household.\n" +
        "- **CONFLICT**: the recipe is not deleted, or the household already holds 2000 recipes.",
      Examples: '### Example 1\n```json\n{ "recipe_id": "8d3c2a3e-0d7e-4c47-9a53-2f4d2d6b1f10" }\n```',
      "Common Mistakes": "- ❌ Creating the recipe again instead of restoring it.",
    }),
  },
};

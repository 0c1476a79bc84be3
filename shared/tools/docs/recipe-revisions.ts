// Prose for recipe.revert.
import { toolDoc } from "./tool-doc.ts";

const revertSummary = `Puts a recipe back as it was at an earlier revision: title, method, tags, rating, notes,
servings and ingredient lines. recipe.update returns the revision it made. Needs the user's confirmation.`;

export const recipeRevisionDocs = {
  revert: {
    description: "Put a recipe back to an earlier revision (fields and ingredient lines).",
    summary: revertSummary,
    doc: toolDoc("recipe.revert", revertSummary, {
      Preconditions: "- recipe_id names a live recipe of the household; revision is one of its revisions (each " +
        "recipe.update and recipe.revert makes one, numbered from 1, keeping the recipe as it was before).",
      Postconditions: "- Returns `{ recipe, reverted_to_revision, revision }`; `revision` keeps the state the revert " +
        "replaced, so reverting to it undoes the revert.",
      Invariants: "- All or nothing. Revisions are never edited or removed while the recipe exists.",
      "Failure Modes": "- **NOT_FOUND**: no such live recipe in this household (field recipe_id), or no such " +
        "revision of it (field revision).\n- **VALIDATION_ERROR**: revision is not a whole number from 1.",
      Examples: '### Example 1\n```json\n{ "recipe_id": "8d3c2a3e-0d7e-4c47-9a53-2f4d2d6b1f10", "revision": 1 }\n```',
      "Common Mistakes": "- ❌ Retyping the old values into recipe.update: revert to the revision instead.",
    }),
  },
};

// Prose for recipe.revert and recipe.list_revisions.
import { toolDoc } from "../docs/tool-doc.ts";

const revertSummary = `Puts a recipe back as it was at an earlier revision: title, method, tags, rating, notes,
servings and ingredient lines. recipe.update returns the revision it made. Needs the user's confirmation.`;

const listRevisionsSummary = `Lists a recipe's revisions, newest first: each is the recipe as it was before a
recipe.update or recipe.revert (fields and ingredient lines), with its number for recipe.revert.`;

export const recipeRevisionDocs = {
  listRevisions: {
    description: "List a recipe's revisions (the recipe before each change), newest first, for recipe.revert.",
    summary: listRevisionsSummary,
    doc: toolDoc("recipe.list_revisions", listRevisionsSummary, {
      Preconditions: "- recipe_id names a live recipe of the household. limit 1–100 (20 when absent); cursor from " +
        "the previous page's next_cursor.",
      Postconditions: "- Nothing changes. Returns `{ recipe_id, revisions: [{ revision, created_at, created_by, " +
        "recipe }], next_cursor }`: `recipe` is shaped as recipe.get's, as it was before the change made at " +
        "created_at by created_by.",
      Invariants: "- Revisions are numbered from 1 per recipe, never edited or removed while the recipe exists. " +
        "A recipe never changed has none.",
      "Failure Modes": "- **NOT_FOUND** (field recipe_id): no such live recipe in this household (another " +
        "household's included).\n- **VALIDATION_ERROR**: recipe_id not a uuid, limit outside 1–100, a cursor " +
        "that is not one of ours.",
      Examples: '### Example 1\n```json\n{ "recipe_id": "8d3c2a3e-0d7e-4c47-9a53-2f4d2d6b1f10", "limit": 5 }\n```',
      "Common Mistakes": "- ❌ Guessing a revision number for recipe.revert: list them first.",
    }),
  },
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

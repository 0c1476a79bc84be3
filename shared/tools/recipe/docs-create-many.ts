// Prose for recipe.create_many.
import { toolDoc } from "../docs/tool-doc.ts";

const createManySummary = `Saves up to 50 recipes at once (an imported collection), each all or nothing.
One already saved from the same source_identity is skipped, or updated with a revision
(on_existing "update"): importing the same file twice doubles nothing.`;

export const recipeCreateManyDocs = {
  description: "Save up to 50 recipes at once (an imported collection); one already saved from the same source is " +
    "skipped or updated, never doubled.",
  summary: createManySummary,
  doc: toolDoc("recipe.create_many", createManySummary, {
    Preconditions: "- Each recipe is valid as recipe.create takes it (a title, 1–200 ingredient lines naming " +
      "ingredients exactly or by id, …): a recipe that is not makes the whole call a VALIDATION_ERROR naming it " +
      "(`recipes[3].ingredients[0].unit`), and nothing is saved.\n- 1–50 recipes a call; the request body is at " +
      "most 1 MiB. Send a larger collection in several calls, each with its own Idempotency-Key.",
    Postconditions: "- Returns `{ results, summary, message }`: per recipe, in the order given, its `index`, " +
      "`status` (`created`, `updated`, `restored`, `skipped` or `refused`), `recipe_id`, `title`, `revision` " +
      "(updated and restored ones: the revision keeping what it was) and a `message` in words; the counts; and " +
      "one sentence for the whole call.\n- A new recipe keeps its source_identity; a later call with the same one " +
      "finds it: `skipped` (on_existing `skip`, the default), or updated in place, keeping its id, with the " +
      "file's content (fields the recipe does not give keep their value, as recipe.update does) and a revision of " +
      "what it was (`updated`); an update that would change nothing makes no revision and is `skipped`.\n- A " +
      "deleted recipe with the same source_identity is brought back with the file's content (`restored`), its " +
      "content before kept as a revision, whichever on_existing says: the person asked for the recipe, and the " +
      "deleted one is the same recipe.\n- One history entry for the call. history.undo deletes the recipes it " +
      "created, puts the ones it updated back to their revision, and deletes again the ones it brought back; " +
      "undoing that undo saves them again.",
    Invariants: "- Each recipe is all or nothing: its row and its lines are saved together or not at all.\n- " +
      "source_identity is unique per household among its recipes, deleted ones included; other households' " +
      "recipes never match (nor are they seen).\n- With an Idempotency-Key, a retry returns the first reply and " +
      "saves nothing again.\n- Two recipes in one call with the same source_identity: the first is saved, the " +
      "second finds it (skipped or updated).",
    "Failure Modes": "- **VALIDATION_ERROR**: an invalid recipe (the field says which), no recipe, more than 50. " +
      "Nothing is saved.\n- Per recipe, as `refused` with the reason in its message (the call itself succeeds): " +
      "an ingredient name that is neither the catalog's nor the household's (`field: ingredients`), the " +
      "household's 2,000 live recipes reached.",
    Examples: '### Example 1\n```json\n{ "on_existing": "skip", "recipes": [{ "title": "Pancakes", ' +
      '"source_identity": "paprika:5D4B2C1A", "ingredients": [{ "name": "eggs", "quantity": 2, "unit": "whole" ' +
      "}] }] }\n```",
    "Common Mistakes": "- ❌ Sending drafts that are not ready: fix or leave out the ones recipe.import_file marks " +
      "`ready: false`, or the whole call is refused.\n- ❌ A new Idempotency-Key for the retry of a call whose " +
      "reply was lost: keep the key, so the retry is answered from the first call.",
  }),
};

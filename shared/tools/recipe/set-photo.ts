// recipe.set_photo: which photo a recipe shows. The photo itself is uploaded to Supabase Storage first (the private
// bucket recipe-photos, under <household_id>/<recipe_id>/, by the app with supabase.storage); this records its path
// on the recipe, so recipe.get and recipe.list return it without listing Storage.
import * as z from "zod";
import { defineTool } from "../define-tool.ts";
import { toolDoc } from "../docs/tool-doc.ts";
import { idField, textField } from "../fields.ts";
import { id, timestamp } from "../result-fields.ts";

const setPhotoSummary = `Sets which photo a recipe shows: the path of an image already uploaded to the
recipe-photos bucket under <household_id>/<recipe_id>/, or null for none. Returns the photo it replaced.`;

const photoPathDescription =
  "The uploaded photo's path in the recipe-photos bucket, <household_id>/<recipe_id>/<file>; " +
  "null removes the recipe's photo.";

export const RecipeSetPhotoResult = z.strictObject({
  recipe_id: id,
  title: z.string(),
  photo_path: z.string().nullable(),
  /** The photo the recipe showed before: the app removes it from Storage once nothing points at it. */
  previous_photo_path: z.string().nullable(),
  updated_at: timestamp,
});

export const setRecipePhoto = defineTool({
  name: "recipe.set_photo",
  description: "Set which uploaded photo a recipe shows (its path in the recipe-photos bucket), or remove it (null).",
  summary: setPhotoSummary,
  doc: toolDoc("recipe.set_photo", setPhotoSummary, {
    Preconditions: "- The recipe is a live recipe of the household.\n- `photo_path` names an object already " +
      "uploaded to the private Storage bucket `recipe-photos` at `<household_id>/<recipe_id>/<file>` (this " +
      "household, this recipe), which the caller may read; or it is null.",
    Postconditions: "- The recipe's `photo_path` is the one given; recipe.get and recipe.list return it. Returns " +
      "`{ recipe_id, title, photo_path, previous_photo_path, updated_at }`.\n- The photo itself is shown through " +
      "a signed URL (`supabase.storage.from('recipe-photos').createSignedUrl(path, seconds)`); the bucket is not " +
      "public.",
    Invariants: "- Nothing in Storage changes: the previous photo stays until the app removes it " +
      "(`previous_photo_path`). A deleted recipe keeps its photo, so restoring it brings the photo back.\n- With " +
      "an Idempotency-Key, a retry returns the first reply.",
    "Failure Modes": "- **VALIDATION_ERROR** (`photo_path`): not under this recipe's folder of this household, or " +
      "no such object in the bucket (upload it first).\n- **NOT_FOUND**: no live recipe with that id in the " +
      "household.\n- history.undo puts back the photo the recipe had before (none, or the one it " +
      "replaced while that one is still in Storage; else a CONFLICT saying so).",
    Examples: '### Example 1\n```json\n{ "recipe_id": "5a0c…", "photo_path": ' +
      '"0b6f…/5a0c…/3f1e2d4c-9a7b-4c1d-8e2f-6a5b4c3d2e1f.jpg" }\n```\n### Example 2\n```json\n{ "recipe_id": ' +
      '"5a0c…", "photo_path": null }\n```',
    "Common Mistakes": "- ❌ Calling it before the upload has finished: the object must exist.\n- ❌ A public URL: " +
      "give the object's path in the bucket, not a URL.",
  }),
  effect: "write",
  risk: "medium",
  inputSchema: z.strictObject({
    recipe_id: idField("The recipe's id (from recipe.list or recipe.create)."),
    photo_path: textField(300, photoPathDescription).nullable().describe(photoPathDescription),
  }),
  describe: (input, names) =>
    input.photo_path === null
      ? `Remove the photo of the recipe ${names.recipe(input.recipe_id)}`
      : `Set a new photo for the recipe ${names.recipe(input.recipe_id)}`,
  outputSchema: RecipeSetPhotoResult,
});

export const recipePhotoTools = [setRecipePhoto];

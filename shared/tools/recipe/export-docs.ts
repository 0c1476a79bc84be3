// Prose for recipe.export.
import { toolDoc } from "../docs/tool-doc.ts";
import { exportLimits } from "./export-results.ts";

const summary = `Writes every recipe of the household into a zip: a schema.org JSON-LD file per recipe (which Tandoor,
Mealie, Nextcloud Cookbook and recipe.import_file import) or a Markdown file per recipe, each recipe's photo beside
its file. Changes nothing.`;

export const recipeExportDocs = {
  description: "Export the household's recipes, with their photos, as a zip of schema.org JSON-LD files (importable " +
    "by other apps) or Markdown files. Changes nothing.",
  summary,
  doc: toolDoc("recipe.export", summary, {
    Preconditions: '- format: "json-ld" or "markdown".',
    Postconditions: "- Nothing changes. Returns `{ format, file_name, recipe_count, photo_count, warnings, " +
      "byte_size, data_base64 }`: a zip with one file per live recipe, `<title>-<id start>.json` or `.md`, by " +
      "title. JSON-LD: name, recipeIngredient (each line written so that it reads back as the same amount, unit, " +
      "ingredient and prep state), recipeInstructions (a HowToStep per line of the method), recipeYield, keywords " +
      "(the tags), description (the notes), aggregateRating, identifier (the recipe's id) and image.\n- A recipe's " +
      "photo is read from Storage as the caller (the recipe-photos bucket's policies decide) and put beside its " +
      "file as `<title>-<id start>.jpg` (or `.png`, `.webp`: the type its bytes show), named in the JSON-LD's " +
      "`image` (a file name relative to the recipe's file, as Nextcloud Cookbook's full.jpg sits beside its " +
      "recipe.json) and shown in the Markdown under the title (`![title](<file>)`). recipe.import_file of the " +
      "archive gives each recipe back with its photo.",
    Invariants: `- The archive is at most ${exportLimits.maxZipBytes} bytes (a household keeps at most 2,000 ` +
      `recipes). Photos go in by title while the archive stays within it and at most ${exportLimits.maxPhotos} ` +
      `photos; the photos past either are left out and named in \`warnings\`, and every recipe is still exported. ` +
      `Each photo is at most ${exportLimits.maxPhotoBytes} bytes (what recipe.import_file keeps).\n- A photo that ` +
      "cannot be read (gone from Storage, not an image, Storage silent for " +
      `${exportLimits.photoReadTimeoutMs / 1000} s) leaves its recipe without one, with a sentence in \`warnings\`; ` +
      "the export never fails for a photo.\n- Only the caller's household's photos are read: another's are " +
      "refused by Storage as they are to the app.\n- recipe.import_file of a JSON-LD export gives back each " +
      "recipe's title, lines, amounts, units, method, servings, tags and photo (the same bytes).",
    "Failure Modes": `- **PAYLOAD_TOO_LARGE**: the recipes' own files would take the archive over ` +
      `${exportLimits.maxZipBytes} bytes (photos never do: they are left out first).`,
    Examples: '### Example 1\n```json\n{ "format": "json-ld" }\n```',
    "Common Mistakes": "- ❌ Expecting every photo of a large collection in one archive: check `warnings` for the " +
      "photos left out.",
  }),
};

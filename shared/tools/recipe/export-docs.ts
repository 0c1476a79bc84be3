// Prose for recipe.export.
import { toolDoc } from "../docs/tool-doc.ts";
import { exportLimits } from "./export-results.ts";

const summary = `Writes every recipe of the household into a zip archive: a schema.org JSON-LD file per recipe (which
Tandoor, Mealie, Nextcloud Cookbook and recipe.import_file import) or a Markdown file per recipe. Changes nothing.`;

export const recipeExportDocs = {
  description: "Export the household's recipes as a zip of schema.org JSON-LD files (importable by other apps) or " +
    "Markdown files. Changes nothing.",
  summary,
  doc: toolDoc("recipe.export", summary, {
    Preconditions: '- format: "json-ld" or "markdown".',
    Postconditions: "- Nothing changes. Returns `{ format, file_name, recipe_count, byte_size, data_base64 }`: a " +
      "zip with one file per live recipe, `<title>-<id start>.json` or `.md`, by title. JSON-LD: name, " +
      "recipeIngredient (each line written so that it reads back as the same amount, unit, ingredient and prep " +
      "state), recipeInstructions (a HowToStep per line of the method), recipeYield, keywords (the tags), " +
      "description (the notes), aggregateRating and identifier (the recipe's id). Photos are not in the export yet.",
    Invariants: `- The archive is at most ${exportLimits.maxZipBytes} bytes (a household keeps at most 2,000 ` +
      "recipes).\n- recipe.import_file of a JSON-LD export gives back each recipe's title, lines, amounts, units, " +
      "method, servings and tags.",
    "Failure Modes": `- **PAYLOAD_TOO_LARGE**: the archive would be over ${exportLimits.maxZipBytes} bytes.`,
    Examples: '### Example 1\n```json\n{ "format": "json-ld" }\n```',
    "Common Mistakes": "- ❌ Expecting photos in the export: they are not in it yet.",
  }),
};

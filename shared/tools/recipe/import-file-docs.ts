// Prose for recipe.import_file.
import { photoFetchLimits } from "../../page-fetching/fetch-photo.ts";
import { maxPhotoPixels } from "../../recipe-collections/photo.ts";
import { toolDoc } from "../docs/tool-doc.ts";
import { collectionLimits as limits, importFileBodyBytes } from "../../recipe-collections/collection-limits.ts";

const summary = `Reads a recipe collection exported from Paprika, Mealie, Tandoor, Nextcloud Cookbook, RecipeSage,
JSON-LD or Cooklang into recipe.create drafts, a page at a time, each with its source identity and photo.
Saves nothing.`;

export const recipeImportFileDocs = {
  description: "Read a recipe collection file from another app (Paprika, Mealie, Tandoor, Nextcloud Cookbook, " +
    "RecipeSage, JSON-LD, Cooklang) into drafts for recipe.create, a page at a time. Saves nothing.",
  summary,
  doc: toolDoc("recipe.import_file", summary, {
    Preconditions: `- data_base64: the file as base64, at most ${limits.maxFileBytes} bytes (the request body may ` +
      `be ${importFileBodyBytes} bytes for this tool). The format is told from the content: a zip (Paprika's ` +
      "entries of gzip JSON, Mealie's recipes/<slug>/<slug>.json or its backup's database.json, Tandoor's zip of " +
      "<id>.zip, Nextcloud Cookbook's <folder>/recipe.json, .cook files, or JSON files), a gzip (one " +
      ".paprikarecipe), JSON (schema.org Recipes, one, an array or a @graph; RecipeSage's export; one Paprika or " +
      "Mealie recipe) or Cooklang text.\n" +
      "- file_name: the name as the person has it; a hint only (a Cooklang recipe without a title takes it).\n" +
      `- limit (1–${limits.maxPageSize}, default ${limits.defaultPageSize}) and cursor: the next page is the same ` +
      "file sent again with the previous page's next_cursor.",
    Postconditions: "- Nothing changes. Returns `{ format, total, recipes, failures, next_cursor }`: `total` " +
      "recipes in the file; for each of this page's recipes recipe.parse_text's `{ draft, ready, lines, " +
      "other_lines }` (the draft also carries servings, tags and notes as recipe.create takes them), `source` " +
      '(`entry` in the file, `identity`: the app\'s id such as "paprika:<uid>", "mealie:<id>", "tandoor:<id>", ' +
      '"nextcloud:<id>", "recipesage:<id>", else "sha256:<hex>" of the recipe\'s normalised content, and `url`), ' +
      "`photo` (`{ media_type, byte_size, data_base64 }` or null) and `warnings`; `failures`: this page's entries " +
      "that hold no readable recipe, each with a sentence why.",
    Invariants: "- Amounts a format keeps apart (Mealie, Tandoor, Cooklang) are used as they are, and their " +
      "units when they are ours; text lines go through the same line reader, and every name through the same " +
      "exact matching, as recipe.parse_text and recipe.import_url.\n- Headings, steps and notes among a recipe's " +
      "ingredient lines are sorted as recipe.parse_text and recipe.import_url sort a page's: a heading (\"For the " +
      'sauce:") is the `section` of the lines after it; a step ("Pre-heat oven to 400") or a note ("Not included") ' +
      "leaves them for `other_lines`, after its reason, and the steps are the method when the recipe has none. " +
      "Sections a format gives (Mealie, Tandoor, Cooklang) are kept, and a line whose amount the file keeps apart " +
      "is an ingredient whatever its words.\n- Bounds, each checked before the work it " +
      `bounds: at most ${limits.maxEntries} entries in an archive, ${limits.maxEntryBytes} bytes inflated per ` +
      `entry, ${limits.maxTotalBytes} bytes inflated in all, archives nested ${limits.maxDepth} deep (Tandoor's ` +
      `zip of zips), ${limits.maxRecipes} recipes per file. Inflating stops as soon as it passes an entry's ` +
      "declared size. A photo is kept when it is a whole JPEG, PNG or WebP (judged from its bytes) of at most " +
      `${limits.maxPhotoBytes} bytes and ${maxPhotoPixels} pixels; a page ends early rather than carry over ` +
      `${limits.maxPagePhotoBytes} bytes of photos.\n- A photo given only as an http(s) address (RecipeSage, most ` +
      "JSON-LD: `image` as a text, an array or an ImageObject's url) is fetched as recipe.import_url fetches a " +
      `page: public addresses only, checked at every redirect, at most ${photoFetchLimits.maxBytes} bytes and ` +
      `${photoFetchLimits.timeoutMs / 1000} s, ${photoFetchLimits.atOnce} at a time; at most ` +
      `${photoFetchLimits.perPage} a page (a page ends early before the recipe that would need one more: the next ` +
      "page fetches the rest). A photo that cannot be had (a private address, too large, no image, no answer) " +
      "leaves the draft without one, with a warning saying why.\n- A JSON-LD recipe in a zip whose `image` is a " +
      "bare file name takes that file beside it (recipe.export writes one).\n- The same file and cursor give the " +
      "same page (photos at an address as their servers answer).",
    "Failure Modes": "- **PAYLOAD_TOO_LARGE** (field data_base64): the file, an entry, all entries together, the " +
      "number of entries or of recipes is over its limit (the message names it), or an entry inflates past the " +
      "size it declares (a zip or gzip bomb).\n- **VALIDATION_ERROR** (field data_base64): not base64; none of " +
      'the formats; a truncated or damaged archive; an entry named outside the archive\'s folders ("../"); an ' +
      "archive nested 3 deep; (field cursor) a cursor of another file.\n- An entry that is not JSON or holds no " +
      "recipe is no error: it is listed in `failures` and the others are read.",
    Examples: '### Example 1\n```json\n{ "file_name": "My Recipes.paprikarecipes", "data_base64": "UEsDBBQ…" }\n' +
      '```\n### Example 2: the next page\n```json\n{ "file_name": "My Recipes.paprikarecipes", "data_base64": ' +
      '"UEsDBBQ…", "cursor": "25.3f9a0c1d2e4b5a69" }\n```',
    "Common Mistakes": "- ❌ Saving drafts that are not `ready` as they are: show them, let the person correct the " +
      "lines with problems.\n- ❌ Sending another file with a cursor: a cursor is good for the file it came from.",
  }),
};

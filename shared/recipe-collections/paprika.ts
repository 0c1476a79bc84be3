// Paprika 3's export, as read from TandoorRecipes/recipes cookbook/integration/paprika.py and
// mealie-recipes/mealie mealie/services/migrations/paprika.py: a .paprikarecipes file is a zip whose every entry
// ("<name>.paprikarecipe") is one recipe as gzip-compressed JSON; a .paprikarecipe file is one such recipe alone.
// The JSON: name, ingredients (one text, a line each), directions, notes, servings (text), categories, uid,
// photo_data (base64 JPEG), source, source_url, description, nutritional_info.
import { AppError } from "../errors.ts";
import { collectionLimits } from "./collection-limits.ts";
import {
  type CollectionRecipe,
  emptyRecipe,
  EntryFailure,
  isObject,
  jsonOf,
  linesOfText,
  textOf,
} from "./collection-recipe.ts";
import { type ByteBudget, inflateBounded } from "./inflate.ts";
import { photoOfBase64 } from "./photo.ts";

export function looksLikeGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0x1f && bytes[1] === 0x8b && bytes[2] === 8;
}

/** The gzip member inflated, stopped once past the per-entry limit or the call's budget. */
export async function gunzip(bytes: Uint8Array, entry: string, budget: ByteBudget): Promise<Uint8Array> {
  const maxBytes = Math.min(collectionLimits.maxEntryBytes, budget.left);
  const content = await inflateBounded(bytes, "gzip", maxBytes, {
    tooLarge: () =>
      new AppError(
        "PAYLOAD_TOO_LARGE",
        `${entry} inflates past ${maxBytes} bytes, the most one compressed recipe may hold; it is refused (a gzip ` +
          "bomb or a damaged file)",
        { field: "data_base64" },
      ),
    invalid: () => new EntryFailure(`${entry} is not valid gzip data (damaged or truncated)`),
  });
  budget.take(content.length, entry);
  return content;
}

/** True for the JSON of a Paprika recipe: a name and its ingredients as one text. */
export function isPaprikaRecipe(json: unknown): json is Record<string, unknown> {
  return isObject(json) && typeof json.name === "string" && typeof json.ingredients === "string";
}

export function paprikaRecipeOf(json: unknown, entry: string): CollectionRecipe {
  if (!isPaprikaRecipe(json)) throw new EntryFailure(`${entry} is not a Paprika recipe (no name and ingredients)`);
  const recipe = emptyRecipe();
  const uid = textOf(json.uid);
  const notes = [textOf(json.description), textOf(json.notes)].filter((part) => part !== null);
  return {
    ...recipe,
    appId: uid ? `paprika:${uid}` : null,
    title: textOf(json.name),
    lines: linesOfText([json.ingredients as string]),
    instructions: textOf(json.directions),
    servings: textOf(json.servings),
    tags: Array.isArray(json.categories) ? json.categories.map(textOf).filter((tag) => tag !== null) : [],
    notes: notes.length > 0 ? notes.join("\n\n") : null,
    sourceUrl: textOf(json.source_url),
    photo: typeof json.photo_data === "string" && json.photo_data !== ""
      ? photoOfBase64(json.photo_data, recipe.warnings)
      : null,
  };
}

/** One .paprikarecipe: gzip-compressed JSON (or, as some tools save it, the JSON itself). */
export async function readPaprikaRecipe(bytes: Uint8Array, entry: string, budget: ByteBudget) {
  const json = jsonOf(looksLikeGzip(bytes) ? await gunzip(bytes, entry, budget) : bytes, entry);
  return paprikaRecipeOf(json, entry);
}

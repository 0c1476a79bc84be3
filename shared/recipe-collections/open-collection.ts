// A file as the person has it, its format told from its bytes (a zip, a gzip, JSON or Cooklang text), never from
// its name alone: the name only gives a Cooklang recipe without a title its title.
import { AppError } from "../errors.ts";
import { collectionLimits } from "./collection-limits.ts";
import { openArchive } from "./archive-collection.ts";
import type { CollectionItem, OpenedCollection } from "./collection-recipe.ts";
import { cooklangRecipeOf, looksLikeCooklang } from "./cooklang.ts";
import type { ByteBudget } from "./inflate.ts";
import { isMealieRecipe, mealieRecipeOf } from "./mealie.ts";
import { isPaprikaRecipe, looksLikeGzip, paprikaRecipeOf, readPaprikaRecipe } from "./paprika.ts";
import { schemaFormatOf } from "./schema-format.ts";
import { recipeNodesIn, schemaRecipeOf } from "./schema-org.ts";
import { isTandoorRecipe, tandoorRecipeOf } from "./tandoor.ts";
import { looksLikeZip } from "./zip-read.ts";

const expected = "a Paprika export (.paprikarecipes or .paprikarecipe), a Mealie, Tandoor or Nextcloud Cookbook " +
  "export zip, a RecipeSage or schema.org JSON-LD file, or Cooklang (.cook, alone or zipped)";

function unreadable(what: string): AppError {
  return new AppError("VALIDATION_ERROR", `${what}; expected ${expected}`, { field: "data_base64" });
}

function one(format: OpenedCollection["format"], entry: string, read: CollectionItem["read"]): OpenedCollection {
  return { format, items: [{ entry, read }] };
}

function openJson(json: unknown, fileName: string): OpenedCollection {
  if (isPaprikaRecipe(json)) return one("paprika", fileName, () => Promise.resolve(paprikaRecipeOf(json, fileName)));
  if (isMealieRecipe(json)) return one("mealie", fileName, () => Promise.resolve(mealieRecipeOf(json, fileName)));
  const nodes = recipeNodesIn(json);
  if (nodes.length > 0) {
    const format = schemaFormatOf(json, nodes);
    return {
      format,
      items: nodes.map((node, index) => ({
        entry: nodes.length > 1 || Array.isArray(json) ? `[${index}]` : fileName,
        read: () => Promise.resolve(schemaRecipeOf(node, format)),
      })),
    };
  }
  if (isTandoorRecipe(json)) {
    return one("tandoor", fileName, () => Promise.resolve(tandoorRecipeOf(json, fileName, null)));
  }
  throw unreadable("the file is JSON but holds no recipe this reads");
}

/** The file's format and its recipes, each read when its page is; refused when it is none of the formats. */
export async function openCollection(bytes: Uint8Array, fileName: string, budget: ByteBudget) {
  let collection: OpenedCollection | undefined;
  if (looksLikeZip(bytes)) {
    collection = await openArchive(bytes, budget);
    if (!collection) throw unreadable("the zip archive holds no recipe file this reads");
  } else if (looksLikeGzip(bytes)) {
    collection = one("paprika", fileName, () => readPaprikaRecipe(bytes, fileName, budget));
  } else {
    const text = new TextDecoder().decode(bytes).replace(/^\uFEFF/, "").trim();
    if (/^[[{]/.test(text)) {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw unreadable("the file starts as JSON but is not valid JSON");
      }
      collection = openJson(json, fileName);
    } else if (looksLikeCooklang(text)) {
      const title = fileName.replace(/^.*[\\/]/, "").replace(/\.cook$/i, "").trim() || null;
      collection = one("cooklang", fileName, () => Promise.resolve(cooklangRecipeOf(text, title)));
    } else {
      throw unreadable("the file is none of the formats read");
    }
  }
  if (collection.items.length === 0) throw unreadable("the file holds no recipe");
  if (collection.items.length > collectionLimits.maxRecipes) {
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `the file holds ${collection.items.length} recipes; at most ${collectionLimits.maxRecipes} are read from one ` +
        "file (as many as a household keeps)",
      { field: "data_base64" },
    );
  }
  return collection;
}

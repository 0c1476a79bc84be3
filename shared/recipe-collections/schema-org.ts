// schema.org Recipe objects (https://schema.org/Recipe) as collections hold them: plain JSON-LD (one recipe, an
// array, or a `@graph`); RecipeSage's JSON-LD export, an array of Recipes with `identifier`, `isBasedOn`, labels in
// `recipeCategory`, "[Header]" lines and its notes in a `comment` named "Author Notes" (read from
// julianpoy/RecipeSage, its jsonLD.ts recipeToJSONLD and jsonLDToStandardizedRecipeImportEntry); and each
// recipe.json of a Nextcloud Cookbook folder, which adds the recipe's `id` (read from nextcloud/cookbook
// lib/Helper/Filter/JSON/RecipeIdCopyFilter.php and TandoorRecipes/recipes cookbook/integration/nextcloud_cookbook.py).
import { plainText } from "../recipe-reading/html-text.ts";
import type { CollectionFormat } from "../tools/recipe/import-file-results.ts";
import {
  type CollectionRecipe,
  emptyRecipe,
  isObject,
  linesOfText,
  mostLinesRead,
  textOf,
} from "./collection-recipe.ts";
import { photoOfBase64 } from "./photo.ts";

function isRecipe(node: Record<string, unknown>): boolean {
  const types = Array.isArray(node["@type"]) ? node["@type"] : [node["@type"]];
  return types.some((type) => typeof type === "string" && /(?:^|[/:])Recipe$/i.test(type));
}

/** Every Recipe node in the value: itself, an array's items, a `@graph`'s nodes; at most 4 levels deep. */
export function recipeNodesIn(value: unknown, depth = 0): Record<string, unknown>[] {
  if (depth > 4) return [];
  if (Array.isArray(value)) return value.flatMap((item) => recipeNodesIn(item, depth + 1));
  if (!isObject(value)) return [];
  if (isRecipe(value)) return [value];
  return "@graph" in value ? recipeNodesIn(value["@graph"], depth + 1) : [];
}

// RecipeSage writes a heading as "[Sauce]"; the line reader knows "## Sauce".
const bracketHeading = /^\[(.+)\]$/;

function texts(value: unknown): string[] {
  if (typeof value === "string") return [plainText(value, true)];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (isObject(value)) {
    if (typeof value.text === "string") return [plainText(value.text, true)];
    if (typeof value.name === "string") return [plainText(value.name, true)];
  }
  return [];
}

function steps(value: unknown): string[] {
  if (typeof value === "string") return plainText(value, true).split("\n").map((line) => line.trim()).filter(Boolean);
  if (Array.isArray(value)) return value.flatMap(steps);
  if (!isObject(value)) return [];
  if (value.itemListElement !== undefined) {
    const name = textOf(value.name);
    return [...(name ? [`${name}:`] : []), ...steps(value.itemListElement)];
  }
  return typeof value.text === "string" ? steps(value.text) : [];
}

function words(value: unknown): string[] {
  if (typeof value === "string") return value.split(",").map((word) => plainText(word)).filter(Boolean);
  if (Array.isArray(value)) return value.flatMap(words);
  return [];
}

function yieldOf(value: unknown): number | string | null {
  if (typeof value === "number") return value;
  if (Array.isArray(value)) return value.map(yieldOf).find((item) => item !== null) ?? null;
  return textOf(value);
}

function authorNotes(value: unknown): string | null {
  const comments = Array.isArray(value) ? value : [value];
  const notes = comments.find((comment) => isObject(comment) && comment.name === "Author Notes");
  return isObject(notes) ? textOf(notes.text) : null;
}

/**
 * The recipe's image address as schema.org writes it: a text, an array of them, or an ImageObject (its `url`, else
 * its `contentUrl`); of the first 10, a `data:` image wherever it is (the photo itself), else the first address.
 */
export function imageAddressOf(value: unknown): string | null {
  const addresses = (Array.isArray(value) ? value : [value]).slice(0, 10)
    .map((image) => (isObject(image) ? textOf(image.url) ?? textOf(image.contentUrl) : textOf(image)))
    .filter((address): address is string => address !== null && !/^\d+$/.test(address));
  return addresses.find((address) => address.startsWith("data:image/")) ?? addresses[0] ?? null;
}

/** An address of a file beside the recipe's own in its archive ("pancakes-1a2b3c4d.jpg"), not a URL or a path out. */
export function isRelativeFileName(address: string): boolean {
  return /^[^/\\:?#]{1,200}$/.test(address) && address !== "." && address !== "..";
}

function appIdOf(node: Record<string, unknown>, format: CollectionFormat): string | null {
  const id = textOf(format === "nextcloud" ? node.id ?? node.recipe_id : node.identifier);
  return id ? `${format}:${id}` : null;
}

export function schemaRecipeOf(node: Record<string, unknown>, format: CollectionFormat): CollectionRecipe {
  const recipe = emptyRecipe();
  const given = node.recipeIngredient ?? node.ingredients;
  const ingredients = texts(Array.isArray(given) ? given.slice(0, mostLinesRead + 1) : given)
    .map((line) => line.trim().replace(bracketHeading, "## $1"));
  const method = steps(node.recipeInstructions).map((line) => line.replace(bracketHeading, "$1:"));
  const tags = [...words(node.recipeCategory), ...words(node.keywords)];
  const notes = [textOf(node.description) && plainText(node.description, true), authorNotes(node.comment)]
    .filter((part): part is string => typeof part === "string" && part !== "");
  const image = imageAddressOf(node.image);
  const url = textOf(node.isBasedOn) ?? textOf(node.url);
  return {
    ...recipe,
    appId: appIdOf(node, format),
    title: textOf(node.name) && plainText(node.name),
    lines: linesOfText(ingredients),
    instructions: method.length > 0 ? method.join("\n") : null,
    servings: yieldOf(node.recipeYield),
    tags,
    notes: notes.length > 0 ? notes.join("\n\n") : null,
    sourceUrl: url && /^https?:\/\//i.test(url) ? url : null,
    photo: image?.startsWith("data:image/") ? photoOfBase64(image, recipe.warnings) : null,
    photoAddress: image && /^https?:\/\//i.test(image) ? image : null,
    photoFile: image && isRelativeFileName(image) ? image : null,
  };
}

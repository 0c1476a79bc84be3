// Pages whose schema.org Recipe is not in an ld+json block but in the data a site framework embeds for its own
// scripts (Next.js's __NEXT_DATA__, Remix's context, a `window.__STATE__ = {…}` assignment): the first object that
// holds a `recipeIngredient` list of text, with its `name`. Only JSON is read, nothing is evaluated; other shapes of
// a site's own data (amounts and names in separate fields) are left to the page's markup.
import { plainText } from "./html-text.ts";
import { parseLenientJson } from "./lenient-json.ts";
import { elementSpans } from "./markup.ts";
import type { PageRecipeParts } from "./microdata-recipe.ts";

// `window.__INITIAL_STATE__ = {`, `self.__data = {`, `var data = {`: what follows is read as JSON.
const assignment = /^\s*(?:(?:var|let|const)\s+|window\.|self\.)?[\w$.]+\s*=\s*(?=\{)/;
const maxScript = 4 * 1024 * 1024;

/** The scripts' data: application/json blocks and assignments of one object literal. */
function* embeddedData(html: string): Generator<unknown> {
  for (const span of elementSpans(html, "script")) {
    const attributes = html.slice(span.start, span.contentStart);
    const text = html.slice(span.contentStart, span.contentEnd);
    if (/ld\+json/i.test(attributes) || text.length > maxScript || !text.includes("recipeIngredient")) continue;
    if (/application\/json/i.test(attributes)) {
      yield parseLenientJson(text);
      continue;
    }
    const found = assignment.exec(text);
    if (found) yield parseLenientJson(text.slice(found[0].length));
  }
}

interface Found {
  name: string | null;
  ingredients: string[];
}

/** The first object, depth first, with a recipeIngredient list of two texts at least; at most 30 levels deep. */
function recipeIn(value: unknown, depth = 0): Found | undefined {
  if (depth > 30 || typeof value !== "object" || value === null) return undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = recipeIn(item, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  const node = value as Record<string, unknown>;
  const listed = node.recipeIngredient;
  if (Array.isArray(listed)) {
    const ingredients = listed.filter((entry) => typeof entry === "string").map((entry) => plainText(entry, true))
      .filter(Boolean);
    if (ingredients.length >= 2) {
      return { name: typeof node.name === "string" && plainText(node.name) ? plainText(node.name) : null, ingredients };
    }
  }
  for (const child of Object.values(node)) {
    const found = recipeIn(child, depth + 1);
    if (found) return found;
  }
  return undefined;
}

export function embeddedDataRecipeOf(html: string): PageRecipeParts | undefined {
  for (const data of embeddedData(html)) {
    const found = recipeIn(data);
    if (found) return { name: found.name, ingredients: found.ingredients, instructions: [] };
  }
  return undefined;
}

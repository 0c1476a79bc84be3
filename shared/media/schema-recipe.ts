// A page's recipe: schema.org Recipe from its JSON-LD (`<script type="application/ld+json">`, read leniently,
// including `@graph`, arrays and nested nodes; the first Recipe that has ingredients), else its microdata, else
// the page's own markup where the ingredient list is unambiguous. Entries are split into lines (one entry may hold
// several), entities decoded, and headings among them ("FOR THE SAUCE", "## Topping") kept as section names.
import { plainText } from "./html-text.ts";
import { parseLenientJson } from "./lenient-json.ts";
import { microdataRecipeOf, type PageRecipeParts } from "./microdata-recipe.ts";
import { pageMarkupRecipeOf } from "./page-markup-recipe.ts";
import { sectionHeading } from "./section-heading.ts";

export interface RecipeIngredientEntry {
  line: string;
  /** The heading the line stands under in the page's list; null before any heading. */
  section: string | null;
}

export interface SchemaRecipe {
  name: string | null;
  ingredients: RecipeIngredientEntry[];
  instructions: string[];
  /** Where it was read: schema.org JSON-LD, microdata, or the page's own markup. */
  source: "json-ld" | "microdata" | "markup";
}

const ldScripts = /<script\b[^>]*type\s*=\s*["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script>/gi;

function isRecipe(node: Record<string, unknown>): boolean {
  const type = node["@type"];
  const types = Array.isArray(type) ? type : [type];
  return types.some((value) => typeof value === "string" && /(?:^|[/:])Recipe$/i.test(value));
}

/** Every Recipe node in the value, depth first, at most 6 levels deep. */
function recipesIn(value: unknown, found: Record<string, unknown>[] = [], depth = 0): Record<string, unknown>[] {
  if (depth > 6 || typeof value !== "object" || value === null) return found;
  if (Array.isArray(value)) {
    for (const item of value) recipesIn(item, found, depth + 1);
    return found;
  }
  const node = value as Record<string, unknown>;
  if (isRecipe(node)) found.push(node);
  for (const key of ["@graph", "mainEntity", "mainEntityOfPage", "itemListElement", "item", "about"]) {
    if (key in node) recipesIn(node[key], found, depth + 1);
  }
  return found;
}

function entries(value: unknown): string[] {
  if (typeof value === "string") return [plainText(value, true)];
  if (Array.isArray(value)) return value.flatMap(entries);
  if (typeof value === "object" && value !== null) {
    const node = value as Record<string, unknown>;
    if (typeof node.text === "string") return [plainText(node.text, true)];
    if (typeof node.name === "string") return [plainText(node.name, true)];
  }
  return [];
}

function steps(value: unknown): string[] {
  if (typeof value === "string") return plainText(value, true).split("\n").filter(Boolean);
  if (Array.isArray(value)) return value.flatMap(steps);
  if (typeof value === "object" && value !== null) {
    const node = value as Record<string, unknown>;
    if (node.itemListElement) return steps(node.itemListElement);
    if (typeof node.text === "string") return steps(node.text);
  }
  return [];
}

function nameOf(value: unknown): string | null {
  const name = Array.isArray(value) ? value.find((item) => typeof item === "string") : value;
  return typeof name === "string" && plainText(name) ? plainText(name) : null;
}

/** Entries to lines: new lines split an entry; headings become the section of the lines after them. */
export function ingredientEntries(values: string[]): RecipeIngredientEntry[] {
  const lines: RecipeIngredientEntry[] = [];
  let section: string | null = null;
  for (const value of values) {
    for (const raw of value.split("\n")) {
      const line = raw.replace(/^(?:[-*•·▪◦▢☐□✓]\s*)+/, "").replace(/\s+/g, " ").trim();
      if (!line) continue;
      const heading = sectionHeading(raw.trim());
      if (heading !== undefined) section = heading;
      else lines.push({ line, section });
    }
  }
  return lines;
}

function jsonLdRecipeOf(html: string): PageRecipeParts | undefined {
  const recipes = [...html.matchAll(ldScripts)].flatMap((match) => recipesIn(parseLenientJson(match[1])));
  const withIngredients = recipes.find((recipe) => entries(recipe.recipeIngredient ?? recipe.ingredients).length > 0);
  if (!withIngredients) return undefined;
  return {
    name: nameOf(withIngredients.name) ?? recipes.map((recipe) => nameOf(recipe.name)).find(Boolean) ?? null,
    ingredients: entries(withIngredients.recipeIngredient ?? withIngredients.ingredients),
    instructions: steps(withIngredients.recipeInstructions),
  };
}

/** The page's recipe with its ingredient lines; undefined when no reading finds ingredient lines. */
export function schemaRecipeOf(html: string): SchemaRecipe | undefined {
  const readings: [SchemaRecipe["source"], () => PageRecipeParts | undefined][] = [
    ["json-ld", () => jsonLdRecipeOf(html)],
    ["microdata", () => microdataRecipeOf(html)],
    ["markup", () => pageMarkupRecipeOf(html)],
  ];
  for (const [source, read] of readings) {
    const parts = read();
    if (!parts) continue;
    const ingredients = ingredientEntries(parts.ingredients);
    if (ingredients.length > 0) return { name: parts.name, ingredients, instructions: parts.instructions, source };
  }
  return undefined;
}

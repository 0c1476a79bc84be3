// schema.org Recipe from a page's JSON-LD (`<script type="application/ld+json">`, including `@graph` and
// arrays) or, failing that, its microdata (itemprop attributes inside an itemscope of type Recipe), as recipe
// text the fixed-rule parser reads: title, an Ingredients section, a Method section.

export interface SchemaRecipe {
  name: string | null;
  ingredients: string[];
  instructions: string[];
}

const ldScripts = /<script[^>]*type\s*=\s*["']application\/ld\+json["'][^>]*>([\s\S]*?)<\/script>/gi;

function isRecipe(node: Record<string, unknown>): boolean {
  const type = node["@type"];
  return type === "Recipe" || (Array.isArray(type) && type.includes("Recipe"));
}

function findRecipe(value: unknown): Record<string, unknown> | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findRecipe(item);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const node = value as Record<string, unknown>;
  if (isRecipe(node)) return node;
  return findRecipe(node["@graph"]);
}

function text(value: unknown): string {
  return String(value).replace(/<[^>]+>/g, " ").replace(/&nbsp;/g, " ").replace(/&amp;/g, "&")
    .replace(/\s+/g, " ").trim();
}

function steps(value: unknown): string[] {
  if (typeof value === "string") return value.split(/\n+/).map(text).filter(Boolean);
  if (Array.isArray(value)) return value.flatMap(steps);
  if (typeof value === "object" && value !== null) {
    const node = value as Record<string, unknown>;
    if (node.itemListElement) return steps(node.itemListElement);
    if (node.text) return [text(node.text)];
  }
  return [];
}

const microdataRecipe = /itemtype\s*=\s*["']https?:\/\/schema\.org\/Recipe["']/i;

// The values of one itemprop: an element's text, or a meta tag's content (regular expressions over the markup;
// a page's microdata is flat enough for that, and nothing here is executed or trusted).
function itemprops(html: string, names: string): string[] {
  const elements = new RegExp(
    `<(\\w+)[^>]*\\bitemprop\\s*=\\s*["'](?:${names})["'][^>]*>([\\s\\S]*?)</\\1>`,
    "gi",
  );
  const metas = new RegExp(
    `<meta[^>]*\\bitemprop\\s*=\\s*["'](?:${names})["'][^>]*\\bcontent\\s*=\\s*["']([^"']*)["'][^>]*>`,
    "gi",
  );
  return [
    ...[...html.matchAll(elements)].map((match) => text(match[2])),
    ...[...html.matchAll(metas)].map((match) => text(match[1])),
  ].filter(Boolean);
}

function microdataOf(html: string): SchemaRecipe | undefined {
  const start = html.search(microdataRecipe);
  if (start < 0) return undefined;
  const scope = html.slice(start);
  const ingredients = itemprops(scope, "recipeIngredient|ingredients");
  if (ingredients.length === 0) return undefined;
  return {
    name: itemprops(scope, "name")[0] ?? null,
    ingredients,
    instructions: itemprops(scope, "recipeInstructions").flatMap((step) => steps(step)),
  };
}

/** The page's first schema.org Recipe, from JSON-LD or else microdata; undefined when it has none. */
export function schemaRecipeOf(html: string): SchemaRecipe | undefined {
  return jsonLdRecipeOf(html) ?? microdataOf(html);
}

function jsonLdRecipeOf(html: string): SchemaRecipe | undefined {
  for (const match of html.matchAll(ldScripts)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(match[1]);
    } catch {
      continue;
    }
    const recipe = findRecipe(parsed);
    if (!recipe) continue;
    const ingredients = Array.isArray(recipe.recipeIngredient) ? recipe.recipeIngredient.map(text).filter(Boolean) : [];
    return {
      name: typeof recipe.name === "string" ? text(recipe.name) : null,
      ingredients,
      instructions: steps(recipe.recipeInstructions),
    };
  }
  return undefined;
}

/** The recipe as text with headings, for the same parser as recipe.parse_text. */
export function recipeText(recipe: SchemaRecipe): string {
  return [recipe.name ?? "", "", "Ingredients", ...recipe.ingredients, "", "Method", ...recipe.instructions].join("\n");
}

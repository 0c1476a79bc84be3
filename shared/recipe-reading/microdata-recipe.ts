// A schema.org Recipe in microdata: itemprop attributes (each may hold several names, "ingredients
// recipeIngredient") inside an itemscope of type Recipe; a <meta>'s value is its content attribute, wherever it
// stands among the attributes.
import { brokenLines, plainText } from "./html-text.ts";
import { innerMarkup, openingTags } from "./markup.ts";
import { readingLimits } from "./reading-limits.ts";

export interface PageRecipeParts {
  name: string | null;
  /** Entries as the page gives them; one may hold several lines. */
  ingredients: string[];
  instructions: string[];
}

function valueOf(
  html: string,
  tag: ReturnType<typeof openingTags> extends Generator<infer T> ? T : never,
  key: string,
): string {
  if (tag.attributes.has("content") && (tag.name === "meta" || !tag.attributes.has("itemscope"))) {
    return plainText(tag.attributes.get("content"), true);
  }
  // An ingredient element's inner blocks ("<span>6</span> <span>oz.</span> …") are one line; only <br> breaks it.
  const inner = innerMarkup(html, tag, readingLimits.listMarkup);
  return key === "recipeingredient" ? brokenLines(inner) : plainText(inner, true);
}

export function microdataRecipeOf(html: string): PageRecipeParts | undefined {
  const start = html.search(/itemtype\s*=\s*["']?https?:\/\/schema\.org\/Recipe\b/i);
  if (start < 0) return undefined;
  const scope = html.slice(start);
  const values = new Map<string, string[]>();
  for (const tag of openingTags(scope, /itemprop/i).take(readingLimits.elements)) {
    const names = (tag.attributes.get("itemprop") ?? "").toLowerCase().split(/\s+/);
    const wanted = names.find((name) =>
      ["name", "recipeingredient", "ingredients", "recipeinstructions"].includes(name)
    );
    if (!wanted) continue;
    const key = wanted === "ingredients" ? "recipeingredient" : wanted;
    if (key === "name" && values.has("name")) continue;
    const value = valueOf(scope, tag, key);
    if (value) values.set(key, [...(values.get(key) ?? []), value]);
  }
  const ingredients = values.get("recipeingredient") ?? [];
  if (ingredients.length === 0) return undefined;
  return {
    name: values.get("name")?.[0]?.split("\n")[0] ?? null,
    ingredients,
    instructions: (values.get("recipeinstructions") ?? []).flatMap((step) => step.split("\n")),
  };
}

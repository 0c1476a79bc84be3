// A page's recipe: schema.org Recipe from its JSON-LD (json-ld-blocks.ts, read leniently,
// including `@graph`, arrays and nested nodes; the first Recipe that has ingredients), else its microdata, else the
// recipeIngredient list in the data a site framework embeds for its scripts (embedded-data-recipe.ts), else
// the page's own markup where the ingredient list is unambiguous. JSON-LD that says less than the page's own list of
// the same ingredients (names only, some lines only, or lines that lost their amounts) gives way to the list; JSON-LD
// that is the list without its headings keeps its lines, under the list's headings. Entries are split into lines
// (one entry may hold several), entities decoded, and headings among them ("FOR THE SAUCE", "## Topping") kept as
// section names.
import { measuredStart, plainText } from "./html-text.ts";
import { sectionHeading } from "./section-heading.ts";
import { embeddedDataRecipeOf } from "./embedded-data-recipe.ts";
import { jsonLdBlocks } from "./json-ld-blocks.ts";
import { parseLenientJson } from "./lenient-json.ts";
import { microdataRecipeOf, type PageRecipeParts } from "./microdata-recipe.ts";
import { pageMarkupRecipeOf } from "./page-markup-recipe.ts";
import { ingredientEntries, type RecipeIngredientEntry } from "./ingredient-entries.ts";

export interface SchemaRecipe {
  name: string | null;
  ingredients: RecipeIngredientEntry[];
  instructions: string[];
  /** Where it was read: schema.org JSON-LD, microdata, or the page's own markup. */
  source: "json-ld" | "microdata" | "embedded-data" | "markup";
}

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

function jsonLdRecipeOf(html: string): PageRecipeParts | undefined {
  const recipes = jsonLdBlocks(html).flatMap((text) => recipesIn(parseLenientJson(text)));
  const withIngredients = recipes.find((recipe) => entries(recipe.recipeIngredient ?? recipe.ingredients).length > 0);
  if (!withIngredients) return undefined;
  return {
    name: nameOf(withIngredients.name) ?? recipes.map((recipe) => nameOf(recipe.name)).find(Boolean) ?? null,
    ingredients: entries(withIngredients.recipeIngredient ?? withIngredients.ingredients),
    instructions: steps(withIngredients.recipeInstructions),
  };
}

const letters = (text: string) => text.normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/**
 * JSON-LD that gives every ingredient in one entry run together ("…2 tablespoons sesame oil2 small onions,
 * chopped.3 cloves garlic…", no separator to split at) while the page's own list gives the same text in lines:
 * the list's lines, since they are the same words.
 */
function linesOfRunTogether(entries: string[], pageLists: PageReading[]): string[] | undefined {
  if (entries.length !== 1 || entries[0].includes("\n") || entries[0].length < 80) return undefined;
  const text = letters(entries[0]);
  for (const read of pageLists) {
    const listed = read()?.ingredients;
    if (listed && listed.length >= 2 && letters(listed.join("")) === text) return listed;
  }
  return undefined;
}

/**
 * JSON-LD that says less than the page's own list of the same ingredients. The list's lines, in two cases only:
 * - names without amounts ("flour", where the list says "1 ½ cups all-purpose flour"): four in five entries start
 *   with no quantity, four in five of the list's lines do, and each entry is within its own line, in order;
 * - only some of the lines: each entry is one of the list's lines (in any order, each line once), and every other
 *   line of the list is a measured line that holds no entry (not two run together) or a heading.
 * Either way the list reads as an ingredient list (no paragraph, not many more lines than entries); anything else
 * on the page ("Choose an option", "Jump to recipe") keeps the JSON-LD.
 */
function linesOfRicherList(entries: string[], pageLists: PageReading[]): string[] | undefined {
  const wanted = entries.map(letters);
  if (wanted.length === 0 || wanted.some((entry) => !entry)) return undefined;
  const measured = (line: string) => measuredStart.test(line.trim());
  const namesOnly = entries.filter(measured).length <= 0.2 * entries.length;
  for (const read of pageLists) {
    const listed = read()?.ingredients;
    if (!listed) continue;
    // Headings alone say no more: the list must hold more lines than JSON-LD (names only: as many at least).
    const ingredientLines = listed.filter((line) => sectionHeading(line) === undefined).length;
    if (ingredientLines <= (namesOnly ? wanted.length - 1 : wanted.length)) continue;
    if (listed.length > 3 * wanted.length + 3 || listed.some((line) => line.length > 200)) continue;
    const lines = listed.map(letters);
    const heading = (index: number) => sectionHeading(listed[index]) !== undefined;
    const matched = new Set<number>();
    let at = 0;
    // Names are found in order (a name is only part of its line); whole lines anywhere, each line once.
    const found = namesOnly
      ? wanted.every((entry) => {
        while (at < lines.length && !lines[at].includes(entry)) at += 1;
        matched.add(at);
        return at++ < lines.length;
      })
      : wanted.every((entry) => {
        const index = lines.findIndex((line, index) => line === entry && !matched.has(index));
        matched.add(index);
        return index >= 0;
      });
    if (!found) continue;
    const others = listed.map((_, index) => index).filter((index) => !matched.has(index));
    const fits = namesOnly
      ? listed.filter(measured).length >= 0.8 * (listed.length - others.filter(heading).length) &&
        others.every(heading)
      : others.every((index) =>
        heading(index) || (measured(listed[index]) && !wanted.some((entry) => lines[index].includes(entry)))
      );
    if (fits) return listed;
  }
  return undefined;
}

/**
 * JSON-LD whose lines are the page's own list without its headings ("For the frosting", "Rub"): JSON-LD's lines,
 * each under the heading that stands above it in the list.
 */
function linesUnderListHeadings(entries: string[], pageLists: PageReading[]): string[] | undefined {
  const wanted = entries.map(letters);
  for (const read of pageLists) {
    const listed = read()?.ingredients;
    if (!listed) continue;
    const headings = listed.map((line) => sectionHeading(line) !== undefined);
    const lines = listed.filter((_, index) => !headings[index]).map(letters);
    if (!headings.includes(true) || lines.length !== wanted.length) continue;
    if (!lines.every((line, index) => line === wanted[index])) continue;
    let next = 0;
    return listed.map((line, index) => headings[index] ? line : entries[next++]);
  }
  return undefined;
}

/**
 * JSON-LD lines that lost their start, given back from the page's own list: "dijon mustard" where the list says "2 tsp
 * (10ml) dijon mustard", "5 tsp grated ginger" where it says "1.5 tsp grated ginger" (the "1." of a decimal taken for
 * a list's number when the site wrote its JSON-LD). Such a line is the end of a line of the list that starts measured,
 * with only the amount (or the digits of it) before it lost; a line of the list that an entry is as it stands, or
 * that another entry got back, is never taken. The other lines stay as JSON-LD has them.
 */
function linesWithLostStarts(entries: string[], pageLists: PageReading[]): string[] | undefined {
  const given = entries.flatMap((entry) => entry.split("\n")).map((line) => line.trim()).filter(Boolean);
  const wanted = given.map(letters);
  if (wanted.length === 0 || wanted.some((entry) => !entry)) return undefined;
  for (const read of pageLists) {
    const listed = read()?.ingredients;
    if (!listed) continue;
    const lines = listed.map(letters);
    const asGiven = new Set(lines.flatMap((line, index) => wanted.includes(line) ? [index] : []));
    const used = new Set<number>();
    let restored = 0;
    const restoredLines = given.map((entry, index) => {
      if (lines.includes(wanted[index])) return entry;
      const longer = lines.findIndex((line, position) =>
        !asGiven.has(position) && !used.has(position) && lostStart(entry, listed[position], wanted[index], line)
      );
      if (longer < 0) return entry;
      used.add(longer);
      restored += 1;
      return listed[longer];
    });
    // The same recipe's list: half the entries at least are its lines, the start of one, or got back from one.
    const found = wanted.filter((entry, index) =>
      restoredLines[index] !== given[index] || lines.some((line) => line.startsWith(entry))
    );
    if (restored > 0 && found.length >= wanted.length / 2) return restoredLines;
  }
  return undefined;
}

/**
 * Whether the list's line is the entry with the amount before it that the entry lost, or with the whole-number part
 * of its decimal ("1.5 tsp" for "5 tsp"; not "6 6 boneless chicken breasts", a page that says its amount twice).
 */
function lostStart(entry: string, line: string, entryLetters: string, lineLetters: string): boolean {
  // (A short name ends too many lines: "salt" is the end of "1/2 tsp kosher salt" as well.)
  if (entryLetters.length < 8 || !measuredStart.test(line.trim())) return false;
  if (measuredStart.test(entry.trim())) {
    const decimal = /^\d+[.,](?=\d)/.exec(line.trim());
    return decimal !== null && letters(line.trim().slice(decimal[0].length)) === entryLetters;
  }
  return lineLetters.length > entryLetters.length && lineLetters.endsWith(entryLetters);
}

type PageReading = () => PageRecipeParts | undefined;

/** The reading, done at most once however often it is asked for (a page may be megabytes). */
function once(read: PageReading): PageReading {
  let done = false;
  let parts: PageRecipeParts | undefined;
  return () => {
    if (!done) [done, parts] = [true, read()];
    return parts;
  };
}

/** The page's recipe with its ingredient lines; undefined when no reading finds ingredient lines. */
export function schemaRecipeOf(html: string): SchemaRecipe | undefined {
  // The page's own lists are read for JSON-LD's sake too (run together, or saying less): each once.
  const pageLists = [once(() => microdataRecipeOf(html)), once(() => pageMarkupRecipeOf(html))];
  const readings: [SchemaRecipe["source"], PageReading][] = [
    ["json-ld", () => jsonLdRecipeOf(html)],
    ["microdata", pageLists[0]],
    ["embedded-data", () => embeddedDataRecipeOf(html)],
    ["markup", pageLists[1]],
  ];
  for (const [source, read] of readings) {
    const parts = read();
    if (!parts) continue;
    const entries = ((source === "json-ld" || source === "embedded-data") &&
      (linesOfRunTogether(parts.ingredients, pageLists) ?? linesUnderListHeadings(parts.ingredients, pageLists) ??
        linesOfRicherList(parts.ingredients, pageLists) ?? linesWithLostStarts(parts.ingredients, pageLists))) ||
      parts.ingredients;
    const ingredients = ingredientEntries(entries);
    if (ingredients.length > 0) return { name: parts.name, ingredients, instructions: parts.instructions, source };
  }
  return undefined;
}

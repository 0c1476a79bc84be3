// Ingredients marked one element each, without a list or a container that names them: the hRecipe microformats'
// `ingredient` and `p-ingredient`, and the class names that recipe plugins and site frameworks give each line
// ("ingredient-item", "recipe-ingredients__item", CSS modules' "Ingredients_ingredient__j6REm"). The element's
// text is the line; its parts (amount, unit, name, notes) are read together as a browser shows them.
import { measuredStart, plainText } from "./html-text.ts";
import { innerMarkup, openingTags } from "./markup.ts";
import { readingLimits } from "./reading-limits.ts";

// The words of a class name, split at hyphens, underscores and lower-to-upper case changes, without the hash that
// CSS modules append ("Ingredients_ingredient__j6REm" is Ingredients, ingredient).
function classWords(token: string): string[] {
  return token.replace(/__[A-Za-z0-9-]{5,8}$/, "").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase()
    .split(/[-_\s]+/).filter(Boolean);
}

const itemEnd = new Set(["ingredient", "item", "line", "row", "entry"]);
// A part of one line (its amount, name, notes), or something around the lines (a group, its heading, a checkbox).
const notTheLine = new Set([
  "name",
  "amount",
  "unit",
  "units",
  "notes",
  "note",
  "text",
  "quantity",
  "description",
  "group",
  "groups",
  "header",
  "heading",
  "title",
  "checkbox",
  "link",
  "container",
  "wrapper",
  "instruction",
  "instructions",
  "inline",
  "image",
  "images",
  "button",
  "style",
  "tab",
  "label",
]);

/** Whether the class name marks one ingredient line: its last word "ingredient", or "item" after it. */
export function marksOneIngredient(token: string): boolean {
  const words = classWords(token);
  if (!itemEnd.has(words.at(-1) ?? "")) return false;
  if (!words.some((word) => word === "ingredient" || word === "ingredients")) return false;
  return !words.some((word) => notTheLine.has(word));
}

/** A list that a page shows twice or three times (for screen, print and a side panel) once. */
function shownOnce(lines: string[]): string[] {
  for (let copies = 2; copies <= 4; copies++) {
    if (lines.length % copies !== 0) continue;
    const size = lines.length / copies;
    if (lines.every((line, index) => line === lines[index % size])) return lines.slice(0, size);
  }
  return lines;
}

const classAttribute = /\bclass\s*=\s*["'][^"']*ingredient/i;

/**
 * The lines of the class that marks the most ingredient lines on the page, when at least two are marked and most of
 * them start with a quantity. Each element's text is one line (at most 300 characters).
 */
export function ingredientItems(html: string): string[] | undefined {
  const groups = new Map<string, string[]>();
  for (const tag of openingTags(html, classAttribute).take(readingLimits.elements)) {
    const tokens = (tag.attributes.get("class") ?? "").split(/\s+/).filter(marksOneIngredient);
    if (tokens.length === 0) continue;
    const text = plainText(innerMarkup(html, tag, 5000));
    if (!text || text.length > 300) continue;
    const key = tokens[0];
    groups.set(key, [...groups.get(key) ?? [], text]);
  }
  let best: string[] | undefined;
  for (const lines of [...groups.values()].map(shownOnce)) {
    const measured = lines.filter((line) => measuredStart.test(line)).length;
    if (lines.length < 2 || measured * 2 < lines.length) continue;
    if (!best || lines.length > best.length) best = lines;
  }
  return best;
}

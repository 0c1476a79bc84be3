// A page's ingredient entries to lines. An entry may hold several lines (new lines, or measured items run together
// with commas); a line broken after its quantity ("2\nbay leaves", "1/2 teaspoon\nground cinnamon") is one line;
// headings among them ("FOR THE SAUCE", "## Topping") become the section of the lines after them.
import { leadingBullets } from "./html-text.ts";
import { leadingQuantity, plainFractions } from "../ingredient-grammar/quantity.ts";
import { sectionHeading } from "./section-heading.ts";
import { unitOf } from "../ingredient-grammar/units.ts";

export interface RecipeIngredientEntry {
  line: string;
  /** The heading the line stands under in the page's list; null before any heading. */
  section: string | null;
}

/** A quantity with at most its unit and nothing else: "2", "1/2 teaspoon", "250 g". */
function bareQuantity(line: string): boolean {
  const quantity = leadingQuantity(plainFractions(line));
  if (!quantity) return false;
  const rest = quantity.rest.trim();
  return rest === "" || unitOf(rest) !== undefined;
}

/**
 * "125ml milk, 1 tsp vinegar, 60ml oil, 100g sugar": items run together with commas, each measured. Split only
 * when there are four at least and every one starts with a quantity followed by words, so that "2 onions,
 * chopped" or "1 egg, beaten" stay one line.
 */
function measuredItems(line: string): string[] {
  const pieces = line.split(/,\s+/);
  if (pieces.length < 4) return [line];
  const measured = pieces.every((piece) => {
    const quantity = leadingQuantity(plainFractions(piece));
    return quantity !== undefined && /\p{L}/u.test(quantity.rest);
  });
  return measured ? pieces : [line];
}

/** The entries' lines as written (bullets kept: "**Sauce:**" is a heading), quantities on their own line joined. */
function pieces(values: string[]): string[] {
  const lines = values.flatMap((value) => value.split(/\r\n?|\n/))
    .map((raw) => raw.replace(/\s+/g, " ").trim())
    .filter((raw) => raw.replace(leadingBullets, ""))
    .flatMap(measuredItems);
  const joined: string[] = [];
  for (const raw of lines) {
    const previous = joined.at(-1);
    const line = raw.replace(leadingBullets, "");
    // The quantity stood alone on its line: what follows is its ingredient, unless that is measured itself or a
    // heading.
    if (
      previous !== undefined && bareQuantity(previous.replace(leadingBullets, "")) &&
      !leadingQuantity(plainFractions(line)) && sectionHeading(raw) === undefined
    ) {
      joined[joined.length - 1] = `${previous} ${line}`;
    } else {
      joined.push(raw);
    }
  }
  return joined;
}

/** Entries to lines, each under the heading before it. */
export function ingredientEntries(values: string[]): RecipeIngredientEntry[] {
  const lines: RecipeIngredientEntry[] = [];
  let section: string | null = null;
  for (const raw of pieces(values)) {
    const heading = sectionHeading(raw);
    if (heading !== undefined) section = heading;
    else lines.push({ line: raw.replace(leadingBullets, "").trim(), section });
  }
  return lines;
}

// A collection recipe's lines sorted as a page's are, by the page import's own rules: a heading among the lines
// ("For the sauce:", "To serve (optional):") is the section of the lines after it (sectionHeading), and a step or a
// note ("Pre-heat oven to 400", "Not included") leaves the ingredients for other_lines with its reason, the steps
// becoming the method when the recipe has none (moveNonIngredientLines). Paprika keeps a recipe's ingredients as
// one text and schema.org's recipeIngredient often holds headings and notes: without this they were unmatched
// ingredient lines that kept the draft from being ready.
import type { ParsedIngredientLine } from "../ingredient-grammar/ingredient-line.ts";
import { moveNonIngredientLines } from "../recipe-reading/non-ingredient-line.ts";
import type { ParsedRecipeText } from "../recipe-reading/recipe-text.ts";
import { sectionHeading } from "../recipe-reading/section-heading.ts";
import { parsedCollectionLine } from "./collection-lines.ts";
import type { CollectionLine, CollectionRecipe } from "./collection-recipe.ts";

/**
 * The lines with the headings written among them made sections. Text lines (Paprika's, schema.org's) had theirs
 * made sections when they were read (linesOfText); this finds those of a format that gives its own sections
 * (Mealie's and Tandoor's lines it did not parse, which hold the whole line as text). A section the format gives is
 * kept: a heading written as a line is the section of the lines after it only until the format names the next one.
 * A line whose amount the file keeps apart is an ingredient whatever its words, never a heading.
 */
export function headedLines(lines: CollectionLine[]): CollectionLine[] {
  const headed: CollectionLine[] = [];
  let written: string | null = null;
  let formatSection: string | null = null;
  for (const line of lines) {
    if (line.section !== formatSection) {
      formatSection = line.section;
      written = null;
    }
    const heading = line.parts ? undefined : sectionHeading(line.text);
    if (heading !== undefined) written = heading;
    else headed.push(written === null ? line : { ...line, section: written });
  }
  return headed;
}

/**
 * The recipe's lines read, with its headings made sections and its steps and notes moved to other_lines as a page
 * import moves them (the same functions). Only lines the file holds as text are judged: a structured line (its
 * quantity, unit and food kept apart) stays an ingredient. Every kept line stays in the file's order.
 */
export function sortedCollectionRecipe(recipe: CollectionRecipe): ParsedRecipeText {
  const lines = headedLines(recipe.lines);
  const parsed = lines.map(parsedCollectionLine);
  const structured = new Set<ParsedIngredientLine>(parsed.filter((_, index) => lines[index].parts !== undefined));
  const sorted = moveNonIngredientLines({
    title: recipe.title,
    ingredients: parsed.filter((line) => !structured.has(line)),
    instructions: recipe.instructions,
    other_lines: [],
  });
  const kept = new Set(sorted.ingredients);
  return { ...sorted, ingredients: parsed.filter((line) => structured.has(line) || kept.has(line)) };
}

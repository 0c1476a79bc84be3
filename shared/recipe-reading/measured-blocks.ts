// Ingredients that a page gives neither in a list nor under a heading or a class that names them: a table whose
// rows, or a paragraph whose lines (broken with <br>), are nearly all measured ingredients. Older pages and
// hand-written posts set them out that way; a page's other tables and paragraphs are not written so.
import { measuredStart, numberedStep, plainText } from "./html-text.ts";
import { elementSpans } from "./markup.ts";
import { readingLimits } from "./reading-limits.ts";

/**
 * Three lines at least, none over 200 characters, four in five starting with a quantity (a numbered step, "1. Mix",
 * does not).
 */
export function nearlyAllMeasured(lines: string[]): boolean {
  if (lines.length < 3 || lines.length > readingLimits.items || lines.some((line) => line.length > 200)) return false;
  const measured = lines.filter((line) => measuredStart.test(line) && !numberedStep.test(line)).length;
  return measured * 5 >= lines.length * 4;
}

// A table of other figures: nutrition ("551 Calories", "26g Fat"), times ("6-7 pounds 2 – 2 1/2 hours").
const otherFigures =
  /\b(?:calories|kcal|carbs?|carbohydrates?|protein|fats?|sodium|fib(?:er|re)|cholesterol|hours?|minutes?|mins?)\b/i;

/**
 * The rows of the first table (no table inside it) that are nearly all measured ingredients, header rows left out:
 * each row names something (a word of three letters, not a calendar's "1 2 3"), none is a nutrition or time figure.
 */
export function measuredTable(body: string): string[] | undefined {
  for (const rows of tables(body)) {
    if (rows.some((row) => otherFigures.test(row) || !/\p{L}{3}/u.test(row))) continue;
    if (nearlyAllMeasured(rows)) return rows;
  }
  return undefined;
}

/** Each table's rows (tables with none inside them). */
export function* tables(body: string): Generator<string[]> {
  for (const table of body.matchAll(/<table\b[^>]*>((?:(?!<\/?table\b)[\s\S])*)<\/table>/gi)) {
    yield rowsOf(table[1]);
  }
}

/**
 * The table rows in the markup, each one line whatever breaks its cells hold ("<td>1 ½</td><td>cups</td><td>flour<br>
 * <small>sifted</small></td>" is "1 ½ cups flour sifted"), header rows left out.
 */
export function rowsOf(markup: string): string[] {
  return [...elementSpans(markup, "tr")].map((row) => markup.slice(row.contentStart, row.contentEnd))
    .filter((row) => !/<th\b/i.test(row))
    .map((row) => plainText(row))
    .filter(Boolean);
}

// Where a block of text ends: the tags that start or end a paragraph, a division, a list, a table or a heading.
const blockEdge =
  /<\/?(?:p|div|li|ul|ol|dl|dt|dd|table|tr|td|th|h[1-6]|section|article|header|footer|blockquote|pre)\b[^>]*>/i;

/** Each block of text broken with <br> (of a list's length at most): its lines. */
export function* brokenBlocks(body: string): Generator<string[]> {
  for (const block of body.split(blockEdge)) {
    if (block.length <= readingLimits.listMarkup && /<br\b/i.test(block)) {
      yield plainText(block, true).split("\n").map((line) => line.trim()).filter(Boolean);
    }
  }
}

/** The lines of the first block of text, broken with <br>, that are nearly all measured. */
export function measuredBreaks(body: string): string[] | undefined {
  for (const lines of brokenBlocks(body)) {
    if (nearlyAllMeasured(lines)) return lines;
  }
  return undefined;
}

import { type ParsedIngredientLine, parseIngredientLine } from "./ingredient-line.ts";
import { plainFractions } from "./quantity.ts";

export interface ParsedRecipeText {
  /** The first line that is not a section heading; null when there is none. */
  title: string | null;
  ingredients: ParsedIngredientLine[];
  /** The method, lines joined by newlines; null when there is none. */
  instructions: string | null;
  /** Lines that are neither title, ingredient nor instruction ("Serves 4", "For the sauce:"). */
  other_lines: string[];
}

const ingredientHeading = /^(?:ingredients?|what you(?:'|’)?ll need|what you need|you will need|shopping list)\s*:?$/i;
const instructionHeading = /^(?:instructions?|directions?|method|preparation|steps|how to make it)\s*:?$/i;
// "For the sauce:" inside the ingredients: a sub-heading, kept with the other lines.
const subHeading = /^(?:for (?:the )?.{1,40}:|[^:]{1,40}:)$/i;
const startsWithQuantity = /^(?:[-*•·▪◦▢☐□]\s*)?(?:\d|[½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞])/;

type Section = "before" | "ingredients" | "instructions";

/**
 * Splits recipe text into title, ingredient lines and instructions by fixed rules: headings ("Ingredients",
 * "Method", …) when the text has them; otherwise lines that start with a quantity are ingredients and the lines
 * after the first of them that do not are the method.
 */
export function parseRecipeText(text: string): ParsedRecipeText {
  const lines = text.replace(/\r\n?/g, "\n").split("\n").map((line) => line.trim());
  const hasHeadings = lines.some((line) => ingredientHeading.test(line));
  let title: string | null = null;
  let section: Section = "before";
  const ingredientLines: string[] = [];
  const instructionLines: string[] = [];
  const otherLines: string[] = [];

  for (const line of lines) {
    if (!line) continue;
    if (ingredientHeading.test(line)) {
      section = "ingredients";
      continue;
    }
    if (instructionHeading.test(line)) {
      section = "instructions";
      continue;
    }
    if (section === "instructions") {
      instructionLines.push(line);
    } else if (section === "ingredients") {
      if (subHeading.test(line) && !startsWithQuantity.test(line)) otherLines.push(line);
      else ingredientLines.push(line);
    } else if (title === null) {
      title = line;
    } else if (!hasHeadings && startsWithQuantity.test(plainFractions(line))) {
      section = "ingredients";
      ingredientLines.push(line);
    } else {
      otherLines.push(line);
    }
  }

  // Without headings, the method is whatever follows the ingredient lines and does not start with a quantity.
  if (!hasHeadings && section === "ingredients") {
    const firstMethodLine = ingredientLines.findIndex((line) => !startsWithQuantity.test(line));
    if (firstMethodLine >= 0) instructionLines.unshift(...ingredientLines.splice(firstMethodLine));
  }

  return {
    title,
    ingredients: ingredientLines.map(parseIngredientLine),
    instructions: instructionLines.length > 0 ? instructionLines.join("\n") : null,
    other_lines: otherLines,
  };
}

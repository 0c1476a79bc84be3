import { type ParsedIngredientLine, parseIngredientLine } from "../ingredient-grammar/ingredient-line.ts";
import { plainFractions, plainWordNumber } from "../ingredient-grammar/quantity.ts";
import { sectionHeading } from "./section-heading.ts";

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
const startsWithQuantity = /^(?:[-*•·▪◦▢☐□]\s*)?(?:\d|[½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞])/;
const numberedStep = /^(?:step\s*\d+\s*[:.)-]?|\d+\s*[.)]\s+(?!\d))/i;
const aboutTheRecipe = /^(?:serves|servings?|yields?|makes|prep(?:aration)? time|cook(?:ing)? time|total time)\b/i;

type Section = "before" | "ingredients" | "instructions";

/** True when the line reads as an ingredient: a quantity first, or a short phrase that is not a sentence. */
export function readsAsIngredient(line: string): boolean {
  if (numberedStep.test(line) || aboutTheRecipe.test(line)) return false;
  if (startsWithQuantity.test(plainWordNumber(plainFractions(line)))) return true;
  const words = line.split(/\s+/).length;
  return words <= 8 && !/[.!?]$/.test(line);
}

/** True when the line reads as a step of the method: numbered, a sentence, or long. */
function readsAsMethod(line: string): boolean {
  if (numberedStep.test(line)) return true;
  if (startsWithQuantity.test(plainFractions(line))) return false;
  return /[.!?]$/.test(line) || line.split(/\s+/).length > 12;
}

/**
 * Splits recipe text into title, ingredient lines and instructions by fixed rules: headings ("Ingredients",
 * "Method", …) when the text has them; otherwise each line by its shape: a line that reads as an ingredient (a
 * quantity first, or a short phrase such as "salt to taste") is one, a numbered step or a sentence is the method.
 * The first line is the title only when it does not read as an ingredient. A heading among the ingredients ("For
 * the sauce:") becomes the section of the lines under it.
 */
export function parseRecipeText(text: string): ParsedRecipeText {
  const lines = text.replace(/\r\n?/g, "\n").split("\n").map((line) => line.trim()).filter(Boolean);
  const hasHeadings = lines.some((line) => ingredientHeading.test(line));
  let title: string | null = null;
  let section: Section = "before";
  let ingredientSection: string | null = null;
  const ingredients: ParsedIngredientLine[] = [];
  const instructionLines: string[] = [];
  const otherLines: string[] = [];
  const addIngredient = (line: string) =>
    ingredients.push({ ...parseIngredientLine(line), section: ingredientSection });

  lines.forEach((line, index) => {
    if (ingredientHeading.test(line)) {
      section = "ingredients";
      return;
    }
    if (instructionHeading.test(line)) {
      section = "instructions";
      return;
    }
    if (index === 0 && !(readsAsIngredient(line) && startsWithQuantity.test(plainWordNumber(plainFractions(line))))) {
      title = line;
      return;
    }
    const heading = section !== "instructions" ? sectionHeading(line) : undefined;
    if (section === "instructions") {
      instructionLines.push(line);
    } else if (heading !== undefined && (hasHeadings ? section === "ingredients" : ingredients.length > 0)) {
      otherLines.push(line);
      ingredientSection = heading;
    } else if (section === "ingredients") {
      addIngredient(line);
    } else if (hasHeadings || aboutTheRecipe.test(line)) {
      otherLines.push(line);
    } else if (readsAsMethod(line)) {
      instructionLines.push(line);
    } else if (readsAsIngredient(line)) {
      addIngredient(line);
    } else {
      otherLines.push(line);
    }
  });

  return {
    title,
    ingredients,
    instructions: instructionLines.length > 0 ? instructionLines.join("\n") : null,
    other_lines: otherLines,
  };
}

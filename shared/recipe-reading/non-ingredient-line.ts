// Lines a page lists among its ingredients that are no ingredient: a step of the method ("Heat the vegetable oil to
// a medium heat…", "Pre-heat oven to 400") or a note ("Not included", "For full ingredient list, see Nutrition").
// They leave the ingredient lines, so a draft can be ready without them (moveNonIngredientLines says where to).
import { plainFractions, plainWordNumber } from "../ingredient-grammar/quantity.ts";
import type { ParsedRecipeText } from "./recipe-text.ts";

export type NonIngredientKind = "instruction" | "note";

const startsWithAmount = /^(?:[-*•·▪◦▢☐□]\s*)?(?:\d|[½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞])/;

// The verbs a step starts with, said to the cook. Words that also start names are left out ("season salt", "roast
// beef", "top round", "mix" of greens, "cook's" chocolate).
const cookingVerb =
  /^(?:pre-?heat|heat|melt|add|bring|put|place|remove|trim|rinse|dice|chop|stir|combine|whisk|pour|bake|simmer|boil|fry|saute|sauté|transfer|drain|let|make sure|set aside|cover|blend|spread|serve|wash|soak|marinate|toss|fold|knead|repeat|reduce|return|turn|cut|cook|once|meanwhile|finely dice|finely chop)\b/i;
// Words of a step's place, time or heat ("in the oven", "until golden", "5 minutes", "over medium heat").
const methodWord = /\b(?:oven|until|minutes?|heat|pan|pot|skillet|bowl|serve|boil|simmer|degrees|°[CF]?)\b/i;

// Words that start a note rather than an ingredient.
const noteStart =
  /^(?:not included|for (?:the )?full (?:ingredient|recipe)|see (?:the )?(?:notes?|below|above|recipe card|full recipe)\b|notes?:|tips?:|recent recipe update|replace (?:it |them )?with|substitute\b|you can\b|if you\b|i used\b|i like\b|we (?:love|like|used)\b)/i;

/** What the line is when it is no ingredient; undefined when it may be one. */
export function nonIngredientKind(line: string): NonIngredientKind | undefined {
  const text = line.trim();
  if (startsWithAmount.test(plainWordNumber(plainFractions(text)))) return undefined;
  const words = text.split(/\s+/).length;
  if (cookingVerb.test(text) && words >= 3 && (words >= 6 || methodWord.test(text))) return "instruction";
  if (noteStart.test(text)) return "note";
  // A remark on a variation, said in a sentence ("For a richer dough, increase the butter to 115 (8 tbsp). …").
  if (/^for (?:a|an) [^,]{1,40}, /i.test(text) && words >= 8) return "note";
  return undefined;
}

/** How a moved line is listed in the draft's other lines: the reason first, then the line as written. */
export function movedLineText(kind: NonIngredientKind, line: string): string {
  return kind === "instruction"
    ? `Not an ingredient (a step of the method): ${line}`
    : `Not an ingredient (a note): ${line}`;
}

/**
 * The recipe with its steps and notes taken out of the ingredient lines: each is listed in `other_lines`, the reason
 * first ("Not an ingredient (a step of the method): Pre-heat oven to 400"), and the steps become the method when the
 * recipe has none. Every other line stays as it was, in its order.
 */
export function moveNonIngredientLines(parsed: ParsedRecipeText): ParsedRecipeText {
  const steps: string[] = [];
  const moved: string[] = [];
  const ingredients = parsed.ingredients.filter((line) => {
    const kind = nonIngredientKind(line.original);
    if (kind === undefined) return true;
    if (kind === "instruction") steps.push(line.original.trim());
    moved.push(movedLineText(kind, line.original.trim()));
    return false;
  });
  if (moved.length === 0) return parsed;
  return {
    ...parsed,
    ingredients,
    instructions: parsed.instructions ?? (steps.length > 0 ? steps.join("\n") : null),
    other_lines: [...parsed.other_lines, ...moved],
  };
}

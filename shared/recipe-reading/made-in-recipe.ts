// A part of the recipe that the page makes itself, named among its ingredients: "Salsa Ranchera (recipe below)",
// "240g sweet stiff starter (from above)", "2 cups Duck Stock (see instructions)"; or a recipe of its own made for this
// one, "1 batch flourless cookies", "1 recipe Italian meringue". The first's lines are listed with the others; the
// second's are the other recipe's, and a recipe or a batch is already no amount a grocery push takes. Either way nothing
// is bought by the line itself. It is set aside in the draft's other lines only when the catalog sells no such thing:
// "flour (see recipe below)" stays a line to buy, and so does "1 recipe pie crust", a thing the catalog sells.
import type { ParsedRecipeText } from "./recipe-text.ts";

// Where the page says it is made: "(recipe below)", "recipe follows", "(see below for how to make)", "from above",
// "(homemade recipe here)", "(see instructions)".
const madeElsewhereOnThePage =
  /\b(?:recipe|see|from)\s+(?:below|above|follows|here)\b|\bsee (?:the )?(?:instructions|method|directions|steps?|recipe)\b/i;
// A whole recipe or batch of it as the amount: "1 recipe Italian meringue", "½ batch shortcrust".
const madeByTheBatch =
  /^(?:[-*•·▪◦▢☐□]\s*)?(?:\d+(?:[.,/]\d+)?|\d+\s+\d+\/\d+|[½⅓⅔¼¾⅛]|one|a|an|half|double)\s*(?:recipes?|batch(?:es)?)\s+(?:of\s+)?\S/i;

/** Whether the line, as written, says the recipe makes it rather than that it is bought. */
export function madeInThisRecipe(line: string): boolean {
  const text = line.trim();
  return madeElsewhereOnThePage.test(text) || madeByTheBatch.test(text);
}

/** How a line set aside is listed in the draft's other lines: the reason first, then the line as written. */
export function madeLineText(line: string): string {
  return `Not an ingredient to buy (made for this recipe): ${line.trim()}`;
}

interface LookedUp {
  lines: { original: string }[];
  matches: ({ ingredient: unknown } | undefined)[];
}

/**
 * The lines the recipe makes itself and the catalog does not sell, taken out of the looked-up lines and listed in
 * `other_lines` after the ones already there. Every other line stays as it was, in its order.
 */
export function setAsideMadeLines<Line extends LookedUp>(
  parsed: ParsedRecipeText,
  lookedUp: Line[],
): { parsed: ParsedRecipeText; lookedUp: Line[] } {
  const made = (line: Line) =>
    line.matches.every((match) => !match?.ingredient) && madeInThisRecipe(line.lines[0].original);
  const setAside = lookedUp.filter(made);
  if (setAside.length === 0) return { parsed, lookedUp };
  return {
    parsed: {
      ...parsed,
      other_lines: [...parsed.other_lines, ...setAside.map((line) => madeLineText(line.lines[0].original))],
    },
    lookedUp: lookedUp.filter((line) => !made(line)),
  };
}

// Lines among the ingredients that name nothing to buy, although the page lists them there: a part the recipe makes
// itself and cookware. Each is set aside in the draft's other lines, after its reason, only when the catalog sells no
// such thing. A part named alone above the lines it is made of heads them instead (withPartHeadings, at the end).
import type { ParsedRecipeText } from "./recipe-text.ts";

// A part of the recipe that the page makes itself, named among its ingredients: "Salsa Ranchera (recipe below)",
// "240g sweet stiff starter (from above)", "2 cups Duck Stock (see instructions)"; or a recipe of its own made for this
// one, "1 batch flourless cookies", "1 recipe Italian meringue". The first's lines are listed with the others; the
// second's are the other recipe's, and a recipe or a batch is already no amount a grocery push takes. Either way nothing
// is bought by the line itself. It is set aside in the draft's other lines only when the catalog sells no such thing:
// "flour (see recipe below)" stays a line to buy, and so does "1 recipe pie crust", a thing the catalog sells.

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

// The reasons a line set aside is listed after, in the draft's other lines.
const madeReason = "Not an ingredient to buy (made for this recipe): ";
const cookwareReason = "Not an ingredient (cookware): ";

/** How a line set aside is listed in the draft's other lines: the reason first, then the line as written. */
export function madeLineText(line: string): string {
  return madeReason + line.trim();
}

// Cookware named among the ingredients: "9-inch springform pan", "Cookie cutter (optional)", "Candy thermometer",
// "Six 6 oz (175g) ramekins", "13- by 9-inch baking dish". Nothing a grocery list takes; the line is set aside in the
// draft's other lines when the catalog sells no such thing (only unmatched lines are asked) and its name ends with the
// cookware. What a shopper does buy for the kitchen at the grocery (foil, baking paper, skewers, string, cheesecloth)
// is not cookware here: such a line stays, unmatched, for the person to decide. Each form is matched as the name's
// last words, so whatever is said before it ("9-inch springform", "candy", "electric") needs no listing.
const cookware = new RegExp(
  "(?:^|\\s)(?:" + [
    "pans?",
    "skillets?",
    "saucepans?",
    "woks?",
    "griddles?",
    "dutch ovens?",
    "(?:baking|casserole|gratin|pie|souffl[eé]e?|ovenproof|serving) (?:dish|dishes)",
    "baking (?:sheets?|trays?)",
    "pie plates?",
    "ramekins?",
    "(?:cake|loaf|muffin|tart|flan|pie|bundt|roasting|baking|bun|sandwich) tins?",
    "moulds?",
    "molds?",
    "(?:cookie|biscuit|pastry|donut|doughnut|round|fluted) cutters?",
    "thermometers?",
    "(?:pastry|piping) bags?",
    "food processor",
    "blender",
    "mixer",
    "rolling pin",
    "peeler",
    "spatula",
    "mixing bowls?",
  ].join("|") + ")$",
  "i",
);

/** Whether a line's name is cookware, not a thing to cook with. */
export function isCookware(name: string): boolean {
  return cookware.test(name.trim().replace(/[\s*.:]+$/, ""));
}

/** How a line set aside is listed in the draft's other lines: the reason first, then the line as written. */
export function cookwareLineText(line: string): string {
  return cookwareReason + line.trim();
}

/** The line as written, when one of the draft's other lines is one set aside here; undefined for any other. */
export function lineSetAsideNotToBuy(otherLine: string): string | undefined {
  const reason = [madeReason, cookwareReason].find((prefix) => otherLine.startsWith(prefix));
  return reason === undefined ? undefined : otherLine.slice(reason.length);
}

interface LookedUp {
  lines: { original: string; name: string }[];
  matches: ({ ingredient: unknown } | undefined)[];
}

/** How the line is listed in other_lines when it is nothing to buy; undefined for a line to buy. */
function notToBuy(line: LookedUp): string | undefined {
  if (line.matches.some((match) => match?.ingredient)) return undefined;
  const original = line.lines[0].original;
  if (madeInThisRecipe(original)) return madeLineText(original);
  if (line.lines.every((part) => isCookware(part.name))) return cookwareLineText(original);
  return undefined;
}

/**
 * The lines that name nothing to buy, taken out of the looked-up lines and listed in `other_lines` after the ones
 * already there. Every other line stays as it was, in its order.
 */
export function setAsideLinesNotToBuy<Line extends LookedUp>(
  parsed: ParsedRecipeText,
  lookedUp: Line[],
): { parsed: ParsedRecipeText; lookedUp: Line[] } {
  const reasons = lookedUp.map(notToBuy);
  if (reasons.every((reason) => reason === undefined)) return { parsed, lookedUp };
  return {
    parsed: { ...parsed, other_lines: [...parsed.other_lines, ...reasons.filter((reason) => reason !== undefined)] },
    lookedUp: lookedUp.filter((_, index) => reasons[index] === undefined),
  };
}

// A line naming a part the recipe makes, with no amount and no mark of a heading ("Final Dough", "Sweet Stiff
// Starter", "Apple slaw", "Yoghurt and Ouzo Dressing"), standing above the measured lines it is made of: the heading
// of those lines, as "For the dressing:" would be. Alone the words cannot tell it from a thing to buy ("Pizza Dough",
// "Hot Sauce" are sold), so only a line the catalog sells nothing by is taken, and only above two measured lines.

// The last word of a part made in the recipe.
const partWord =
  /(?:^|\s)(?:dough|starter|levain|sponge|poolish|biga|preferment|dressing|vinaigrette|sauce|glaze|frosting|icing|filling|topping|crust|base|marinade|batter|crumble|streusel|slaw|coleslaw|dip|rub|custard|ganache|syrup|mixture|brine|pickle|salsa|relish|compote|curd)$/i;

// Words that make the line a thing used, made elsewhere or bought, not the heading of what follows: "Prepared chocolate
// icing", "Remaining Deli Rub", "Your favorite fruit pie filling", "Leftover scraps of dough".
const usedAsItIs =
  /^(?:prepared|remaining|leftover|left-over|reserved|extra|more|your|any|some|the|a|an|store-bought|shop-bought|bought|ready-made|homemade|home-made|cooked)\b/i;

interface LookedUpWithAmounts {
  lines: {
    original: string;
    quantity: number | null;
    quantity_text: string | null;
    unit: string | null;
    note: string | null;
    prep_state: string | null;
    section: string | null;
  }[];
  matches: ({ ingredient: unknown } | undefined)[];
}

/** The heading the line at `index` is, or undefined when it is a line as any other. */
function partHeading(lookedUp: LookedUpWithAmounts[], index: number): string | undefined {
  const { lines, matches } = lookedUp[index];
  if (lines.length !== 1 || matches.some((match) => match?.ingredient)) return undefined;
  const [line] = lines;
  if (line.quantity !== null || line.quantity_text !== null || line.unit !== null) return undefined;
  // Nothing said of it ("dash Worcestershire sauce" has a measure, "sauce, warmed" a prep), and words only, five at
  // most: no amount, no aside, no list ("Cashew Cream (optional)", "salt, pepper").
  if (line.note !== null || line.prep_state !== null) return undefined;
  const text = line.original.trim();
  if (!/^[\p{L}'’-]+(?:\s+[\p{L}'’-]+){0,4}$/u.test(text) || !partWord.test(text) || usedAsItIs.test(text)) {
    return undefined;
  }
  // Its lines follow, measured, under the same heading as it stands under.
  const next = lookedUp.slice(index + 1, index + 3).map((item) => item.lines[0]);
  const made = next.length === 2 && next.every((after) => after.quantity !== null && after.section === line.section);
  return made ? text : undefined;
}

/**
 * The looked-up lines without those that head a part the recipe makes; the lines under each have its name as their
 * section, after the page's own heading where there is one ("Sourdough Version: Final Dough"), up to the page's next.
 */
export function withPartHeadings<Line extends LookedUpWithAmounts>(lookedUp: Line[]): Line[] {
  const kept: Line[] = [];
  let heading: { under: string | null; name: string } | undefined;
  for (const [index, item] of lookedUp.entries()) {
    const name = partHeading(lookedUp, index);
    if (name !== undefined) {
      heading = { under: item.lines[0].section, name };
      continue;
    }
    if (heading && item.lines[0].section !== heading.under) heading = undefined;
    const section = heading && (heading.under === null ? heading.name : `${heading.under}: ${heading.name}`);
    kept.push(section === undefined ? item : { ...item, lines: item.lines.map((line) => ({ ...line, section })) });
  }
  return kept;
}

import { countedMeasure } from "./measure-words.ts";
import { leadingQuantity, plainFractions, plainWordNumber } from "./quantity.ts";
import { type Unit, unitOf } from "./units.ts";

// How an ingredient is prepared: only these words become a prep state. "ground" and "crushed" are left out on
// purpose: "ground beef" and "crushed tomatoes" are what is bought, not how it is cut.
export const prepStates = [
  "chopped",
  "diced",
  "minced",
  "sliced",
  "grated",
  "shredded",
  "cubed",
  "julienned",
  "halved",
  "quartered",
  "mashed",
  "melted",
  "softened",
  "beaten",
  "peeled",
  "seeded",
  "cored",
  "trimmed",
  "rinsed",
  "drained",
  "crumbled",
  "zested",
  "juiced",
  "toasted",
  "pitted",
  "deveined",
  "sifted",
  "whisked",
  "thawed",
] as const;

const prepStateSet = new Set<string>(prepStates);
const prepAdverbs = new Set(["finely", "thinly", "roughly", "coarsely", "freshly", "lightly", "very", "well"]);

export type LineProblem = "range" | "no_quantity" | "rounded" | "no_unit" | "no_name";

export interface ParsedIngredientLine {
  /** The line exactly as it was given. */
  original: string;
  /** The amount rounded to 3 decimals; null when there is none, or it is a range. */
  quantity: number | null;
  /** The amount as written, fractions made plain ("1 1/2", "2-3"); null when there is none. */
  quantity_text: string | null;
  unit: Unit | null;
  /** The unit word as written ("tablespoons"); null when no unit was recognised. */
  unit_text: string | null;
  prep_state: string | null;
  /** What remains: the ingredient's name as written (not yet matched). Empty when nothing remains. */
  name: string;
  /** Text in parentheses and after the name that is not a prep state ("to taste", "14 oz"). */
  note: string | null;
  problems: LineProblem[];
  /** The heading the line stands under ("For the sauce"); null when none. */
  section: string | null;
}

const bullet = /^(?:[-*•·▪◦▢☐□✓]\s*)+/;

function tidy(text: string): string {
  return text.replace(/\s+/g, " ").replace(/^[\s,;:.-]+|[\s,;:-]+$/g, "").trim();
}

/** Takes out the (parenthesised) parts of the text, adding each one's content to notes. */
function takeParentheses(text: string, notes: string[]): string {
  return text.replace(/\(([^()]*)\)|\[([^[\]]*)\]/g, (_match, round?: string, square?: string) => {
    const content = tidy(round ?? square ?? "");
    if (content) notes.push(content);
    return " ";
  });
}

// A size before the unit ("1 14-ounce can", "2 (15 oz) cans", "1 heaping cup"): kept in the note.
const sizeBeforeUnit =
  /^(\d+(?:[.,]\d+)?(?:\s*-\s*|\s*)(?:ounces?|oz|grams?|g|ml|lbs?|pounds?|inch(?:es)?|in|cm)\.?|heaping|heaped|scant|level|rounded|generous|good|large|small|medium|big)\s+/i;
// Another measure of the same amount right after the unit ("150g/5½oz", "1 cup / 240 ml"): kept in the note.
const alternativeMeasure = /^\s*\/\s*(\d[\d\s/.,]*\s*[a-zA-Z.]+(?:\s+oz)?)/;

/** The unit at the start of the text (one word, or two for "fl oz"), and what follows it. */
function leadingUnit(text: string): { unit: Unit; written: string; rest: string } | undefined {
  const words = /^([a-zA-Z]+\.?)(?:\s+([a-zA-Z]+\.?)(?![a-zA-Z]))?/.exec(text);
  if (!words) return undefined;
  if (words[2] !== undefined) {
    const two = `${words[1]} ${words[2]}`;
    const unit = unitOf(two);
    if (unit) return { unit, written: two, rest: text.slice(words[0].length) };
  }
  const unit = unitOf(words[1]);
  if (unit) return { unit, written: words[1], rest: text.slice(words[1].length) };
  return undefined;
}

/** The unit, also after a size ("14-ounce can") whose text goes to the notes. */
function unitAfterSize(text: string, notes: string[]): ReturnType<typeof leadingUnit> {
  const direct = leadingUnit(text);
  if (direct) return direct;
  const size = sizeBeforeUnit.exec(text);
  if (!size) return undefined;
  const unit = leadingUnit(text.slice(size[0].length));
  if (unit) notes.push(size[1]);
  return unit;
}

// "juice of 1 lemon", "zest and juice of 2 limes": the fruit is the ingredient, the part goes to the note.
const partOf =
  /^(?:the\s+)?((?:finely\s+)?(?:grated\s+)?(?:zest|juice|zest\s+and\s+juice|juice\s+and\s+zest|rind))\s+(?:from|of)\s+(?=\S)/i;
// Said after the name without a comma: "salt to taste", "parsley for garnish", "oil, plus more for the pan".
const trailingNote =
  /\s+(to taste|as needed|as required|if needed|optional|for (?:serving|garnish(?:ing)?|decoration|dusting|greasing|frying|brushing|sprinkling|topping|searing|sauteing|sautéing|cooking|drizzling|the (?:pan|grill|top|topping|glaze|sauce|dough|filling|dressing|batter))\b.*|plus (?:more|extra)\b.*|or to taste|or more\b.*|or as needed|divided|(?:at |to )?room temp(?:erature)?\.?|to (?:serve|garnish|dust|decorate))$/i;

/** Removes the prep words (and the adverbs before them) from the text; returns them in order. */
function takePrepWords(text: string): { preps: string[]; rest: string } {
  const words = text.split(/\s+/).filter(Boolean);
  const preps: string[] = [];
  const kept: string[] = [];
  for (const word of words) {
    const bare = word.toLowerCase().replace(/[.,;:]+$/, "");
    if (prepStateSet.has(bare)) {
      preps.push(bare);
      while (kept.length > 0 && prepAdverbs.has(kept[kept.length - 1].toLowerCase())) kept.pop();
    } else {
      kept.push(word);
    }
  }
  return { preps, rest: kept.join(" ") };
}

/** One ingredient line, read by fixed rules. Never throws; whatever it cannot read is left in name or note. */
export function parseIngredientLine(original: string): ParsedIngredientLine {
  const notes: string[] = [];
  const problems: LineProblem[] = [];
  let text = plainWordNumber(plainFractions(original.trim().replace(bullet, "").replace(/^(?:\+|plus\s)\s*/i, "")));
  const part = partOf.exec(text);
  if (part) {
    notes.push(part[1].toLowerCase());
    text = plainWordNumber(text.slice(part[0].length));
  }

  let quantity = leadingQuantity(text);
  if (quantity) text = quantity.rest;
  text = takeParentheses(text.trim(), notes).trim();

  let unit: ReturnType<typeof leadingUnit>;
  if (quantity) {
    unit = unitAfterSize(text, notes);
  } else {
    // "a can of tomatoes", "an 8-ounce package": one of the unit.
    const article = /^an?\s+/i.exec(text);
    unit = article ? unitAfterSize(text.slice(article[0].length), notes) : undefined;
    if (unit) quantity = { value: 1, text: article![0].trim(), range: false, rounded: false, rest: "" };
  }
  let measure: { unit: Unit | null; rest: string } | undefined;
  if (!unit) {
    const article = quantity ? null : /^an?\s+/i.exec(text);
    measure = countedMeasure(article ? text.slice(article[0].length) : text, notes);
    if (measure) text = measure.rest;
  }
  if (unit) {
    text = unit.rest;
    const alternative = alternativeMeasure.exec(text);
    if (alternative) {
      notes.push(alternative[1].trim());
      text = text.slice(alternative[0].length);
    }
    text = takeParentheses(text.trim(), notes).trim().replace(/^of\s+/i, "");
  }
  const trailing = trailingNote.exec(text);
  if (trailing) {
    text = text.slice(0, trailing.index);
    notes.push(trailing[1]);
  }

  const [head, tail] = splitAtComma(text);
  // A prep word leads the name ("chopped onion") or follows it after a comma ("onion, chopped").
  const fromHead = takeTrailingPrep(takeLeadingPrep(head));
  const fromTail = takePrepWords(tail);
  const preps = [...fromHead.preps, ...fromTail.preps];
  const tailNote = tidy(fromTail.rest.replace(/^and\b|\band$/gi, ""));
  if (tailNote) notes.push(tailNote);

  const name = tidy(fromHead.rest.replace(/^of\s+/i, ""));
  if (!quantity) problems.push("no_quantity");
  else if (quantity.range) problems.push("range");
  else if (quantity.value === null) problems.push("no_quantity");
  if (quantity?.rounded) problems.push("rounded");
  if (quantity && !unit && !measure?.unit) problems.push("no_unit");
  if (!name) problems.push("no_name");

  return {
    original,
    quantity: quantity?.value ?? null,
    quantity_text: quantity?.text ?? null,
    unit: unit?.unit ?? (quantity?.value ? measure?.unit ?? null : null),
    unit_text: unit?.written ?? null,
    prep_state: preps.length > 0 ? preps.join(" and ") : null,
    name,
    note: notes.length > 0 ? notes.join("; ") : null,
    problems,
    section: null,
  };
}

/** Prep words at the end of the name without a comma ("onion finely chopped", "1 lemon juiced"). */
function takeTrailingPrep(found: { preps: string[]; rest: string }): { preps: string[]; rest: string } {
  const words = found.rest.split(/\s+/).filter(Boolean);
  const preps: string[] = [];
  while (words.length > 1 && prepStateSet.has(words[words.length - 1].toLowerCase())) {
    preps.unshift(words.pop()!.toLowerCase());
    while (words.length > 1 && prepAdverbs.has(words[words.length - 1].toLowerCase())) words.pop();
    if (words.length > 1 && /^(?:and|&)$/i.test(words[words.length - 1])) words.pop();
  }
  return { preps: [...found.preps, ...preps], rest: words.join(" ") };
}

// Words before a comma that only describe what follows ("6 boneless, skinless chicken breasts"): the comma does
// not end the name there.
const describingOnly =
  /^(?:(?:boneless|skinless|bone-in|skin-on|large|small|medium|fresh|ripe|firm|soft|thick|thin|lean|organic|raw|cold|warm|hot|whole|heaping|level|packed)\s*)+$/i;

function splitAtComma(text: string): [string, string] {
  let cut = text.indexOf(",");
  while (cut >= 0 && describingOnly.test(text.slice(0, cut).trim().split(/,\s*/).pop() ?? "")) {
    cut = text.indexOf(",", cut + 1);
  }
  return cut < 0 ? [text.replace(/,\s*/g, " "), ""] : [text.slice(0, cut).replace(/,\s*/g, " "), text.slice(cut + 1)];
}

/** Prep words at the start of the name only ("finely chopped onion"); a prep word later stays in the name. */
function takeLeadingPrep(head: string): { preps: string[]; rest: string } {
  const words = head.trim().split(/\s+/);
  let index = 0;
  const preps: string[] = [];
  while (index < words.length) {
    const bare = words[index].toLowerCase().replace(/,$/, "");
    if (prepAdverbs.has(bare) && index + 1 < words.length && prepStateSet.has(words[index + 1].toLowerCase())) {
      index += 1;
    } else if (prepStateSet.has(bare)) {
      preps.push(bare);
      index += 1;
      if (words[index]?.toLowerCase() === "and") index += 1;
    } else {
      break;
    }
  }
  return { preps, rest: words.slice(index).join(" ") };
}

import { countedMeasure, exactly, notBoughtBy } from "./measure-words.ts";
import { amountFirst } from "./name-first.ts";
import { type LeadingQuantity, leadingQuantity, plainFractions, plainWordNumber } from "./quantity.ts";
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
const prepAdverbs = new Set([
  "finely",
  "thinly",
  "thickly",
  "roughly",
  "coarsely",
  "freshly",
  "lightly",
  "very",
  "well",
]);

export type LineProblem = "range" | "no_quantity" | "rounded" | "no_unit" | "no_name";

export interface ParsedIngredientLine {
  /** The line exactly as it was given. */
  original: string;
  /** The amount rounded to 3 decimals (a range's upper bound); null when there is none. */
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
  // Inner parts first, then what held them ("((see recipe))", "(about 1 cup (240 ml))").
  let rest = takeInnermostParentheses(text, notes);
  while (/\([^()]*\)|\[[^[\]]*\]/.test(rest)) rest = takeInnermostParentheses(rest, notes);
  return rest;
}

function takeInnermostParentheses(text: string, notes: string[]): string {
  return text.replace(/\(([^()]*)\)|\[([^[\]]*)\]/g, (_match, round?: string, square?: string) => {
    const content = tidy(round ?? square ?? "");
    if (content) notes.push(content);
    return " ";
  });
}

// A size before the unit ("1 14-ounce can", "1 14 1/2-ounce can", "2 x 400 g / 14 oz cans", "1 heaping cup"): kept
// in the note.
const sizeBeforeUnit =
  /^(\d+(?:[.,]\d+|\/\d+|\s+\d+\/\d+)?(?:\s*-\s*|\s*)(?:fl\.?\s*oz|fluid ounces?|ounces?|oz|grams?|g|ml|lbs?|pounds?|inch(?:es)?|in|cm)\.?(?:\s*\/\s*\d+(?:[.,]\d+)?\s*(?:fl\.?\s*oz|ounces?|oz|grams?|g|ml|lbs?|pounds?)\.?)?|heaping|heaped|scant|level|rounded|generous|good|large|small|medium|big|(?:lightly |firmly |loosely |tightly )?packed)\s+/i;
// Another measure of the same amount right after the unit ("150g/5½oz", "1 cup / 240 ml"): kept in the note.
const alternativeMeasure = /^\s*\/\s*(\d[\d\s/.,–-]*\s*[a-zA-Z.]+(?:\s+oz)?)/;

// A piece of a root measured by its length or likened to a thumb ("2-inch piece ginger", "10cm piece ginger", "1
// thumb-sized piece of ginger", "2 thumbs ginger", "1 knob ginger"): counted in pieces, the size kept in the note. A
// length right after the number ("2 inch ginger", "1 1/2-inch knob ginger") is the size of one piece.
const lengthOfPiece =
  /^-?\s*(inch(?:es)?|in\.|cm|centimet(?:er|re)s?)(?:\s*-?\s*(pieces?|knobs?|chunks?|lengths?))?\s+(?:of\s+)?(?=[a-zA-Z])/i;
const thumbOfPiece =
  /^((?:thumbs?|finger)(?:\s*-?\s*(?:sized?))?(?:\s*-?\s*(?:pieces?|knobs?|chunks?|lengths?))?)\s+(?:of\s+)?(?=[a-zA-Z])/i;
const sizeBeforeName =
  /^(\d+(?:[.,]\d+|\/\d+)?\s*-?\s*(?:inch(?:es)?|in\.|cm|ounces?|oz|grams?|g|ml|lbs?|pounds?)\.?)\s+(?=[a-zA-Z])/i;
const rootsByLength = /^(?:fresh\s+)?(?:ginger|turmeric|galangal|horseradish|cinnamon|lemongrass|kombu)\b/i;
// Characters that show nothing (zero-width spaces and joiners, invisible separators, byte-order marks).
const invisible = /[\u200b-\u200d\u2060-\u2064\ufeff]/g;
const hedgeBeforeAmount =
  /^(scant|heaping|heaped|generous|rounded|level|good|about|approx\.?|approximately|around|roughly)\s+(?=\d)/i;
const labelBefore =
  /^((?:optional(?:\s+(?:garnish(?:es)?|toppings?|glaze|bowl add-ins|add-ins))?|garnish(?:es)?|toppings?|to serve|for serving|for (?:the )?(?:garnish|topping|decoration)|to garnish|to decorate|serve with))\s*:\s*(?=\S)/i;
const containerAfterMeasure =
  /^(cans?|tins?|jars?|packages?|pkgs?|packets?|packs?|pots?|tubs?|cartons?|bottles?|box(?:es)?|bags?|blocks?|containers?)\s+(?:of\s+)?(?=[a-zA-Z])/i;
// Words said before the name that belong to the note ("as required salt", "to taste black pepper").
const leadingNote = /^(as required|as needed|as per taste|to taste|according to taste|optional:?)\s+(?=[a-zA-Z])/i;
// A second measure added to the first ("1 cup + 2 tablespoons", "1 cup plus 1 tablespoon"), summed where the two
// units convert exactly (spoons and cups, grams and kilos, millilitres and litres, ounces and pounds).
const addedMeasure = /^\s*(?:\+|plus|and)\s*(\d+(?:\s+\d+\/\d+|\/\d+|\.\d+)?)\s*([a-zA-Z]+\.?)(?=\s|$|[/(,])/i;
const exactFactors: Partial<Record<Unit, [string, number]>> = {
  tsp: ["spoon", 1],
  tbsp: ["spoon", 3],
  cup: ["spoon", 48],
  g: ["gram", 1],
  kg: ["gram", 1000],
  ml: ["millilitre", 1],
  l: ["millilitre", 1000],
  oz: ["ounce", 1],
  lb: ["ounce", 16],
};

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
  /^(?:the\s+)?((?:finely\s+)?(?:grated\s+)?(?:zest|juice|zest\s+and\s+juice|juice\s+and\s+zest|rind))\s+(?:from|of)(?:\s+(?=\S)|(?=\d))/i;
// Said after the name without a comma: "salt to taste", "parsley for garnish", "oil, plus more for the pan".
const trailingNote =
  /\s+(to taste|as needed|as required|if needed|optional|for (?:serving|garnish(?:ing)?|decoration|dusting|greasing|frying|brushing|sprinkling|topping|searing|sauteing|sautéing|cooking|drizzling|the (?:pan|grill|top|topping|glaze|sauce|dough|filling|dressing|batter))\b.*|plus (?:more|extra)\b.*|or to taste|as much as (?:you )?(?:like|want|need(?:ed)?|desired?)|as desired|as per taste|according to taste|or more\b.*|or as needed|divided|(?:at |to )?room temp(?:erature)?\.?|to (?:serve|garnish|dust|decorate|sprinkle|drizzle|top)\b.*)$/i;

// Said after the name, without a comma, about how it is used or what comes with it: "egg yolk beaten with 1 tbsp
// water", "tomatoes with juices", "capers in brine", "carrots sliced into 1/4 inch slices", "broccoli approx. 400
// grams", "chocolate chips + 2 tbsp", "sanding sugar for coating". The name is what comes before.
const trailingPhrase = new RegExp(
  String.raw`\s+(` + [
    String
      .raw`(?:mixed|beaten|whisked|stirred|dissolved|combined|blended|diluted|softened|soaked)\s+(?:with|in|into)\b.*`,
    String.raw`with (?:(?:its|their|the) )?(?:own )?juices?\b.*`,
    String
      .raw`(?:packed\s+)?in (?:brine|water|oil|olive oil|(?:light |heavy )?syrup|(?:(?:its|their) )?(?:own )?juices?)\b.*`,
    String.raw`(?:cut|sliced|diced|chopped|torn|broken|peeled|shaved|grated)\s+(?:into|in)\S*\b.*`,
    String.raw`(?:chopped|diced|sliced|minced|crushed)\s+(?:small|finely|fine|roughly|coarsely|thinly|thickly|large)$`,
    String.raw`(?:approx\.?|approximately|about|around|roughly)\s+\d.*`,
    String.raw`(?:\+|plus)\s*\d.*`,
    String.raw`for (?:coating|rolling|dipping|dredging|finishing|baking|basting|spritzing|toasting)\b.*`,
    String.raw`for (?:deep frying|deep-frying|shallow frying|pan frying|the work surface)\b.*`,
    // What it is for, said with a verb: "bourbon for soaking the raisins", "butter for greasing the tin".
    String.raw`for [a-z]+ing\b.*`,
    String.raw`from (?:a |an |the |canned |jarred |one |\d).*`,
    String.raw`(?:crushed|smashed|bruised|pressed)$`,
    String.raw`or (?:other|another|any|your|similar|a similar)\b.*`,
    String.raw`of (?:your )?choice\b.*`,
    // Another amount of something else instead: "minced garlic or 1 tablespoon jarred", "scallions or 1 shallot".
    String.raw`or\s*\d.*`,
  ].join("|") + ")$",
  "i",
);

// A dash with a space on either side starts a remark: "coconut milk – preferably boxed", "large shrimp -raw",
// "xanthan gum- optional" (a hyphen inside a word, "half-and-half", is no dash, nor "cheese- feta").
const dashRemark =
  /(?:\s*[–—]+\s*|\s+-+\s*|-+\s+(?=(?:optional|preferably|or|see|about|approx|if|for|such|use|you|this|to|not|divided)\b))(?=\S)(.*)$/i;

function takeTrailingPhrases(text: string, notes: string[], dashes = false): string {
  let rest = text.replace(/\s*[*†‡]+\s*$/, "");
  // Only in the name before a comma: after it, the prep words are read as such.
  const dash = dashes ? dashRemark.exec(rest) : null;
  if (dash && dash.index > 0) {
    notes.push(dash[1].trim());
    rest = rest.slice(0, dash.index);
  }
  const phrase = trailingPhrase.exec(rest);
  if (phrase && phrase.index > 0) {
    notes.push(phrase[1].trim());
    rest = rest.slice(0, phrase.index);
  }
  const trailing = trailingNote.exec(rest);
  if (trailing) {
    notes.push(trailing[1]);
    rest = rest.slice(0, trailing.index);
  }
  return rest;
}

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

type Measure = { unit: Unit | null; word?: string; rest: string };

/** A line as it is read, phase by phase: what is left of the text, and what each phase took from it. */
interface Reading {
  text: string;
  notes: string[];
  quantity?: LeadingQuantity;
  unit?: ReturnType<typeof leadingUnit>;
  /** A counting word or a piece of a root, when the amount is counted rather than measured in a unit. */
  measure?: Measure;
  /** Where the counting word went in the notes ("cloves"), for a range to join it ("2-3 cloves"). */
  countingNote?: number;
}

const one = (text = "1"): LeadingQuantity => ({ value: 1, text, range: false, rounded: false, rest: "" });

/** One ingredient line, read by fixed rules. Never throws; whatever it cannot read is left in name or note. */
export function parseIngredientLine(original: string): ParsedIngredientLine {
  const reading: Reading = {
    text: plainWordNumber(plainFractions(
      original.replace(invisible, "").trim().replace(bullet, "").replace(/^(?:\+|plus\s)\s*/i, ""),
    )),
    notes: [],
  };
  // "Rice – 2 cups", "Sugar 100g": the name before its amount is read as the amount before the name.
  reading.text = amountFirst(reading.text) ?? reading.text;
  readWordsBeforeAmount(reading);
  readAmount(reading);
  readUnit(reading);
  if (!reading.unit) readCountedMeasure(reading);
  if (reading.unit) readAfterUnit(reading);
  const { name, preps } = readName(reading);
  const { quantity, unit, measure, notes } = reading;
  // A range is read as its upper bound; the range as written leads the note with its unit or counting word ("2-3
  // tbsp", "2-3 cloves"), and the line is flagged.
  if (quantity?.range && quantity.value !== null) {
    if (reading.countingNote !== undefined) {
      notes[reading.countingNote] = `${quantity.text} ${notes[reading.countingNote]}`;
    } else notes.unshift(unit ? `${quantity.text} ${unit.written}` : quantity.text);
  }
  const problems: LineProblem[] = [];
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

/** A hedge ("scant", "about"), a label ("Optional garnish:") and a part ("juice of") before the amount. */
function readWordsBeforeAmount(reading: Reading): void {
  // "scant 1/2 teaspoon", "about 2 cups": said of the amount, kept in the note.
  const hedge = hedgeBeforeAmount.exec(reading.text);
  if (hedge) {
    reading.notes.push(hedge[1].toLowerCase());
    reading.text = reading.text.slice(hedge[0].length);
  }
  // A label before the line ("Optional garnish: …", "Toppings: …", "To serve: …"): kept in the note.
  const label = labelBefore.exec(reading.text);
  if (label) {
    reading.notes.push(label[1].toLowerCase());
    reading.text = plainWordNumber(plainFractions(reading.text.slice(label[0].length)));
  }
  const part = partOf.exec(reading.text);
  if (part) {
    reading.notes.push(part[1].toLowerCase());
    // "juice of a lemon", "zest of an orange": one of them.
    reading.text = plainWordNumber(reading.text.slice(part[0].length).replace(/^an?\s+/i, "1 "));
  }
}

/** The amount at the start, and what is said right after it (asides, "x", "to taste"). */
function readAmount(reading: Reading): void {
  // "1, 14 oz can of milk": a comma between the count and the size of each ("1,5 kg" has no space: no count).
  let text = reading.text.replace(/^(\d+),\s+(?=\d)/, "$1 ");
  let quantity = leadingQuantity(text);
  // "1 each bay leaves", "2 ea. onions": so many, each one of the thing.
  if (quantity) text = quantity.rest.replace(/^\s*(?:each|ea\.?)\s+(?=[a-zA-Z])/i, " ");
  // "2/3 + 1/4 cup": two amounts of one unit, added exactly.
  const plus = quantity?.value && !quantity.range ? /^\s*(?:\+|plus)\s*/i.exec(text) : null;
  const second = plus ? leadingQuantity(text.slice(plus[0].length)) : undefined;
  if (quantity && second?.value && !second.range && leadingUnit(second.rest.trim())) {
    const exact = valueOfText(quantity.text) + valueOfText(second.text);
    const value = Math.round(exact * 1000) / 1000;
    quantity = { ...quantity, value, text: `${quantity.text} + ${second.text}`, rounded: value !== exact };
    text = second.rest;
  }
  text = takeParentheses(text.trim(), reading.notes).trim();
  // "1 x 400g can", "2 × 14 oz cans", "3 x eggs", "2x tins tomatoes": the multiplication sign before a size or a thing.
  if (quantity) text = text.replace(/^[x×]\s+(?=\d|[a-zA-Z])/i, "");
  const said = leadingNote.exec(text);
  if (said) {
    reading.notes.push(said[1].replace(/:$/, "").toLowerCase());
    text = text.slice(said[0].length);
  }
  reading.text = text;
  reading.quantity = quantity;
}

/** One of the 14 units after the amount (also after a size); without an amount, "a can of" is one can. */
function readUnit(reading: Reading): void {
  const { text, notes } = reading;
  if (reading.quantity) {
    reading.unit = unitAfterSize(text, notes);
    return;
  }
  // "a can of tomatoes", "an 8-ounce package", and a size alone before the unit: "400-gram tin tomatoes".
  const article = /^an?\s+/i.exec(text);
  reading.unit = article
    ? unitAfterSize(text.slice(article[0].length), notes)
    : /^\d/.test(text)
    ? unitAfterSize(text, notes)
    : undefined;
  if (reading.unit) reading.quantity = one(article ? article[0].trim() : "1");
}

/** Without a unit: a piece of a root by its length or a thumb, or a counting word ("3 sprigs", "1 pinch"). */
function readCountedMeasure(reading: Reading): void {
  const { notes } = reading;
  let { text, quantity } = reading;
  const lengthMatch = quantity ? lengthOfPiece.exec(text) : null;
  // Without a word for the piece, only roots and barks are measured so ("6 inch tortillas" are six of them).
  const length = lengthMatch &&
      (lengthMatch[2] || rootsByLength.test(text.slice(lengthMatch[0].length)))
    ? lengthMatch
    : null;
  const thumb = !length ? thumbOfPiece.exec(text) : null;
  if (lengthMatch && !length && quantity && !/^-/.test(text)) {
    // "6 inch tortillas": the number is their size, how many is not said.
    notes.push(`${quantity.text} ${lengthMatch[1]}`);
    reading.quantity = undefined;
    reading.text = text.slice(lengthMatch[1].length).trim();
    return;
  }
  if (length && quantity) {
    notes.push(
      `${quantity.text}${/^-/.test(text) ? "" : " "}${
        text.slice(0, length[0].length).replace(/\s+of\s*$/i, "").trim()
      }`,
    );
    reading.quantity = one();
    reading.measure = { unit: "piece", rest: text.slice(length[0].length) };
    reading.text = reading.measure.rest;
    return;
  }
  if (thumb) {
    notes.push(thumb[1].toLowerCase());
    reading.measure = { unit: "piece", rest: text.slice(thumb[0].length) };
    reading.text = reading.measure.rest;
    return;
  }
  const article = quantity ? null : /^an?\s+/i.exec(text);
  const from = article ? text.slice(article[0].length) : text;
  let measure = countedMeasure(from, notes);
  // A size before the counting word: "1 1-inch knob ginger", "2 8-ounce blocks cream cheese".
  const size = measure ? null : sizeBeforeUnit.exec(from);
  if (size) {
    const sizeNotes: string[] = [];
    measure = countedMeasure(from.slice(size[0].length), sizeNotes);
    if (measure) notes.push(size[1], ...sizeNotes);
  }
  if (measure) {
    text = measure.rest;
    reading.countingNote = notes.length - 1;
  }
  const word = measure?.word ?? "";
  if (quantity && notBoughtBy.has(word)) {
    // "1 pinch salt", "2 handfuls spinach": nothing to buy by; the count joins the word in the note, and the line
    // has no amount.
    notes[notes.length - 1] = `${quantity.text} ${notes[notes.length - 1]}`;
    quantity = undefined;
  } else if (quantity?.value && word in exactly) {
    // "1 quart water" is 4 cups exactly, "2 dl cream" 200 ml; the measure as written stays in the note.
    const { unit, times } = exactly[word];
    notes[notes.length - 1] = `${quantity.text} ${notes[notes.length - 1]}`;
    // From the amount as written, so that "1/3 quart" is 1.333 cups, not 0.333 × 4; a range's upper bound as read.
    const written = quantity.range ? quantity.value : valueOfText(quantity.text);
    const value = Math.round(written * times * 1000) / 1000;
    // (A range's text already leads the note with the measure: "1-2 quarts".)
    quantity = { ...quantity, value, range: false, rounded: value !== written * times };
    measure = { ...measure!, unit };
  }
  // "1 stick + 6 tablespoons butter": the added measure goes to the note with the counting word.
  const more = measure ? /^(?:\+|plus)\s+(\d+(?:[.,]\d+|\/\d+)?)\s*([a-zA-Z]+\.?)\s+/i.exec(text) : null;
  if (more && unitOf(more[2])) {
    notes.push(`+ ${more[1]} ${more[2]}`);
    text = text.slice(more[0].length);
  }
  Object.assign(reading, { text, quantity, measure });
}

/** After the unit: a second measure added to it, the same amount in another unit, and the container it sized. */
function readAfterUnit(reading: Reading): void {
  const { notes } = reading;
  let { quantity, unit } = reading;
  if (!unit) return;
  let text = unit.rest;
  const added = addedMeasure.exec(text);
  const addedUnit = added ? unitOf(added[2]) : undefined;
  const first = exactFactors[unit.unit];
  const second = addedUnit ? exactFactors[addedUnit] : undefined;
  if (added && quantity?.value && !quantity.range && first && second && first[0] === second[0]) {
    // Summed in the smaller of the two units, so "1 cup + 2 tablespoons" is 18 tbsp, exactly.
    const smaller = first[1] <= second[1] ? unit.unit : addedUnit!;
    const base = Math.min(first[1], second[1]);
    const exact = (valueOfText(quantity.text) * first[1] + valueOfText(added[1]) * second[1]) / base;
    const value = Math.round(exact * 1000) / 1000;
    quantity = {
      ...quantity,
      value,
      text: `${quantity.text} ${unit.written} ${text.slice(0, added[0].length).trim()}`,
      rounded: quantity.rounded || value !== exact,
    };
    unit = { ...unit, unit: smaller, written: smaller === unit.unit ? unit.written : added[2] };
    text = text.slice(added[0].length);
  }
  const alternative = alternativeMeasure.exec(text);
  if (alternative) {
    notes.push(alternative[1].trim());
    text = text.slice(alternative[0].length);
  } else {
    // The same amount in another unit without a slash: "500 ml 2 cups milk".
    const again = /^\s*(\d+(?:[.,]\d+|\s+\d+\/\d+|\/\d+)?)\s*([a-zA-Z]+\.?)(?=\s)/.exec(text);
    if (again && unitOf(again[2])) {
      notes.push(`${again[1]} ${again[2]}`);
      text = text.slice(again[0].length);
    }
  }
  // "8 oz. weight cream cheese": the measure is by weight; the word says no more.
  text = takeParentheses(text.trim(), notes).trim().replace(/^(?:of|weight)\s+/i, "");
  // The measure was the size of what holds it: "15 oz can pumpkin purée", "400 g / 14 oz can of chickpeas",
  // "150g pot yogurt" are one can, one pot.
  const holder = containerAfterMeasure.exec(text);
  if (holder && quantity && !quantity.range && !unit.written.startsWith(quantity.text)) {
    notes.push(`${quantity.text} ${unit.written}`);
    quantity = one();
    unit = { unit: /^(?:cans?|tins?)$/i.test(holder[1]) ? "can" : "package", written: holder[1], rest: "" };
    text = text.slice(holder[0].length);
  }
  Object.assign(reading, { text, quantity, unit });
}

/** What is left: a size before the name, remarks after it, and its prep words; the name itself. */
function readName(reading: Reading): { name: string; preps: string[] } {
  const { notes } = reading;
  let { text } = reading;
  // A semicolon ends the name: what follows is a remark ("granulated sugar; I used cane sugar").
  const semicolon = text.indexOf(";");
  const remark = semicolon > 0 ? tidy(text.slice(semicolon + 1)) : "";
  if (semicolon > 0) text = text.slice(0, semicolon);
  // A size left before the name ("1 9-inch pie crust", "8 8-inch flour tortillas"): kept in the note.
  const size = sizeBeforeName.exec(text);
  if (size) {
    notes.push(size[1]);
    text = text.slice(size[0].length);
  }
  const trailing = trailingNote.exec(text);
  if (trailing) {
    text = text.slice(0, trailing.index);
    notes.push(trailing[1]);
  }
  text = takeTrailingPhrases(text, notes);
  let [head, tail] = splitAtComma(text);
  head = takeTrailingPhrases(head, notes, true);
  // A prep word leads the name ("chopped onion") or follows it after a comma ("onion, chopped").
  const fromHead = takeTrailingPrep(takeLeadingPrep(head));
  const fromTail = takePrepWords(tail);
  const tailNote = tidy(fromTail.rest.replace(/^and\b|\band$/gi, ""));
  if (tailNote) notes.push(tailNote);
  if (remark) notes.push(remark);
  return { name: tidy(fromHead.rest.replace(/^of\s+/i, "")), preps: [...fromHead.preps, ...fromTail.preps] };
}

function valueOfText(text: string): number {
  return text.trim().split(/\s+/).reduce((total, part) => {
    const [numerator, denominator] = part.split("/").map(Number);
    return total + (denominator ? numerator / denominator : numerator);
  }, 0);
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

// Words before a comma that only describe what follows ("6 boneless, skinless chicken breasts", "1 large red,
// yellow, or orange bell pepper", "4 pounds crisp, sweet apples"): the comma does not end the name there.
const describingOnly =
  /^(?:(?:boneless|skinless|bone-in|skin-on|large|small|medium|fresh|ripe|firm|soft|thick|thin|lean|organic|raw|cold|warm|hot|whole|heaping|level|packed|plain|non-fat|nonfat|low-fat|full-fat|fat-free|unsalted|salted|sweetened|unsweetened|crisp|sweet|tart|juicy|crunchy|tender|young|mild|sharp|aged|seedless|red|yellow|orange|green|white|black|purple|brown|golden)\s*)+$/i;

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
      // "chopped and cooled", "chopped or shredded": both say how it is prepared.
      if (/^(?:and|or|&)$/i.test(words[index] ?? "")) index += 1;
    } else {
      break;
    }
  }
  return { preps, rest: words.slice(index).join(" ") };
}

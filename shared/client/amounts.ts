// Amounts as people say them: "3 onions", "2 cloves garlic", "1 can tomatoes", "1¼ cups flour", "1.25 kg".
// Plain TypeScript (no Deno or DOM API), for the web app, the describers and the assistant's summaries alike.
//
// The rules, over the catalog's 14 units (`units` of the typed client):
// - Numbers: quantities are exact decimals (numeric, at most 3 places), so a number is first rounded to 3 places
//   (no float tails). Cups, spoons and the count units read a fraction when the fractional part is one of ½ ⅓ ⅔ ¼ ¾
//   ⅛ to those 3 places (0.333 → ⅓, 0.3 stays 0.3): "½ cup", "1¼ cups", "⅓ tsp", "½ lemon". Every other unit reads
//   decimals without trailing zeros: "1.25 kg", "0.5 lb", "12.5 fl oz".
// - Metric scales up, never across systems: 1000 g or more is kg and 1000 ml or more is l, when the result has at most
//   two decimals ("1250 g" → "1.25 kg", "1500 ml" → "1.5 l"; "1234 g" stays as it is). Nothing is ever scaled down.
// - Words that are units take an s above 1 ("2 cups", "1½ cups", "2 cans", "2 packages", "2 pieces"); abbreviations
//   do not ("2 tbsp", "3 fl oz", "2 kg").
// - "whole" is never said: the name is the unit, plural above 1 ("1 onion", "3 onions", "½ lemon", "1½ onions").
//   An uncountable name is counted in heads (`wholeWords`: "1 head garlic").
// - "piece" is said with the ingredient's own counting word when it has one (`pieceWords`: garlic → "2 cloves
//   garlic"); a name that is already a plural count ("bagels", "bay leaves") is counted directly ("2 bagels",
//   "1 bagel"); anything else is "2 pieces ginger".
// - "can" and "package" drop a word of the name that says the same thing: "1 can canned tomatoes" → "1 can
//   tomatoes", "2 packages packaged noodles" → "2 packages noodles".
// - Other units leave the name as it is: "2 cups flour", "1 l milk" (a name is never made plural after a measure).
//
// The sentences the SQL writes (a tool's message, a history summary) say amounts with private.amount_words, these
// rules in SQL; tests/tools/amount-words.test.ts checks that the two agree, so change both together.
import type { Unit } from "./tools-client.generated.ts";

export interface Amount {
  quantity: number;
  unit: Unit;
  /** The ingredient's (or item's) name as stored: singular for a countable catalog name ("onion"). */
  name: string;
}

/** The number and the measure ("2 cloves", "1¼ cups", "3") and the name that follows it ("garlic", "onions"). */
export interface AmountParts {
  measure: string;
  name: string;
}

const fractionGlyphs: ReadonlyArray<[number, string]> = [
  [0.5, "½"],
  [0.333, "⅓"],
  [0.667, "⅔"],
  [0.25, "¼"],
  [0.75, "¾"],
  [0.125, "⅛"],
];

// Units read with fractions: the cook's spoons and cups, and things counted.
const fractionUnits = new Set<Unit>(["cup", "tbsp", "tsp", "whole", "piece", "can", "package"]);
// Units that are words and take an s; the rest are abbreviations.
const unitPlurals: Partial<Record<Unit, string>> = {
  cup: "cups",
  piece: "pieces",
  can: "cans",
  package: "packages",
};

/** A number rounded to the 3 decimals the API keeps, as text without trailing zeros: 0.1 + 0.2 → "0.3". */
export function formatNumber(value: number): string {
  const rounded = Math.round(value * 1000) / 1000;
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

/** "½", "1¼", "⅓", "2"; a part that is no common fraction to 3 places stays a decimal: "0.3", "1.4". */
export function formatFraction(value: number): string {
  const thousandths = Math.round(value * 1000);
  const whole = Math.floor(thousandths / 1000);
  const part = thousandths - whole * 1000;
  if (part === 0) return String(whole);
  const glyph = fractionGlyphs.find(([fraction]) => Math.round(fraction * 1000) === part)?.[1];
  if (!glyph) return formatNumber(value);
  return whole === 0 ? glyph : `${whole}${glyph}`;
}

/** Metric up a step when it reads better: 1250 g → 1.25 kg, 1500 ml → 1.5 l. Nothing else changes. */
export function scaledUp(quantity: number, unit: Unit): { quantity: number; unit: Unit } {
  const larger = unit === "g" ? "kg" : unit === "ml" ? "l" : undefined;
  const thousandths = Math.round(quantity * 1000);
  // At least 1000 and a whole multiple of 10 (so the larger unit needs at most two decimals).
  if (larger && thousandths >= 1_000_000 && thousandths % 10_000 === 0) {
    return { quantity: thousandths / 1_000_000, unit: larger };
  }
  return { quantity, unit };
}

/** The number as the unit reads it: fractions for cups, spoons and counts, decimals for the rest. */
export function formatQuantity(quantity: number, unit: Unit): string {
  return fractionUnits.has(unit) ? formatFraction(quantity) : formatNumber(quantity);
}

/** Above 1 takes the plural; 1 and anything up to 1 ("½ cup") the singular. */
const isPlural = (quantity: number) => Math.round(quantity * 1000) > 1000;

// Names that are never counted, so never take an s ("2 cups flour"; "2 rice" would be wrong anyway).
const uncountable = new Set([
  "rice",
  "milk",
  "flour",
  "water",
  "butter",
  "sugar",
  "salt",
  "oil",
  "garlic",
  "bread",
  "cheese",
  "cream",
  "yogurt",
  "honey",
  "celery",
  "lettuce",
  "broccoli",
  "cauliflower",
  "spinach",
  "basil",
  "parsley",
  "fish",
  "corn",
  "bacon",
]);
const irregularPlurals: Readonly<Record<string, string>> = {
  leaf: "leaves",
  loaf: "loaves",
  half: "halves",
  knife: "knives",
  tomato: "tomatoes",
  potato: "potatoes",
  mango: "mangoes",
  radish: "radishes",
};
const irregularSingulars: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(irregularPlurals).map(([singular, plural]) => [plural, singular]),
);

function pluralWord(word: string): string {
  const lower = word.toLowerCase();
  if (uncountable.has(lower)) return word;
  if (lower in irregularPlurals) return irregularPlurals[lower];
  if (/[^aeiou]y$/.test(lower)) return `${word.slice(0, -1)}ies`;
  if (/(?:s|x|z|ch|sh)$/.test(lower)) return lower.endsWith("s") ? word : `${word}es`;
  return `${word}s`;
}

function singularWord(word: string): string {
  const lower = word.toLowerCase();
  if (lower in irregularSingulars) return irregularSingulars[lower];
  if (/[^aeiou]ies$/.test(lower)) return `${word.slice(0, -3)}y`;
  if (/(?:x|z|ch|sh)es$/.test(lower)) return word.slice(0, -2);
  if (/[^su]s$/.test(lower)) return word.slice(0, -1);
  return word;
}

// The word a name is counted by: before " of " or a comma ("head of garlic" → head), else the last word.
function headWord(name: string): { before: string; word: string; after: string } {
  const cut = name.search(/ of |,| \(/);
  const head = cut === -1 ? name : name.slice(0, cut);
  const after = cut === -1 ? "" : name.slice(cut);
  const match = /^(.*?)([A-Za-zÀ-ÿ]+)$/.exec(head);
  return match ? { before: match[1], word: match[2], after } : { before: head, word: "", after };
}

/** "onion" → "onions", "berry" → "berries", "loaf" → "loaves", "head of garlic" → "heads of garlic", "rice" → "rice". */
export function pluralName(name: string): string {
  const { before, word, after } = headWord(name);
  return word ? `${before}${pluralWord(word)}${after}` : name;
}

/** "bagels" → "bagel", "bay leaves" → "bay leaf", "anchovies" → "anchovy"; a singular name stays as it is. */
export function singularName(name: string): string {
  const { before, word, after } = headWord(name);
  return word ? `${before}${singularWord(word)}${after}` : name;
}

/** True when the name reads as a plural count already ("bagels", "bay leaves", "tomatoes"), not "hummus" or "rice". */
function isPluralName(name: string): boolean {
  const { word } = headWord(name);
  const lower = word.toLowerCase();
  return lower in irregularSingulars || /[^su]s$/.test(lower);
}

/**
 * The counting word of a piece of an ingredient, singular and plural, where the catalog's aliases say one
 * ("cloves garlic", "stalks celery", "slices bread", "rashers bacon"). A handful, not the catalog: any other
 * name is "2 pieces ginger".
 */
export const pieceWords: Readonly<Record<string, readonly [string, string]>> = {
  garlic: ["clove", "cloves"],
  celery: ["stalk", "stalks"],
  bread: ["slice", "slices"],
  "sandwich bread": ["slice", "slices"],
  bacon: ["rasher", "rashers"],
};

/** The counting word of a whole one where it is not the thing itself: "1 head garlic", "2 heads lettuce". */
export const wholeWords: Readonly<Record<string, readonly [string, string]>> = {
  garlic: ["head", "heads"],
  lettuce: ["head", "heads"],
  broccoli: ["head", "heads"],
  cauliflower: ["head", "heads"],
  celery: ["head", "heads"],
};

// Words of a name that repeat the container: "canned tomatoes" in a can is "tomatoes".
const containerWords: Partial<Record<Unit, RegExp>> = {
  can: /^(?:canned|tinned)\s+(?=\S)/i,
  package: /^(?:packaged|packet|pack of)\s+(?=\S)/i,
};

/** The amount in two parts, the measure and the name: { "2 cloves", "garlic" }, { "3", "onions" }. */
export function amountParts({ quantity, unit: given, name }: Amount): AmountParts {
  const { quantity: value, unit } = scaledUp(quantity, given);
  const number = formatQuantity(value, unit);
  const plural = isPlural(value);
  if (unit === "whole") {
    const words = wholeWords[name.toLowerCase()];
    if (words) return { measure: `${number} ${plural ? words[1] : words[0]}`, name };
    return { measure: number, name: plural ? pluralName(name) : singularName(name) };
  }
  if (unit === "piece") {
    const words = pieceWords[name.toLowerCase()];
    if (words) return { measure: `${number} ${plural ? words[1] : words[0]}`, name };
    if (isPluralName(name)) return { measure: number, name: plural ? name : singularName(name) };
    return { measure: `${number} ${plural ? "pieces" : "piece"}`, name };
  }
  const shownUnit = plural ? unitPlurals[unit] ?? unit : unit;
  const container = containerWords[unit];
  return { measure: `${number} ${shownUnit}`, name: container ? name.replace(container, "") : name };
}

/** "2 cloves garlic", "3 onions", "½ lemon", "1 can tomatoes", "1¼ cups flour", "1.25 kg potatoes". */
export function formatAmount(amount: Amount): string {
  const { measure, name } = amountParts(amount);
  return name ? `${measure} ${name}` : measure;
}

/** What the grocery list says to buy for an item (its `buy`), in the same words. */
export interface Purchase {
  quantity: number;
  unit: Unit;
  /** The API's wording: "3 whole", "2 cans", or a catalog rule's own ("1 head", "2 packs of 250 g"). */
  wording: string;
}

/**
 * "buy 3 onions", "buy 2 cans tomatoes", "buy 1 head garlic": what to buy in the formatter's words. When the
 * catalog says how the thing is sold in words of its own ("1 head", "1 pack of 250 g"), those words are kept and the
 * name follows them unless they name it already ("1 tea bag").
 */
export function formatPurchase(buy: Purchase, name: string): string {
  const plainWording = `${formatNumber(buy.quantity)} ${
    buy.quantity === 1 ? buy.unit : buy.unit === "whole" ? "whole" : `${buy.unit}s`
  }`;
  if (buy.wording === plainWording) return `buy ${formatAmount({ quantity: buy.quantity, unit: buy.unit, name })}`;
  const words = buy.wording.replace(/^(\d+(?:\.\d+)?)/, (number) => formatNumber(Number(number)));
  const named = words.toLowerCase().includes(name.toLowerCase());
  return named || !name ? `buy ${words}` : `buy ${words} ${name}`;
}

/** "Serves 4"; nothing when the servings are not set. */
export function formatServes(servings: number | null | undefined): string {
  return servings ? `Serves ${formatNumber(servings)}` : "";
}

/** "for 6", "for 1"; the words for a planned meal's own servings. */
export function formatFor(servings: number): string {
  return `for ${formatNumber(servings)}`;
}

import type { CountUnit } from "./generated/catalog-words.ts";
import { type Unit, unitOf } from "./units.ts";

// Words that count or measure an ingredient without being one of the 14 units ("3 sprigs thyme", "1 head garlic",
// "a pinch of salt", "1 jar pesto"). The word goes to the note and the name is what follows; a counted word gives
// the line a count unit (sprigs, slices, cloves → piece; heads, bunches → whole; jars, bags → package), a
// measure that is no unit (pinch, handful) gives none. Only the catalog's count units may be given.
const countedIn: Record<string, CountUnit | null> = {
  sprig: "piece",
  leaf: "piece",
  leave: "piece",
  slice: "piece",
  stalk: "piece",
  rib: "piece",
  stick: "piece",
  strip: "piece",
  rasher: "piece",
  fillet: "piece",
  filet: "piece",
  clove: "piece",
  // ("1 blade of mace": mace is sold whole as blades; only mace, as "2 blade steaks" are a cut.)
  blade: "piece",
  sheet: "piece",
  ear: "piece",
  knob: "piece",
  nub: "piece",
  link: "piece",
  slab: "piece",
  cube: "piece",
  wedge: "piece",
  square: "piece",
  portion: "piece",
  round: "piece",
  // ("1 2 1/2-pound chunk of slab bacon", "1 2-inch length of leek".)
  chunk: "piece",
  length: "piece",
  head: "whole",
  bunch: "whole",
  bulb: "whole",
  loaf: "whole",
  jar: "package",
  bottle: "package",
  bag: "package",
  box: "package",
  carton: "package",
  container: "package",
  tub: "package",
  envelope: "package",
  sachet: "package",
  pouch: "package",
  block: "package",
  brick: "package",
  bar: "package",
  punnet: "package",
  pot: "package",
  tray: "package",
  jug: "package",
  sack: "package",
  crate: "package",
  // ("1 small log of fresh goat cheese": a log of cheese or of cookie dough is sold as one.)
  log: "package",
  batch: null,
  recipe: null,
  pint: null,
  quart: null,
  gallon: null,
  decilitre: null,
  centilitre: null,
  dessertspoon: null,
  pinch: null,
  dash: null,
  shake: null,
  handful: null,
  splash: null,
  drizzle: null,
  sprinkle: null,
  sprinkling: null,
  drop: null,
  glug: null,
  scoop: null,
  smidgen: null,
  squeeze: null,
  dollop: null,
  pat: null,
  glass: null,
  wineglass: null,
  // ("2 grinds of black pepper", "a generous grinding of pepper".)
  grind: null,
  grinding: null,
  grating: null,
};

// Measures nobody buys by ("1 pinch salt", "2 drops almond essence", "5 dashes Worcestershire sauce", "2 handfuls
// spinach"): the line has no amount to shop for, and the count goes to the note with the word.
export const notBoughtBy = new Set([
  "pinch",
  "dash",
  "shake",
  "drop",
  "splash",
  "drizzle",
  "sprinkle",
  "sprinkling",
  "glug",
  "smidgen",
  "handful",
  "scoop",
  "squeeze",
  "dollop",
  "pat",
  "glass",
  "grating",
  // "1 recipe peanut sauce", "½ batch puff pastry": made by another recipe, whose own lines are what is bought.
  "batch",
  "recipe",
]);

// Measures that are a whole number of one of the 14 units, exactly: "1 quart water" is 4 cups, "2 dl cream" 200 ml,
// "1 dessertspoon sugar" 2 teaspoons (10 ml, where British and Australian recipes use it). The pint is left out, as a
// US pint is 2 cups and an imperial one 2.5.
export const exactly: Record<string, { unit: Unit; times: number }> = {
  quart: { unit: "cup", times: 4 },
  gallon: { unit: "cup", times: 16 },
  decilitre: { unit: "ml", times: 100 },
  centilitre: { unit: "ml", times: 10 },
  dessertspoon: { unit: "tsp", times: 2 },
};

// Short forms of those measures ("2 qt. water", "1 gal milk", "1 pt. cream", "1 dl cream").
const shortForms: Record<string, string> = {
  qt: "quart",
  qts: "quart",
  gal: "gallon",
  gals: "gallon",
  pt: "pint",
  pts: "pint",
  dl: "decilitre",
  deciliter: "decilitre",
  centiliter: "centilitre",
  dsp: "dessertspoon",
  dsps: "dessertspoon",
  dssp: "dessertspoon",
  dessertspoonful: "dessertspoon",
  dessertspoonfuls: "dessertspoon",
  // ("cl" is left out: in "2 cl garlic" it is cloves.)
};

function singular(word: string): string {
  const lower = word.toLowerCase().replace(/[.,]$/, "");
  if (lower in shortForms) return shortForms[lower];
  if (lower === "leaves") return "leaf";
  if (lower === "loaves") return "loaf";
  if (/(?:ch|sh|x|ss)es$/.test(lower)) return lower.slice(0, -2);
  // ("glass" is one glass.)
  return lower.replace(/([^s])s$/, "$1");
}

/** True when the word counts or measures an ingredient without being one of the units ("cloves", "heads", "pinch"). */
export function isMeasureWord(word: string): boolean {
  return singular(word) in countedIn;
}

/** The counting word at the start of the text, its count unit, and the text after it ("of" dropped). */
export function countedMeasure(
  text: string,
  notes: string[],
): { unit: Unit | null; word: string; rest: string } | undefined {
  // ("a pinch or two of salt", "a dollop or so of mustard", "5 dashes or more of bitters": the hedge is the note's.)
  const match =
    /^(?:(tiny|small|medium|large|sm|md|med|lg|big|giant|generous|good|healthy|heaping|scant|very thick|very thin|thick|thin|few|a few|several)\s+)?([a-zA-Z]+\.?)\s+(?:(or (?:two|three|so|more))\s+)?(?:of\s+)?(?=\S)/i
      .exec(
        text,
      );
  if (!match) return undefined;
  const word = singular(match[2]);
  if (!(word in countedIn)) return undefined;
  if (word === "blade" && !/^(?:fresh\s+|whole\s+)?mace\b/i.test(text.slice(match[0].length))) return undefined;
  // ("1 rib eye steak", "4 filets mignons", "pot roast": the word begins the cut's name; it counts nothing.)
  if (/^(?:rib\s+eyes?|filets?\s+mignons?|pot\s+roasts?)\b/i.test(text)) return undefined;
  // ("Chunks or peelings of carrot", "4 rib or loin chops": two things, neither counting the other. An amount, a
  // unit or another counting word after "or" is read as before: "1 bottle or 1 1/2 cups", "a pinch or 2".)
  const orWord = /^or\s+([a-zA-Z]+)/i.exec(text.slice(match[0].length))?.[1];
  if (orWord && !/^(?:about|a|an|so)$/i.test(orWord) && !(singular(orWord) in countedIn) && !unitOf(orWord)) {
    return undefined;
  }
  notes.push([match[1], match[2], match[3]].filter(Boolean).join(" ").toLowerCase());
  return { unit: countedIn[word], word, rest: text.slice(match[0].length) };
}

/** The count unit a counting word said after the name gives ("cheese slices", "chocolate bar"), or undefined. */
export function countUnitOfWord(word: string): Unit | undefined {
  return countedIn[singular(word)] ?? undefined;
}

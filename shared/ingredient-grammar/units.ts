import { catalogUnits } from "./generated/catalog-words.ts";

export type Unit = (typeof catalogUnits)[number];

// Every spelling we turn into one of our units, lower case, without a trailing period. Nothing else is a unit:
// "clove", "pinch" or "bunch" stay part of the name for the person to correct.
const aliases: Record<Unit, readonly string[]> = {
  cup: ["cup", "cups", "c"],
  // Scandinavian spoons too: Norwegian "ss" and "ts", Swedish "msk" and "tsk", Danish "spsk".
  // "tablespoonful" and "teaspoonful" as older and British recipes write them.
  tbsp: [
    "tbsp",
    "tbsps",
    "tbs",
    "tbl",
    "tblsp",
    "tblsps",
    "tablespoon",
    "tablespoons",
    "tablespoonful",
    "tablespoonfuls",
    "tablespoonsful",
    "ss",
    "msk",
    "spsk",
  ],
  tsp: ["tsp", "tsps", "teaspoon", "teaspoons", "teaspoonful", "teaspoonfuls", "teaspoonsful", "ts", "tsk"],
  ml: ["ml", "mls", "milliliter", "milliliters", "millilitre", "millilitres"],
  // ("lt" is left out: "1 lt brown sugar" is light.)
  l: ["l", "ltr", "ltrs", "liter", "liters", "litre", "litres"],
  "fl oz": ["fl oz", "fl. oz", "fluid ounce", "fluid ounces", "floz"],
  lb: ["lb", "lbs", "pound", "pounds"],
  oz: ["oz", "ozs", "ounce", "ounces"],
  g: ["g", "gr", "gm", "gms", "grm", "grms", "gram", "grams", "gramme", "grammes"],
  kg: ["kg", "kgs", "kilo", "kilos", "kilogram", "kilograms"],
  whole: ["whole"],
  piece: ["piece", "pieces", "pc", "pcs"],
  can: ["can", "cans", "tin", "tins"],
  package: ["package", "packages", "pkg", "pkgs", "pkt", "pkts", "packet", "packets", "pack", "packs"],
};

const unitByAlias = new Map<string, Unit>(
  Object.entries(aliases).flatMap(([unit, spellings]) => spellings.map((alias) => [alias, unit as Unit])),
);

/**
 * The unit a word (or two, for "fl oz") stands for, or undefined. Case is folded except for the cookbook
 * convention that a capital "T" is a tablespoon and a small "t" a teaspoon.
 */
export function unitOf(word: string): Unit | undefined {
  const bare = word.replace(/\.$/, "");
  if (bare === "T" || bare === "Tb" || bare === "Tbl") return "tbsp";
  if (bare === "t") return "tsp";
  // "2 Ib ground beef": a capital i typed for the l of "lb".
  if (bare === "Ib" || bare === "Ibs") return "lb";
  const folded = bare.toLowerCase().replace(/\s+/g, " ");
  return unitByAlias.get(folded) ?? misspeltUnit(folded);
}

// The long spellings a typo is forgiven in ("tablespoos", "teasoons", "tablspoons", "teaspon"): one letter left out,
// added, changed or two swapped. No food word is that close to any of them; a short unit ("cups", "ounces") is close
// to too many words ("cubs", "ounce" and "bounces") to guess, and "packages" to "packaged" ("4 packaged meringue
// nests" are four nests).
const longSpellings = [...unitByAlias].filter(([spelling, unit]) =>
  spelling.length >= 8 && /^[a-z]+$/.test(spelling) && unit !== "package"
);

function misspeltUnit(word: string): Unit | undefined {
  if (word.length < 7 || !/^[a-z]+$/.test(word)) return undefined;
  return longSpellings.find(([spelling]) => oneEditApart(word, spelling))?.[1];
}

/** Whether two different words are one insertion, deletion, substitution or swap of neighbours apart. */
function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && a[start] === b[start]) start++;
  if (a.length === b.length) {
    if (a.slice(start + 1) === b.slice(start + 1)) return true;
    return a[start] === b[start + 1] && a[start + 1] === b[start] && a.slice(start + 2) === b.slice(start + 2);
  }
  const [longer, shorter] = a.length > b.length ? [a, b] : [b, a];
  return longer.slice(start + 1) === shorter.slice(start);
}

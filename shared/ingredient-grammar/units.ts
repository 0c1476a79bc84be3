import { catalogUnits } from "./generated/catalog-words.ts";

export type Unit = (typeof catalogUnits)[number];

// Every spelling we turn into one of our units, lower case, without a trailing period. Nothing else is a unit:
// "clove", "pinch" or "bunch" stay part of the name for the person to correct.
const aliases: Record<Unit, readonly string[]> = {
  cup: ["cup", "cups", "c"],
  // Scandinavian spoons too: Norwegian "ss" and "ts", Swedish "msk" and "tsk", Danish "spsk".
  tbsp: ["tbsp", "tbsps", "tbs", "tbl", "tblsp", "tablespoon", "tablespoons", "ss", "msk", "spsk"],
  tsp: ["tsp", "tsps", "teaspoon", "teaspoons", "ts", "tsk"],
  ml: ["ml", "mls", "milliliter", "milliliters", "millilitre", "millilitres"],
  l: ["l", "liter", "liters", "litre", "litres"],
  "fl oz": ["fl oz", "fl. oz", "fluid ounce", "fluid ounces", "floz"],
  lb: ["lb", "lbs", "pound", "pounds"],
  oz: ["oz", "ozs", "ounce", "ounces"],
  g: ["g", "gr", "gm", "gms", "grm", "grms", "gram", "grams", "gramme", "grammes"],
  kg: ["kg", "kgs", "kilo", "kilos", "kilogram", "kilograms"],
  whole: ["whole"],
  piece: ["piece", "pieces", "pc", "pcs"],
  can: ["can", "cans", "tin", "tins"],
  package: ["package", "packages", "pkg", "pkgs", "packet", "packets", "pack", "packs"],
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
  return unitByAlias.get(bare.toLowerCase().replace(/\s+/g, " "));
}

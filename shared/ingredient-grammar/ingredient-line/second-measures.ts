import type { Unit } from "../units.ts";

// Another measure of the same amount right after the unit ("150g/5½oz", "1 cup / 240 ml", in pounds and ounces
// "800g/1lb 12¼oz", in pints and ounces "600ml/1 pint 1fl oz", a range of those "2-2.2kg/4lb 8oz-5lb"): kept in the
// note.
const ounces = String.raw`\s+\d+(?:[.,]\d+|\s+\d+\/\d+|\/\d+)?\s*(?:fl\.?\s*)?oz\b\.?`;
const rangeEnd = String.raw`\s*[–-]\s*\d+(?:[.,]\d+|\s+\d+\/\d+|\/\d+)?\s*[a-zA-Z]+\.?(?:${ounces})?`;
export const alternativeMeasure = new RegExp(
  String.raw`^\s*\/\s*(\d[\d\s/.,–-]*(?:to\s+\d[\d\s/.,]*)?\s*[a-zA-Z.]+(?:\s+oz)?(?:${ounces})?(?:${rangeEnd})?)`,
);

// A second measure added to the first ("1 cup + 2 tablespoons", "1 cup plus 1 tablespoon"), summed where the two
// units convert exactly (spoons and cups, grams and kilos, millilitres and litres, ounces and pounds).
// ("1 cup, plus 2 tablespoons oil": a comma may come before it.)
export const addedMeasure =
  /^\s*,?\s*(?:\+|plus|and|(minus|less))\s*(\d+(?:\s+\d+\/\d+|\/\d+|\.\d+)?)\s*([a-zA-Z]+\.?)(?=\s|$|[/(,])/i;

/** The units that add exactly: each one's kind of measure and how many of that kind's smallest unit it holds. */
export const exactFactors: Partial<Record<Unit, [string, number]>> = {
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

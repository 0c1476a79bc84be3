// "grated lemon peel", "finely shredded orange peel": citrus peel that is grated is its zest, which the catalog sells
// as "lemon zest". Peel said without grating ("2 strips lemon peel", "candied orange peel") stays as written: a strip
// of peel or candied peel is another thing to buy.

const citrus = String.raw`(?:lemon|lime|orange|grapefruit|tangerine|mandarin|citrus)`;
const citrusPeel = new RegExp(
  String.raw`^((?:fresh\s+)?${citrus}(?:\s+(?:or|and)\s+${citrus})?)\s+(?:peel|rind)s?$`,
  "i",
);
const grating = /^(?:grated|shredded|zested|minced)$/i;

/** The name as its zest when the line's prep words grate the citrus peel it names; else the name as it is. */
export function zestOfGratedPeel(name: string, preps: string[]): string {
  const peel = citrusPeel.exec(name.trim());
  if (!peel || !preps.some((prep) => grating.test(prep))) return name;
  return `${peel[1]} zest`;
}

// A recipe's lines scaled to a planned meal's servings, by the rules the grocery push uses in SQL
// (private.scaled_quantity): quantity × meal servings ÷ recipe servings, rounded to the 3 decimals an amount keeps,
// never below 0.001; a line without a quantity stays as it is, and so does every line when either servings is missing.
// The arithmetic is on whole thousandths, so 1.5 × 2 is 3 and ⅓ of 1 is 0.333, never a float tail.

/** One line's quantity for `servings` of a recipe that serves `base`. */
export function scaleQuantity(
  quantity: number | null,
  servings: number | null | undefined,
  base: number | null | undefined,
): number | null {
  if (quantity === null) return null;
  if (!servings || !base) return quantity;
  const thousandths = Math.round(quantity * 1000);
  // An integer over a small integer: the quotient is exact enough that Math.round never sees a float near .5 wrongly.
  const scaled = Math.round((thousandths * servings) / base);
  return Math.max(scaled, 1) / 1000;
}

/** The factor to show a recipe for a meal, or null when the recipe is shown as it is (no servings, or the same). */
export function scaling(servings: number | null | undefined, base: number | null | undefined) {
  return servings && base && servings !== base ? { servings, base } : null;
}

/** Every line with its quantity scaled (a copy; lines without a quantity are kept as they are). */
export function scaleLines<Line extends { quantity: number | null }>(
  lines: readonly Line[],
  servings: number | null | undefined,
  base: number | null | undefined,
): Line[] {
  return lines.map((line) => ({ ...line, quantity: scaleQuantity(line.quantity, servings, base) }));
}

/** "Scaled to 6 servings (the recipe serves 4)". */
export function scaledWords(servings: number, base: number): string {
  return `Scaled to ${servings} ${servings === 1 ? "serving" : "servings"} (the recipe serves ${base})`;
}

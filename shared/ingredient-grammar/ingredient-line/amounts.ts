import type { LeadingQuantity } from "../quantity.ts";

/** An amount of one, written as `text` ("1", "a"). */
export const one = (text = "1"): LeadingQuantity => ({ value: 1, text, range: false, rounded: false, rest: "" });

/** The value of an amount as written, whole numbers and plain fractions ("1 1/2" is 1.5). */
export function valueOfText(text: string): number {
  return text.trim().split(/\s+/).reduce((total, part) => {
    const [numerator, denominator] = part.split("/").map(Number);
    return total + (denominator ? numerator / denominator : numerator);
  }, 0);
}

/** Rounded to 3 decimals, as a line's quantity is kept. */
export function roundedToThousandths(value: number): number {
  return Math.round(value * 1000) / 1000;
}

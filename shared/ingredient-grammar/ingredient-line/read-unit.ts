import { one } from "./amounts.ts";
import { unitAfterSize } from "./leading-unit.ts";
import type { Reading } from "./reading.ts";

/** One of the 14 units after the amount (also after a size); without an amount, "a can of" is one can. */
export function readUnit(reading: Reading): void {
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

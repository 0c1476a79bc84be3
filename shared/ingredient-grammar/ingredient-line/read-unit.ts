import { one } from "./amounts.ts";
import { unitAfterSize } from "./leading-unit.ts";
import type { Reading } from "./reading.ts";
import { isMeasureWord } from "../measure-words.ts";
import { sizeBeforeName } from "./size-words.ts";

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
  // "an onion", "a large lemon": one of it; not before a word that measures ("a pinch of", "a knob of"), which the
  // counting words read. "A 3-pound chicken", "a 9-inch pie crust": one, of the size the name's reading notes.
  const next = article ? text.slice(article[0].length).split(/\s+/)[0] : "";
  if (
    !reading.unit && article && (/^[a-z][a-z-]*$/i.test(next) && !isMeasureWord(next) &&
        !/^(?:few|little|bit|couple|touch|lot|dozen|half|quarter|third)$/i.test(next) ||
      sizeBeforeName.test(text.slice(article[0].length)))
  ) {
    reading.quantity = one(article[0].trim());
    reading.text = text.slice(article[0].length);
  }
}

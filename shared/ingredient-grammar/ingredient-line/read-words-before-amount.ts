import { plainFractions, plainWordNumber } from "../quantity.ts";
import type { Reading } from "./reading.ts";
import { hedgeBeforeAmount, labelBefore, partOf } from "./words-before-name.ts";

/** A hedge ("scant", "about"), a label ("Optional garnish:") and a part ("juice of") before the amount. */
export function readWordsBeforeAmount(reading: Reading): void {
  // "scant 1/2 teaspoon", "about 2 cups": said of the amount, kept in the note.
  const hedge = hedgeBeforeAmount.exec(reading.text);
  if (hedge) {
    reading.notes.push(hedge[1].toLowerCase());
    reading.text = reading.text.slice(hedge[0].length);
  }
  // A label before the line ("Optional garnish: …", "Toppings: …", "To serve: …"): kept in the note.
  const label = labelBefore.exec(reading.text);
  if (label) {
    reading.notes.push(label[1].toLowerCase());
    reading.text = plainWordNumber(plainFractions(reading.text.slice(label[0].length)));
  }
  const part = partOf.exec(reading.text);
  if (part) {
    reading.notes.push(part[1].toLowerCase());
    // "juice of a lemon", "zest of an orange": one of them ("leaves from a few sprigs" are no one sprig).
    reading.text = plainWordNumber(
      reading.text.slice(part[0].length).replace(/^an?\s+(?!(?:few|little|bit|couple|handful)\b)/i, "1 "),
    );
  }
}

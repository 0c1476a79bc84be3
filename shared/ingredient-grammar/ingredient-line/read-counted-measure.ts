import { countedMeasure, exactly, notBoughtBy } from "../measure-words.ts";
import type { LeadingQuantity } from "../quantity.ts";
import { type Unit, unitOf } from "../units.ts";
import { one, roundedToThousandths, valueOfText } from "./amounts.ts";
import type { Measure, Reading } from "./reading.ts";
import { lengthOfPiece, rootsByLength, sizeBeforeUnit, thumbOfPiece } from "./size-words.ts";

/** Without a unit: a piece of a root by its length or a thumb, or a counting word ("3 sprigs", "1 pinch"). */
export function readCountedMeasure(reading: Reading): void {
  if (readLength(reading) || readThumb(reading)) return;
  const measure = takeCountingWord(reading);
  if (!measure) return;
  const { quantity } = reading;
  const word = measure.word ?? "";
  if (quantity && notBoughtBy.has(word)) moveCountToNote(reading, quantity);
  else if (quantity?.value && word in exactly) convertToExactUnit(reading, quantity, measure, exactly[word]);
  takeMeasureAddedToCountingWord(reading);
}

/** A length after the amount: of one piece of a root ("2-inch piece ginger"), or of each thing ("6 inch tortillas"). */
function readLength(reading: Reading): boolean {
  const { quantity, text } = reading;
  const length = quantity ? lengthOfPiece.exec(text) : null;
  if (!quantity || !length) return false;
  // Without a word for the piece, only roots and barks are measured so ("6 inch tortillas" are six of them).
  if (length[2] || rootsByLength.test(text.slice(length[0].length))) {
    countOnePieceOfLength(reading, quantity, length);
    return true;
  }
  if (/^-/.test(text)) return false;
  // "6 inch tortillas", "25cm/10in sponge flan case": the number is their size, how many is not said.
  reading.notes.push(`${quantity.text} ${text.slice(0, length[0].length).replace(/\s+of\s*$/i, "").trim()}`);
  reading.quantity = undefined;
  reading.text = text.slice(length[0].length).trim();
  return true;
}

/** "2-inch piece ginger", "2 inch ginger": one piece, its length in the note. */
function countOnePieceOfLength(reading: Reading, quantity: LeadingQuantity, length: RegExpExecArray): void {
  const { text } = reading;
  // (An aside taken out before it leaves its spaces: "½ in (2.5cm) piece".)
  const lengthWords = text.slice(0, length[0].length).replace(/\s+of\s*$/i, "").trim().replace(/\s+/g, " ");
  reading.notes.push(`${quantity.text}${/^-/.test(text) ? "" : " "}${lengthWords}`);
  reading.quantity = one();
  takePiece(reading, text.slice(length[0].length));
}

/** "1 thumb-sized piece of ginger", "2 thumbs ginger": pieces, the thumb kept in the note. */
function readThumb(reading: Reading): boolean {
  const thumb = thumbOfPiece.exec(reading.text);
  if (!thumb) return false;
  reading.notes.push(thumb[1].toLowerCase());
  takePiece(reading, reading.text.slice(thumb[0].length));
  return true;
}

function takePiece(reading: Reading, rest: string): void {
  reading.measure = { unit: "piece", rest };
  reading.text = rest;
}

/** The counting word ("3 sprigs", "a pinch of"), also after a size; the word goes to the notes. */
function takeCountingWord(reading: Reading): Measure | undefined {
  const { notes, quantity, text } = reading;
  const article = quantity ? null : /^an?\s+/i.exec(text);
  const from = article ? text.slice(article[0].length) : text;
  const plain = countedMeasure(from, notes);
  const measure = plain ?? countedMeasureAfterSize(from, notes);
  if (!measure) return undefined;
  reading.measure = measure;
  reading.text = measure.rest;
  reading.countingNote = notes.length - 1;
  // "a knob of butter", "a head of garlic": one of what is counted ("a pinch of salt" stays without an amount, "a few
  // sprigs" too).
  if (article && measure.unit !== null && !/^(?:a\s+)?few\b/i.test(notes[notes.length - 1])) {
    reading.quantity = one("a");
  }
  // "12-ounce bag chocolate chips", "8-ounce block cream cheese": one of what is counted, as "14-ounce can coconut
  // milk" is one can.
  if (!quantity && !article && !plain && measure.unit !== null) reading.quantity = one();
  return measure;
}

/** A size before the counting word: "1 1-inch knob ginger", "2 8-ounce blocks cream cheese". */
function countedMeasureAfterSize(text: string, notes: string[]): Measure | undefined {
  const size = sizeBeforeUnit.exec(text);
  if (!size) return undefined;
  const sizeNotes: string[] = [];
  const measure = countedMeasure(text.slice(size[0].length), sizeNotes);
  if (measure) notes.push(size[1], ...sizeNotes);
  return measure;
}

/** "1 pinch salt", "2 handfuls spinach": nothing to buy by; the count joins the word in the note, the line has no
 * amount. */
function moveCountToNote(reading: Reading, quantity: LeadingQuantity): void {
  countJoinsWordInNote(reading.notes, quantity);
  reading.quantity = undefined;
}

/** "1 quart water" is 4 cups exactly, "2 dl cream" 200 ml; the measure as written stays in the note. */
function convertToExactUnit(
  reading: Reading,
  quantity: LeadingQuantity,
  measure: Measure,
  { unit, times }: { unit: Unit; times: number },
): void {
  countJoinsWordInNote(reading.notes, quantity);
  // From the amount as written, so that "1/3 quart" is 1.333 cups, not 0.333 × 4; a range's upper bound as read.
  const written = quantity.range ? quantity.value! : valueOfText(quantity.text);
  const value = roundedToThousandths(written * times);
  // (A range's text already leads the note with the measure: "1-2 quarts".)
  reading.quantity = { ...quantity, value, range: false, rounded: value !== written * times };
  reading.measure = { ...measure, unit };
}

/** The counting word, the last note, is said with its count ("2 pinches"). */
function countJoinsWordInNote(notes: string[], quantity: LeadingQuantity): void {
  notes[notes.length - 1] = `${quantity.text} ${notes[notes.length - 1]}`;
}

/** "1 stick + 6 tablespoons butter": the added measure goes to the note with the counting word. */
function takeMeasureAddedToCountingWord(reading: Reading): void {
  const more = /^(?:\+|plus)\s+(\d+(?:[.,]\d+|\/\d+)?)\s*([a-zA-Z]+\.?)\s+/i.exec(reading.text);
  if (!more || !unitOf(more[2])) return;
  reading.notes.push(`+ ${more[1]} ${more[2]}`);
  reading.text = reading.text.slice(more[0].length);
}

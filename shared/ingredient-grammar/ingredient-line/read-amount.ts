import { type LeadingQuantity, leadingQuantity } from "../quantity.ts";
import { roundedToThousandths, valueOfText } from "./amounts.ts";
import { leadingUnit } from "./leading-unit.ts";
import { takeParentheses } from "./parentheses.ts";
import type { Reading } from "./reading.ts";
import { leadingNote, vagueAmount } from "./words-before-name.ts";
import { otherAmountOfTheSame } from "./other-amount.ts";
import { isMeasureWord } from "../measure-words.ts";
import { unitOf } from "../units.ts";

/** The amount at the start, and what is said right after it (asides, "x", "to taste"). */
export function readAmount(reading: Reading): void {
  // "1, 14 oz can of milk": a comma between the count and the size of each ("1,5 kg" has no space: no count).
  // "1,5 dl", "0,5 kg": a decimal comma, as much of Europe writes it; three digits after it are thousands ("1,000 g").
  let text = reading.text.replace(/^(\d+),\s+(?=\d)/, "$1 ").replace(/^(\d+),(\d{1,2})(?=\s|[a-zA-Z]|$)/, "$1.$2")
    .replace(/^(\d{1,3}),(\d{3})(?=\s|[a-zA-Z]|$)/, "$1$2");
  // "1½, cups cream", "¼, cup water": a comma typed between the number and its unit.
  const commaBeforeUnit = /^[\d½¼¾⅓⅔⅛⅜⅝⅞][\d½¼¾⅓⅔⅛⅜⅝⅞/.\s]*,\s+([a-zA-Z]+\.?)/.exec(text);
  if (commaBeforeUnit && unitOf(commaBeforeUnit[1])) text = text.replace(",", "");
  let quantity = leadingQuantity(text);
  // "1 each bay leaves", "2 ea. onions", "1 item(s), large egg": so many, each one of the thing.
  if (quantity) text = quantity.rest.replace(/^\s*(?:each|ea\.?|items?,?)\s+(?=[a-zA-Z])/i, " ");
  // "2/3 + 1/4 cup": two amounts of one unit, added exactly.
  const plus = quantity?.value && !quantity.range ? /^\s*(?:\+|plus)\s*/i.exec(text) : null;
  const second = plus ? leadingQuantity(text.slice(plus[0].length)) : undefined;
  if (quantity && second?.value && !second.range && leadingUnit(second.rest.trim())) {
    const exact = valueOfText(quantity.text) + valueOfText(second.text);
    const value = roundedToThousandths(exact);
    quantity = { ...quantity, value, text: `${quantity.text} + ${second.text}`, rounded: value !== exact };
    text = second.rest;
  }
  // "2 or more tablespoons", "3 or so cloves": the amount is the number; the hedge goes to the note.
  const hedge = quantity?.value ? /^\s*(or (?:more|so))\b\s*/i.exec(text) : null;
  if (hedge) {
    reading.notes.push(hedge[1].toLowerCase());
    text = text.slice(hedge[0].length);
  }
  // "1 dozen eggs", "2 to 3 dozen small potatoes": a dozen is twelve of the thing.
  const dozen = quantity?.value ? /^\s*dozens?\b(?:\s+of\b)?\s*/i.exec(text) : null;
  if (quantity && dozen) {
    reading.notes.push(`${quantity.text} dozen`);
    quantity = byTheDozen(quantity);
    text = text.slice(dozen[0].length);
  }
  text = takeParentheses(text.trim(), reading.notes).trim();
  // "1 x 400g can", "2 × 14 oz cans", "3 x eggs", "2x tins tomatoes": the multiplication sign before a size or a thing.
  // ("1x110g/4oz salmon fillet": the sign may touch the size.)
  if (quantity) text = text.replace(/^[x×]\s*(?=\d)|^[x×]\s+(?=[a-zA-Z])/i, "");
  // "1 large or 2 small pomegranates", "6 green or 3 black cardamom pods": the first amount is read, the other goes
  // to the note.
  const other = quantity ? otherAmountOfTheSame(text) : undefined;
  if (other) {
    reading.notes.push(other.note);
    text = other.rest;
  }
  const said = leadingNote.exec(text);
  if (said) {
    reading.notes.push(said[1].replace(/:$/, "").toLowerCase());
    text = text.slice(said[0].length);
    // "0 As required salt": a page's zero where it meant no amount, as the words after it say.
    if (quantity && quantity.value === null && /^0+(?:\.0+)?$/.test(quantity.text.trim())) quantity = undefined;
  }
  const vague = quantity ? null : vagueAmount.exec(text);
  if (vague && !isMeasureWord(text.slice(vague[0].length).split(/\s+/)[0])) {
    reading.notes.push(vague[1].toLowerCase());
    text = text.slice(vague[0].length);
    // "a few ounces of Parmesan", "some cups of stock": a unit without a number is no amount either.
    const unitWord = /^([a-zA-Z]+\.?)\s+(?:of\s+)?(?=\p{L})/u.exec(text);
    if (unitWord && unitOf(unitWord[1])) {
      reading.notes[reading.notes.length - 1] += ` ${unitWord[1]}`;
      text = text.slice(unitWord[0].length);
    }
  }
  reading.text = text;
  reading.quantity = quantity;
}

/** The amount counted in dozens as the number of things: "2" dozen is 24, "2-3" dozen 24-36 (its upper bound, 36). */
function byTheDozen(quantity: LeadingQuantity): LeadingQuantity {
  const bounds = quantity.range ? quantity.text.split(/\s*(?:-|–|—|to|or)\s*/i) : [quantity.text];
  const counts = bounds.map((bound) => roundedToThousandths(valueOfText(bound) * 12));
  const value = roundedToThousandths((quantity.value ?? 0) * 12);
  return { ...quantity, value, text: counts.join("-"), rounded: !Number.isInteger(value) };
}

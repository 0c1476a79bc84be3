import { countUnitOfWord } from "../measure-words.ts";
import { unitOf } from "../units.ts";
import { one, roundedToThousandths, valueOfText } from "./amounts.ts";
import { takeParentheses } from "./parentheses.ts";
import type { Reading } from "./reading.ts";
import { addedMeasure, alternativeMeasure, exactFactors } from "./second-measures.ts";
import { containerAfterMeasure } from "./size-words.ts";

// "plus about 4 tablespoons", "plus 1 large pinch", "plus an extra knob", "or more": said after the unit.
const moreOfIt =
  /^((?:\+|plus)\s+(?:about\s+|an?\s+|another\s+)?(?:extra\s+)?(?:\d+(?:\s+\d+\/\d+|\/\d+|\.\d+)?\s*)?(?:(?:large|small|good|generous)\s+)?([a-zA-Z]+\.?)|or (?:more|so|less)(?=\s))(?:\s+of)?\s+(?=\S)/i;
const measuredLoosely = /^(?:pinch|dash|knob|splash|handful|glug|quart|pint)(?:es|s)?$/i;

function measureAfterSlash(text: string): RegExpExecArray | null {
  const found = alternativeMeasure.exec(text);
  const word = found?.[1].match(/([a-zA-Z]+)\.?(?:\s+oz\b.*)?$/)?.[1] ?? "";
  return found && (unitOf(word) || /^(?:pints?|pt|in|inch(?:es)?|cm|fl|floz)$/i.test(word)) ? found : null;
}

/** After the unit: a second measure added to it, the same amount in another unit, and the container it sized. */
export function readAfterUnit(reading: Reading): void {
  const { notes } = reading;
  let { quantity, unit } = reading;
  if (!unit) return;
  let text = unit.rest;
  // "1½ tsp teaspoons oil", "¼ c cup cream": the unit said twice, short and long, as some recipe plugins print it.
  // ("1 whole whole chicken" is left alone: "whole" may start the name.)
  const saidAgain = /^\s+([a-zA-Z]+\.?)(?=\s)/.exec(text);
  if (saidAgain && unit.unit !== "whole" && unitOf(saidAgain[1]) === unit.unit) text = text.slice(saidAgain[0].length);
  // "1 (12 fluid ounce) can or bottle dark beer": the other container the same amount comes in, for the note.
  const otherContainer = /^\s*(or\s+(?:bottle|can|jar|tin|package|packet|carton|bag|box)(?:s|es)?)(?:\s+of)?\s+(?=\S)/i
    .exec(text);
  if (otherContainer && (unit.unit === "can" || unit.unit === "package")) {
    notes.push(otherContainer[1]);
    text = text.slice(otherContainer[0].length);
  }
  const added = addedMeasure.exec(text);
  const addedUnit = added ? unitOf(added[3]) : undefined;
  const first = exactFactors[unit.unit];
  const second = addedUnit ? exactFactors[addedUnit] : undefined;
  if (added && quantity?.value && !quantity.range && first && second && first[0] === second[0]) {
    // ("1 cup minus 2 tablespoons": taken away, so long as something is left.)
    const sign = added[1] ? -1 : 1;
    const total = valueOfText(quantity.text) * first[1] + sign * valueOfText(added[2]) * second[1];
    if (total > 0) {
      // Summed in the smaller of the two units, so "1 cup + 2 tablespoons" is 18 tbsp, exactly.
      const smaller = first[1] <= second[1] ? unit.unit : addedUnit!;
      const exact = total / Math.min(first[1], second[1]);
      const value = roundedToThousandths(exact);
      quantity = {
        ...quantity,
        value,
        text: `${quantity.text} ${unit.written} ${text.slice(0, added[0].length).replace(/^\s*,/, "").trim()}`,
        rounded: quantity.rounded || value !== exact,
      };
      unit = { ...unit, unit: smaller, written: smaller === unit.unit ? unit.written : added[3] };
      text = text.slice(added[0].length);
    }
  }
  // "¾ cup/5.3 ounces/150 grams sugar": the amount said in as many other measures as the page likes.
  // ("50g/1¾ cornflour": a number without its unit, then the name, is no second measure.)
  let alternative = measureAfterSlash(text);
  const hadAlternative = alternative !== null;
  for (let said = 0; alternative && said < 3; said += 1) {
    notes.push(alternative[1].trim());
    text = text.slice(alternative[0].length);
    alternative = measureAfterSlash(text);
  }
  // "50g/1¾ cornflour": the second measure's number without its unit, still a second measure.
  const bareNumber = hadAlternative ? null : /^\s*\/\s*(\d+(?:\s+\d+\/\d+|\/\d+|[.,]\d+)?)\s+(?=\p{L}{3})/u.exec(text);
  if (bareNumber) {
    notes.push(bareNumber[1]);
    text = text.slice(bareNumber[0].length);
  } else if (!hadAlternative) {
    // The same amount in another unit without a slash: "500 ml 2 cups milk"; or after "or": "1/2 cup or 1 stick
    // butter", "3 to 4 cups or 1 lb potatoes".
    const again = /^\s*(or\s+)?(\d+(?:[.,]\d+|\s+\d+\/\d+|\/\d+)?)\s*([a-zA-Z]+\.?)(?=\s)/.exec(text);
    const word = again?.[3].replace(/\.$/, "") ?? "";
    if (again && (unitOf(word) || again[1] && countUnitOfWord(word) !== undefined)) {
      notes.push(`${again[1] ?? ""}${again[2]} ${again[3]}`);
      text = text.slice(again[0].length);
    }
  }
  // "8 oz. weight cream cheese": the measure is by weight; the word says no more.
  text = takeParentheses(text.trim(), notes).trim().replace(/^(?:of|weight)\s+/i, "");
  // "3kg piece of pork belly", "25g chunk fresh root ginger": what the measure is of, said as a piece of it; the
  // note's. ("500g block puff pastry" is one block, below; "slab bacon" and "lump crabmeat" are what is sold.)
  const piece = /^(piece|chunk|joint|wedge)\s+(?:of\s+)?(?=\p{L})/iu.exec(text);
  if (piece) {
    notes.push(piece[1].toLowerCase());
    text = text.slice(piece[0].length);
  }
  // More of it said in a way that does not add up exactly ("1/3 cup plus about 4 tablespoons", "2 teaspoons plus 1
  // large pinch", "¼ cup (50 ml) plus 1 quart (800 ml)"), or a hedge ("6 tablespoons or more"): the note.
  const more = moreOfIt.exec(text);
  if (more && (more[2] === undefined || unitOf(more[2]) || measuredLoosely.test(more[2]))) {
    notes.push(more[1].trim());
    text = text.slice(more[0].length);
  }
  // The measure was the size of what holds it: "15 oz can pumpkin purée", "400 g / 14 oz can of chickpeas",
  // "150g pot yogurt" are one can, one pot.
  const holder = containerAfterMeasure.exec(text);
  if (holder && quantity && !quantity.range && !unit.written.startsWith(quantity.text)) {
    notes.push(`${quantity.text} ${unit.written}`);
    quantity = one();
    unit = { unit: /^(?:cans?|tins?)$/i.test(holder[1]) ? "can" : "package", written: holder[1], rest: "" };
    text = text.slice(holder[0].length);
  }
  Object.assign(reading, { text, quantity, unit });
}

import { unitOf } from "../units.ts";
import type { LeadingUnit } from "./reading.ts";
import { sizeBeforeUnit } from "./size-words.ts";

/** The unit at the start of the text (one word, or two for "fl oz"), and what follows it. */
export function leadingUnit(text: string): LeadingUnit | undefined {
  const words = /^([a-zA-Z]+\.?)(?:\s+([a-zA-Z]+\.?)(?![a-zA-Z]))?/.exec(text);
  if (!words) return undefined;
  if (words[2] !== undefined) {
    const two = `${words[1]} ${words[2]}`;
    const unit = unitOf(two);
    if (unit) return { unit, written: two, rest: text.slice(words[0].length) };
  }
  const unit = unitOf(words[1]);
  // "T-bone steaks", "C-shaped": a letter joined to a word by a hyphen is no unit.
  if (unit && /^-\p{L}/u.test(text.slice(words[1].length))) return undefined;
  // "2 whole wheat tortillas", "1 whole grain bun": "whole" there names the grain, no unit.
  if (unit === "whole" && /^\s+(?:wheat|grain|meal|milk|spelt|rye|foods?)\b/i.test(text.slice(words[1].length))) {
    return undefined;
  }
  if (unit) return { unit, written: words[1], rest: text.slice(words[1].length) };
  return undefined;
}

/** The unit, also after a size ("14-ounce can") whose text goes to the notes. */
export function unitAfterSize(text: string, notes: string[]): LeadingUnit | undefined {
  const direct = leadingUnit(text);
  if (direct) return direct;
  const size = sizeBeforeUnit.exec(text);
  if (!size) return undefined;
  const unit = leadingUnit(text.slice(size[0].length));
  if (unit) notes.push(size[1]);
  return unit;
}

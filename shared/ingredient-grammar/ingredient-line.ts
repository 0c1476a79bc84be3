// The ingredient-line grammar: a line is read in phases, each taking what it knows from the start or the end of
// the text (ingredient-line/read-*.ts), by the words and patterns of ingredient-line/*-words.ts.
import { readAfterUnit } from "./ingredient-line/read-after-unit.ts";
import { readAmount } from "./ingredient-line/read-amount.ts";
import { readCountedMeasure } from "./ingredient-line/read-counted-measure.ts";
import { readName } from "./ingredient-line/read-name.ts";
import { readUnit } from "./ingredient-line/read-unit.ts";
import { readWordsBeforeAmount } from "./ingredient-line/read-words-before-amount.ts";
import type { Reading } from "./ingredient-line/reading.ts";
import { bullet, invisible } from "./ingredient-line/words-before-name.ts";
import { plainFractions, plainWordNumber } from "./quantity.ts";
import { amountFirst } from "../recipe-reading/name-first.ts";
import { prepStateSet } from "./ingredient-line/prep-words.ts";
import { type Unit, unitOf } from "./units.ts";

export type LineProblem = "range" | "no_quantity" | "rounded" | "no_unit" | "no_name";

export interface ParsedIngredientLine {
  /** The line exactly as it was given. */
  original: string;
  /** The amount rounded to 3 decimals (a range's upper bound); null when there is none. */
  quantity: number | null;
  /** The amount as written, fractions made plain ("1 1/2", "2-3"); null when there is none. */
  quantity_text: string | null;
  unit: Unit | null;
  /** The unit word as written ("tablespoons"); null when no unit was recognised. */
  unit_text: string | null;
  prep_state: string | null;
  /** What remains: the ingredient's name as written (not yet matched). Empty when nothing remains. */
  name: string;
  /** Text in parentheses and after the name that is not a prep state ("to taste", "14 oz"). */
  note: string | null;
  problems: LineProblem[];
  /** The heading the line stands under ("For the sauce"); null when none. */
  section: string | null;
}

/** One ingredient line, read by fixed rules. Never throws; whatever it cannot read is left in name or note. */
export function parseIngredientLine(original: string): ParsedIngredientLine {
  const reading: Reading = {
    text: plainLineText(original),
    notes: [],
  };
  // "Rice – 2 cups", "Sugar 100g": the name before its amount is read as the amount before the name.
  reading.text = amountFirst(reading.text) ?? reading.text;
  readWordsBeforeAmount(reading);
  readAmount(reading);
  readUnit(reading);
  if (!reading.unit) readCountedMeasure(reading);
  if (reading.unit) readAfterUnit(reading);
  const read = readName(reading);
  const { preps } = read;
  const name = zestOfGratedPeel(read.name || nameInParentheses(original, reading.notes), preps);
  noteRange(reading);
  const { quantity, unit, measure, notes } = reading;
  return {
    original,
    quantity: quantity?.value ?? null,
    quantity_text: quantity?.text ?? null,
    unit: unit?.unit ?? (quantity?.value ? measure?.unit ?? null : null),
    unit_text: unit?.written ?? null,
    prep_state: preps.length > 0 ? preps.join(" and ") : null,
    name,
    note: notes.length > 0 ? notes.join("; ") : null,
    problems: problemsOf(reading, name),
    section: null,
  };
}

/**
 * "200 gms (1 cup of white sugar)", "Scant 2/3 cup (60g) (old-fashioned rolled oats)": nothing named outside the
 * parentheses, the name is the one said inside the last of them that names one, and that aside leaves the note.
 */
function nameInParentheses(original: string, notes: string[]): string {
  const asides = [...original.matchAll(/\(([^()]*)\)/g)].map((match) => match[1].trim()).reverse();
  for (const aside of asides) {
    // A remark is no name ("optional", "divided", "see notes", "softened").
    const remark =
      /^(?:optional|divided|see\b|to\s|as\s|for\s|plus\s|or\s|about|approx|packed|heap|level|scant|room|at\s|if\s|such as|e\.?g\.?|i\.?e\.?|note)/i
        .test(aside) || prepStateSet.has(aside.toLowerCase());
    const inner = /\p{L}{2}/u.test(aside) && !remark ? parseIngredientLine(aside).name : "";
    const at = notes.findIndex((note) => note.toLowerCase() === aside.toLowerCase());
    if (inner && at >= 0) {
      notes.splice(at, 1);
      return inner;
    }
  }
  return "";
}

/** A range is read as its upper bound; the range as written leads the note with its unit or counting word ("2-3
 * tbsp", "2-3 cloves"), and the line is flagged. */
function noteRange({ quantity, unit, notes, countingNote }: Reading): void {
  if (!quantity?.range || quantity.value === null) return;
  if (countingNote !== undefined) notes[countingNote] = `${quantity.text} ${notes[countingNote]}`;
  else notes.unshift(unit ? `${quantity.text} ${unit.written}` : quantity.text);
}

function problemsOf({ quantity, unit, measure }: Reading, name: string): LineProblem[] {
  const problems: LineProblem[] = [];
  if (!quantity) problems.push("no_quantity");
  else if (quantity.range) problems.push("range");
  else if (quantity.value === null) problems.push("no_quantity");
  if (quantity?.rounded) problems.push("rounded");
  if (quantity && !unit && !measure?.unit) problems.push("no_unit");
  if (!name) problems.push("no_name");
  return problems;
}

/**
 * The line as the phases read it: marks, invisible characters and the way it was typed or scanned taken out, numbers
 * said plainly ("½" is "1/2", "one" is "1"). The original is kept apart, as written.
 */
function plainLineText(original: string): string {
  return plainWordNumber(plainFractions(
    original.replace(invisible, "").trim().replace(bullet, "").replace(/^(?:\+|plus\s)\s*/i, "")
      // "ﬂour", "sunﬂower oil": the ligatures of text copied from a PDF are their letters.
      .replace(/[\uFB00-\uFB06]/g, (ligature) => ligature.normalize("NFKC"))
      // "l/8 teaspoon", "l00ml", "I tbsp": a scan's letter l or capital i where the amount's one was.
      .replace(/^l(?=\d|\/\d)|^I(?=\/\d)/, "1").replace(/^[lI](?=\s+([a-zA-Z]+\.?)\s)/, scannedOne)
      // "medium–sized": an en dash between two letters of a word is a hyphen typed so, no dash before a remark.
      .replace(/(\p{Ll})–(\p{Ll})/gu, "$1-$2")
      // "1 1?2 cups": a fraction slash lost to the text's encoding, between two digits. Not "13?4", a mixed number
      // that lost its space as well: 1 3/4 or 13/4 is not for this rule to guess.
      .replace(/(^|\s|\()(\d)\?(\d)(?=[\s)]|$)/g, "$1$2/$3")
      // "1 wine glass white wine": the glass that measures it, one word as "wineglass".
      .replace(/\bwine\s+glass(es)?\b(?=\s+\S)/gi, "wineglass$1")
      // "2 percent milk", "70 per cent dark chocolate": a share written out is the share.
      .replace(/(\d+(?:[.,]\d+)?)\s*per\s?cent\b/gi, "$1%")
      // "2 cup(s)", "3 clove(s)": a plural said both ways is the plural.
      .replace(/(\p{L})\(s\)/gu, "$1s")
      // "150ml-200ml/5-7fl oz", "110g-175g/4oz-6oz": a range with its unit said at both ends is the range of it.
      .replace(
        /(^|[\s/])(\d+(?:[.,]\d+)?)\s*(g|kg|ml|oz|lb|cm)\s*[-–]\s*(\d+(?:[.,]\d+)?)\s*\3(?=[\s/,)]|$)/gi,
        "$1$2-$4$3",
      ),
  ));
}

// Before a word, the letter is a one only before a unit or a size: "I leave the stalk on" and "I can use" are
// sentences.
function scannedOne(letter: string, word: string): string {
  const unit = unitOf(word) && !/^(?:can|pack|tin)$/i.test(word);
  return unit || /^(?:small|medium|large|whole|heaped|level|pinch|clove|head|bunch)$/i.test(word) ? "1" : letter;
}

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
function zestOfGratedPeel(name: string, preps: string[]): string {
  const peel = citrusPeel.exec(name.trim());
  if (!peel || !preps.some((prep) => grating.test(prep))) return name;
  return `${peel[1]} zest`;
}

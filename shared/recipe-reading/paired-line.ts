import { type ParsedIngredientLine, parseIngredientLine } from "../ingredient-grammar/ingredient-line.ts";
import { unitOf } from "../ingredient-grammar/units.ts";
import { isDescribingWord } from "../ingredient-grammar/name-words.ts";
import { vagueAmount } from "../ingredient-grammar/ingredient-line/words-before-name.ts";
import { roundedToThousandths, valueOfText } from "../ingredient-grammar/ingredient-line/amounts.ts";

// "salt and pepper", "kosher salt and freshly ground black pepper": two ingredients in one unmeasured line, the
// commonest such pair in recipes. The line becomes two, each with the same original text, so each can match; any
// other "A and B" ("macaroni and cheese") stays one line.
const saltAndPepper = /^(.{0,30}\bsalt)\s+(?:and|&|\+)\s+(.{0,40}\bpeppers?)$/i;

// "1 egg and 1 egg white", "1 egg + 1 egg yolk": two counted things, each with its own number. Only when neither
// has a unit, so each part keeps the number it was given.
const countedPair = /^(.{1,40}?)\s+(?:and|&|\+|plus)\s+(\d+(?:\/\d+)?)\s+([a-zA-Z][^\d]{0,40})$/i;
const countedInNote = /^(?:\+|plus)\s*(\d+)\s+([a-zA-Z][^\d;,]{0,40})(?:,\s*(.*))?$/i;
// "36 corn husks, plus 10 more for lining the pot", "1 egg, plus 1 extra, to glaze": more of the same thing, not a
// second thing. The counts add up, since the shopper needs them all, and the words stay in the note.
// Only "more" or "extra" alone or before what it is for: "1 extra yolk" is a second thing.
const moreOfTheSame = /^(?:more|extra|additional)(?:$|\s*[,;]|\s+(?:for|to|if|as|in|on)\b)/i;

// "1 tsp each salt and pepper", "½ tsp each, cumin, coriander and paprika", "1 cup each: blueberries, raspberries":
// one measure for each of several ingredients. Each becomes a line of its own with the measure.
const eachOf = /^(.{1,30}?)\s+each\b\s*[,:]?\s*(\S.{0,200})$/i;

function eachLines(line: ParsedIngredientLine): ParsedIngredientLine[] | undefined {
  const each = eachOf.exec(line.original.trim());
  if (!each) return undefined;
  const measure = parseIngredientLine(each[1]);
  if (measure.quantity === null || measure.unit === null || measure.name !== "") return undefined;
  const [items = "", ...after] = each[2].split(/\s*[(;]|\s+[–—-]\s+/);
  const listed = items.split(/\s*,\s*(?:and\s+|&\s+)?|\s+(?:and|&)\s+/i).map((name) => name.trim()).filter(Boolean);
  // "each light and dark soy sauce": a part said only by its kind is of the thing the last names.
  const names = listed.map((name) => sharedThing(name, listed.at(-1) ?? name));
  if (names.length < 2 || names.length > 8 || names.some((name) => name.split(/\s+/).length > 5)) return undefined;
  // What follows the list ("(halved)", "– all fresh") is said of every one of them.
  const remark = after.length > 0 ? each[2].slice(items.length).replace(/^[\s(;–—-]+|[\s)]+$/g, "") : "";
  return names.map((name) => {
    const part = parseIngredientLine(`${each[1]} ${name}`);
    return { ...part, original: line.original, section: line.section, note: joined([part.note, remark]) };
  });
}

// "1 teaspoon salt and ½ teaspoon black pepper", "20g/½oz cashew nuts and 20g/½oz shelled pistachios": two
// ingredients, each with its own measure. Only when the first part is a name alone (no number in it) and the second
// reads as a measure and a name of its own; "1 cup flour and 2 tbsp for dusting" stays one line.
const measuredSecond = /^(\D{2,40}?)\s+(?:and|&)\s+(\d.{2,160})$/i;

function measuredPairLines(line: ParsedIngredientLine, depth = 0): ParsedIngredientLine[] | undefined {
  if (line.quantity === null || line.unit === null || depth > 3) return undefined;
  const pair = measuredSecond.exec(line.name);
  if (!pair) return undefined;
  const read = parseIngredientLine(pair[2]);
  if (read.quantity === null || read.unit === null || !/\p{L}{2}/u.test(read.name)) return undefined;
  const second = { ...read, original: line.original, section: line.section };
  // ("75g polenta and 75g rice flour and 1 tsp xanthan gum": the second may hold a third.)
  return [{ ...line, name: pair[1].trim() }, ...(measuredPairLines(second, depth + 1) ?? [second])];
}

/**
 * Each line that holds several ingredients as a line for each, with the same original text: two ingredients
 * paired ("salt and pepper", "1 egg and 1 egg white", "1 tsp salt and ½ tsp pepper"), or one measure for each of
 * several; other lines as they are.
 */
export function splitPairedLines(lines: ParsedIngredientLine[]): ParsedIngredientLine[] {
  return lines.flatMap((line) => {
    const each = eachLines(line);
    if (each) return each;
    const measuredTwo = measuredPairLines(line);
    if (measuredTwo) return measuredTwo;
    const pair = line.quantity === null && !line.quantity_text ? saltAndPepper.exec(line.name) : null;
    if (pair) return [pairPart(line, pair[1]), pairPart(line, pair[2])];
    if (line.quantity === null || line.unit !== null) return [line];
    const counted = countedPair.exec(line.name);
    if (counted && moreOfTheSame.test(counted[3])) {
      const said = line.name.slice(counted[1].length).trim();
      return [{
        ...addedCount(line, valueOfText(counted[2])),
        name: counted[1].trim(),
        note: joined([said, line.note]),
      }];
    }
    if (counted && !measured(counted[3])) {
      return countedTwo(line, counted[1], counted[2], counted[3], line.note);
    }
    // The parser keeps "+ 1 egg yolk" after a name in the note.
    const notes = line.note?.split("; ") ?? [];
    const inNote = notes.findIndex((note) => !measured(countedInNote.exec(note)?.[2] ?? "1 cup"));
    if (inNote < 0) return [line];
    const [, count, name, after] = countedInNote.exec(notes[inNote])!;
    if (moreOfTheSame.test(name)) return [addedCount(line, Number(count))];
    const rest = notes.flatMap((note, index) => index !== inNote ? [note] : after ? [after] : []);
    return countedTwo(line, line.name, count, name, rest.length > 0 ? rest.join("; ") : null);
  });
}

/** One of "salt and pepper" as a line of its own; "lots of" or "plenty of" before it goes to the note. */
function pairPart(line: ParsedIngredientLine, name: string): ParsedIngredientLine {
  const vague = vagueAmount.exec(name.trim());
  if (!vague) return { ...line, name: name.trim() };
  return { ...line, name: name.trim().slice(vague[0].length), note: joined([vague[1].toLowerCase(), line.note]) };
}

/** True when the text starts with a unit ("tablespoons adobo sauce"): a measure, not a second thing counted. */
function measured(text: string): boolean {
  const first = /^([a-zA-Z]+\.?)(?:\s+([a-zA-Z]+\.?))?/.exec(text.trim());
  return first === null || unitOf(first[1]) !== undefined ||
    (first[2] !== undefined && unitOf(`${first[1]} ${first[2]}`) !== undefined);
}

/** The line with `count` more of what it counts: the amount said stays in the note, the sum is what is bought. */
function addedCount(line: ParsedIngredientLine, count: number): ParsedIngredientLine {
  return {
    ...line,
    quantity: roundedToThousandths(line.quantity! + count),
    quantity_text: `${line.quantity_text} + ${count}`,
  };
}

/** The notes that say something, joined as a line's note keeps them; null when none does. */
function joined(notes: (string | null)[]): string | null {
  const kept = notes.filter((note): note is string => Boolean(note));
  return kept.length > 0 ? kept.join("; ") : null;
}

function countedTwo(
  line: ParsedIngredientLine,
  first: string,
  count: string,
  second: string,
  note: string | null,
): ParsedIngredientLine[] {
  // ("½ red and ½ green pepper": the second count may be a fraction, written "1/2" by then.)
  return [
    { ...line, name: sharedThing(first, second), note },
    {
      ...line,
      name: second.trim(),
      quantity: roundedToThousandths(valueOfText(count)),
      quantity_text: count,
      note: null,
    },
  ];
}

/**
 * "1 red and 1 green pepper", "1 large and 1 small onion": a first part said with only its colour or size is of the
 * thing the second names ("red pepper"); any other first part is a thing of its own ("1 egg and 1 egg white").
 */
function sharedThing(first: string, second: string): string {
  const said = first.trim().split(/\s+/);
  // ("light" and "dark" name kinds only before a thing: "light and dark soy sauce", "light and dark brown sugar".)
  const kindOnly = (word: string) => isDescribingWord(word.toLowerCase()) || /^(?:light|dark)$/i.test(word);
  if (!said.every(kindOnly)) return first.trim();
  const words = second.trim().split(/\s+/);
  const thing = words.findIndex((word) => !isDescribingWord(word.toLowerCase()));
  return thing < 0 ? first.trim() : [...said, ...words.slice(thing)].join(" ");
}

// "sesame seeds and sliced green onions", "oil and vinegar": a line without an amount that names two things. Read
// as two lines only when the whole name is no ingredient and each part is one (the caller looks all three up), so
// "macaroni and cheese" or "bread and butter pickles" stay whole.
const twoThings = /^(.{2,60}?)\s+(?:and|&)\s+(.{2,60})$/i;

/** The two parts of a line without an amount that reads "A and B", each read as a line of its own. */
export function unmeasuredPairParts(
  line: ParsedIngredientLine,
): [ParsedIngredientLine, ParsedIngredientLine] | undefined {
  if (line.quantity !== null || line.quantity_text !== null) return undefined;
  const pair = twoThings.exec(line.name);
  if (!pair || [pair[1], pair[2]].some((part) => part.split(/\s+/).length > 5 || /\b(?:and|&)\b/i.test(part))) {
    return undefined;
  }
  const [first, second] = [pair[1], pair[2]].map((part) => {
    const read = parseIngredientLine(part);
    return {
      ...read,
      original: line.original,
      section: line.section,
      prep_state: read.prep_state ?? line.prep_state,
      note: joined([read.note, line.note]),
    };
  });
  return first.name && second.name ? [first, second] : undefined;
}

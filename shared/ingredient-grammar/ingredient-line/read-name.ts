import type { Reading } from "./reading.ts";
import { prepAdverbs, prepStateSet } from "./prep-words.ts";
import { isDescribingWord } from "../name-words.ts";
import { oneWordNames } from "../generated/one-word-names.ts";
import { foldIngredientName } from "../fold-name.ts";
import { sizeBeforeName } from "./size-words.ts";
import { otherAmountOfTheSame, sizeWord } from "./other-amount.ts";
import { takeLeadingPrep, takePrepWords, takeTrailingPrep } from "./take-prep-words.ts";
import { tidy } from "./tidy-text.ts";
import { one } from "./amounts.ts";
import { dashRemark, describingOnly, inPieces, trailingNote, trailingPhrase } from "./words-after-name.ts";

/** What is left: a size before the name, remarks after it, and its prep words; the name itself. */
export function readName(reading: Reading): { name: string; preps: string[] } {
  const { notes } = reading;
  let text = alternativesOfAList(reading.text);
  // A semicolon ends the name: what follows is a remark ("granulated sugar; I used cane sugar").
  const semicolon = text.indexOf(";");
  const remark = semicolon > 0 ? tidy(text.slice(semicolon + 1)) : "";
  if (semicolon > 0) text = text.slice(0, semicolon);
  // A size left before the name ("1 9-inch pie crust", "8 8-inch flour tortillas"): kept in the note.
  const size = sizeBeforeName.exec(text);
  if (size) {
    notes.push(size[1]);
    text = text.slice(size[0].length);
    // A line that starts with the size of one thing ("4-pound chicken, cut into 8 pieces", "2-inch cinnamon stick")
    // is one of it, as "A 4-pound chicken" is; not a measure ("14-ounces tofu") nor things ("1-inch cream puffs").
    const manyThings = /[^s]s\b/i.test(text.split(/[,(]/)[0].trim().split(/\s+/).at(-1) ?? "");
    const sizeIsAnAmount = /(?:ounces|pounds|lbs|grams|inches)\b/i.test(size[1]);
    const amountRead = reading.quantity || reading.unit || reading.measure;
    if (!amountRead && !manyThings && !sizeIsAnAmount) reading.quantity = one("1");
  }
  // "3 sprigs each of thyme, rosemary and oregano": the amount is said for each name that follows ("each" is a
  // describing word before a name; "of" is not).
  const eachOf = /^each\s+of\s+(?=\p{L})/iu.exec(text);
  if (eachOf) {
    notes.push("each");
    text = text.slice(eachOf[0].length);
  }
  // After a unit, as after the amount ("½ ounce dried or 12 fresh morel mushrooms"): the first kind is the thing.
  const other = reading.quantity ? otherAmountOfTheSame(text) : undefined;
  if (other) {
    notes.push(other.note);
    text = other.rest;
  }
  // The same amount in metric after the name ("2 tsp ground ginger 10 mL", "½ cup cocoa powder 125 mL"): the note.
  const metric = /\s+(\d+(?:[.,]\d+)?\s*(?:ml|g|kg|l|cl)\.?)\s*$/i.exec(text);
  if (metric && /\p{L}/u.test(text.slice(0, metric.index))) {
    notes.push(metric[1]);
    text = text.slice(0, metric.index);
  }
  const trailing = trailingNote.exec(text);
  if (trailing) {
    text = text.slice(0, trailing.index);
    notes.push(trailing[1]);
  }
  text = takeTrailingPhrases(text, notes);
  let [head, tail] = splitAtComma(text);
  head = takeTrailingPhrases(head, notes, true);
  // A prep word leads the name ("chopped onion") or follows it after a comma ("onion, chopped").
  const fromHead = takeTrailingPrep(takeLeadingPrep(head));
  const fromTail = takePrepWords(tail);
  // ("grated or minced" leaves a lone "or" once both prep words are taken.)
  const tailNote = tidy(fromTail.rest.replace(/^(?:and|or)\b|\b(?:and|or)$/gi, ""));
  if (tailNote) notes.push(tailNote);
  if (remark) notes.push(remark);
  return { name: tidy(fromHead.rest.replace(/^of\s+/i, "")), preps: [...fromHead.preps, ...fromTail.preps] };
}

function takeTrailingPhrases(text: string, notes: string[], dashes = false): string {
  let rest = text.replace(/\s*[*†‡]+\s*$/, "");
  // "2 cups all-purpose flour plus": the more it adds is said on the next line.
  const plus = /\s+(plus|\+)\s*$/i.exec(rest);
  if (plus && plus.index > 0) {
    notes.push("plus");
    rest = rest.slice(0, plus.index);
  }
  // Only in the name before a comma: after it, the prep words are read as such.
  const pieces = dashes ? inPieces.exec(rest) : null;
  if (pieces && pieces.index > 0) {
    notes.push(pieces[1].trim());
    rest = rest.slice(0, pieces.index);
  }
  const dash = dashes ? dashRemark.exec(rest) : null;
  if (dash && dash.index > 0) {
    notes.push(dash[1].trim());
    rest = rest.slice(0, dash.index);
  }
  const phrase = trailingPhrase.exec(rest);
  if (phrase && phrase.index > 0) {
    notes.push(phrase[1].trim());
    rest = withOthersKind(rest.slice(0, phrase.index), phrase[1]);
  }
  const trailing = trailingNote.exec(rest);
  if (trailing) {
    notes.push(trailing[1]);
    rest = rest.slice(0, trailing.index);
  }
  return rest;
}

/**
 * "Kosher or other salt", "grapeseed or other neutral vegetable oil": a word that is no ingredient of its own names a
 * kind of what the others are ("Kosher salt", "grapeseed oil"). The name keeps the kind's thing; the remark the note.
 */
function withOthersKind(name: string, remark: string): string {
  const others = /^or (?:other|another|any|your|similar|a similar)\s+(.*)$/i.exec(remark.trim());
  // The one word may follow words that describe it ("freshly ground rose or other peppercorns"), or end a list of
  // such words ("navy or cannellini or other white beans").
  const words = name.trim().split(/\s+/);
  const word = words.at(-1) ?? "";
  const describing = (before: string) => isDescribingWord(before.toLowerCase().replace(/[,;:]+$/, ""));
  const listed = (before: string, at: number) =>
    at % 2 === 1 ? /^or$/i.test(before) : /^\p{L}[\p{L}'’-]*$/u.test(before);
  const first = words.findIndex((before) => !describing(before));
  if (!others || first < 0 || !words.slice(first).every((before, at) => listed(before, at))) return name;
  if (!/^\p{L}[\p{L}'’-]*$/u.test(word) || oneWordNames.has(foldIngredientName(word))) return name;
  const thing = others[1].split(/\s+(?:for|to|of|such|that|if|as|in|from|like)\b|[,(;]/i)[0].trim().split(/\s+/).at(-1);
  if (
    !thing || !/^\p{L}{3,}$/u.test(thing) ||
    /^(?:kind|kinds|type|types|brand|brands|variety|one|ones|choice)$/i.test(thing)
  ) {
    return name;
  }
  return `${name.trim()} ${thing}`;
}

function describesWhatFollows(words: string): boolean {
  // Nothing before the comma ("3 tablespoons, minced fresh cilantro"): the name follows it.
  if (words.trim() === "") return true;
  // Only describing words ("cooked, mashed pumpkin", "roasted, salted pepitas", "finely diced red, yellow, or orange
  // bell pepper", "flaked, deboned hot-smoked salmon", "unbleached, all-purpose flour"), a size among them ("3 long,
  // red chillies", "2 fat, floury potatoes").
  // (A brand marked as one before them is no name either: "Tyson® Fresh Boneless, Skinless Chicken Thighs".)
  const unbranded = words.replace(/^.*[®™]\s*/, "");
  if (unbranded !== words && unbranded.trim() === "") return false;
  return describingOnly.test(unbranded) || unbranded.trim().split(/\s+/).every((word) => {
    const bare = word.toLowerCase();
    return prepStateSet.has(bare) || prepAdverbs.has(bare) || isDescribingWord(bare) ||
      /^(?:and|or|&|not|size|sized)$/.test(bare) || sizeWord.test(bare) ||
      /^[a-z]{3,}ed$/.test(bare) && !oneWordNames.has(foldIngredientName(bare)) ||
      // ("dry-roasted", "deli-sliced"; not "tomatoes-peeled", a name and its prep word joined.)
      /^[a-z]+-[a-z]{3,}ed$/.test(bare) && !oneWordNames.has(foldIngredientName(bare.split("-")[0]));
  });
}

// "navy, cannellini, or other white beans", "low-sodium vegetable, chicken, or beef broth": a list of kinds, each of
// a word or two, the last after "or", names alternatives of one thing; read as "navy or cannellini or …".
const listOfKinds = /^((?:[\p{L}'’-]+\s+)?[\p{L}'’-]+)((?:,\s*[\p{L}'’-]+(?:\s+[\p{L}'’-]+)?)*),?\s+(or|and\/or)\s+/u;

function alternativesOfAList(text: string): string {
  const list = listOfKinds.exec(text.trim());
  if (!list || !list[2].includes(",")) return text;
  const kinds = [list[1], ...list[2].split(",").map((kind) => kind.trim()).filter(Boolean)];
  const last = text.trim().slice(list[0].length);
  // Not a list of how it is prepared ("garlic, minced or pressed", "lemons, halved or quartered"), nor another
  // amount or a mixture after "or" ("garlic cloves, peeled, or 3-4 shallots", "rum, bourbon or a mixture").
  const describes = (words: string) =>
    words.split(/\s+/).some((word) => {
      const bare = word.toLowerCase();
      return prepStateSet.has(bare) || prepAdverbs.has(bare) || /^[a-z]{3,}ed$/.test(bare) ||
        /^(?:cut|broken|torn|left|kept|whole|orange)$/.test(bare) || isDescribingWord(bare);
    });
  // (The first kind may be described, so only its last word is asked: "low-sodium vegetable, chicken, or beef broth".)
  if (
    kinds.slice(1).some(describes) || describes(kinds[0].split(/\s+/).at(-1)!) ||
    describes(last.split(/\s+/)[0] ?? "") || /^(?:\d|an?\s|the\s)/i.test(last)
  ) {
    return text;
  }
  return `${kinds.join(" or ")} or ${last}`;
}

/** The name before the first comma that ends it, and what follows that comma. */
function splitAtComma(text: string): [string, string] {
  let cut = text.indexOf(",");
  // ("1 orange, peeled", "1 large orange, rind and juice only": a colour that is the whole name before the first
  // comma, but for its size, is the fruit, and the comma ends it.)
  // ("2 cups chopped, cooked chicken": prep words before the comma describe what follows it too.)
  while (
    cut >= 0 && describesWhatFollows(text.slice(0, cut).trim().split(/,\s*/).pop() ?? "") &&
    !/^\s*(?:(?:small|medium|large|big)\s+)?orange\s*$/i.test(text.slice(0, cut)) && /\p{L}/u.test(text.slice(cut + 1))
  ) {
    cut = text.indexOf(",", cut + 1);
  }
  return cut < 0 ? [text.replace(/,\s*/g, " "), ""] : [text.slice(0, cut).replace(/,\s*/g, " "), text.slice(cut + 1)];
}

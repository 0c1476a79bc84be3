import { isDescribingWord } from "../name-words.ts";
import { isMeasureWord } from "../measure-words.ts";
import { unitOf } from "../units.ts";

// Sizes said of one thing beside another of it ("1 large or 2 medium onions", "1 fat or 2 thin scallions", "6 sm or
// 4 medium radishes").
export const sizeWord = new RegExp(
  "^(?:tiny|small|smaller|smallish|medium|large|larger|big|bigger|huge|jumbo|extra-large|medium-large|" +
    "(?:small|medium|large)-sized?|fat|thin|thick|long|short|skinny|slim|spindly|plump|lg|sm|md|med)\\.?$",
  "i",
);

// What follows the amount: the first sizes or kinds, "or", the other amount, then the rest.
const otherAmount =
  /^((?:[\p{L}][\p{L}.-]*\s+)+?)or\s+(\d+(?:[.,/]\d+)?(?:\s+\d+\/\d+)?(?:\s*(?:-|–|to)\s*\d+)?)\s*,?\s+(\S.*)$/u;

/**
 * "1 large or 2 medium onions", "1 small or ½ medium-large red onion", "4 large or 8 small leaves gelatine": the
 * first amount is of the thing the other one names, said with only its size; the line is that first amount of it,
 * and the sizes are the note ("large, or 2 medium"). Said with its kind ("6 green or 3 black cardamom pods", "3
 * fresh or 6 dried lime leaves"), the thing is the first kind of it ("green cardamom pods"). Another measure after
 * "or" ("fresh or 200g dried pasta") is not this, nor is a counting word after a kind ("1 fresh or 2 dried sprigs").
 * Gives the note and the text left to read, or undefined.
 */
export function otherAmountOfTheSame(text: string): { note: string; rest: string } | undefined {
  const found = otherAmount.exec(text);
  if (!found) return undefined;
  const said = found[1].trim().split(/\s+/);
  // ("2 very large or 3 small eggs": "very" says how large; in "2 small very ripe tomatoes", how ripe.)
  const sized = (word: string, next = "") => sizeWord.test(word) || /^very$/i.test(word) && sizeWord.test(next);
  const sizesOnly = said.every((word, at) => sized(word, said[at + 1]));
  if (!said.every((word, at) => sized(word, said[at + 1]) || isDescribingWord(word.toLowerCase()))) return undefined;
  const words = found[3].split(/\s+/);
  const leading = (word: string, next: string) =>
    sized(word, next) || !sizesOnly && isDescribingWord(word.toLowerCase());
  let at = 0;
  while (at < words.length - 1 && leading(words[at].replace(/,$/, ""), words[at + 1])) at++;
  const thing = words.slice(at).join(" ");
  const first = (thing.split(/[\s,/(]/)[0] ?? "").replace(/\.$/, "");
  if (!/^\p{L}{2,}/u.test(thing) || unitOf(first) || !sizesOnly && isMeasureWord(first)) return undefined;
  const otherSaid = [found[2], ...words.slice(0, at)].join(" ").replace(/,$/, "");
  if (sizesOnly) return { note: `${said.join(" ")}, or ${otherSaid}`.toLowerCase(), rest: thing };
  return { note: `or ${otherSaid}`, rest: `${said.join(" ")} ${thing}` };
}

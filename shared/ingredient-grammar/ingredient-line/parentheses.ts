import { tidy } from "./tidy-text.ts";
import { unitOf } from "../units.ts";

/** Takes out the (parenthesised) parts of the text, adding each one's content to notes. */
export function takeParentheses(text: string, notes: string[]): string {
  // Inner parts first, then what held them ("((see recipe))", "(about 1 cup (240 ml))"). An aside opened with one
  // bracket and closed with the other ("1 cup (4 ounces] almonds", "8 ounces [about 1¾ cups) flour") is one all the
  // same.
  let rest = takeInnermostParentheses(text.replace(/[([]([^()[\]]*)[)\]]/g, mismatchedAsRound), notes);
  while (/\([^()]*\)|\[[^[\]]*\]/.test(rest)) rest = takeInnermostParentheses(rest, notes);
  // A parenthesis left open ("2 spring onions (sliced in half"): what follows it is the aside all the same, unless
  // nothing but a unit came before it ("1 cup (235 ml sour milk", "1 lb (500g firm white fish fillets"): then the name
  // is inside, and only the measure it starts with is the aside.
  const open = rest.search(/[([]/);
  const before = rest.slice(0, open).trim();
  const measure = open >= 0 && (before === "" || unitOf(before))
    ? /^\s*(\d+(?:[.,]\d+)?\s*[a-zA-Z]+\.?)\s+(?=\p{L})/u.exec(rest.slice(open + 1))
    : null;
  if (measure) {
    notes.push(measure[1]);
    return `${rest.slice(0, open)} ${rest.slice(open + 1 + measure[0].length)}`;
  }
  if (open >= 0) {
    const content = tidy(rest.slice(open + 1));
    if (content) notes.push(content);
    rest = rest.slice(0, open);
  }
  return rest;
}

function takeInnermostParentheses(text: string, notes: string[]): string {
  return text.replace(/\(([^()]*)\)|\[([^[\]]*)\]/g, (_match, round?: string, square?: string) => {
    const content = tidy(round ?? square ?? "");
    if (content) notes.push(content);
    return " ";
  });
}

/** A bracket pair of two kinds as one round pair, unless a round one left open before it closes there. */
function mismatchedAsRound(pair: string, content: string, at: number, text: string): string {
  const opensRound = pair.startsWith("(");
  if (opensRound === pair.endsWith(")")) return pair;
  const before = text.slice(0, at);
  const openRound = (before.match(/\(/g)?.length ?? 0) > (before.match(/\)/g)?.length ?? 0);
  return !opensRound && openRound ? pair : `(${content})`;
}

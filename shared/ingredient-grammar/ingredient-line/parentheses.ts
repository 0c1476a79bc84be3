import { tidy } from "./tidy-text.ts";

/** Takes out the (parenthesised) parts of the text, adding each one's content to notes. */
export function takeParentheses(text: string, notes: string[]): string {
  // Inner parts first, then what held them ("((see recipe))", "(about 1 cup (240 ml))").
  let rest = takeInnermostParentheses(text, notes);
  while (/\([^()]*\)|\[[^[\]]*\]/.test(rest)) rest = takeInnermostParentheses(rest, notes);
  // A parenthesis left open ("2 spring onions (sliced in half"): what follows it is the aside all the same.
  const open = rest.search(/[([]/);
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

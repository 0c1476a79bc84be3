import { tidy } from "./tidy-text.ts";

/** Takes out the (parenthesised) parts of the text, adding each one's content to notes. */
export function takeParentheses(text: string, notes: string[]): string {
  // Inner parts first, then what held them ("((see recipe))", "(about 1 cup (240 ml))").
  let rest = takeInnermostParentheses(text, notes);
  while (/\([^()]*\)|\[[^[\]]*\]/.test(rest)) rest = takeInnermostParentheses(rest, notes);
  return rest;
}

function takeInnermostParentheses(text: string, notes: string[]): string {
  return text.replace(/\(([^()]*)\)|\[([^[\]]*)\]/g, (_match, round?: string, square?: string) => {
    const content = tidy(round ?? square ?? "");
    if (content) notes.push(content);
    return " ";
  });
}

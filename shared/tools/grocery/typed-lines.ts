// What a person types into a list's quick add, cut into one line per thing to buy: "2 l milk", "onions",
// "3 tomatoes, 1 bunch coriander". Lines end at a newline, a semicolon or a comma, except a comma between two digits
// ("1,5 kg": a decimal comma, read as 1.5) and anything inside parentheses ("onions (red, large)"). A part that is
// only a prep state ("2 onions, chopped") stays with the line before it, as a recipe line would read it.
import { parseIngredientLine } from "../../ingredient-grammar/ingredient-line.ts";

export function typedLines(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (let at = 0; at < text.length; at++) {
    const character = text[at];
    if (character === "(") depth += 1;
    if (character === ")") depth = Math.max(0, depth - 1);
    const decimalComma = character === "," && /\d/.test(text[at - 1] ?? "") && /\d/.test(text[at + 1] ?? "");
    const ends = character === "\n" || character === "\r" ||
      (depth === 0 && (character === ";" || (character === "," && !decimalComma)));
    if (ends) {
      parts.push(current);
      current = "";
      // A newline closes whatever parenthesis was left open on its line.
      if (character === "\n" || character === "\r") depth = 0;
    } else {
      current += decimalComma ? "." : character;
    }
  }
  parts.push(current);
  const lines: string[] = [];
  for (const part of parts.map((part) => part.trim()).filter((part) => part !== "")) {
    if (lines.length > 0 && onlyPrepState(part)) lines[lines.length - 1] += `, ${part}`;
    else lines.push(part);
  }
  return lines;
}

function onlyPrepState(part: string): boolean {
  const line = parseIngredientLine(part);
  return line.name === "" && line.quantity_text === null && line.unit === null && line.prep_state !== null;
}

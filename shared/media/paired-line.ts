import type { ParsedIngredientLine } from "./ingredient-line.ts";

// "salt and pepper", "kosher salt and freshly ground black pepper": two ingredients in one unmeasured line, the
// commonest such pair in recipes. The line becomes two, each with the same original text, so each can match; any
// other "A and B" ("macaroni and cheese") stays one line.
const saltAndPepper = /^(.{0,30}\bsalt)\s+(?:and|&|\+)\s+(.{0,40}\bpeppers?)$/i;

export function splitSaltAndPepper(lines: ParsedIngredientLine[]): ParsedIngredientLine[] {
  return lines.flatMap((line) => {
    const pair = line.quantity === null && !line.quantity_text ? saltAndPepper.exec(line.name) : null;
    if (!pair) return [line];
    return [{ ...line, name: pair[1].trim() }, { ...line, name: pair[2].trim() }];
  });
}

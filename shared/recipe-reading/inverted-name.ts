// "Beef, ground", "Cheese, cheddar", "Flour, all-purpose": a name written as an index writes it, the kind after a
// comma. The line reader takes the kind for a remark (the note); the kind put first ("ground beef") names what is
// bought, so it is looked up before the bare name, and only exactly: "Cheese, grated" is no "grated cheese" unless
// the catalog lists one.
import type { ParsedIngredientLine } from "../ingredient-grammar/ingredient-line.ts";

// A kind that says what to do to it ("Chicken, roasted", "Cream, whipped") is a step, not a product: not put first.
// "ground" is bought so ("ground beef"), and "un-" words say what the product lacks ("Butter, unsalted").
function saysWhichKind(word: string): boolean {
  if (/^(?:and|or|to|for|as|if|at|a|an|the|about|plus|divided|optional|room)$/i.test(word)) return false;
  return !/ed$/i.test(word) || /^(?:ground|un[\p{L}-]+ed)$/iu.test(word);
}

/** The line with its kind put before its name, when it is written "Name, kind"; undefined otherwise. */
export function invertedLine(line: ParsedIngredientLine): ParsedIngredientLine | undefined {
  if (!/^\p{L}+$/u.test(line.name) || line.note === null) return undefined;
  const [kind, ...rest] = line.note.split(/\s*;\s*/);
  const words = kind.split(/\s+/);
  if (words.length > 2 || !words.every((word) => /^\p{L}[\p{L}'’-]*$/u.test(word) && saysWhichKind(word))) {
    return undefined;
  }
  const written = new RegExp(`\\b${line.name}\\s*,\\s*${kind.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`, "iu");
  if (!written.test(line.original)) return undefined;
  return { ...line, name: `${kind} ${line.name}`, note: rest.length > 0 ? rest.join("; ") : null };
}

// A collection's ingredient lines read as every import reads a line (shared/ingredient-grammar), except that a
// format which keeps the amount apart (Mealie, Tandoor, Cooklang) gives the amount itself: its number is used as
// it is (rounded to the 3 decimals a quantity keeps, and then flagged), and its unit when it is one of ours. The
// food and the note are still read by the line reader, for the name, the prep state and the note.
import { type ParsedIngredientLine, parseIngredientLine } from "../ingredient-grammar/ingredient-line.ts";
import { unitOf } from "../ingredient-grammar/units.ts";
import type { CollectionLine } from "./collection-recipe.ts";

const amountProblems = new Set(["range", "no_quantity", "rounded", "no_unit"]);

export function parsedCollectionLine(line: CollectionLine): ParsedIngredientLine {
  const whole = { ...parseIngredientLine(line.text), section: line.section };
  if (!line.parts) return whole;
  const { quantity, unit, food, note } = line.parts;
  const ourUnit = unit === null ? null : unitOf(unit) ?? null;
  // A unit the file names that is none of ours ("clove", "pinch", "bunch"), or no amount at all: the line as the
  // reader reads it, which knows what such words count.
  if (quantity === null || (unit !== null && ourUnit === null)) return whole;
  const rounded = Math.round(quantity * 1000) / 1000;
  if (rounded <= 0) return whole;
  const words = parseIngredientLine(note ? `${food}, ${note}` : food);
  const resolvedUnit = ourUnit ?? whole.unit;
  return {
    ...words,
    original: line.text,
    quantity: rounded,
    quantity_text: String(quantity),
    unit: resolvedUnit,
    unit_text: unit ?? whole.unit_text,
    problems: [
      ...(rounded !== quantity ? ["rounded" as const] : []),
      ...(resolvedUnit === null ? ["no_unit" as const] : []),
      ...words.problems.filter((problem) => !amountProblems.has(problem)),
    ],
    section: line.section,
  };
}

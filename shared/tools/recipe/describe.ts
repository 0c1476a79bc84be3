// Words for recipe lines in the recipe describers.
import type { Names } from "../describe/names.ts";
import { amountOf, counted, listFirstWords } from "../describe/wording.ts";

export interface RecipeLineInput {
  ingredient_id?: string;
  name?: string;
  quantity: number | null;
  unit: string | null;
  prep_state?: string | null;
  note?: string;
}

/** "2 cups flour", "1 onion (chopped)", and for a line without an amount its name and note: "salt (to taste)". */
export function recipeLineWords(line: RecipeLineInput, names: Names): string {
  const name = line.name ?? names.ingredient(line.ingredient_id);
  const details = [line.prep_state, line.note].filter((part) => part).join(", ");
  const amount = line.quantity === null || line.unit === null ? name : amountOf(line.quantity, line.unit, name);
  return details ? `${amount} (${details})` : amount;
}

// A sentence names this many lines without an amount, then counts the rest.
const unquantifiedNamed = 3;

/**
 * "3 ingredients", and when some have no amount, which: "3 ingredients; salt (to taste) and olive oil (for frying)
 * without an amount".
 */
export function recipeLinesWords(lines: readonly RecipeLineInput[], names: Names, word = "ingredient"): string {
  const unquantified = lines.filter((line) => line.quantity === null);
  if (unquantified.length === 0) return counted(lines.length, word);
  const which = listFirstWords(unquantified.map((line) => recipeLineWords(line, names)), unquantifiedNamed);
  return `${counted(lines.length, word)}; ${which} without an amount`;
}

// Words the grocery describers share.
import type { Names } from "../describe/names.ts";
import { amountOf, counted, listWords } from "../describe/wording.ts";

export interface LineInput {
  ingredient_id?: string;
  name?: string;
  quantity: number;
  unit: string;
  prep_state?: string | null;
}

/** "1 l milk", "2 onions (chopped)": a line's amount, its ingredient (or free name) and its prep state. */
export function lineWords(line: LineInput, names: Names): string {
  const name = line.name ?? names.ingredient(line.ingredient_id);
  return amountOf(line.quantity, line.unit, name) + (line.prep_state ? ` (${line.prep_state})` : "");
}

// A push lists this many lines by name, then counts the rest.
const linesNamed = 3;

/** "1 l milk, 2 cups rice and 3 more lines". */
export function linesWords(lines: readonly LineInput[], names: Names): string {
  const named = lines.slice(0, linesNamed).map((line) => lineWords(line, names));
  const rest = lines.length - named.length;
  return listWords(rest > 0 ? [...named, counted(rest, "more line")] : named);
}

/** "garlic on Weekly shop". */
export function itemOnList(itemId: string, names: Names): string {
  return `${names.item(itemId)} on ${names.itemList(itemId)}`;
}

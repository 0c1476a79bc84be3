// What the quick add's autocomplete searches for: the last thing typed, without its amount ("2 l milk, 3 tom" →
// "tom"), and the text before it, which a picked suggestion keeps ("2 l milk, 3 " + "tomato").
import { units } from "@meal-planner/client/tools-client.generated.ts";

const unitWords = [...units].sort((first, second) => second.length - first.length)
  .map((unit) => unit.replace(" ", "\\s+")).join("|");
const amountFirst = new RegExp(`^(\\s*\\d+(?:[.,]\\d+)?\\s*(?:(?:${unitWords})\\s+)?)`, "i");

export function searchedName(text: string): { before: string; name: string } {
  const cut = Math.max(text.lastIndexOf(","), text.lastIndexOf(";"), text.lastIndexOf("\n"));
  // "1,5 kg": a comma between digits is part of the amount, not the end of a line.
  const decimal = cut > 0 && /\d/.test(text[cut - 1]) && /\d/.test(text[cut + 1] ?? "");
  const start = decimal ? Math.max(text.lastIndexOf(",", cut - 1), text.lastIndexOf(";", cut - 1)) + 1 : cut + 1;
  const last = text.slice(start);
  const amount = amountFirst.exec(last)?.[1] ?? last.match(/^\s*/)?.[0] ?? "";
  return { before: text.slice(0, start) + amount, name: last.slice(amount.length).trim().replace(/\s+/g, " ") };
}

// recipe.parse_text over HTTP on ingredient lines alone, for the catalog's vocabulary tests: `read` gives the whole
// draft, `readLines` each line as [original, matched ingredient's name or null, quantity, unit].
import type { TestUser } from "./stack.ts";
import { callToolOk } from "./tools-client.ts";

export function lineReader(user: TestUser) {
  const read = async (lines: string[]) =>
    await callToolOk(user, "recipe.parse_text", { text: `Test\nIngredients\n${lines.join("\n")}` });
  const readLines = async (lines: string[]) =>
    (await read(lines)).lines.map((line) => [line.original, line.ingredient?.name ?? null, line.quantity, line.unit]);
  return { read, readLines };
}

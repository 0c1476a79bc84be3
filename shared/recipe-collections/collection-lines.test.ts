import assert from "node:assert/strict";
import { parseIngredientLine } from "../ingredient-grammar/ingredient-line.ts";
import { parsedCollectionLine } from "./collection-lines.ts";

const structured = (quantity: number | null, unit: string | null, food: string, note: string | null = null) =>
  parsedCollectionLine({
    text: [quantity, unit, food].filter((part) => part !== null).join(" ") + (note ? `, ${note}` : ""),
    section: "Sauce",
    parts: { quantity, unit, food, note },
  });

Deno.test("a structured amount is used as the file holds it, with its unit named in full", () => {
  const line = structured(2, "tablespoon", "olive oil");
  assert.deepEqual(
    [line.quantity, line.quantity_text, line.unit, line.unit_text, line.name, line.section, line.problems],
    [2, "2", "tbsp", "tablespoon", "olive oil", "Sauce", []],
  );
});

Deno.test("the food and note are read for the prep state; the text stays the original", () => {
  const line = structured(1, null, "red onion", "thinly sliced");
  // What the line reader makes of the food and note, whatever its rules for "thinly".
  const words = parseIngredientLine("red onion, thinly sliced");
  assert.equal(line.name, words.name);
  assert.equal(line.prep_state, words.prep_state);
  assert.match(line.prep_state ?? "", /sliced/);
  assert.equal(line.original, "1 red onion, thinly sliced");
  assert.deepEqual(line.problems, ["no_unit"]);
});

Deno.test("a third is rounded to 3 decimals and flagged", () => {
  const line = structured(1 / 3, "cup", "milk");
  assert.equal(line.quantity, 0.333);
  assert.equal(line.quantity_text, String(1 / 3));
  assert.deepEqual(line.problems, ["rounded"]);
});

Deno.test("a unit that is none of ours, or no amount, is read from the line as every import reads it", () => {
  const cloves = structured(3, "clove", "garlic");
  assert.equal(cloves.original, "3 clove garlic");
  assert.equal(cloves.quantity, 3);
  const none = structured(null, null, "maple syrup", "to serve");
  assert.equal(none.quantity, null);
  assert.equal(none.name, "maple syrup");
});

Deno.test("a line without parts is the line reader's reading", () => {
  const line = parsedCollectionLine({ text: "1 1/2 cups buttermilk", section: null });
  assert.deepEqual([line.quantity, line.unit, line.name], [1.5, "cup", "buttermilk"]);
});

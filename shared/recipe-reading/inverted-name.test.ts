import assert from "node:assert/strict";
import { parseIngredientLine } from "../ingredient-grammar/ingredient-line.ts";
import { invertedLine } from "./inverted-name.ts";

// [line, the name with its kind first and the note left, or undefined when the line is not written so]
const cases: [string, [string, string | null] | undefined][] = [
  ["1 lb Beef, ground", ["ground Beef", null]],
  ["1 cup cheese, cheddar, shredded", ["cheddar cheese", null]],
  ["2 cups Flour, all-purpose", ["all-purpose Flour", null]],
  ["1/2 cup Butter, unsalted, softened", ["unsalted Butter", null]],
  ["1 tsp Salt, kosher", ["kosher Salt", null]],
  // A kind that says what to do to it is a step, not a product.
  ["1 chicken, roasted", undefined],
  ["1 cup cream, whipped", undefined],
  // Remarks and amounts are no kind.
  ["Salt, to taste", undefined],
  ["1 teaspoon salt, divided", undefined],
  ["1/2 cup butter, room temperature", undefined],
  // A name of more words, or no comma between them, is read as it is.
  ["2 cups cheddar cheese, sharp", undefined],
  ["1 lb ground beef", undefined],
];

for (const [line, expected] of cases) {
  Deno.test(`invertedLine: "${line}"`, () => {
    const inverted = invertedLine({ ...parseIngredientLine(line), section: null });
    assert.deepEqual(inverted && [inverted.name, inverted.note], expected);
  });
}

import assert from "node:assert/strict";
import { parseIngredientLine } from "./ingredient-line.ts";
import { splitPairedLines } from "./paired-line.ts";

function split(line: string) {
  return splitPairedLines([parseIngredientLine(line)]).map((
    part,
  ) => [part.quantity, part.unit, part.name, part.note]);
}

Deno.test("two counted things in one line become two lines, each with its own number; other pairs do not", () => {
  assert.deepEqual(split("1 egg and 1 egg white"), [[1, null, "egg", null], [1, null, "egg white", null]]);
  assert.deepEqual(split("1 egg + 1 egg yolk"), [[1, null, "egg", null], [1, null, "egg yolk", null]]);
  assert.deepEqual(split("2 eggs plus 2 yolks, beaten"), [[2, null, "eggs", "beaten"], [2, null, "yolks", null]]);
  // A measured line, a dish named with "and", and salt and pepper keep their reading.
  assert.deepEqual(split("1 cup + 2 tablespoons water"), [[18, "tbsp", "water", null]]);
  assert.deepEqual(split("2 cups macaroni and cheese"), [[2, "cup", "macaroni and cheese", null]]);
  assert.deepEqual(split("1 bread and butter pickle"), [[1, null, "bread and butter pickle", null]]);
  assert.deepEqual(split("2 chipotle chiles in adobo plus 2 tablespoons adobo sauce"), [
    [2, null, "chipotle chiles in adobo", "plus 2 tablespoons adobo sauce"],
  ]);
  assert.deepEqual(split("salt and pepper"), [[null, null, "salt", null], [null, null, "pepper", null]]);
});

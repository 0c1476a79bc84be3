// Scaling a recipe to a planned meal's servings, without a browser: the same rounding as the SQL
// (private.scaled_quantity) and the words the recipe screen shows through the shared formatter.
import assert from "node:assert/strict";
import { formatAmount } from "../../shared/client/amounts.ts";
import { scaledWords, scaleLines, scaleQuantity, scaling } from "../../examples/web/src/screens/recipes/scale.ts";

Deno.test("a quantity scales by meal servings over recipe servings, rounded to 3 decimals", () => {
  const table: Array<[number | null, number | null | undefined, number | null | undefined, number | null]> = [
    [2, 6, 4, 3], // 2 cans for 4, made for 6
    [1.5, 6, 4, 2.25],
    [0.1, 3, 1, 0.3], // no float tail (0.1 × 3 is 0.30000000000000004 in floats)
    [1, 2, 6, 0.333], // a third of the recipe
    [2, 2, 6, 0.667],
    [0.5, 1, 3, 0.167],
    [0.001, 1, 4, 0.001], // never below 0.001, as the SQL
    [1.005, 1, 1, 1.005],
    [250, 12, 4, 750],
    [null, 6, 4, null], // a line without a quantity stays without one
    [2, null, 4, 2], // a meal without servings of its own: the recipe as it is
    [2, undefined, 4, 2],
    [2, 6, null, 2], // a recipe without servings cannot be scaled
    [2, 4, 4, 2],
  ];
  for (const [quantity, servings, base, expected] of table) {
    assert.equal(scaleQuantity(quantity, servings, base), expected, `${quantity} × ${servings} ÷ ${base}`);
  }
});

Deno.test("scaled lines read through the shared formatter", () => {
  const lines = [
    { name: "kidney beans", quantity: 2, unit: "can" as const },
    { name: "flour", quantity: 1, unit: "cup" as const },
    { name: "salt", quantity: null, unit: null },
  ];
  const words = (servings: number | null, base: number | null) =>
    scaleLines(lines, servings, base).map((line) =>
      line.quantity === null || line.unit === null ? line.name : formatAmount({ ...line, quantity: line.quantity })
    );
  assert.deepEqual(words(6, 4), ["3 cans kidney beans", "1½ cups flour", "salt"]);
  assert.deepEqual(words(2, 6), ["⅔ can kidney beans", "⅓ cup flour", "salt"]);
  assert.deepEqual(words(null, 4), ["2 cans kidney beans", "1 cup flour", "salt"]);
  // The input is not changed.
  assert.equal(lines[0].quantity, 2);
});

Deno.test("the recipe says when it is scaled, and only then", () => {
  assert.deepEqual(scaling(6, 4), { servings: 6, base: 4 });
  assert.equal(scaling(4, 4), null);
  assert.equal(scaling(null, 4), null);
  assert.equal(scaling(6, null), null);
  assert.equal(scaledWords(6, 4), "Scaled to 6 servings (the recipe serves 4)");
  assert.equal(scaledWords(1, 4), "Scaled to 1 serving (the recipe serves 4)");
});

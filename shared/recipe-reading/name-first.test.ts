import assert from "node:assert/strict";
import { amountFirst } from "./name-first.ts";

Deno.test("amountFirst puts the amount first when a line names its ingredient first", () => {
  assert.equal(amountFirst("Rice – 2 cups"), "2 cups Rice");
  assert.equal(amountFirst("Garlic - 3 cloves, minced"), "3 cloves Garlic, minced");
  assert.equal(amountFirst("Chicken breast – 500g (about 2)"), "500g Chicken breast (about 2)");
  assert.equal(amountFirst("Butter 50 g"), "50 g Butter");
  assert.equal(amountFirst("half-and-half - 1 cup"), "1 cup half-and-half");
  assert.equal(amountFirst("Eggs x 3"), "3 Eggs");
  // Without a separator, an aside may follow the amount.
  assert.equal(amountFirst("Salt 1 teaspoon (4 grams)"), "1 teaspoon Salt (4 grams)");
  // And a remark after a comma, or a range.
  assert.equal(
    amountFirst("Sugar 2/3 cup (133 grams), plus more for coating"),
    "2/3 cup Sugar (133 grams), plus more for coating",
  );
  assert.equal(amountFirst("Unsalted butter 1 cup, or 2 sticks"), "1 cup Unsalted butter, or 2 sticks");
  assert.equal(amountFirst("Milk 1/4 to 1/2 cup"), "1/4 to 1/2 cup Milk");
});

Deno.test("amountFirst leaves a line alone unless an amount and nothing else follows the name", () => {
  for (
    const line of [
      "1 cup flour",
      "Salt - to taste",
      "For the sauce: 2 tbsp butter",
      "Serve with 2 cups rice",
      "Water 2",
      "Water 2 (boiling)",
      "Flour 2 cups sifted",
      "Prep time - 10 minutes",
      "Lemon juice: 1/2 lemon",
      // A hedge before the amount is no name.
      "About 1/2 cup (180g), crystallized honey",
      "A generous 2/3 cup, packed light muscovado sugar",
    ]
  ) {
    assert.equal(amountFirst(line), undefined, line);
  }
});

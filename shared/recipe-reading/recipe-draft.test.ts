import assert from "node:assert/strict";
import { parseIngredientLine } from "../ingredient-grammar/ingredient-line.ts";
import { saysNoAmount } from "./recipe-draft.ts";

Deno.test("a line without an amount that says why is complete as it stands; a bare name or an unread amount is not", () => {
  const cases: [string, boolean][] = [
    ["salt to taste", true],
    ["Salt, to taste", true],
    ["oil for frying", true],
    ["fresh parsley, to serve", true],
    ["a pinch of nutmeg", true],
    ["butter, as needed", true],
    ["cilantro (optional)", true],
    ["neutral oil for deep frying", true],
    ["Fresh cilantro, to top", true],
    ["flour", false],
    ["butter at room temp", false],
    ["2-3 eggs", false],
    ["1 pinch salt", true],
    ["2 drops almond essence", true],
    ["3 handfuls spinach", true],
    ["2 cups flour", false],
  ];
  for (const [line, complete] of cases) {
    assert.equal(saysNoAmount(parseIngredientLine(line)), complete, line);
  }
});

// A recipe's instructions as cook mode's steps, without a browser: a step a line (numbering taken off), and a
// single paragraph a step a sentence, without splitting "1.5 cups" or "approx. 5 minutes".
import assert from "node:assert/strict";
import { recipeSteps } from "../../examples/web/src/screens/recipes/steps.ts";

Deno.test("instructions become steps", () => {
  const table: Array<[string | null, string[]]> = [
    [null, []],
    ["", []],
    ["Fry the onion.\nAdd the beans.\n\nSimmer.", ["Fry the onion.", "Add the beans.", "Simmer."]],
    ["1. Fry the onion.\n2) Add the beans.\nStep 3: Simmer.", ["Fry the onion.", "Add the beans.", "Simmer."]],
    ["- Chop.\n• Stir.", ["Chop.", "Stir."]],
    ["Fry the onion. Add the beans. Simmer for 20 minutes.", [
      "Fry the onion.",
      "Add the beans.",
      "Simmer for 20 minutes.",
    ]],
    ["1. Fry the onion. 2. Add 1.5 cups of stock.", ["Fry the onion.", "Add 1.5 cups of stock."]],
    ["Add 1.5 cups of water and cook approx. 5 minutes.", ["Add 1.5 cups of water and cook approx. 5 minutes."]],
  ];
  for (const [instructions, steps] of table) assert.deepEqual(recipeSteps(instructions), steps, String(instructions));
});

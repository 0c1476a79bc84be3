import assert from "node:assert/strict";
import { parseIngredientLine } from "../ingredient-grammar/ingredient-line.ts";
import { moveNonIngredientLines, nonIngredientKind } from "./non-ingredient-line.ts";

// [line as a page lists it among the ingredients, what it is when it is no ingredient]
const cases: [string, "instruction" | "note" | undefined][] = [
  // Steps of the method: a verb said to the cook, and long or about the oven, the heat or the time.
  ["Heat the vegetable oil to a medium heat in a heavy-bottomed saucepan.", "instruction"],
  ["Pre-heat oven to 400", "instruction"],
  ["Preheat the oven to 200C", "instruction"],
  ["Remove and serve", "instruction"],
  ["Serve with sauce (in notes)", "instruction"],
  ["Once cooked, spoon the chicken rice into bowls and garnish with the chilli.", "instruction"],
  ["Make sure the melted butter and milk mixture has cooled slightly before making the dough.", "instruction"],
  ["Bring to a boil, turn down and let simmer", "instruction"],
  // Notes.
  ["Not included", "note"],
  ["For full ingredient list, see Nutrition", "note"],
  ["Note: the dough keeps for 3 days", "note"],
  ["replace with Louisiana hot sauce for Whole30", "note"],
  ["Recent recipe update: to prevent the filling from leaking, use less butter.", "note"],
  ["For a richer dough, increase the butter to 115 (8 tbsp) and use 360 g flour.", "note"],
  // Ingredients, however they start: an amount first, a short verb-like line, a name that starts as a verb would.
  ["2 tablespoons butter, melted", undefined],
  ["Add-ins: chocolate chips", undefined],
  ["Mix kale & spinach", undefined],
  ["Season salt", undefined],
  ["Roast beef, sliced", undefined],
  ["Top round steak", undefined],
  ["Cooked rice", undefined],
  ["Turnips, peeled", undefined],
  ["Mushrooms, any kind you like. (Shiitake and enoki mushrooms recommended but I only had button ones)", undefined],
  ["Enough water to equal 3/4 cup after orange juice added", undefined],
  ["Salt and pepper, to taste", undefined],
  ["For the sauce", undefined],
];

for (const [line, kind] of cases) {
  Deno.test(`nonIngredientKind: "${line}" is ${kind ?? "an ingredient line"}`, () => {
    assert.equal(nonIngredientKind(line), kind);
  });
}

const parsed = (lines: string[], instructions: string | null) => ({
  title: "Chicken",
  ingredients: lines.map((line) => ({ ...parseIngredientLine(line), section: null })),
  instructions,
  other_lines: ["Serves 4"],
});

Deno.test("moveNonIngredientLines lists steps and notes in other_lines with the reason, and keeps the rest in order", () => {
  const moved = moveNonIngredientLines(
    parsed(["1 chicken", "Pre-heat oven to 400", "2 tbsp oil", "Not included", "salt"], "Roast it."),
  );
  assert.deepEqual(moved.ingredients.map((line) => line.original), ["1 chicken", "2 tbsp oil", "salt"]);
  assert.deepEqual(moved.other_lines, [
    "Serves 4",
    "Not an ingredient (a step of the method): Pre-heat oven to 400",
    "Not an ingredient (a note): Not included",
  ]);
  // The recipe's own method stays as it was.
  assert.equal(moved.instructions, "Roast it.");
});

Deno.test("moveNonIngredientLines makes the steps the method when the recipe has none", () => {
  const moved = moveNonIngredientLines(parsed(["1 chicken", "Pre-heat oven to 400", "Remove and serve"], null));
  assert.equal(moved.instructions, "Pre-heat oven to 400\nRemove and serve");
});

Deno.test("moveNonIngredientLines leaves a recipe of ingredient lines as it is", () => {
  const recipe = parsed(["1 chicken", "2 tbsp oil"], null);
  assert.equal(moveNonIngredientLines(recipe), recipe);
});

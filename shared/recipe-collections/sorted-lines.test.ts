// Each format's lines sorted as a page's are: headings made sections, steps and notes moved to other_lines with their
// reason, and a line whose amount the file keeps apart left an ingredient whatever its words.
import assert from "node:assert/strict";
import { movedLineText, nonIngredientKind } from "../recipe-reading/non-ingredient-line.ts";
import { cooklangRecipeOf } from "./cooklang.ts";
import { mealieRecipeOf } from "./mealie.ts";
import { paprikaRecipeOf } from "./paprika.ts";
import { schemaRecipeOf } from "./schema-org.ts";
import { sortedCollectionRecipe } from "./sorted-lines.ts";
import { tandoorRecipeOf } from "./tandoor.ts";

/** Each kept line as [as written, section]. */
const kept = (sorted: ReturnType<typeof sortedCollectionRecipe>) =>
  sorted.ingredients.map((line) => [line.original, line.section]);

Deno.test("Paprika: a heading, a note and steps among the ingredients text", () => {
  const recipe = paprikaRecipeOf({
    uid: "A1",
    name: "Chicken tacos",
    ingredients: [
      "Pre-heat oven to 400",
      "8 corn tortillas",
      "1 tsp salt",
      "For the sauce:",
      "1 cup tomato sauce",
      "Not included",
      "To serve (optional):",
      "Fresh cilantro",
      "Stir the sauce into the pan and simmer for 10 minutes",
    ].join("\n"),
    directions: "",
  }, "Tacos.paprikarecipe");
  const sorted = sortedCollectionRecipe(recipe);
  assert.deepEqual(kept(sorted), [
    ["8 corn tortillas", null],
    ["1 tsp salt", null],
    ["1 cup tomato sauce", "For the sauce"],
    ["Fresh cilantro", "To serve"],
  ]);
  assert.deepEqual(sorted.other_lines, [
    "Not an ingredient (a step of the method): Pre-heat oven to 400",
    "Not an ingredient (a note): Not included",
    "Not an ingredient (a step of the method): Stir the sauce into the pan and simmer for 10 minutes",
  ]);
  // The recipe had no method: its steps are the method, in their order.
  assert.equal(sorted.instructions, "Pre-heat oven to 400\nStir the sauce into the pan and simmer for 10 minutes");
  assert.equal(sorted.title, "Chicken tacos");
});

Deno.test("Paprika: a recipe with its own method keeps it; the steps are still moved", () => {
  const recipe = paprikaRecipeOf({
    name: "Toast",
    ingredients: "2 slices bread\nPre-heat oven to 400",
    directions: "Toast the bread.",
  }, "Toast.paprikarecipe");
  const sorted = sortedCollectionRecipe(recipe);
  assert.equal(sorted.instructions, "Toast the bread.");
  assert.deepEqual(kept(sorted), [["2 slices bread", null]]);
  assert.deepEqual(sorted.other_lines, [movedLineText("instruction", "Pre-heat oven to 400")]);
});

Deno.test("schema.org: a 'For the sauce:' heading and a note in recipeIngredient", () => {
  const recipe = schemaRecipeOf({
    "@type": "Recipe",
    name: "Pasta",
    recipeIngredient: [
      "200 g spaghetti",
      "For the sauce:",
      "400 g canned tomatoes",
      "2 cloves garlic",
      "Note: use fresh basil if you can",
    ],
    recipeInstructions: ["Boil the pasta."],
  }, "json-ld");
  const sorted = sortedCollectionRecipe(recipe);
  assert.deepEqual(kept(sorted), [
    ["200 g spaghetti", null],
    ["400 g canned tomatoes", "For the sauce"],
    ["2 cloves garlic", "For the sauce"],
  ]);
  assert.deepEqual(sorted.other_lines, ["Not an ingredient (a note): Note: use fresh basil if you can"]);
  assert.equal(sorted.instructions, "Boil the pasta.");
});

Deno.test("Mealie: a structured line that reads like a step stays; its unparsed lines are sorted", () => {
  const step = "Add 1 teaspoon salt to the pot and bring to the boil";
  // The words alone would be moved: the structured line is kept for its parts, not its words.
  assert.equal(nonIngredientKind(step), "instruction");
  const recipe = mealieRecipeOf({
    slug: "boiled-potatoes",
    name: "Boiled potatoes",
    recipe_ingredient: [
      { title: "Potatoes", quantity: 1, unit: { name: "kilogram" }, food: { name: "potatoes" }, note: null },
      { quantity: 1, unit: { name: "teaspoon" }, food: { name: "salt" }, note: null, original_text: step },
      // Not parsed in Mealie: the whole line is its note.
      { quantity: 0, unit: null, food: null, note: "For the butter:" },
      { quantity: 50, unit: { name: "gram" }, food: { name: "butter" }, note: null },
      { quantity: 0, unit: null, food: null, note: "Melt the butter in a small pan over low heat" },
      { title: "Garnish", quantity: 0, unit: null, food: { name: "parsley" }, note: "chopped" },
    ],
    recipe_instructions: [],
  }, "boiled-potatoes.json");
  const sorted = sortedCollectionRecipe(recipe);
  assert.deepEqual(kept(sorted), [
    ["1 kilogram potatoes", "Potatoes"],
    [step, "Potatoes"],
    // The heading written as a line is the section of the lines after it, until the file names its next one.
    ["50 gram butter", "For the butter"],
    ["parsley, chopped", "Garnish"],
  ]);
  // Read from its parts: the amount and food the file keeps apart.
  assert.deepEqual([sorted.ingredients[1].quantity, sorted.ingredients[1].unit, sorted.ingredients[1].name], [
    1,
    "tsp",
    "salt",
  ]);
  assert.deepEqual(sorted.other_lines, [
    "Not an ingredient (a step of the method): Melt the butter in a small pan over low heat",
  ]);
  assert.equal(sorted.instructions, "Melt the butter in a small pan over low heat");
});

Deno.test("Tandoor: a structured line that reads like a step stays; a note-only step leaves", () => {
  const recipe = tandoorRecipeOf(
    {
      name: "Omelette",
      steps: [{
        name: "",
        instruction: "Cook the eggs.",
        ingredients: [
          { is_header: true, note: "Eggs" },
          { food: { name: "eggs" }, unit: null, amount: "3.000", note: null },
          // Tandoor keeps a line it could not parse as the food: the file says it is an ingredient.
          { food: { name: "Whisk the milk into the eggs in a bowl" }, unit: null, amount: "0", no_amount: true },
          { food: null, unit: null, amount: "0", note: "Pre-heat the pan over medium heat" },
        ],
      }],
    },
    "recipe.json",
    "7",
  );
  const sorted = sortedCollectionRecipe(recipe);
  assert.deepEqual(kept(sorted), [
    ["3 eggs", "Eggs"],
    ["Whisk the milk into the eggs in a bowl", "Eggs"],
  ]);
  assert.deepEqual(sorted.other_lines, [
    "Not an ingredient (a step of the method): Pre-heat the pan over medium heat",
  ]);
  // The recipe has its own method: it is kept.
  assert.equal(sorted.instructions, "Cook the eggs.");
});

Deno.test("Cooklang: every line is marked in a step, so each stays with its section", () => {
  const recipe = cooklangRecipeOf(
    "== Dough ==\nMix @flour{500%g} with @water{300%ml}.\n\n== Topping ==\nSpread @tomato sauce{200%g} on top.",
    "Pizza",
  );
  const sorted = sortedCollectionRecipe(recipe);
  assert.deepEqual(kept(sorted), [
    ["500 g flour", "Dough"],
    ["300 ml water", "Dough"],
    ["200 g tomato sauce", "Topping"],
  ]);
  assert.deepEqual(sorted.other_lines, []);
  assert.equal(sorted.instructions, recipe.instructions);
});

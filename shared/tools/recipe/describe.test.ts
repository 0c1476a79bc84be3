import assert from "node:assert/strict";
import { Names } from "../describe/names.ts";
import { recipeLinesWords, recipeLineWords } from "./describe.ts";

const salt = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
const names = new Names({ ingredients: { [salt]: { name: "salt" } } });

Deno.test("a recipe line without an amount reads as its name and note: salt (to taste)", () => {
  assert.equal(
    recipeLineWords({ ingredient_id: salt, quantity: null, unit: null, note: "to taste" }, names),
    "salt (to taste)",
  );
  assert.equal(recipeLineWords({ name: "parsley", quantity: null, unit: null }, names), "parsley");
  assert.equal(
    recipeLineWords({ name: "onion", quantity: 2, unit: "whole", prep_state: "chopped" }, names),
    "2 onions (chopped)",
  );
});

Deno.test("a recipe's lines are counted, and those without an amount named", () => {
  const flour = { name: "flour", quantity: 2, unit: "cup" };
  assert.equal(recipeLinesWords([flour], names), "1 ingredient");
  assert.equal(
    recipeLinesWords([flour, { ingredient_id: salt, quantity: null, unit: null, note: "to taste" }], names),
    "2 ingredients; salt (to taste) without an amount",
  );
  const bare = (name: string) => ({ name, quantity: null, unit: null });
  assert.equal(
    recipeLinesWords([bare("a"), bare("b"), bare("c"), bare("d"), bare("e")], names, "line"),
    "5 lines; a, b, c and 2 more without an amount",
  );
});

Deno.test("recipe.update names three tags and counts the rest as more, never 'mores'", async () => {
  const { updateRecipe } = await import("./tools.ts");
  const recipeId = "9b2e4b0e-3f0a-4f38-9a53-1c1f4b0f2a11";
  const input = updateRecipe.inputSchema.parse({
    recipe_id: recipeId,
    tags: ["quick", "spicy", "vegan", "cheap", "easy"],
  });
  const sentence = updateRecipe.describe!(input, new Names({ recipes: { [recipeId]: { title: "Chilli" } } }));
  assert.match(sentence, /its tags \(quick, spicy, vegan and 2 more\)/);
});

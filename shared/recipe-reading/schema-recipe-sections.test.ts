// JSON-LD lines under the headings of the page's own list; written for this test after what real pages carry.
import assert from "node:assert/strict";
import { schemaRecipeOf } from "./schema-recipe.ts";

const page = (entries: string[], list: string) =>
  `<html><head><script type="application/ld+json">${
    JSON.stringify({ "@type": "Recipe", name: "Cake", recipeIngredient: entries })
  }</script></head><body>${list}</body></html>`;

Deno.test("JSON-LD lines that are the page's list without its headings keep JSON-LD's text under the list's headings", () => {
  const list = `<div class="recipe-ingredients"><h3>Ingredients</h3><p>1x 2x 3x</p><h4>Cake</h4>
    <ul><li>1 cup flour sifted</li><li>2 eggs</li></ul><h4>Glaze</h4><ul><li>1 cup sugar</li></ul></div>`;
  const recipe = schemaRecipeOf(page(["1 cup flour (sifted)", "2 eggs", "1 cup sugar"], list));
  assert.equal(recipe?.source, "json-ld");
  assert.deepEqual(recipe?.ingredients, [
    { line: "1 cup flour (sifted)", section: "Cake" },
    { line: "2 eggs", section: "Cake" },
    { line: "1 cup sugar", section: "Glaze" },
  ]);
  // Other lines than JSON-LD's, or in another order: JSON-LD as it stands.
  const reordered = schemaRecipeOf(page(["2 eggs", "1 cup flour (sifted)", "1 cup sugar"], list));
  assert.deepEqual(reordered?.ingredients.map((entry) => entry.section), [null, null, null]);
});

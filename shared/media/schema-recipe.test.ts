// Each form below was written for this test to reproduce what real recipe pages carry (issue 2); none is copied
// from a page.
import assert from "node:assert/strict";
import { schemaRecipeOf } from "./schema-recipe.ts";

const ld = (json: string) =>
  `<html><head><script type="application/ld+json">${json}</script></head><body></body></html>`;
const lines = (html: string) => schemaRecipeOf(html)?.ingredients.map((entry) => entry.line);

Deno.test("JSON-LD that strict JSON.parse refuses is still read: raw control characters, trailing commas, CDATA, \\'", () => {
  const broken = `//<![CDATA[
{"@context": "https://schema.org", "@type": "Recipe", "name": "Baker\\'s
bread",
 "recipeIngredient": ["2 cups flour", "1 tsp\tsalt",],
 "recipeInstructions": "Mix.",
}
//]]>`;
  assert.throws(() => JSON.parse(broken));
  const recipe = schemaRecipeOf(ld(broken));
  assert.equal(recipe?.name, "Baker's bread");
  assert.deepEqual(recipe?.ingredients.map((entry) => entry.line), ["2 cups flour", "1 tsp salt"]);
});

Deno.test("recipeIngredient given as one string, and the old ingredients property, become lines", () => {
  assert.deepEqual(
    lines(ld(JSON.stringify({ "@type": "Recipe", name: "A", recipeIngredient: "1 cup rice\n2 cups water" }))),
    ["1 cup rice", "2 cups water"],
  );
  assert.deepEqual(lines(ld(JSON.stringify({ "@type": "Recipe", name: "B", ingredients: ["3 eggs"] }))), ["3 eggs"]);
});

Deno.test("the first Recipe with ingredients is read when an earlier one is empty", () => {
  const page = ld(JSON.stringify({ "@type": "Recipe", name: "Teaser" })) +
    ld(JSON.stringify({ "@graph": [{ "@type": "Recipe", name: "Soup", recipeIngredient: ["1 l stock"] }] }));
  assert.deepEqual(schemaRecipeOf(page)?.name, "Soup");
  assert.deepEqual(lines(page), ["1 l stock"]);
});

Deno.test("entities are decoded in lines and title; a multi-line entry is split; headings become sections", () => {
  const recipe = schemaRecipeOf(ld(JSON.stringify({
    "@type": "Recipe",
    name: "Mom&#39;s cake &amp; icing",
    recipeIngredient: [
      "FOR THE MARINADE",
      "2 tbsp soy sauce\n1 tsp honey",
      "## SAUCE",
      "1 cup confectioners&#39; sugar",
      "For the topping:",
      "1/2 cup cream",
    ],
  })));
  assert.equal(recipe?.name, "Mom's cake & icing");
  assert.deepEqual(recipe?.ingredients, [
    { line: "2 tbsp soy sauce", section: "FOR THE MARINADE" },
    { line: "1 tsp honey", section: "FOR THE MARINADE" },
    { line: "1 cup confectioners' sugar", section: "SAUCE" },
    { line: "1/2 cup cream", section: "For the topping" },
  ]);
});

Deno.test("microdata: several names in one itemprop, and a meta whose content comes before itemprop", () => {
  const page = `<div itemscope itemtype="http://schema.org/Recipe">
    <meta content="Garlic &amp; rice" itemprop="name">
    <li itemprop="ingredients recipeIngredient">1 cup white rice</li>
    <meta content="2 cloves garlic" itemprop="recipeIngredient">
  </div>`;
  const recipe = schemaRecipeOf(page);
  assert.equal(recipe?.name, "Garlic & rice");
  assert.deepEqual(recipe?.ingredients.map((entry) => entry.line), ["1 cup white rice", "2 cloves garlic"]);
  assert.equal(recipe?.source, "microdata");
});

Deno.test("without schema.org data, the page's own ingredient list is read, and nothing else", () => {
  const page = `<html><head><meta property="og:title" content="Lemon bars"></head><body>
    <nav><ul><li>Home</li><li>Recipes</li></ul></nav>
    <div class="recipe-ingredients"><h3>Ingredients</h3><ul><li>1 cup flour</li><li>2 lemons</li></ul></div>
    <ol class="steps"><li>Bake.</li></ol></body></html>`;
  const recipe = schemaRecipeOf(page);
  assert.equal(recipe?.name, "Lemon bars");
  assert.equal(recipe?.source, "markup");
  assert.deepEqual(recipe?.ingredients.map((entry) => entry.line), ["1 cup flour", "2 lemons"]);
  const afterHeading = `<h1>Toast</h1><h2>Ingredients</h2><ul><li>2 slices bread</li><li>butter</li></ul>`;
  assert.deepEqual(lines(afterHeading), ["2 slices bread", "butter"]);
  assert.equal(
    schemaRecipeOf("<html><body><h1>Blog</h1><ul><li>Home</li><li>About</li></ul></body></html>"),
    undefined,
  );
});

// A recipe in the data a site framework embeds for its scripts, written for this test after what real pages carry.
import assert from "node:assert/strict";
import { schemaRecipeOf } from "./schema-recipe.ts";

const recipe = { name: "Cacio e pepe crackers", recipeIngredient: ["1 1/2 cups flour", "1 cup pecorino &amp; pepper"] };

Deno.test("a recipeIngredient list in Next.js data or a window assignment is read when no ld+json block has one", () => {
  const next = `<html><body><h1>Crackers</h1><script id="__NEXT_DATA__" type="application/json">${
    JSON.stringify({ props: { pageProps: { meta: { jsonLD: recipe } } } })
  }</script></body></html>`;
  const read = schemaRecipeOf(next);
  assert.equal(read?.source, "embedded-data");
  assert.equal(read?.name, "Cacio e pepe crackers");
  assert.deepEqual(read?.ingredients.map((entry) => entry.line), ["1 1/2 cups flour", "1 cup pecorino & pepper"]);
  const assigned = `<html><body><script>window.__remixContext = ${
    JSON.stringify({ state: { loaderData: { route: { recipe } } } })
  };</script></body></html>`;
  assert.equal(schemaRecipeOf(assigned)?.source, "embedded-data");
  // Code is not evaluated, and other data is not taken for a recipe.
  const code = `<html><body><script>window.recipeIngredient = load(); var data = {"ingredients": ["flour"]};</script>
    </body></html>`;
  assert.equal(schemaRecipeOf(code), undefined);
});

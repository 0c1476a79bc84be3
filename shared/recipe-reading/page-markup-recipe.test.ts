// Pages without schema.org data, each form written for this test after what real pages carry; none is copied from
// a page.
import assert from "node:assert/strict";
import { marksOneIngredient } from "./ingredient-items.ts";
import { pageMarkupRecipeOf } from "./page-markup-recipe.ts";

const lines = (body: string) => pageMarkupRecipeOf(`<html><body>${body}</body></html>`)?.ingredients;

Deno.test("a class name marks one ingredient line when its last word is ingredient, or item after it", () => {
  for (
    const name of [
      "ingredient",
      "p-ingredient",
      "ingredient-item",
      "recipe-ingredients__item",
      "Ingredients_ingredient__j6REm",
      "wprm-recipe-ingredient",
      "IngredientItem_ingredient__ruBoj",
    ]
  ) {
    assert.equal(marksOneIngredient(name), true, name);
  }
  for (
    const name of [
      "ingredients",
      "ingredients-list",
      "wprm-recipe-ingredient-name",
      "ingredient-amount",
      "Ingredients_ingredientGroup__2wu6M",
      "recipe-item",
      "ingredient-group-item",
      "wprm-recipe-instruction-ingredient",
    ]
  ) {
    assert.equal(marksOneIngredient(name), false, name);
  }
});

Deno.test("ingredients marked one element each (hRecipe, plugin and CSS-module classes) are read a line each", () => {
  const hRecipe = `<div class="hrecipe"><h1 class="fn">Pumpkin salad</h1>
    <p><span class="ingredient p-ingredient"><span class="amount">22 <span class="type">oz</span></span>
    <a href="/pumpkin">Hokkaido pumpkin</a></span></p>
    <p><span class="ingredient p-ingredient"><span class="amount">2 <span class="type">Tbsps</span></span>
    <span class="ingredient-container">olive oil</span></span></p>
    <p><span class="ingredient p-ingredient"><span class="ingredient-container">salt</span></span></p></div>`;
  assert.deepEqual(lines(hRecipe), ["22 oz Hokkaido pumpkin", "2 Tbsps olive oil", "salt"]);
  // A page that shows its list three times (screen, print, side panel) gives it once.
  const item = (text: string) => `<div class="Ingredients_ingredient__x7Yq2"><span>${text}</span></div>`;
  const copy = [item("1 medium carrot, chopped"), item("2 tablespoons butter"), item("8 ounces ground beef")].join("");
  assert.deepEqual(lines(`<main>${copy}</main><aside>${copy}</aside><section>${copy}</section>`), [
    "1 medium carrot, chopped",
    "2 tablespoons butter",
    "8 ounces ground beef",
  ]);
});

Deno.test("a menu or notes on the ingredients before the recipe's own list give way to the list", () => {
  const menu = `<nav class="menu-ingredients"><ul><li>Chicken</li><li>Beef</li><li>Lamb</li></ul></nav>`;
  const card = `<div class="recipe-ingredients"><ul><li>1 cup sugar</li><li>2 large eggs</li><li>salt</li></ul></div>`;
  assert.deepEqual(lines(menu + card), ["1 cup sugar", "2 large eggs", "salt"]);
  const notes = `<h2>Ingredients</h2><ul><li>Whole milk – do not go low-fat here.</li>
    <li>Sugar – the granulated kind.</li></ul><p>Keep reading for the recipe.</p>`;
  const recipe = `<h3>Ingredients</h3><ul><li>2 cups whole milk</li><li>1/3 cup sugar</li></ul>`;
  assert.deepEqual(lines(notes + recipe), ["2 cups whole milk", "1/3 cup sugar"]);
  // Notes alone are still what the page says its ingredients are.
  assert.deepEqual(lines(notes), ["Whole milk – do not go low-fat here.", "Sugar – the granulated kind."]);
});

Deno.test("list items without closing tags end at the next item; a scaler's 1x 2x 3x is no section", () => {
  const open = `<h3>Ingredients</h3><ul class="plain"><li><label>2 1/2 pounds chicken wings</label>
    <li><label>1 teaspoon onion powder</label><li><label>salt</label></ul><h3>Method</h3>`;
  assert.deepEqual(lines(open), ["2 1/2 pounds chicken wings", "1 teaspoon onion powder", "salt"]);
  const scaled = `<h3>Ingredients</h3><p><button>1x</button> <button>2x</button> <button>3x</button></p>
    <ul><li>1 cup cocoa</li><li>2 cups butter</li></ul>`;
  assert.deepEqual(lines(scaled), ["1 cup cocoa", "2 cups butter"]);
});

Deno.test("a container's lists and a container's kin that follow it are read, each under its own sub-heading", () => {
  const groups = `<div class="recipe-ingredients"><h3>Ingredients</h3><p>US Customary Metric</p><p>1/2x 1x 2x</p>
    <h4>Yeast version</h4><ul><li>450g bread flour</li><li>9g instant yeast</li></ul>
    <p><strong>Garnishes:</strong> parsley, lemon zest and chili flakes, as you like them</p>
    <p><strong>Seared prawns (optional, see notes)</strong></p><ul><li>16 ounces large shrimp</li><li>oil</li></ul>
    <h4>Notes</h4><ul><li>1 day ahead is fine.</li><li>2 weeks frozen.</li></ul></div>`;
  assert.deepEqual(lines(groups), [
    "Yeast version:",
    "450g bread flour",
    "9g instant yeast",
    "Seared prawns (optional, see notes):",
    "16 ounces large shrimp",
    "oil",
  ]);
  const kin = `<h2>Ingredients</h2><ul class="sections"><li class="section"><h3>Brownies</h3>
    <ul class="ingredients"><li>1 cup flour</li><li>1 tsp baking powder</li></ul></li>
    <li class="section"><h3>Frosting</h3><ul class="ingredients"><li>2 tbsp butter</li><li>2 cups icing sugar</li>
    </ul></li></ul><h2>Method</h2><ol><li>Bake.</li></ol>`;
  assert.deepEqual(lines(kin), [
    "1 cup flour",
    "1 tsp baking powder",
    "Frosting:",
    "2 tbsp butter",
    "2 cups icing sugar",
  ]);
});

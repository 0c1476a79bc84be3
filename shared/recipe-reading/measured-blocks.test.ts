// Tables and <br>-broken paragraphs of ingredients, written for this test after what real pages carry.
import assert from "node:assert/strict";
import { measuredBreaks, measuredTable } from "./measured-blocks.ts";
import { pageMarkupRecipeOf } from "./page-markup-recipe.ts";

const row = (...cells: string[]) => `<tr>${cells.map((cell) => `<td>${cell}</td>`).join("")}</tr>`;

Deno.test("a table of measured ingredients is read a row to a line; nutrition, times and calendars are not", () => {
  const nutrition = `<table>${row("551", "Calories")}${row("26g", "Fat")}${row("54g", "Carbs")}</table>`;
  const times = `<table>${row("6-7 pounds", "2 – 2 1/2 hours")}${row("7-10 pounds", "3 hours")}${
    row("10-18 pounds", "3 1/2 hours")
  }</table>`;
  const calendar = `<table>${row("1", "2", "3")}${row("4", "5", "6")}${row("7", "8", "9")}</table>`;
  const ingredients = `<table><tr><th>Amount</th><th>Ingredient</th></tr>${row("1 ½ cups", "all-purpose flour")}${
    row("1 teaspoon", "baking soda")
  }${row("1 stick", "butter<br><small>room temp.</small>")}</table>`;
  assert.deepEqual(measuredTable(nutrition + times + calendar + ingredients), [
    "1 ½ cups all-purpose flour",
    "1 teaspoon baking soda",
    "1 stick butter room temp.",
  ]);
  assert.equal(measuredTable(nutrition + times + calendar), undefined);
});

Deno.test("a paragraph of measured lines broken with <br> is read; steps and a short note are not", () => {
  const steps = `<p>1. Heat the oil.<br>2. Add the onion.<br>3. Stir.</p>`;
  const note = `<p>Serves 4<br>Takes 20 minutes</p>`;
  const lines = `<div>3 tablespoons olive oil, divided<br>1 pound <a href="/c">chicken breasts</a><br>
    1/2 cup finely chopped onion<br>salt to taste<br>2 cups rice<br>1 lime</div>`;
  assert.deepEqual(measuredBreaks(steps + note + lines), [
    "3 tablespoons olive oil, divided",
    "1 pound chicken breasts",
    "1/2 cup finely chopped onion",
    "salt to taste",
    "2 cups rice",
    "1 lime",
  ]);
  assert.equal(measuredBreaks(steps + note), undefined);
  // A page with nothing else is read that way.
  assert.deepEqual(
    pageMarkupRecipeOf(`<html><body><h1>Rice</h1>${steps}${lines}</body></html>`)?.ingredients.length,
    6,
  );
});

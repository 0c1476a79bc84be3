// recipe.parse_text over HTTP: lines listed among the ingredients that are no ingredient. A heading ("To serve
// (optional):") is the section of the lines under it; a step of the method or a note leaves the ingredient lines
// for other_lines, the reason first, so the draft can be ready; the steps become the method when there is none.
import assert from "node:assert/strict";
import { twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";
import { lineReader } from "../support/parse-text-lines.ts";

const sql = adminSql();
globalThis.addEventListener("unload", () => sql.end());
const { alice } = await twoHouseholds(sql, "parse-text-not-ingredients");

const { read } = lineReader(alice);

Deno.test("steps, notes and headings among the ingredients leave the lines, and the draft is ready", async () => {
  const draft = await read([
    "2 cups spinach",
    "Heat the vegetable oil to a medium heat in a heavy-bottomed saucepan.",
    "3 tbsp olive oil",
    "For full ingredient list, see Nutrition",
    "To serve (optional):",
    "1 lemon",
  ]);
  assert.deepEqual(
    draft.lines.map((line) => [line.original, line.section, line.ingredient?.name ?? null]),
    [
      ["2 cups spinach", null, "spinach"],
      ["3 tbsp olive oil", null, "olive oil"],
      ["1 lemon", "To serve", "lemon"],
    ],
  );
  assert.equal(draft.draft.ingredients.length, 3);
  assert.deepEqual(draft.other_lines, [
    "To serve (optional):",
    "Not an ingredient (a step of the method): Heat the vegetable oil to a medium heat in a heavy-bottomed saucepan.",
    "Not an ingredient (a note): For full ingredient list, see Nutrition",
  ]);
  assert.equal(draft.draft.instructions, "Heat the vegetable oil to a medium heat in a heavy-bottomed saucepan.");
  assert.equal(draft.ready, true);
});

Deno.test("a line that only reads like a step is kept as an ingredient line", async () => {
  const draft = await read(["Season salt", "2 tbsp butter, melted"]);
  assert.deepEqual(draft.lines.map((line) => line.original), ["Season salt", "2 tbsp butter, melted"]);
  assert.deepEqual(draft.other_lines, []);
});

Deno.test("a part the recipe makes itself leaves the lines when the catalog sells no such thing", async () => {
  const draft = await read([
    "Salsa Ranchera (recipe below)",
    "2 cups flour (see recipe below)",
    "1 recipe Italian meringue",
    "4 tomatoes",
    "1 jalapeño",
  ]);
  assert.deepEqual(draft.lines.map((line) => [line.original, line.ingredient?.name ?? null]), [
    ["2 cups flour (see recipe below)", "all-purpose flour"],
    ["4 tomatoes", "tomato"],
    ["1 jalapeño", "jalapeño"],
  ]);
  assert.deepEqual(draft.other_lines, [
    "Not an ingredient to buy (made for this recipe): Salsa Ranchera (recipe below)",
    "Not an ingredient to buy (made for this recipe): 1 recipe Italian meringue",
  ]);
  assert.equal(draft.ready, true);
});

Deno.test("cookware among the ingredients leaves the lines; a thing bought for the kitchen stays", async () => {
  const draft = await read([
    "2 cups flour",
    "9-inch (23 cm) springform pan, greased",
    "Candy thermometer",
    "4 eggs",
  ]);
  assert.deepEqual(draft.lines.map((line) => [line.original, line.ingredient?.name ?? null]), [
    ["2 cups flour", "all-purpose flour"],
    ["4 eggs", "eggs"],
  ]);
  assert.deepEqual(draft.other_lines, [
    "Not an ingredient (cookware): 9-inch (23 cm) springform pan, greased",
    "Not an ingredient (cookware): Candy thermometer",
  ]);
  assert.equal(draft.ready, true);
  const kept = await read(["2 cups flour", "12 bamboo skewers", "parchment paper"]);
  assert.deepEqual(kept.lines.map((line) => line.original), ["2 cups flour", "12 bamboo skewers", "parchment paper"]);
  assert.deepEqual(kept.other_lines, []);
});

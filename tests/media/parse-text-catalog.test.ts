// recipe.parse_text over HTTP on lines the catalog read wrong or not at all before its round of regional names
// (migration 20261126000200_catalog_regional_names.sql): regional and shelf names, forms bought apart, descriptive
// words, sizes before the name, and counted things given their unit.
import assert from "node:assert/strict";
import { callToolOk } from "../support/tools-client.ts";
import { twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";
import { lineReader } from "../support/parse-text-lines.ts";

const sql = adminSql();
globalThis.addEventListener("unload", () => sql.end());
const { alice } = await twoHouseholds(sql, "parse-text-catalog");

const { readLines } = lineReader(alice);

Deno.test("regional names, shelf names and 'pepper' match the catalog exactly", async () => {
  assert.deepEqual(
    await readLines([
      "1 green capsicum, diced",
      "2 cups english spinach",
      "½ cup fresh coriander, chopped",
      "100 g castor sugar",
      "1/2 tsp pepper",
      "1 tsp dry mustard",
      "2 tbsp dark brown soft sugar",
    ]),
    [
      ["1 green capsicum, diced", "green bell pepper", 1, "whole"],
      ["2 cups english spinach", "spinach", 2, "cup"],
      ["½ cup fresh coriander, chopped", "cilantro", 0.5, "cup"],
      ["100 g castor sugar", "caster sugar", 100, "g"],
      ["1/2 tsp pepper", "black pepper", 0.5, "tsp"],
      ["1 tsp dry mustard", "mustard powder", 1, "tsp"],
      ["2 tbsp dark brown soft sugar", "dark brown sugar", 2, "tbsp"],
    ],
  );
});

Deno.test("descriptive words drop only after the whole name, and counted peppers are never black pepper", async () => {
  assert.deepEqual(
    await readLines([
      "2 cups dried penne pasta",
      "1 tsp dried thyme leaves",
      "1/4 cup dark cocoa powder",
      "2 teaspoons fine grain sea salt",
      "1 cup sweet potato, cubed",
      "2 large peppers",
    ]),
    [
      ["2 cups dried penne pasta", "penne", 2, "cup"],
      ["1 tsp dried thyme leaves", "dried thyme", 1, "tsp"],
      ["1/4 cup dark cocoa powder", "cocoa powder", 0.25, "cup"],
      ["2 teaspoons fine grain sea salt", "sea salt", 2, "tsp"],
      ["1 cup sweet potato, cubed", "sweet potato", 1, "cup"],
      ["2 large peppers", null, 2, null],
    ],
  );
});

Deno.test("counted things get the unit the catalog counts them in; a piece of ginger keeps its size in the note", async () => {
  const parsed = await callToolOk(alice, "recipe.parse_text", {
    text: "Test\nIngredients\n4 peppercorns\n2 salmon fillets\n1 thumb-sized piece of ginger\n2 inch ginger root\n" +
      "1 rack of lamb",
  });
  assert.deepEqual(
    parsed.lines.map((line) => [line.ingredient?.name ?? null, line.quantity, line.unit, line.note]),
    [
      ["peppercorns", 4, "piece", null],
      ["salmon", 2, "piece", "fillet"],
      ["ginger", 1, "piece", "thumb-sized piece"],
      ["ginger", 1, "piece", "2 inch"],
      ["rack of lamb", 1, "whole", null],
    ],
  );
  assert.equal(parsed.ready, true, "every line matched with its unit: the draft is ready to save");
});

Deno.test("a line without an amount naming two ingredients is two lines only when each part is one", async () => {
  const parsed = await callToolOk(alice, "recipe.parse_text", {
    text: "Test\nIngredients\nsesame seeds and thinly sliced green onions, to serve\nbread and butter pickles\n" +
      "2 cups macaroni and cheese",
  });
  assert.deepEqual(
    parsed.lines.map((line) => [line.original, line.name, line.ingredient?.name ?? null, line.prep_state, line.note]),
    [
      ["sesame seeds and thinly sliced green onions, to serve", "sesame seeds", "sesame seeds", null, "to serve"],
      ["sesame seeds and thinly sliced green onions, to serve", "green onions", "green onion", "sliced", "to serve"],
      // The whole is an ingredient (pickles, "bread and butter" in the note): one line; nor is a measured line split.
      ["bread and butter pickles", "bread and butter pickles", "pickles", null, "bread and butter"],
      ["2 cups macaroni and cheese", "macaroni and cheese", null, null, null],
    ],
  );
});

Deno.test("a counting word said after a matched name gives the line its count unit", async () => {
  assert.deepEqual(await readLines(["6 cheese slices", "4 celery stalks", "3 garlic cloves"]), [
    ["6 cheese slices", "cheese", 6, "piece"],
    ["4 celery stalks", "celery", 4, "piece"],
    ["3 garlic cloves", "garlic", 3, "piece"],
  ]);
});

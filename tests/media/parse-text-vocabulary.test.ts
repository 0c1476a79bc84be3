// recipe.parse_text over HTTP on everyday ingredients the catalog lacked until it was grown from general cooking
// vocabulary: Indian, Asian and Middle Eastern pantry names, British and Australian names for cuts
// and shelf goods, and counted entries with their count unit.
import assert from "node:assert/strict";
import { callToolOk } from "../support/tools-client.ts";
import { twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";
import { lineReader } from "../support/parse-text-lines.ts";

const sql = adminSql();
globalThis.addEventListener("unload", () => sql.end());
const { alice } = await twoHouseholds(sql, "parse-text-vocabulary");

const { readLines } = lineReader(alice);

Deno.test("pantry names from Indian, Asian and Middle Eastern kitchens read as the catalog's ingredient", async () => {
  assert.deepEqual(
    await readLines([
      "1 cup besan",
      "1 tsp jeera",
      "1/2 cup masoor dal, rinsed",
      "2 tbsp nam pla",
      "1 cup katsuobushi",
      "1 tsp pul biber",
      "2 tbsp linseed",
    ]),
    [
      ["1 cup besan", "chickpea flour", 1, "cup"],
      ["1 tsp jeera", "cumin seeds", 1, "tsp"],
      ["1/2 cup masoor dal, rinsed", "red lentils", 0.5, "cup"],
      ["2 tbsp nam pla", "fish sauce", 2, "tbsp"],
      ["1 cup katsuobushi", "bonito flakes", 1, "cup"],
      ["1 tsp pul biber", "aleppo pepper", 1, "tsp"],
      ["2 tbsp linseed", "flaxseed", 2, "tbsp"],
    ],
  );
});

Deno.test("British and Australian names for cuts and shelf goods, and everyday entries the catalog lacked", async () => {
  assert.deepEqual(
    await readLines([
      "500 g scotch fillet",
      "250 g sausage meat",
      "3 tbsp brown sauce",
      "1 tsp mixed spice",
      "200 g paccheri",
      "2 tbsp dulce de leche",
      "500 g beef cheeks",
      "2 cups wombok, shredded",
      "1 tsp pav bhaji masala",
      "3 tbsp tonkatsu sauce",
    ]),
    [
      ["500 g scotch fillet", "ribeye steak", 500, "g"],
      ["250 g sausage meat", "ground sausage", 250, "g"],
      ["3 tbsp brown sauce", "brown sauce", 3, "tbsp"],
      ["1 tsp mixed spice", "mixed spice", 1, "tsp"],
      ["200 g paccheri", "paccheri", 200, "g"],
      ["2 tbsp dulce de leche", "dulce de leche", 2, "tbsp"],
      ["500 g beef cheeks", "beef cheeks", 500, "g"],
      ["2 cups wombok, shredded", "napa cabbage", 2, "cup"],
      ["1 tsp pav bhaji masala", "pav bhaji masala", 1, "tsp"],
      ["3 tbsp tonkatsu sauce", "tonkatsu sauce", 3, "tbsp"],
    ],
  );
});

Deno.test("new counted catalog entries get the unit they are counted in", async () => {
  const parsed = await callToolOk(alice, "recipe.parse_text", {
    text: "Test\nIngredients\n1 cornish hen\n4 chipolatas\n2 hake fillets\n2 andouille sausages",
  });
  assert.deepEqual(
    parsed.lines.map((line) => [line.ingredient?.name ?? null, line.quantity, line.unit]),
    [
      ["cornish hen", 1, "whole"],
      ["chipolatas", 4, "piece"],
      ["hake", 2, "piece"],
      ["andouille sausage", 2, "piece"],
    ],
  );
  assert.equal(parsed.ready, true, "every line matched with its unit: the draft is ready to save");
});

// recipe.parse_text over HTTP on everyday names the catalog lacked until its shelf-by-shelf pantry round
// (migration 20261126000500_catalog_pantry_vocabulary.sql): baking, grains and pasta, dressings, sauces and
// stocks, cheeses and dairy-free alternatives, cuts, game and fish, drinks, and varieties read as the generic entry
// with the variety kept in the line's note.
import assert from "node:assert/strict";
import { twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";
import { lineReader } from "../support/parse-text-lines.ts";

const sql = adminSql();
globalThis.addEventListener("unload", () => sql.end());
const { alice } = await twoHouseholds(sql, "parse-text-pantry-vocabulary");

const { read, readLines } = lineReader(alice);

Deno.test("the baking shelf: extracts, decorations, mixes and flours by grain", async () => {
  assert.deepEqual(
    await readLines([
      "1 tsp raspberry extract",
      "2 tbsp jimmies",
      "1 cup bisquick",
      "1/2 cup einkorn flour",
      "1 tbsp diastatic malt powder",
      "1 cup marshmallow creme",
      "2 tbsp cookie butter",
      "1/4 cup allulose",
      "1 tbsp blackstrap molasses",
    ]),
    [
      ["1 tsp raspberry extract", "raspberry extract", 1, "tsp"],
      ["2 tbsp jimmies", "sprinkles", 2, "tbsp"],
      ["1 cup bisquick", "baking mix", 1, "cup"],
      ["1/2 cup einkorn flour", "einkorn flour", 0.5, "cup"],
      ["1 tbsp diastatic malt powder", "diastatic malt powder", 1, "tbsp"],
      ["1 cup marshmallow creme", "marshmallow fluff", 1, "cup"],
      ["2 tbsp cookie butter", "cookie butter", 2, "tbsp"],
      ["1/4 cup allulose", "allulose", 0.25, "cup"],
      ["1 tbsp blackstrap molasses", "blackstrap molasses", 1, "tbsp"],
    ],
  );
});

Deno.test("grains, pasta shapes, dressings, sauces and stocks the catalog lacked", async () => {
  assert.deepEqual(
    await readLines([
      "1 cup calrose rice",
      "200 g casarecce",
      "8 oz perciatelli",
      "2 cups cauliflower rice",
      "1/4 cup blue cheese dressing",
      "2 tbsp xo sauce",
      "1 tsp hondashi",
      "4 cups mushroom stock",
      "2 tbsp dill pickle relish",
      "1 cup cream of wheat",
    ]),
    [
      ["1 cup calrose rice", "medium-grain rice", 1, "cup"],
      ["200 g casarecce", "casarecce", 200, "g"],
      ["8 oz perciatelli", "bucatini", 8, "oz"],
      ["2 cups cauliflower rice", "cauliflower rice", 2, "cup"],
      ["1/4 cup blue cheese dressing", "blue cheese dressing", 0.25, "cup"],
      ["2 tbsp xo sauce", "xo sauce", 2, "tbsp"],
      ["1 tsp hondashi", "dashi powder", 1, "tsp"],
      ["4 cups mushroom stock", "mushroom broth", 4, "cup"],
      ["2 tbsp dill pickle relish", "dill relish", 2, "tbsp"],
      ["1 cup cream of wheat", "farina", 1, "cup"],
    ],
  );
});

Deno.test("cheeses, dairy-free alternatives, cuts, game, sausages and drinks", async () => {
  assert.deepEqual(
    await readLines([
      "8 oz bocconcini",
      "1/2 cup vegan mayo",
      "1 lb mexican chorizo",
      "1 lb ground venison",
      "4 oz salt pork",
      "2 tbsp schmaltz",
      "1 cup guinness",
      "2 tbsp chambord",
      "1 tsp citric acid",
      "1 tbsp pickling spice",
    ]),
    [
      ["8 oz bocconcini", "bocconcini", 8, "oz"],
      ["1/2 cup vegan mayo", "vegan mayonnaise", 0.5, "cup"],
      ["1 lb mexican chorizo", "mexican chorizo", 1, "lb"],
      ["1 lb ground venison", "ground venison", 1, "lb"],
      ["4 oz salt pork", "salt pork", 4, "oz"],
      ["2 tbsp schmaltz", "schmaltz", 2, "tbsp"],
      ["1 cup guinness", "stout", 1, "cup"],
      ["2 tbsp chambord", "raspberry liqueur", 2, "tbsp"],
      ["1 tsp citric acid", "citric acid", 1, "tsp"],
      ["1 tbsp pickling spice", "pickling spice", 1, "tbsp"],
    ],
  );
});

Deno.test("jams, mixes, the Asian and Latin pantry, and bar syrups by the names they are sold under", async () => {
  assert.deepEqual(
    await readLines([
      "1/2 cup pepper jelly",
      "4 oz membrillo",
      "2 tbsp brown gravy mix",
      "1 cup potato flakes",
      "2 tbsp minute tapioca",
      "1 cup gandules",
      "2 tbsp ssamjang",
      "1/4 cup anko",
      "1 cup clamato",
      "1 oz orgeat",
      "1 tbsp rubbed sage",
    ]),
    [
      ["1/2 cup pepper jelly", "hot pepper jelly", 0.5, "cup"],
      ["4 oz membrillo", "quince paste", 4, "oz"],
      ["2 tbsp brown gravy mix", "gravy mix", 2, "tbsp"],
      ["1 cup potato flakes", "instant mashed potatoes", 1, "cup"],
      ["2 tbsp minute tapioca", "quick-cooking tapioca", 2, "tbsp"],
      ["1 cup gandules", "pigeon peas", 1, "cup"],
      ["2 tbsp ssamjang", "ssamjang", 2, "tbsp"],
      ["1/4 cup anko", "red bean paste", 0.25, "cup"],
      ["1 cup clamato", "clamato", 1, "cup"],
      ["1 oz orgeat", "orgeat syrup", 1, "oz"],
      ["1 tbsp rubbed sage", "dried sage", 1, "tbsp"],
    ],
  );
});

Deno.test("a variety sold under the generic entry reads as that entry, the variety kept in the note", async () => {
  const parsed = await read([
    "2 bosc pears",
    "1 cup pinot noir",
    "1 lb bay scallops",
    "2 tbsp tawny port",
    "1 cup chardonnay",
    "1 lb ground chuck",
  ]);
  assert.deepEqual(
    parsed.lines.map((line) => [line.ingredient?.name ?? null, line.quantity, line.unit, line.note]),
    [
      ["pear", 2, "whole", "bosc"],
      ["red wine", 1, "cup", "pinot noir"],
      ["scallops", 1, "lb", "bay"],
      ["port", 2, "tbsp", "tawny"],
      ["white wine", 1, "cup", "chardonnay"],
      ["ground beef", 1, "lb", "chuck"],
    ],
  );
});

Deno.test("new counted entries get the unit they are counted in and are bought whole", async () => {
  const parsed = await read([
    "2 hatch chiles",
    "1 sugar pumpkin",
    "4 kaiser rolls",
    "2 turkey thighs",
    "1 lb crab legs",
    "3 duck eggs",
    "12 hawaiian rolls",
    "12 corn husks",
    "1 panettone",
  ]);
  assert.deepEqual(
    parsed.lines.map((line) => [line.ingredient?.name ?? null, line.quantity, line.unit]),
    [
      ["hatch chile", 2, "whole"],
      ["sugar pumpkin", 1, "whole"],
      ["kaiser rolls", 4, "piece"],
      ["turkey thighs", 2, "piece"],
      ["crab legs", 1, "lb"],
      ["duck eggs", 3, "whole"],
      ["hawaiian rolls", 12, "piece"],
      ["corn husks", 12, "piece"],
      ["panettone", 1, "whole"],
    ],
  );
  assert.equal(parsed.ready, true, "every line matched with its unit: the draft is ready to save");
});

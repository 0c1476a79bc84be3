// recipe.parse_text over HTTP on names the catalog lacked until its round of prepared foods, genericised brands and
// world pantries (migration 20261126000800_catalog_prepared_and_world_vocabulary.sql): what is
// bought ready (breads and wrappers, cookies, candy, frozen, deli, canned and jarred, snacks), brand names that are
// the word for the thing, and native names of everyday ingredients from cuisines covered less so far.
import assert from "node:assert/strict";
import { twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";
import { lineReader } from "../support/parse-text-lines.ts";

const sql = adminSql();
globalThis.addEventListener("unload", () => sql.end());
const { alice } = await twoHouseholds(sql, "parse-text-prepared-vocabulary");

const { read, readLines } = lineReader(alice);

Deno.test("prepared and world vocabulary: store-bought doughs, cookies and candy used in baking", async () => {
  assert.deepEqual(
    await readLines([
      "2 cups soda crackers",
      "1 cup oreo crumbs",
      "1 lb yufka",
      "1 cup butterscotch morsels",
      "1/2 cup heath bits",
      "2 cups m&ms",
      "12 oz melting wafers",
      "14 oz caramel candies",
      "1 cup hot fudge",
      "1/2 cup marshmallow bits",
    ]),
    [
      ["2 cups soda crackers", "saltine crackers", 2, "cup"],
      ["1 cup oreo crumbs", "chocolate cookie crumbs", 1, "cup"],
      ["1 lb yufka", "yufka", 1, "lb"],
      ["1 cup butterscotch morsels", "butterscotch chips", 1, "cup"],
      ["1/2 cup heath bits", "toffee bits", 0.5, "cup"],
      ["2 cups m&ms", "candy-coated chocolates", 2, "cup"],
      ["12 oz melting wafers", "candy melts", 12, "oz"],
      ["14 oz caramel candies", "caramel candies", 14, "oz"],
      ["1 cup hot fudge", "hot fudge sauce", 1, "cup"],
      ["1/2 cup marshmallow bits", "marshmallow bits", 0.5, "cup"],
    ],
  );
});

Deno.test("prepared and world vocabulary: frozen, deli, canned and jarred foods and snacks by the names they are sold under", async () => {
  assert.deepEqual(
    await readLines([
      "2 cups hash browns",
      "3 cups stir-fry vegetables",
      "2 cups coffee ice cream",
      "8 oz turkey lunch meat",
      "1/4 cup red pesto",
      "1 can ro-tel",
      "1/4 cup cocktail onions",
      "1 can creamed corn",
      "2 cups cheerios",
      "3 cups rice chex",
      "2 cups crispy rice cereal",
    ]),
    [
      ["2 cups hash browns", "frozen hash browns", 2, "cup"],
      ["3 cups stir-fry vegetables", "stir-fry vegetables", 3, "cup"],
      ["2 cups coffee ice cream", "coffee ice cream", 2, "cup"],
      ["8 oz turkey lunch meat", "deli turkey", 8, "oz"],
      ["1/4 cup red pesto", "sun-dried tomato pesto", 0.25, "cup"],
      ["1 can ro-tel", "diced tomatoes with green chiles", 1, "can"],
      ["1/4 cup cocktail onions", "cocktail onions", 0.25, "cup"],
      ["1 can creamed corn", "creamed corn", 1, "can"],
      ["2 cups cheerios", "toasted oat cereal", 2, "cup"],
      ["3 cups rice chex", "rice chex", 3, "cup"],
      ["2 cups crispy rice cereal", "rice krispies", 2, "cup"],
    ],
  );
});

Deno.test("prepared and world vocabulary: a brand name that is the word for the thing reads as the generic entry", async () => {
  const parsed = await read([
    "1/2 cup best foods mayonnaise",
    "2 tbsp karo syrup",
    "1/4 cup splenda",
    "1 tsp kitchen bouquet",
    "2 tbsp a1 sauce",
    "1 tbsp old bay",
    "3 oz flavored gelatin",
    "8 oz philly cream cheese",
    "2 tbsp kraft parmesan",
    "1 tsp maggi sauce",
  ]);
  assert.deepEqual(
    parsed.lines.map((line) => [line.ingredient?.name ?? null, line.quantity, line.unit, line.note]),
    [
      ["mayonnaise", 0.5, "cup", null],
      ["corn syrup", 2, "tbsp", null],
      ["sucralose sweetener", 0.25, "cup", null],
      ["browning sauce", 1, "tsp", null],
      ["steak sauce", 2, "tbsp", null],
      ["old bay seasoning", 1, "tbsp", null],
      ["jello", 3, "oz", null],
      ["cream cheese", 8, "oz", null],
      ["parmesan", 2, "tbsp", "grated (shelf-stable)"],
      ["maggi seasoning", 1, "tsp", null],
    ],
  );
});

Deno.test("prepared and world vocabulary: world pantries: the usual English name and the native names", async () => {
  assert.deepEqual(
    await readLines([
      "2 tbsp bagoong alamang",
      "1 cup nata de coco",
      "1 tbsp guk ganjang",
      "1/4 cup tenkasu",
      "1 tsp sansho",
      "1 tbsp gula melaka",
      "1 cup ragi flour",
      "1/4 cup kashk",
      "2 tbsp pekmez",
      "1 cup moghrabieh",
      "1/2 cup egusi",
      "1 tsp mitmita",
      "2 tbsp recaito",
      "1 cup polvilho azedo",
      "1 cup cancha",
      "4 oz brunost",
      "1/2 cup lekvar",
    ]),
    [
      ["2 tbsp bagoong alamang", "shrimp paste", 2, "tbsp"],
      ["1 cup nata de coco", "nata de coco", 1, "cup"],
      ["1 tbsp guk ganjang", "korean soup soy sauce", 1, "tbsp"],
      ["1/4 cup tenkasu", "tenkasu", 0.25, "cup"],
      ["1 tsp sansho", "sansho pepper", 1, "tsp"],
      ["1 tbsp gula melaka", "palm sugar", 1, "tbsp"],
      ["1 cup ragi flour", "ragi flour", 1, "cup"],
      ["1/4 cup kashk", "kashk", 0.25, "cup"],
      ["2 tbsp pekmez", "grape molasses", 2, "tbsp"],
      ["1 cup moghrabieh", "pearl couscous", 1, "cup"],
      ["1/2 cup egusi", "egusi", 0.5, "cup"],
      ["1 tsp mitmita", "mitmita", 1, "tsp"],
      ["2 tbsp recaito", "recaito", 2, "tbsp"],
      ["1 cup polvilho azedo", "sour cassava starch", 1, "cup"],
      ["1 cup cancha", "cancha corn", 1, "cup"],
      ["4 oz brunost", "brown cheese", 4, "oz"],
      ["1/2 cup lekvar", "plum butter", 0.5, "cup"],
    ],
  );
});

Deno.test("prepared and world vocabulary: new counted entries get the unit they are counted in and are bought whole", async () => {
  const parsed = await read([
    "1 sponge cake",
    "1 spiral ham",
    "2 snake gourds",
    "6 pan de sal",
    "4 conchas",
    "12 empanada discs",
    "2 moringa pods",
    "4 ice cream sandwiches",
  ]);
  assert.deepEqual(
    parsed.lines.map((line) => [line.ingredient?.name ?? null, line.quantity, line.unit]),
    [
      ["sponge cake", 1, "whole"],
      ["spiral ham", 1, "whole"],
      ["snake gourd", 2, "whole"],
      ["pan de sal", 6, "piece"],
      ["conchas", 4, "piece"],
      ["empanada discs", 12, "piece"],
      ["moringa pods", 2, "piece"],
      ["ice cream sandwiches", 4, "piece"],
    ],
  );
  assert.equal(parsed.ready, true, "every line matched with its unit: the draft is ready to save");
});

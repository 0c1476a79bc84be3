// recipe.parse_text over HTTP on everyday names the catalog lacked until its fourth round (migration
// 20261126001000_catalog_everyday_gaps.sql): names a home cook in the US, UK, Canada, Australia or India
// writes that matched nothing, by the English name, the regional name or the name on the packet; and names left out
// as ambiguous, which stay unmatched.
import assert from "node:assert/strict";
import { twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";
import { lineReader } from "../support/parse-text-lines.ts";

const sql = adminSql();
globalThis.addEventListener("unload", () => sql.end());
const { alice } = await twoHouseholds(sql, "parse-text-everyday-gaps-vocabulary");

const { read, readLines } = lineReader(alice);

Deno.test("everyday gaps vocabulary: names general lines used that matched nothing", async () => {
  assert.deepEqual(
    await readLines([
      "1/2 cup aquafaba",
      "2 tbsp collagen peptides",
      "1 tbsp beet powder",
      "1 tsp shrimp powder",
      "1/2 tsp kelp powder",
      "1 tsp gravy master",
      "2 cups minute rice",
      "1 cup acini di pepe",
      "8 oz white pudding",
      "2 cups yellow rice",
      "2 tbsp dry rub",
      "2 tbsp dry ranch mix",
      "1 packet sloppy joe seasoning mix",
      "1 oz black truffle",
      "1 cup blue cornmeal",
      "15 oz red velvet cake mix",
      "2 cups white sauce",
      "1/4 cup green chutney",
      "2 tbsp tamarind chutney",
      "1 tsp red chili powder",
      "1/2 tsp all spice",
      "1/4 cup pan drippings",
    ]),
    [
      ["1/2 cup aquafaba", "aquafaba", 0.5, "cup"],
      ["2 tbsp collagen peptides", "collagen powder", 2, "tbsp"],
      ["1 tbsp beet powder", "beet powder", 1, "tbsp"],
      ["1 tsp shrimp powder", "shrimp powder", 1, "tsp"],
      ["1/2 tsp kelp powder", "kelp powder", 0.5, "tsp"],
      ["1 tsp gravy master", "browning sauce", 1, "tsp"],
      ["2 cups minute rice", "instant rice", 2, "cup"],
      ["1 cup acini di pepe", "acini de pepe", 1, "cup"],
      ["8 oz white pudding", "white pudding", 8, "oz"],
      ["2 cups yellow rice", "yellow rice", 2, "cup"],
      ["2 tbsp dry rub", "bbq rub", 2, "tbsp"],
      ["2 tbsp dry ranch mix", "ranch seasoning", 2, "tbsp"],
      ["1 packet sloppy joe seasoning mix", "sloppy joe seasoning", 1, "package"],
      ["1 oz black truffle", "black truffle", 1, "oz"],
      ["1 cup blue cornmeal", "blue cornmeal", 1, "cup"],
      ["15 oz red velvet cake mix", "red velvet cake mix", 15, "oz"],
      ["2 cups white sauce", "bechamel sauce", 2, "cup"],
      ["1/4 cup green chutney", "green chutney", 0.25, "cup"],
      ["2 tbsp tamarind chutney", "tamarind chutney", 2, "tbsp"],
      ["1 tsp red chili powder", "red chili powder", 1, "tsp"],
      ["1/2 tsp all spice", "allspice", 0.5, "tsp"],
      ["1/4 cup pan drippings", "pan drippings", 0.25, "cup"],
    ],
  );
});

Deno.test("everyday gaps vocabulary: regional, native and packet names read as the everyday entry", async () => {
  assert.deepEqual(
    await readLines([
      "2 tbsp bisto",
      "200 g tasty cheese",
      "1 tbsp lal mirch powder",
      "2 tbsp khus khus",
      "1 cup sabudana",
      "1 cup matki",
      "2 cups makhana",
      "1 tbsp anardana",
      "1 cup flattened rice",
      "2 tbsp idli podi",
      "1 tbsp lao gan ma",
      "1 tbsp khao khua",
      "1/2 cup naranja agria",
      "2 cups cactus paddles",
      "1 lb kway teow",
      "1 cup whisky",
      "1 tsp sichuan pepper",
      "1 lb strip steak",
      "1 cup partridgeberries",
      "2 tbsp tianmianjiang",
      "1 cup chopped snickers",
      "1/2 cup creamed honey",
    ]),
    [
      ["2 tbsp bisto", "gravy granules", 2, "tbsp"],
      ["200 g tasty cheese", "cheddar cheese", 200, "g"],
      ["1 tbsp lal mirch powder", "red chili powder", 1, "tbsp"],
      ["2 tbsp khus khus", "poppy seeds", 2, "tbsp"],
      ["1 cup sabudana", "tapioca pearls", 1, "cup"],
      ["1 cup matki", "moth beans", 1, "cup"],
      ["2 cups makhana", "makhana", 2, "cup"],
      ["1 tbsp anardana", "anardana", 1, "tbsp"],
      ["1 cup flattened rice", "poha", 1, "cup"],
      ["2 tbsp idli podi", "idli podi", 2, "tbsp"],
      ["1 tbsp lao gan ma", "chili crisp", 1, "tbsp"],
      ["1 tbsp khao khua", "toasted rice powder", 1, "tbsp"],
      ["1/2 cup naranja agria", "sour orange juice", 0.5, "cup"],
      ["2 cups cactus paddles", "nopales", 2, "cup"],
      ["1 lb kway teow", "wide rice noodles", 1, "lb"],
      ["1 cup whisky", "whiskey", 1, "cup"],
      ["1 tsp sichuan pepper", "szechuan peppercorns", 1, "tsp"],
      ["1 lb strip steak", "new york strip steak", 1, "lb"],
      ["1 cup partridgeberries", "lingonberries", 1, "cup"],
      ["2 tbsp tianmianjiang", "sweet bean sauce", 2, "tbsp"],
      ["1 cup chopped snickers", "snickers bars", 1, "cup"],
      ["1/2 cup creamed honey", "creamed honey", 0.5, "cup"],
    ],
  );
});

Deno.test("everyday gaps vocabulary: a variety or style sold under an entry keeps its name in the note", async () => {
  const parsed = await read([
    "8 oz aged cheddar",
    "1 lb jersey royals",
    "2 cups boil-in-bag rice",
    "1 cup vanilla almond milk",
    "1 tsp smoked hot paprika",
    "1/4 cup amontillado",
    "1 tsp white cardamom",
  ]);
  assert.deepEqual(
    parsed.lines.map((line) => [line.ingredient?.name ?? null, line.quantity, line.unit, line.note]),
    [
      ["cheddar cheese", 8, "oz", "aged"],
      ["new potato", 1, "lb", "jersey royal"],
      ["instant rice", 2, "cup", "boil-in-bag"],
      ["almond milk", 1, "cup", "vanilla"],
      ["smoked paprika", 1, "tsp", "hot"],
      ["sherry", 0.25, "cup", "amontillado"],
      ["cardamom pods", 1, "tsp", "white (bleached)"],
    ],
  );
});

Deno.test("everyday gaps vocabulary: new counted entries get the unit they are counted in and are bought whole", async () => {
  const parsed = await read([
    "1 pointed cabbage",
    "2 poussins",
    "1 turkey crown",
    "1 yuzu",
    "4 hot cross buns",
    "6 pav",
    "2 soft-shell crabs",
    "8 meringue nests",
    "1 demi baguette",
  ]);
  assert.deepEqual(
    parsed.lines.map((line) => [line.ingredient?.name ?? null, line.quantity, line.unit]),
    [
      ["pointed cabbage", 1, "whole"],
      ["poussins", 2, "whole"],
      ["turkey crown", 1, "whole"],
      ["yuzu", 1, "whole"],
      ["hot cross buns", 4, "piece"],
      ["pav", 6, "piece"],
      ["soft-shell crabs", 2, "piece"],
      ["meringue nests", 8, "piece"],
      ["baguette", 1, "piece"],
    ],
  );
  assert.equal(parsed.ready, true, "every line matched with its unit: the draft is ready to save");
  const [row] = await sql<{ missing: number }[]>`
    select count(*)::int as missing from public.ingredients i
    where i.household_id is null and i.count_unit = 'whole'
      and i.normalized_name in ('pointed cabbage', 'poussins', 'turkey crown', 'yuzu')
      and not exists (select from public.ingredient_purchase_units p where p.ingredient_id = i.id and p.need_unit = 'whole')`;
  assert.equal(row.missing, 0, "each is bought whole");
});

Deno.test("everyday gaps vocabulary: names left out as ambiguous stay unmatched", async () => {
  const lines = [
    "4 cups broth",
    "2 cups bouillon",
    "1 tbsp orange peel",
    "1 can red beans",
    "1 tsp adobo",
    "1 cup chana",
    "2 tbsp corn flour",
    "1/2 cup curd",
    "1 tsp methi",
    "2 tbsp drippings",
    "2 cups crisps",
  ];
  assert.deepEqual(
    (await readLines(lines)).map(([original, name]) => [original, name]),
    lines.map((line) => [line, null]),
  );
});

// Each of the catalog's rules refuses a file that breaks it, naming the line; the catalog's own files break none.
import assert from "node:assert/strict";
import {
  type Catalog,
  catalogDirectory,
  type CatalogTableName,
  catalogTables,
  parseCatalogTable,
  readCatalog,
} from "./catalog-files.ts";
import { assertCatalogIntegrity, catalogProblems } from "./catalog-integrity.ts";
import { projectRoot } from "../stack/stack-config.ts";

// A small catalog that keeps every rule; each case below replaces one of its files.
const valid: Record<CatalogTableName, string> = {
  units: "code,kind,factor\ng,weight,1\nwhole,count,\npiece,count,\npackage,count,\n",
  grocery_categories: "code,label,default_position\nproduce,Fruit and vegetables,1\npantry,Pantry,2\n",
  units_bought_whole: "unit\npackage\n",
  ingredients: "name,category,count_unit,aisle\nlemon,produce,whole,produce\nflour,pantry,,pantry\n" +
    "garlic,produce,whole,produce\n",
  ingredient_aliases: "alias,ingredient,note,count_unit\nplain flour,flour,,\ngarlic cloves,garlic,cloves,piece\n",
  ingredient_purchase_units: "ingredient,need_unit,per_purchase,purchase_unit,singular,plural\nlemon,whole,1,whole,,\n",
};

function catalogWith(replaced: Partial<Record<CatalogTableName, string>>): Catalog {
  const texts = { ...valid, ...replaced };
  return Object.fromEntries(
    catalogTables.map((spec) => [spec.table, parseCatalogTable(spec, texts[spec.table])]),
  ) as unknown as Catalog;
}

Deno.test("the small catalog the cases start from keeps every rule", () => {
  assert.deepEqual(catalogProblems(catalogWith({})), []);
});

Deno.test("the catalog's own files keep every rule", async () => {
  assertCatalogIntegrity(await readCatalog(catalogDirectory(projectRoot)));
});

const cases: { rule: string; files: Partial<Record<CatalogTableName, string>>; refused: string }[] = [
  {
    rule: "an alias may not fold onto another entry's name",
    files: { ingredient_aliases: "alias,ingredient,note,count_unit\nlemons,flour,,\n" },
    refused: `ingredient_aliases.csv:2: alias "lemons" folds to the name of "lemon" (ingredients.csv:2)`,
  },
  {
    rule: "an alias may not fold onto its own entry's name",
    files: { ingredient_aliases: "alias,ingredient,note,count_unit\nFlour,flour,,\n" },
    refused: `ingredient_aliases.csv:2: alias "Flour" folds to the name of "flour" (ingredients.csv:3)`,
  },
  {
    rule: "one alias may not stand for two entries",
    files: { ingredient_aliases: "alias,ingredient,note,count_unit\nplain flour,flour,,\nplain flour,lemon,,\n" },
    refused: `ingredient_aliases: listed twice: "plain flour" (ingredient_aliases.csv:2) and "plain flour" ` +
      `(ingredient_aliases.csv:3)`,
  },
  {
    rule: "two aliases may not fold to one",
    files: { ingredient_aliases: "alias,ingredient,note,count_unit\nplain flour,flour,,\nplain-flours,lemon,,\n" },
    refused: `aliases that fold to one: "plain flour" (ingredient_aliases.csv:2) and "plain-flours" ` +
      `(ingredient_aliases.csv:3)`,
  },
  {
    rule: "no two entries are one name after folding case and trimming",
    files: { ingredients: `${valid.ingredients}Lemon,produce,whole,produce\n` },
    refused: `one name listed twice: "lemon" (ingredients.csv:2) and "Lemon" (ingredients.csv:5)`,
  },
  {
    rule: "no two entries fold to one name (plurals, punctuation)",
    files: { ingredients: `${valid.ingredients}lemons,produce,,produce\n` },
    refused: `names that fold to one: "lemon" (ingredients.csv:2) and "lemons" (ingredients.csv:5)`,
  },
  {
    rule: "a name is written in lower case, trimmed and single-spaced",
    files: { ingredients: `${valid.ingredients}"rye  flour ",pantry,,pantry\n` },
    refused: `ingredients.csv:5: "rye  flour " is not written in lower case, trimmed, single-spaced`,
  },
  {
    rule: "every entry has an aisle",
    files: { ingredients: `${valid.ingredients}rye flour,pantry,,\n` },
    refused: `ingredients.csv:5: "rye flour" has aisle "", not one of grocery_categories.csv`,
  },
  {
    rule: "an entry's aisle is one of the aisles",
    files: { ingredients: `${valid.ingredients}rye flour,pantry,,baking\n` },
    refused: `ingredients.csv:5: "rye flour" has aisle "baking", not one of grocery_categories.csv`,
  },
  {
    rule: "what is counted in whole ones is bought in whole ones",
    files: { ingredients: `${valid.ingredients}melon,produce,whole,produce\n` },
    refused: `ingredients.csv:5: "melon" is counted in whole ones but has no purchase unit for whole ones`,
  },
  {
    rule: "a count unit is whole or piece",
    files: { ingredient_aliases: "alias,ingredient,note,count_unit\nflour sack,flour,,package\n" },
    refused: `ingredient_aliases.csv:2: count unit "package" is not one of whole, piece`,
  },
  {
    rule: "an alias stands for an entry of the catalog",
    files: { ingredient_aliases: "alias,ingredient,note,count_unit\nplain flour,white flour,,\n" },
    refused: `ingredient_aliases.csv:2: "white flour" is not in ingredients.csv`,
  },
  {
    rule: "a purchase unit is of an entry of the catalog, in units of units.csv",
    files: {
      ingredient_purchase_units: "ingredient,need_unit,per_purchase,purchase_unit,singular,plural\n" +
        "lemon,whole,1,whole,,\nlime,whole,1,bag,,\n",
    },
    refused: `ingredient_purchase_units.csv:3: purchase_unit "bag" is not in units.csv`,
  },
  {
    rule: "a purchase unit is listed once per entry and unit of need",
    files: {
      ingredient_purchase_units: "ingredient,need_unit,per_purchase,purchase_unit,singular,plural\n" +
        "lemon,whole,1,whole,,\nlemon,whole,6,package,bag,bags\n",
    },
    refused: `ingredient_purchase_units: listed twice: "lemon, whole" (ingredient_purchase_units.csv:2) and ` +
      `"lemon, whole" (ingredient_purchase_units.csv:3)`,
  },
  {
    rule: "a unit bought whole is a count unit",
    files: { units_bought_whole: "unit\npackage\ng\n" },
    refused: `units_bought_whole.csv:3: "g" is bought whole but is no count unit of units.csv`,
  },
  {
    rule: "no two aisles share a position",
    files: { grocery_categories: "code,label,default_position\nproduce,Fruit and vegetables,1\npantry,Pantry,1\n" },
    refused: `two aisles in one position: "1" (grocery_categories.csv:2) and "1" (grocery_categories.csv:3)`,
  },
  {
    rule: "a unit has a factor exactly when it is no count unit",
    files: { units: `${valid.units}ml,volume,\n` },
    refused: `units.csv:6: unit "ml" needs a factor exactly when it is no count unit`,
  },
];

for (const { rule, files, refused } of cases) {
  Deno.test(`refused: ${rule}`, () => {
    const catalog = catalogWith(files);
    assert.ok(
      catalogProblems(catalog).includes(refused),
      `expected "${refused}" among:\n${catalogProblems(catalog).join("\n")}`,
    );
    assert.throws(() => assertCatalogIntegrity(catalog), { message: new RegExp(RegExp.escape(refused)) });
  });
}

Deno.test("a file whose header or lines do not fit its table is refused with its line", () => {
  const [ingredients] = catalogTables.filter((spec) => spec.table === "ingredients");
  assert.throws(
    () => parseCatalogTable(ingredients, "name,aisle\nlemon,produce\n"),
    { message: "ingredients.csv:1: the header must be name,category,count_unit,aisle" },
  );
  assert.throws(
    () => parseCatalogTable(ingredients, `${valid.ingredients}rye flour,pantry\n`),
    { message: "ingredients.csv:5: 2 field(s), the header has 4" },
  );
});

Deno.test("a quoted field holds commas and quotes; an empty one is null, an empty quoted one is empty", () => {
  const [aliases] = catalogTables.filter((spec) => spec.table === "ingredient_aliases");
  assert.deepEqual(
    parseCatalogTable(
      aliases,
      'alias,ingredient,note,count_unit\n"salt, kosher",salt,"the ""big"" one",\n' + 'x,y,"",\n',
    )
      .map((row) => row.values),
    [
      { alias: "salt, kosher", ingredient: "salt", note: 'the "big" one', count_unit: null },
      { alias: "x", ingredient: "y", note: "", count_unit: null },
    ],
  );
});

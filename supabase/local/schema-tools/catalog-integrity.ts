// What the name lookups and the shopping list rely on, checked on the catalog's files before anything is loaded or a
// migration written: each broken rule is one line naming the file and line to fix. The database checks the same
// after loading (private.assert_catalog_integrity in supabase/schemas/20_ingredients.sql).
import { foldIngredientName } from "../../../shared/ingredient-grammar/fold-name.ts";
import { type Catalog, type CatalogRow, catalogTables } from "./catalog-files.ts";

// Counted in whole ones but bought otherwise: a head of garlic holds cloves, eggs' whites and yolks come in eggs.
// The same list as private.assert_catalog_integrity's.
export const countedButNotBoughtWhole = new Set([
  "egg whites",
  "egg yolk",
  "head of garlic",
  "head of lettuce",
  "garlic",
]);

// The count units a counted line takes (the check on ingredients.count_unit and ingredient_aliases.count_unit).
export const countUnits = new Set(["whole", "piece"]);

function text(row: CatalogRow, column: string): string {
  return row.values[column] ?? "";
}

/** Rows that share a key as `fold` reads it, as one problem a group: `what "a" (file:1) and "b" (file:9)`. */
function sameUnder(rows: { row: CatalogRow; value: string }[], fold: (value: string) => string, what: string) {
  const groups = new Map<string, { row: CatalogRow; value: string }[]>();
  for (const entry of rows) {
    const key = fold(entry.value);
    groups.set(key, [...groups.get(key) ?? [], entry]);
  }
  return [...groups.values()].filter((group) => group.length > 1).map((group) =>
    `${what}: ${group.map((entry) => `"${entry.value}" (${entry.row.at})`).join(" and ")}`
  );
}

const written = (value: string) => value === value.trim().replace(/\s+/g, " ").toLowerCase() && value !== "";

export function catalogProblems(catalog: Catalog): string[] {
  const problems: string[] = [];
  const { units, grocery_categories, units_bought_whole, ingredients, ingredient_aliases, ingredient_purchase_units } =
    catalog;

  for (const spec of catalogTables) {
    for (const row of catalog[spec.table]) {
      for (const column of spec.key) {
        if (row.values[column] === null) problems.push(`${row.at}: ${spec.table}.${column} is empty`);
      }
    }
    problems.push(
      ...sameUnder(
        catalog[spec.table].map((row) => ({ row, value: spec.key.map((column) => text(row, column)).join(", ") })),
        (value) => value,
        `${spec.table}: listed twice`,
      ),
    );
  }

  const unitKinds = new Map(units.map((row) => [text(row, "code"), text(row, "kind")]));
  for (const row of units) {
    if (!["volume", "weight", "count"].includes(text(row, "kind"))) {
      problems.push(
        `${row.at}: unit "${text(row, "code")}" has kind "${text(row, "kind")}", not volume, weight or count`,
      );
    } else if ((text(row, "kind") === "count") !== (row.values.factor === null)) {
      problems.push(`${row.at}: unit "${text(row, "code")}" needs a factor exactly when it is no count unit`);
    }
  }
  problems.push(
    ...sameUnder(
      grocery_categories.map((row) => ({ row, value: text(row, "default_position") })),
      (value) => value,
      "two aisles in one position",
    ),
  );
  for (const row of units_bought_whole) {
    if (unitKinds.get(text(row, "unit")) !== "count") {
      problems.push(`${row.at}: "${text(row, "unit")}" is bought whole but is no count unit of units.csv`);
    }
  }

  // Names: one spelling each, and none that reads as another once folded (case, accents, punctuation, plurals).
  for (const row of ingredients) {
    if (!written(text(row, "name"))) {
      problems.push(`${row.at}: "${text(row, "name")}" is not written in lower case, trimmed, single-spaced`);
    }
  }
  for (const row of ingredient_aliases) {
    if (!written(text(row, "alias"))) {
      problems.push(`${row.at}: alias "${text(row, "alias")}" is not written in lower case, trimmed, single-spaced`);
    }
  }
  const names = ingredients.map((row) => ({ row, value: text(row, "name") }));
  problems.push(...sameUnder(names, (value) => value.trim().toLowerCase(), "one name listed twice"));
  problems.push(...sameUnder(names, foldIngredientName, "names that fold to one"));

  const byFoldedName = new Map(names.map((entry) => [foldIngredientName(entry.value), entry]));
  for (const row of ingredient_aliases) {
    const clash = byFoldedName.get(foldIngredientName(text(row, "alias")));
    if (clash) {
      problems.push(
        `${row.at}: alias "${text(row, "alias")}" folds to the name of "${clash.value}" (${clash.row.at})`,
      );
    }
  }
  problems.push(
    ...sameUnder(
      ingredient_aliases.map((row) => ({ row, value: text(row, "alias") })),
      foldIngredientName,
      "aliases that fold to one",
    ),
  );

  // What a row refers to is there.
  const ingredientNames = new Set(names.map((entry) => entry.value));
  const aisles = new Set(grocery_categories.map((row) => text(row, "code")));
  for (const row of ingredients) {
    if (!aisles.has(text(row, "aisle"))) {
      problems.push(
        `${row.at}: "${text(row, "name")}" has aisle "${text(row, "aisle")}", not one of grocery_categories.csv`,
      );
    }
  }
  for (const row of [...ingredients, ...ingredient_aliases]) {
    if (row.values.count_unit !== null && !countUnits.has(text(row, "count_unit"))) {
      problems.push(`${row.at}: count unit "${text(row, "count_unit")}" is not one of ${[...countUnits].join(", ")}`);
    }
  }
  for (const row of [...ingredient_aliases, ...ingredient_purchase_units]) {
    if (!ingredientNames.has(text(row, "ingredient"))) {
      problems.push(`${row.at}: "${text(row, "ingredient")}" is not in ingredients.csv`);
    }
  }
  for (const row of ingredient_purchase_units) {
    for (const column of ["need_unit", "purchase_unit"]) {
      if (!unitKinds.has(text(row, column))) {
        problems.push(`${row.at}: ${column} "${text(row, column)}" is not in units.csv`);
      }
    }
    if (!(Number(row.values.per_purchase) > 0)) {
      problems.push(`${row.at}: per_purchase "${text(row, "per_purchase")}" is no number above 0`);
    }
    if ((row.values.singular === null) !== (row.values.plural === null)) {
      problems.push(`${row.at}: singular and plural are both given or both left empty`);
    }
  }

  // What is counted in whole ones is bought in whole ones, so the list never asks for 0.3 of a melon.
  const boughtWhole = new Set(
    ingredient_purchase_units.filter((row) => text(row, "need_unit") === "whole").map((row) => text(row, "ingredient")),
  );
  for (const row of ingredients) {
    const name = text(row, "name");
    if (text(row, "count_unit") === "whole" && !boughtWhole.has(name) && !countedButNotBoughtWhole.has(name)) {
      problems.push(`${row.at}: "${name}" is counted in whole ones but has no purchase unit for whole ones`);
    }
  }
  return problems;
}

/** Throws with every problem, one a line, when the catalog breaks a rule. */
export function assertCatalogIntegrity(catalog: Catalog): void {
  const problems = catalogProblems(catalog);
  if (problems.length > 0) {
    throw new Error(`the catalog's files break ${problems.length} rule(s):\n${problems.join("\n")}`);
  }
}

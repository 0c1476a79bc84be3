// The catalog's loader and migration generator on the test stack's cluster: the files load into a database built from
// supabase/schemas as the migrations build it, a database built from the migrations already holds the files, and a
// change to the files becomes statements that bring such a database to them, twice over without harm.
import assert from "node:assert/strict";
import postgres from "postgres";
import { type Catalog, catalogDirectory, type CatalogRow, readCatalog } from "./catalog-files.ts";
import { catalogProblems } from "./catalog-integrity.ts";
import { applyCatalog, catalogOfDatabase, catalogStatements } from "./catalog-sql.ts";
import { databaseFromMigrations, databaseFromSchemas, dropDatabase } from "./schema-databases.ts";
import { projectRoot } from "../stack/stack-config.ts";

function clusterUrl(): string {
  const url = Deno.env.get("SUPABASE_DB_URL");
  if (!url) throw new Error("SUPABASE_DB_URL is not set: run the tests with deno task test");
  return url;
}

const files = await readCatalog(catalogDirectory(projectRoot));

async function withDatabase(
  make: (cluster: string, name: string, root: string) => Promise<string>,
  name: string,
  use: (sql: postgres.Sql) => Promise<void>,
) {
  const cluster = clusterUrl();
  const sql = postgres(await make(cluster, name, projectRoot), { max: 1, onnotice: () => {} });
  try {
    await use(sql);
  } finally {
    await sql.end();
    await dropDatabase(cluster, name);
  }
}

const row = (values: Record<string, string | null>): CatalogRow => ({ values, at: "test" });

/** The files with a change of each kind: an entry added, one removed, an aisle, an alias moved and one removed. */
function changed(catalog: Catalog): Catalog {
  const copy = structuredClone(catalog);
  const referred = new Set(
    [...copy.ingredient_aliases, ...copy.ingredient_purchase_units].map((entry) => entry.values.ingredient),
  );
  const unreferred = copy.ingredients.find((entry) => !referred.has(entry.values.name))!.values.name;
  copy.ingredients = copy.ingredients.filter((entry) => entry.values.name !== unreferred);
  copy.ingredients.push(row({ name: "test melon", category: "produce", count_unit: "whole", aisle: "produce" }));
  copy.ingredient_purchase_units.push(
    row({
      ingredient: "test melon",
      need_unit: "whole",
      per_purchase: "1",
      purchase_unit: "whole",
      singular: null,
      plural: null,
    }),
  );
  copy.ingredient_aliases.push(
    row({ alias: "tester melon", ingredient: "test melon", note: "tester", count_unit: null }),
  );
  const flour = copy.ingredients.find((entry) => entry.values.name === "00 flour")!;
  flour.values = { ...flour.values, aisle: "bakery" };
  const zoodles = copy.ingredient_aliases.find((entry) => entry.values.alias === "zoodles")!;
  zoodles.values = { ...zoodles.values, ingredient: "zucchini" };
  copy.ingredient_aliases = copy.ingredient_aliases.filter((entry) => entry.values.alias !== "7up");
  const other = copy.grocery_categories.find((entry) => entry.values.code === "other")!;
  other.values = { ...other.values, label: "Everything else" };
  return copy;
}

Deno.test("the catalog's files load into a database built from supabase/schemas as the migrations build it", async () => {
  await withDatabase(databaseFromSchemas, "catalog_loader_from_schemas", async (sql) => {
    await sql.begin((transaction) => applyCatalog(transaction, projectRoot));
    assert.deepEqual(catalogStatements(await catalogOfDatabase(sql), files), []);
  });
});

Deno.test("a database built from the migrations holds the catalog's files: no catalog migration is due", async () => {
  await withDatabase(databaseFromMigrations, "catalog_generator_from_migrations", async (sql) => {
    assert.deepEqual(catalogStatements(await catalogOfDatabase(sql), files), []);
  });
});

Deno.test("a change to the files becomes statements that bring a migrations-built database to them", async () => {
  const wanted = changed(files);
  assert.deepEqual(catalogProblems(wanted), []);
  await withDatabase(databaseFromMigrations, "catalog_generator_change", async (sql) => {
    const statements = catalogStatements(await catalogOfDatabase(sql), wanted);
    assert.ok(statements.length > 1);
    await sql.begin((transaction) => transaction.unsafe(statements.join("\n\n")).simple());
    assert.deepEqual(catalogStatements(await catalogOfDatabase(sql), wanted), []);
    // Applied again (a migration rerun by hand, or the same change in two migrations): nothing changes or fails.
    await sql.begin((transaction) => transaction.unsafe(statements.join("\n\n")).simple());
    assert.deepEqual(catalogStatements(await catalogOfDatabase(sql), wanted), []);
  });
});

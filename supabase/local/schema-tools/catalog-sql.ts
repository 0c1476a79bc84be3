// The catalog's files as SQL: the statements that turn one catalog into another, row by natural key (a unit's code,
// an aisle's code, an ingredient's name, an alias, an ingredient and the unit it is needed in). From an empty catalog
// they load the files; from a migrations-built database they are the next catalog migration. Every insert is
// `on conflict … do update`, so a statement applied twice changes nothing the second time.
import type postgres from "postgres";
import {
  type Catalog,
  catalogDirectory,
  type CatalogRow,
  type CatalogTable,
  type CatalogTableName,
  catalogTables,
  readCatalog,
} from "./catalog-files.ts";
import { assertCatalogIntegrity } from "./catalog-integrity.ts";

export function emptyCatalog(): Catalog {
  return Object.fromEntries(catalogTables.map((spec) => [spec.table, []])) as unknown as Catalog;
}

function literal(value: string | null): string {
  return value === null ? "null" : `'${value.replaceAll("'", "''")}'`;
}

function keyOf(spec: CatalogTable, row: CatalogRow): string {
  return JSON.stringify(spec.key.map((column) => row.values[column]));
}

function sameRow(spec: CatalogTable, first: CatalogRow, second: CatalogRow): boolean {
  return spec.columns.every((column) => first.values[column] === second.values[column]);
}

function tuple(spec: CatalogTable, row: CatalogRow, columns: readonly string[] = spec.columns): string {
  return `(${columns.map((column) => literal(row.values[column])).join(", ")})`;
}

/** `(v.a, v.b::numeric)`-style select list: the values list types its columns as text unless told otherwise. */
function typed(spec: CatalogTable, column: string, prefix = "v."): string {
  const type = spec.types?.[column];
  return type ? `${prefix}${column}::${type}` : `${prefix}${column}`;
}

function valuesList(spec: CatalogTable, rows: CatalogRow[]): string {
  return rows.map((row) => `  ${tuple(spec, row)}`).join(",\n");
}

const catalogScope = "(coalesce(household_id, '00000000-0000-0000-0000-000000000000'::uuid)), normalized_name";

function upsert(spec: CatalogTable, rows: CatalogRow[]): string {
  const columns = spec.columns.join(", ");
  const updates = (names: string[]) => names.map((column) => `${column} = excluded.${column}`).join(", ");
  switch (spec.table) {
    case "ingredients":
      return `insert into public.ingredients (name, category, count_unit, aisle, created_by)\n` +
        `select v.name, v.category, v.count_unit, v.aisle, null\nfrom (values\n${valuesList(spec, rows)}\n` +
        `) as v (${columns})\non conflict (${catalogScope})\n` +
        `do update set ${updates(["category", "count_unit", "aisle"])};`;
    case "ingredient_aliases":
    case "ingredient_purchase_units": {
      const own = spec.columns.filter((column) => column !== "ingredient");
      const conflict = spec.table === "ingredient_aliases" ? "folded_alias" : "ingredient_id, need_unit";
      const changed = spec.table === "ingredient_aliases" ? ["ingredient_id", ...own] : own.slice(1);
      return `insert into public.${spec.table} (ingredient_id, ${own.join(", ")})\n` +
        `select i.id, ${own.map((column) => typed(spec, column)).join(", ")}\nfrom (values\n` +
        `${valuesList(spec, rows)}\n) as v (${columns})\n` +
        `join public.ingredients i on i.household_id is null and i.name = v.ingredient\n` +
        `on conflict (${conflict}) do update set ${updates(changed)};`;
    }
    default: {
      const rest = spec.columns.filter((column) => !spec.key.includes(column));
      return `insert into public.${spec.table} (${columns})\nselect ${
        spec.columns.map((column) => typed(spec, column)).join(", ")
      }\nfrom (values\n${valuesList(spec, rows)}\n) as v (${columns})\non conflict (${spec.key.join(", ")}) do ${
        rest.length > 0 ? `update set ${updates(rest)}` : "nothing"
      };`;
    }
  }
}

function remove(spec: CatalogTable, rows: CatalogRow[]): string {
  const keys = rows.map((row) => `  ${tuple(spec, row, spec.key)}`).join(",\n");
  switch (spec.table) {
    case "ingredients":
      return `delete from public.ingredients where household_id is null and name in (\n${keys}\n);`;
    case "ingredient_purchase_units":
      return `delete from public.ingredient_purchase_units p using public.ingredients i\n` +
        `where i.id = p.ingredient_id and i.household_id is null and (i.name, p.need_unit) in (\n${keys}\n);`;
    default:
      return `delete from public.${spec.table} where (${spec.key.join(", ")}) in (\n${keys}\n);`;
  }
}

export interface CatalogChange {
  table: CatalogTableName;
  /** Rows to insert or update, by natural key. */
  upserted: CatalogRow[];
  /** Rows to delete, by natural key. */
  deleted: CatalogRow[];
}

/** Per table, the rows of `to` that `from` lacks or holds otherwise, and the rows of `from` that `to` lacks. */
export function catalogChanges(from: Catalog, to: Catalog): CatalogChange[] {
  return catalogTables.map((spec) => {
    const before = new Map(from[spec.table].map((row) => [keyOf(spec, row), row]));
    const after = new Set(to[spec.table].map((row) => keyOf(spec, row)));
    return {
      table: spec.table,
      upserted: to[spec.table].filter((row) => {
        const old = before.get(keyOf(spec, row));
        return !old || !sameRow(spec, old, row);
      }),
      deleted: from[spec.table].filter((row) => !after.has(keyOf(spec, row))),
    };
  });
}

/**
 * The statements that make `from` into `to`, in an order every constraint accepts: units and aisles first, then
 * what is deleted from aliases and purchase units (an alias may move to a new spelling), ingredients, their aliases
 * and purchase units, and last the deleted ingredients, units and aisles nothing refers to any more. Ends with the
 * database's own check. Empty when the two agree.
 */
export function catalogStatements(from: Catalog, to: Catalog): string[] {
  const changes = new Map(catalogChanges(from, to).map((change) => [change.table, change]));
  const spec = (table: CatalogTableName) => catalogTables.find((candidate) => candidate.table === table)!;
  const statements: string[] = [];
  const upserts = (table: CatalogTableName) => {
    const rows = changes.get(table)!.upserted;
    if (rows.length > 0) statements.push(upsert(spec(table), rows));
  };
  const deletes = (table: CatalogTableName) => {
    const rows = changes.get(table)!.deleted;
    if (rows.length > 0) statements.push(remove(spec(table), rows));
  };
  upserts("units");
  upserts("grocery_categories");
  upserts("units_bought_whole");
  deletes("ingredient_purchase_units");
  deletes("ingredient_aliases");
  upserts("ingredients");
  upserts("ingredient_aliases");
  upserts("ingredient_purchase_units");
  deletes("ingredients");
  deletes("units_bought_whole");
  deletes("grocery_categories");
  deletes("units");
  if (statements.length > 0) statements.push("select private.assert_catalog_integrity();");
  return statements;
}

/** The catalog a database holds (household ingredients left out), every value as text, as the files write it. */
export async function catalogOfDatabase(sql: postgres.Sql): Promise<Catalog> {
  const catalog = emptyCatalog();
  const queries: Record<CatalogTableName, string> = {
    units: "select code, kind, factor::text from public.units order by code",
    grocery_categories:
      "select code, label, default_position::text from public.grocery_categories order by default_position",
    units_bought_whole: "select unit from public.units_bought_whole order by unit",
    ingredients:
      "select name, category, count_unit, aisle from public.ingredients where household_id is null order by name",
    ingredient_aliases: `select a.alias, i.name as ingredient, a.note, a.count_unit
      from public.ingredient_aliases a join public.ingredients i on i.id = a.ingredient_id order by a.alias`,
    ingredient_purchase_units: `select i.name as ingredient, p.need_unit, p.per_purchase::text, p.purchase_unit,
        p.singular, p.plural
      from public.ingredient_purchase_units p join public.ingredients i on i.id = p.ingredient_id
      order by i.name, p.need_unit`,
  };
  for (const spec of catalogTables) {
    const rows = await sql.unsafe<Record<string, string | null>[]>(queries[spec.table]);
    catalog[spec.table] = rows.map((row, index) => ({
      values: Object.fromEntries(spec.columns.map((column) => [column, row[column]])),
      at: `database ${spec.table} row ${index + 1}`,
    }));
  }
  return catalog;
}

/** The statements that load the catalog's files into a database that has none yet, after checking the files. */
export async function catalogLoadStatements(directory: string): Promise<string[]> {
  const files = await readCatalog(directory);
  assertCatalogIntegrity(files);
  return catalogStatements(emptyCatalog(), files);
}

/**
 * Loads the catalog's files (supabase/schemas/data/*.csv) into a database built from supabase/schemas, inside the
 * caller's transaction: what `databaseFromSchemas` runs after the schema files.
 */
export async function applyCatalog(sql: postgres.Sql | postgres.TransactionSql, projectRoot: string): Promise<void> {
  for (const statement of await catalogLoadStatements(catalogDirectory(projectRoot))) {
    await sql.unsafe(statement).simple();
  }
}

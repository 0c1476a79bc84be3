// The catalog as data: one CSV file a table in supabase/schemas/data, a header line naming the columns, then one entry
// a line. An empty field is null; a field holding a comma or a quote is quoted, CSV-style. Every row keeps the file
// and line it was read from, so a rule that refuses it can name it.
import { join } from "node:path";

export interface CatalogTable {
  table: string;
  columns: readonly string[];
  /** The natural key: what a row is known by across databases (never a uuid). */
  key: readonly string[];
  /** Columns that are not text, with their SQL type. */
  types?: Readonly<Record<string, string>>;
}

// In the order they are loaded: a table after the ones it refers to.
export const catalogTables = [
  { table: "units", columns: ["code", "kind", "factor"], key: ["code"], types: { factor: "numeric" } },
  {
    table: "grocery_categories",
    columns: ["code", "label", "default_position"],
    key: ["code"],
    types: { default_position: "smallint" },
  },
  { table: "units_bought_whole", columns: ["unit"], key: ["unit"] },
  { table: "ingredients", columns: ["name", "category", "count_unit", "aisle"], key: ["name"] },
  { table: "ingredient_aliases", columns: ["alias", "ingredient", "note", "count_unit"], key: ["alias"] },
  {
    table: "ingredient_purchase_units",
    columns: ["ingredient", "need_unit", "per_purchase", "purchase_unit", "singular", "plural"],
    key: ["ingredient", "need_unit"],
    types: { per_purchase: "numeric" },
  },
] as const satisfies readonly CatalogTable[];

export type CatalogTableName = (typeof catalogTables)[number]["table"];

export interface CatalogRow {
  values: Record<string, string | null>;
  /** Where the row was read: `ingredients.csv:12`. */
  at: string;
}

export type Catalog = Record<CatalogTableName, CatalogRow[]>;

export function catalogDirectory(projectRoot: string): string {
  return join(projectRoot, "supabase/schemas/data");
}

/** The fields of each line of a CSV text; a quoted field may hold commas, doubled quotes and line breaks. */
export function csvRecords(source: string): { fields: string[]; quoted: boolean[]; line: number }[] {
  const text = source.replaceAll("\r\n", "\n");
  const records: { fields: string[]; quoted: boolean[]; line: number }[] = [];
  let fields: string[] = [];
  let quoted: boolean[] = [];
  let line = 1;
  let start = 1;
  let index = 0;
  while (index < text.length) {
    let field = "";
    let wasQuoted = false;
    if (text[index] === '"') {
      wasQuoted = true;
      index += 1;
      while (index < text.length) {
        if (text[index] === '"' && text[index + 1] === '"') {
          field += '"';
          index += 2;
        } else if (text[index] === '"') {
          index += 1;
          break;
        } else {
          if (text[index] === "\n") line += 1;
          field += text[index++];
        }
      }
    }
    while (index < text.length && text[index] !== "," && text[index] !== "\n") field += text[index++];
    fields.push(field);
    quoted.push(wasQuoted);
    if (text[index] === ",") {
      index += 1;
      continue;
    }
    index += 1;
    if (!(fields.length === 1 && fields[0] === "" && !wasQuoted)) records.push({ fields, quoted, line: start });
    fields = [];
    quoted = [];
    line += 1;
    start = line;
  }
  return records;
}

export function csvField(value: string | null): string {
  if (value === null) return "";
  return value === "" || /[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One table's rows from its file's text; a header that is not the table's columns, or a short line, is refused. */
export function parseCatalogTable(spec: CatalogTable, text: string, file = `${spec.table}.csv`): CatalogRow[] {
  const [header, ...records] = csvRecords(text);
  if (header?.fields.join(",") !== spec.columns.join(",")) {
    throw new Error(`${file}:1: the header must be ${spec.columns.join(",")}`);
  }
  return records.map((record) => {
    if (record.fields.length !== spec.columns.length) {
      throw new Error(
        `${file}:${record.line}: ${record.fields.length} field(s), the header has ${spec.columns.length}`,
      );
    }
    const values: Record<string, string | null> = {};
    spec.columns.forEach((column, index) => {
      values[column] = record.fields[index] === "" && !record.quoted[index] ? null : record.fields[index];
    });
    return { values, at: `${file}:${record.line}` };
  });
}

export async function readCatalog(directory: string): Promise<Catalog> {
  const catalog = {} as Catalog;
  for (const spec of catalogTables) {
    catalog[spec.table] = parseCatalogTable(spec, await Deno.readTextFile(join(directory, `${spec.table}.csv`)));
  }
  return catalog;
}

export function catalogTableText(spec: CatalogTable, rows: CatalogRow[]): string {
  const lines = rows.map((row) => spec.columns.map((column) => csvField(row.values[column])).join(","));
  return [spec.columns.join(","), ...lines].join("\n") + "\n";
}

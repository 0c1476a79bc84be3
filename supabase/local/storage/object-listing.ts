import { asCaller, type Caller } from "./caller.ts";
import type { ObjectRow, StorageContext } from "./context.ts";
import { pathList } from "./object-reads.ts";
import { readJsonObject } from "./request-body.ts";
import { invalidRequest, json } from "./storage-error.ts";

/** The most rows one listing reads: a folder of a household's photos holds a handful. */
const maxRowsScanned = 10_000;
const sortColumns = ["name", "updated_at", "created_at", "last_accessed_at"] as const;
type SortColumn = typeof sortColumns[number];

interface ListEntry {
  name: string;
  id: string | null;
  updated_at: Date | null;
  created_at: Date | null;
  last_accessed_at: Date | null;
  metadata: Record<string, unknown> | null;
}

function listOptions(body: Record<string, unknown>) {
  const integer = (key: string, fallback: number, minimum: number) => {
    const value = body[key] ?? fallback;
    if (typeof value !== "number" || !Number.isInteger(value) || value < minimum) {
      throw invalidRequest(`body/${key} must be an integer >= ${minimum}`);
    }
    return value;
  };
  if (typeof body.prefix !== "string") throw invalidRequest("body must have required property 'prefix'");
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  const column = (sortBy.column ?? "name") as SortColumn;
  if (!sortColumns.includes(column)) {
    throw invalidRequest(`body/sortBy/column must be one of ${sortColumns.join(", ")}`);
  }
  const order = String(sortBy.order ?? "asc").toLowerCase() === "desc" ? -1 : 1;
  const search = typeof body.search === "string" ? body.search.toLowerCase() : "";
  // As Storage: a prefix names a folder.
  const prefix = body.prefix.length > 0 && !body.prefix.endsWith("/") ? `${body.prefix}/` : body.prefix;
  return {
    prefix,
    limit: Math.min(integer("limit", 100, 1), 1000),
    offset: integer("offset", 0, 0),
    column,
    order,
    search,
  };
}

/**
 * POST /object/list/<bucket> `{ prefix, limit, offset, sortBy, search }`: the folders and objects directly under the
 * prefix that the caller may see (a folder appears when one object under it is visible), folders with null ids, as
 * Storage's search answers.
 */
export async function listObjects(context: StorageContext, request: Request, caller: Caller, bucket: string) {
  const options = listOptions(await readJsonObject(request));
  const pattern = options.prefix.replace(/[\\%_]/g, (character) => `\\${character}`) + "%";
  const rows = await asCaller(context.sql, caller, (transaction) =>
    transaction<ListEntry[]>`
      select name, id, updated_at, created_at, last_accessed_at, metadata from storage.objects
      where bucket_id = ${bucket} and name like ${pattern}
      order by name collate "C" limit ${maxRowsScanned}`);
  const entries = new Map<string, ListEntry>();
  for (const row of rows) {
    const rest = row.name.slice(options.prefix.length);
    const folder = rest.includes("/") ? rest.slice(0, rest.indexOf("/")) : undefined;
    const name = folder ?? rest;
    if (options.search && !name.toLowerCase().startsWith(options.search)) continue;
    if (folder !== undefined) {
      if (!entries.has(`${folder}/`)) {
        entries.set(`${folder}/`, {
          name: folder,
          id: null,
          updated_at: null,
          created_at: null,
          last_accessed_at: null,
          metadata: null,
        });
      }
    } else entries.set(name, { ...row, name });
  }
  const sortKey = (entry: ListEntry) =>
    options.column === "name" ? entry.name : (entry[options.column]?.toISOString() ?? "");
  const sorted = [...entries.values()].sort((a, b) =>
    options.order * (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : a.name < b.name ? -1 : 1)
  );
  return json(sorted.slice(options.offset, options.offset + options.limit));
}

/**
 * DELETE /object/<bucket> `{ prefixes }`: removes the named objects the caller may remove (the delete runs as the
 * caller, so the policies decide; what it may not remove is left alone and not in the answer) and then their files.
 * Answers the removed objects.
 */
export async function removeObjects(context: StorageContext, request: Request, caller: Caller, bucket: string) {
  const names = pathList(await readJsonObject(request), "prefixes");
  const removed = await asCaller(context.sql, caller, (transaction) =>
    transaction<ObjectRow[]>`
      delete from storage.objects where bucket_id = ${bucket} and name = any(${names}::text[])
      returning id, name, bucket_id, owner, owner_id, version, created_at, updated_at, last_accessed_at, metadata,
        user_metadata`);
  for (const object of removed) await context.files.remove(object.version);
  return json(removed);
}

// What a database's schema is, as text a person can diff: every function with its body, settings and grants, every
// table's columns, constraints, indexes, triggers, policies and grants, every view and sequence, the default
// privileges, in the schemas our migrations write. Two databases that should be the same (one that applied a corrected migration fresh, one that applied the
// old one and the migrations after it) are compared through this rather than pg_dump, which the npm PostgreSQL builds
// do not ship and Debian's refuses to run against a newer server.
import postgres from "postgres";

/** The schemas our migrations own (auth's and storage's tables are the platform's; only our triggers there count). */
export const ourSchemas = ["public", "private", "app"];

/** Object name → its definition, for every object of ours; sorted keys make a stable diff. */
export type CatalogSnapshot = Record<string, string>;

/** A privilege list in a stable order: the order grants were made in is not part of what they allow. */
const acl = (column: string) =>
  `coalesce((select pg_catalog.string_agg(item::text, ',' order by item::text) from pg_catalog.unnest(${column}) item), '')`;

const queries: Record<string, string> = {
  function: `
    select p.oid::regprocedure::text as name,
      pg_catalog.pg_get_functiondef(p.oid) || ' acl=' || ${acl("p.proacl")} as definition
    from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    where n.nspname = any($1) and p.prokind in ('f', 'p')
      and not exists (select 1 from pg_catalog.pg_depend e
                      where e.classid = 'pg_catalog.pg_proc'::regclass and e.objid = p.oid and e.deptype = 'e')`,
  relation: `
    select c.oid::regclass::text as name,
      c.relkind::text || ' rls=' || c.relrowsecurity || ' force=' || c.relforcerowsecurity
        || coalesce(' options=' || pg_catalog.array_to_string(c.reloptions, ','), '')
        || ' acl=' || ${acl("c.relacl")}
        || coalesce(' view=' || pg_catalog.pg_get_viewdef(c.oid), '') as definition
    from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname = any($1) and c.relkind in ('r', 'p', 'v', 'm', 'S')`,
  column: `
    select c.oid::regclass::text || '.' || a.attname as name,
      pg_catalog.format_type(a.atttypid, a.atttypmod) || ' notnull=' || a.attnotnull
        || coalesce(' default=' || pg_catalog.pg_get_expr(d.adbin, d.adrelid), '')
        || ' generated=' || a.attgenerated::text || ' identity=' || a.attidentity::text
        || ' acl=' || ${acl("a.attacl")} as definition
    from pg_catalog.pg_attribute a
    join pg_catalog.pg_class c on c.oid = a.attrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where n.nspname = any($1) and c.relkind in ('r', 'p', 'v', 'm') and a.attnum > 0 and not a.attisdropped`,
  constraint: `
    select t.oid::regclass::text || ' constraint ' || k.conname as name,
      pg_catalog.pg_get_constraintdef(k.oid) as definition
    from pg_catalog.pg_constraint k
    join pg_catalog.pg_class t on t.oid = k.conrelid
    join pg_catalog.pg_namespace n on n.oid = t.relnamespace
    where n.nspname = any($1)`,
  index: `
    select i.indexrelid::regclass::text as name, pg_catalog.pg_get_indexdef(i.indexrelid) as definition
    from pg_catalog.pg_index i
    join pg_catalog.pg_class t on t.oid = i.indrelid
    join pg_catalog.pg_namespace n on n.oid = t.relnamespace
    where n.nspname = any($1)`,
  // Triggers on our tables and ours on the platform's (auth.users), not the platform's own or constraint triggers.
  trigger: `
    select t.tgrelid::regclass::text || ' trigger ' || t.tgname as name,
      pg_catalog.pg_get_triggerdef(t.oid) || ' enabled=' || t.tgenabled::text as definition
    from pg_catalog.pg_trigger t
    join pg_catalog.pg_proc p on p.oid = t.tgfoid
    join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    where not t.tgisinternal and n.nspname = any($1)`,
  policy: `
    select p.schemaname || '.' || p.tablename || ' policy ' || p.policyname as name,
      p.permissive || ' ' || p.cmd || ' to ' || p.roles::text || ' using ' || coalesce(p.qual, '')
        || ' check ' || coalesce(p.with_check, '') as definition
    from pg_catalog.pg_policies p
    where p.schemaname = any($1) or p.tablename = 'messages' and p.schemaname = 'realtime'
      or p.schemaname = 'storage'`,
  schema: `
    select 'schema ' || n.nspname as name, ${acl("n.nspacl")} as definition
    from pg_catalog.pg_namespace n where n.nspname = any($1)`,
  // Default privileges (`alter default privileges`): what every function and table made later is granted.
  "default privileges": `
    select coalesce(pg_catalog.pg_get_userbyid(d.defaclrole), '') || ' in ' || coalesce(n.nspname, 'every schema')
        || ' on ' || d.defaclobjtype::text as name,
      ${acl("d.defaclacl")} as definition
    from pg_catalog.pg_default_acl d left join pg_catalog.pg_namespace n on n.oid = d.defaclnamespace
    where n.nspname is null or n.nspname = any($1)`,
  type: `
    select t.oid::regtype::text as name,
      t.typtype::text || coalesce(' ' || (select string_agg(e.enumlabel, ',' order by e.enumsortorder)
                                         from pg_catalog.pg_enum e where e.enumtypid = t.oid), '')
        || coalesce(' ' || pg_catalog.pg_get_constraintdef(k.oid), '') as definition
    from pg_catalog.pg_type t
    join pg_catalog.pg_namespace n on n.oid = t.typnamespace
    left join pg_catalog.pg_constraint k on k.contypid = t.oid
    where n.nspname = any($1) and t.typtype in ('e', 'd')`,
};

/** The catalog of the database at `url`, object by object. */
export async function catalogSnapshot(url: string, schemas = ourSchemas): Promise<CatalogSnapshot> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    // Definitions are printed with every name qualified, whatever the connection's search_path.
    await sql`select pg_catalog.set_config('search_path', '', false)`;
    const snapshot: CatalogSnapshot = {};
    for (const [kind, query] of Object.entries(queries)) {
      const rows = await sql.unsafe<{ name: string; definition: string }[]>(query, [schemas]);
      for (const row of rows) snapshot[`${kind} ${row.name}`] = row.definition;
    }
    return Object.fromEntries(Object.entries(snapshot).sort(([a], [b]) => a.localeCompare(b)));
  } finally {
    await sql.end();
  }
}

/** What differs between two snapshots, one line per object: missing on a side, or defined otherwise. */
export function catalogDifferences(expected: CatalogSnapshot, actual: CatalogSnapshot): string[] {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  const lines: string[] = [];
  for (const name of names) {
    if (!(name in actual)) lines.push(`only in the first: ${name}`);
    else if (!(name in expected)) lines.push(`only in the second: ${name}`);
    else if (expected[name] !== actual[name]) {
      lines.push(`${name} differs:\n    first:  ${expected[name]}\n    second: ${actual[name]}`);
    }
  }
  return lines;
}

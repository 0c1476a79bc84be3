// recipe.parse_text over HTTP on the catalog's vocabulary: each group of catalog-cases.jsonl is read as one recipe's
// ingredient lines, and each line must read as its case says. A group line names the test and may say whether the
// draft is ready and which entries must be bought whole; each case line gives the line as written and the fields it
// checks (ingredient: the matched entry's name or null; quantity, unit, note, name, prep_state), or `reads_as` when
// the line reads as several. A new catalog entry or name gets its case here, in the group of its kind.
import assert from "node:assert/strict";
import { join } from "node:path";
import { twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";
import { lineReader } from "../support/parse-text-lines.ts";

interface Expected {
  ingredient?: string | null;
  quantity?: number | null;
  unit?: string | null;
  note?: string | null;
  name?: string | null;
  prep_state?: string | null;
}

interface Case extends Expected {
  line: string;
  reads_as?: Expected[];
}

interface Group {
  group: string;
  ready?: boolean;
  bought_whole?: string[];
  cases: Case[];
}

function groupsOf(text: string): Group[] {
  const groups: Group[] = [];
  for (const [index, line] of text.split("\n").entries()) {
    if (!line.trim()) continue;
    const entry = JSON.parse(line);
    if ("group" in entry) groups.push({ ...entry, cases: [] });
    else if (groups.length === 0) throw new Error(`catalog-cases.jsonl:${index + 1}: a case before any group`);
    else groups.at(-1)!.cases.push(entry);
  }
  return groups;
}

const groups = groupsOf(await Deno.readTextFile(join(import.meta.dirname!, "catalog-cases.jsonl")));

const sql = adminSql();
globalThis.addEventListener("unload", () => sql.end());
const { alice } = await twoHouseholds(sql, "catalog-vocabulary");
const { read } = lineReader(alice);

type ParsedLine = Awaited<ReturnType<typeof read>>["lines"][number];

/** The fields of `line` that `expected` names, as the case writes them. */
function fieldsOf(line: ParsedLine, expected: Expected): Record<string, unknown> {
  const actual: Record<string, unknown> = { line: line.original };
  for (const field of Object.keys(expected)) {
    actual[field] = field === "ingredient" ? line.ingredient?.name ?? null : line[field as keyof ParsedLine];
  }
  return actual;
}

for (const group of groups) {
  Deno.test(group.group, async () => {
    const draft = await read(group.cases.map((entry) => entry.line));
    const expected = group.cases.flatMap(({ reads_as, ...entry }) =>
      reads_as ? reads_as.map((part) => ({ line: entry.line, ...part })) : [entry]
    );
    assert.equal(draft.lines.length, expected.length, "one parsed line per case (or per part of a split line)");
    assert.deepEqual(
      draft.lines.map((line, index) => {
        const { line: _, ...fields } = expected[index];
        return fieldsOf(line, fields);
      }),
      expected,
    );
    if (group.ready !== undefined) {
      assert.equal(draft.ready, group.ready, group.ready ? "every line matched with its unit" : "not ready");
    }
    if (group.bought_whole) {
      const [row] = await sql<{ missing: string[] }[]>`
        select coalesce(array_agg(i.name), '{}') as missing from public.ingredients i
        where i.household_id is null and i.count_unit = 'whole' and i.normalized_name = any(${group.bought_whole})
          and not exists (
            select from public.ingredient_purchase_units p where p.ingredient_id = i.id and p.need_unit = 'whole')`;
      assert.deepEqual(row.missing, [], "each is bought whole");
    }
  });
}

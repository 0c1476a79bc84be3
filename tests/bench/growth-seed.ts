// Bulk households for `deno task bench:growth`: each statement writes one table for a whole range of households,
// set-based (generate_series), as the postgres superuser. Ids are derived from the household's number
// (md5(…)::uuid), so that a child row names its parent without a join. Triggers and foreign-key checks are off
// for the session (session_replication_role = replica): the rows are consistent by construction, and checking
// tens of millions of them one by one would take most of the run.
import type { Sql } from "../../shared/db/client.ts";

/** What each bulk household holds: in proportion to a household that has used the app for a year. */
const bulkHousehold = {
  recipes: 8,
  linesPerRecipe: 6,
  ingredients: 2,
  /** Dinners on two days a week, over a year. */
  mealDays: 104,
  lists: 2,
  itemsPerList: 12,
  invocations: 24,
};

/** The tables the growth bench reports row counts of. */
const growthTables = [
  "auth.users",
  "public.households",
  "public.household_members",
  "public.ingredients",
  "public.recipes",
  "public.recipe_ingredients",
  "public.planner_meals",
  "public.grocery_lists",
  "public.grocery_items",
  "public.grocery_item_sources",
  "public.tool_invocations",
];

// The household's number leads each id, so that every index on an id or a household id fills from the right,
// chunk after chunk, instead of at random places in an index far larger than the buffer cache.
const id = (kind: string, suffix = "") =>
  `(lpad(to_hex(g), 8, '0') || substr(md5('growth-${kind}-' || g${suffix}), 9))::uuid`;

/** Households number `from` to `to` (inclusive), each with its owner and its data (see bulkHousehold). */
export async function seedBulkHouseholds(sql: Sql, from: number, to: number, catalogIds: string[]): Promise<void> {
  const shape = bulkHousehold;
  await sql.begin(async (sql) => {
    await sql`set local session_replication_role = replica`;
    await sql`set local synchronous_commit = off`;
    await sql.unsafe(`
      create temporary table growth_range on commit drop as
      select g, ${id("user")} as user_id, ${id("household")} as household_id
      from generate_series(${from}, ${to}) g`);
    await sql.unsafe(`
      insert into auth.users (id, aud, role, email, created_at, updated_at)
      select user_id, 'authenticated', 'authenticated', 'growth-' || g || '@example.com', now(), now()
      from growth_range`);
    await sql.unsafe(`
      insert into public.households (id, name, created_by) select household_id, 'My household', user_id
      from growth_range`);
    await sql.unsafe(`
      insert into public.household_members (household_id, user_id, role) select household_id, user_id, 'owner'
      from growth_range`);
    await sql.unsafe(`
      insert into public.ingredients (id, household_id, name, created_by)
      select ${id("ingredient", " || '-' || k")}, household_id, 'Home spice ' || g || ' ' || k, user_id
      from growth_range, generate_series(1, ${shape.ingredients}) k`);
    await sql.unsafe(`
      insert into public.recipes (id, household_id, title, tags, rating, servings, created_by)
      select ${id("recipe", " || '-' || k")}, household_id, 'Dish ' || k || ' of ' || g,
        array['dinner', 'tag' || (k % 5)], 1 + (g + k) % 5, 4, user_id
      from growth_range, generate_series(1, ${shape.recipes}) k`);
    await sql.unsafe(
      `
      insert into public.recipe_ingredients (id, recipe_id, household_id, ingredient_id, quantity, unit, position)
      select ${id("line", " || '-' || k || '-' || line")}, ${id("recipe", " || '-' || k")}, household_id,
        ($1::uuid[])[1 + (g * 7 + k * 3 + line) % cardinality($1::uuid[])], 1 + line % 3, 'cup', line
      from growth_range, generate_series(1, ${shape.recipes}) k, generate_series(0, ${shape.linesPerRecipe - 1}) line`,
      [
        catalogIds,
      ],
    );
    await sql.unsafe(`
      insert into public.planner_meals (id, household_id, recipe_id, date, meal_type, created_by)
      select ${id("meal", " || '-' || d")}, household_id, ${
      id("recipe", ` || '-' || (1 + (g + d) % ${shape.recipes})`)
    },
        date '2026-01-01' + (d * 7) / 2, 'dinner', user_id
      from growth_range, generate_series(0, ${shape.mealDays - 1}) d`);
    await sql.unsafe(`
      insert into public.grocery_lists (id, household_id, name, created_by)
      select ${id("list", " || '-' || k")}, household_id, 'List ' || k, user_id
      from growth_range, generate_series(1, ${shape.lists}) k`);
    await sql.unsafe(
      `
      insert into public.grocery_items (id, grocery_list_id, household_id, ingredient_id, quantity, unit, checked,
        checked_by, checked_at, created_by)
      select ${id("item", " || '-' || k || '-' || n")}, ${id("list", " || '-' || k")}, household_id,
        ($1::uuid[])[1 + (g * 11 + n) % cardinality($1::uuid[])], 1 + n % 4, 'cup', n % 3 = 0,
        case when n % 3 = 0 then user_id end, case when n % 3 = 0 then now() end, user_id
      from growth_range, generate_series(1, ${shape.lists}) k, generate_series(1, ${shape.itemsPerList}) n`,
      [
        catalogIds,
      ],
    );
    await sql.unsafe(`
      insert into public.grocery_item_sources (id, grocery_item_id, household_id, recipe_id, planner_meal_id,
        quantity_added, unit, created_by)
      select ${id("source", " || '-' || k || '-' || n")}, ${id("item", " || '-' || k || '-' || n")}, household_id,
        ${id("recipe", ` || '-' || (1 + n % ${shape.recipes})`)}, ${id("meal", " || '-' || n")},
        1 + n % 4, 'cup', user_id
      from growth_range, generate_series(1, ${shape.lists}) k, generate_series(1, ${shape.itemsPerList}) n`);
    await sql.unsafe(`
      insert into public.tool_invocations (id, household_id, user_id, tool, input_hash, response, is_write, created_at)
      select ${id("invocation", " || '-' || k")}, household_id, user_id, 'planner.add_meal', md5(g || '-' || k),
        jsonb_build_object('message', 'Added Dish ' || k || ' to 2026-01-0' || (1 + k % 9) || ' (dinner)'), true,
        now() - interval '6 days' + k * interval '5 minutes'
      from growth_range, generate_series(1, ${shape.invocations}) k`);
  });
}

export async function rowCounts(sql: Sql): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of growthTables) {
    const [row] = await sql.unsafe<{ count: number }[]>(`select count(*)::int as count from ${table}`);
    counts[table] = row.count;
  }
  return counts;
}

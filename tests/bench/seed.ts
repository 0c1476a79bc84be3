// Set-based seeding for the benchmarks: rows go straight into the tables (as the postgres superuser), so
// seeding takes seconds; what the tools then read and write is ordinary data of ordinary households.
import type { Sql } from "../../shared/db/client.ts";

export interface BenchHousehold {
  userId: string;
  email: string;
  householdId: string;
}

/** `count` users, each with the personal household that signing up gives (the auth.users trigger). */
export async function createHouseholds(sql: Sql, prefix: string, count: number): Promise<BenchHousehold[]> {
  const users = await sql<{ id: string; email: string }[]>`
    insert into auth.users (id, aud, role, email, created_at, updated_at)
    select gen_random_uuid(), 'authenticated', 'authenticated', ${prefix} || '-' || g || '@example.com', now(), now()
    from generate_series(1, ${count}::int) g
    order by g
    returning id, email`;
  const members = await sql<{ user_id: string; household_id: string }[]>`
    select user_id, household_id from public.household_members where user_id = any(${users.map((user) => user.id)})`;
  const householdOf = new Map(members.map((member) => [member.user_id, member.household_id]));
  return users.map((user) => ({ userId: user.id, email: user.email, householdId: householdOf.get(user.id)! }));
}

export async function catalogIngredientIds(sql: Sql, count: number): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    select id from public.ingredients where household_id is null order by normalized_name limit ${count}`;
  return rows.map((row) => row.id);
}

/** `perHousehold` recipes in each household, each with `lines` ingredient lines. */
export async function seedRecipes(
  sql: Sql,
  households: BenchHousehold[],
  options: { perHousehold: number; lines: number; ingredientIds: string[] },
): Promise<void> {
  await sql`
    insert into public.recipes (household_id, title, tags, rating, servings, created_by)
    select h.household_id, 'Recipe ' || g, array['dinner', 'tag' || (g % 5)], 1 + g % 5, 4, h.user_id
    from unnest(${households.map((h) => h.householdId)}::uuid[], ${households.map((h) => h.userId)}::uuid[])
      as h(household_id, user_id),
      generate_series(1, ${options.perHousehold}::int) g`;
  await sql`
    insert into public.recipe_ingredients (recipe_id, household_id, ingredient_id, quantity, unit, position)
    select r.id, r.household_id, (${options.ingredientIds}::uuid[])[1 + (abs(hashtext(r.id::text)) + k) % ${options.ingredientIds.length}::int],
      1 + k % 3, 'cup', k
    from public.recipes r, generate_series(0, ${options.lines - 1}::int) k
    where r.household_id = any(${households.map((h) => h.householdId)}::uuid[])`;
}

/** Breakfast, lunch and dinner for `days` days from `from`, taking each household's recipes in turn. */
export async function seedMeals(sql: Sql, households: BenchHousehold[], from: string, days: number): Promise<void> {
  await sql`
    with numbered as (
      select r.id, r.household_id, (row_number() over (partition by r.household_id order by r.id) - 1)::int as n,
        (count(*) over (partition by r.household_id))::int as total
      from public.recipes r where r.household_id = any(${households.map((h) => h.householdId)}::uuid[])
    )
    insert into public.planner_meals (household_id, recipe_id, date, meal_type)
    select r.household_id, r.id, ${from}::date + d, t.meal_type
    from generate_series(0, ${days - 1}::int) d,
      unnest(array['breakfast', 'lunch', 'dinner']) with ordinality t(meal_type, k),
      numbered r
    where r.n = (d * 3 + k::int) % r.total`;
}

export async function createList(sql: Sql, household: BenchHousehold, name: string): Promise<string> {
  const [list] = await sql<{ id: string }[]>`
    insert into public.grocery_lists (household_id, name, created_by)
    values (${household.householdId}, ${name}, ${household.userId}) returning id`;
  return list.id;
}

/** One unchecked item per ingredient (in cups); returns the items' ids. */
export async function addIngredientItems(
  sql: Sql,
  household: BenchHousehold,
  listId: string,
  ingredientIds: string[],
): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    insert into public.grocery_items (grocery_list_id, household_id, ingredient_id, quantity, unit, created_by)
    select ${listId}, ${household.householdId}, i, 1, 'cup', ${household.userId}
    from unnest(${ingredientIds}::uuid[]) i
    returning id`;
  return rows.map((row) => row.id);
}

/** `count` unchecked free-named items; returns their ids in creation order. */
export async function addFreeItems(
  sql: Sql,
  household: BenchHousehold,
  listId: string,
  count: number,
): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    insert into public.grocery_items (grocery_list_id, household_id, name, quantity, unit, created_by)
    select ${listId}, ${household.householdId}, 'Item ' || g, 1, 'whole', ${household.userId}
    from generate_series(1, ${count}::int) g
    order by g
    returning id`;
  return rows.map((row) => row.id);
}

export async function databaseSize(sql: Sql): Promise<string> {
  const [row] = await sql<{ size: string }[]>`select pg_size_pretty(pg_database_size(current_database())) as size`;
  return row.size;
}

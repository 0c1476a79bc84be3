import type { Sql } from "../../shared/db/client.ts";

export interface BenchData {
  recipeIds: string[];
  readListId: string;
  pushListId: string;
  ingredientIds: string[];
  summary: string;
}

/**
 * 100 households (so RLS has others' rows to skip), 200 recipes in the cook's
 * household and 20 in each other, a list of 50 items to read and an empty one to push into.
 */
export async function seedBenchData(sql: Sql, cookId: string): Promise<BenchData> {
  await sql`insert into auth.users (id, email) select gen_random_uuid(), 'bench-other-' || g || '@example.com' from generate_series(1, 99) g
    on conflict (email) do nothing`;
  const [{ household_id: household }] = await sql`
    select household_id from public.household_members where user_id = ${cookId}`;
  const ingredientIds = (await sql<{ id: string }[]>`
    select id from public.ingredients where household_id is null order by normalized_name limit 100`).map((row) =>
    row.id
  );
  await sql`
    insert into public.recipes (household_id, title, tags, rating, created_by)
    select m.household_id, 'Recipe ' || g, array['dinner', 'tag' || (g % 5)], 1 + g % 5, m.user_id
    from public.household_members m, generate_series(1, case when m.user_id = ${cookId} then 200 else 20 end) g`;
  await sql`
    insert into public.recipe_ingredients (recipe_id, household_id, ingredient_id, quantity, unit, position)
    select r.id, r.household_id, ${ingredientIds[0]}, 1, 'cup', 0 from public.recipes r`;
  const recipeIds = (await sql<{ id: string }[]>`
    select id from public.recipes where household_id = ${household} order by title limit 28`).map((row) => row.id);
  const [readList] = await sql`insert into public.grocery_lists (household_id, name, created_by)
    values (${household}, 'Read me', ${cookId}) returning id`;
  const [pushList] = await sql`insert into public.grocery_lists (household_id, name, created_by)
    values (${household}, 'Push here', ${cookId}) returning id`;
  await sql`
    insert into public.grocery_items (grocery_list_id, household_id, ingredient_id, quantity, unit, created_by)
    select ${readList.id}, ${household}, i, 1, 'cup', ${cookId} from unnest(${ingredientIds.slice(0, 50)}::uuid[]) i`;
  await sql`analyze`;
  return {
    recipeIds,
    readListId: readList.id,
    pushListId: pushList.id,
    ingredientIds,
    summary: "100 households, 2,180 recipes, a 50-item list",
  };
}

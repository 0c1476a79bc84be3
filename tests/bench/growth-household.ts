// The measured household of `deno task bench:growth`: the same data at both sizes. Its seed is the cook's of
// `deno task bench` (200 recipes of 8 lines, a year of meals, a 50-item list, 3 lists of 1000 items to check), plus
// sources on the read list, a few ingredients of its own and 300 recorded writes for history.list. After each
// measuring pass the writes it took are taken back, so that the second size meets the household the first met.
import type { Sql } from "../../shared/db/client.ts";
import { addIngredientItems, createHouseholds, createList, seedMeals, seedRecipes } from "./seed.ts";
import { seedWriteLists, type ToolsBenchData } from "./tools-scenarios.ts";

/** `ingredientIds`: the first 100 of the catalog (catalogIngredientIds), which the bulk households use too. */
export async function seedMeasuredHousehold(sql: Sql, ingredientIds: string[]): Promise<ToolsBenchData> {
  const [cook] = await createHouseholds(sql, "growth-cook", 1);
  await seedRecipes(sql, [cook], { perHousehold: 200, lines: 8, ingredientIds });
  await seedMeals(sql, [cook], "2026-01-01", 365);
  const readList = await createList(sql, cook, "Read me");
  const readItems = await addIngredientItems(sql, cook, readList, ingredientIds.slice(0, 50));
  const [{ id: recipeIds }] = await sql<{ id: string[] }[]>`
    select array_agg(id order by title) as id from public.recipes where household_id = ${cook.householdId}`;
  await sql`
    insert into public.grocery_item_sources (grocery_item_id, household_id, recipe_id, quantity_added, unit, created_by)
    select item, ${cook.householdId}, (${recipeIds}::uuid[])[1 + n % 28], 1, 'cup', ${cook.userId}
    from unnest(${readItems}::uuid[]) with ordinality as items(item, n)`;
  await sql`
    insert into public.ingredients (household_id, name, created_by)
    select ${cook.householdId}, name, ${cook.userId}
    from unnest(array['Tomato chutney', 'Green tomato relish', 'Smoked paprika', 'Garam masala', 'Sourdough starter'])
      as names(name)`;
  await sql`
    insert into public.tool_invocations (household_id, user_id, tool, input_hash, response, is_write, created_at)
    select ${cook.householdId}, ${cook.userId}, 'planner.add_meal', md5('cook-' || k),
      jsonb_build_object('message', 'Added Recipe ' || k || ' to 2026-01-01 (dinner)'), true,
      now() - interval '3 days' + k * interval '1 minute'
    from generate_series(1, 300) k`;
  return {
    cook,
    ingredientIds,
    recipeIds: recipeIds.slice(0, 28),
    readList,
    ...await seedWriteLists(sql, cook),
    scale: [],
  };
}

export async function databaseNow(sql: Sql): Promise<Date> {
  const [{ now }] = await sql<{ now: Date }[]>`select clock_timestamp() as now`;
  return now;
}

/** Takes back what the measured writes did to the household since `since`: their rows, their checks, their records. */
export async function resetMeasuredHousehold(sql: Sql, data: ToolsBenchData, since: Date): Promise<void> {
  const household = data.cook.householdId;
  await sql.begin(async (sql) => {
    await sql`delete from public.grocery_items where household_id = ${household} and created_at >= ${since}`;
    await sql`
      update public.grocery_items set checked = false, checked_by = null, checked_at = null
      where household_id = ${household} and checked and id = any(${data.checkItemIds}::uuid[])`;
    await sql`delete from public.planner_meals where household_id = ${household} and created_at >= ${since}`;
    await sql`delete from public.tool_invocations where household_id = ${household} and created_at >= ${since}`;
  });
}

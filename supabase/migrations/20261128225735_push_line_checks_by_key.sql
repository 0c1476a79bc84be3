-- The first line, in line order, that refers to something this household does not have, as
-- (message, field, SQLSTATE); null when every reference holds. One query checks every line; plpgsql so
-- that it is planned once per session. The shape of a line (types, keys, bounds, units, lengths) is Zod's
-- to check before the call, and the tables' constraints hold the bounds: nothing of that is repeated here.
-- Each reference is looked up by its key, line by line (a lateral subquery with a limit, which the planner cannot
-- turn into a hash): as NOT EXISTS, the planner hashed every catalog ingredient (2,800 rows) on each push, and every
-- recipe and planned meal of the household for a push that names them. The lines are materialized: a key read from
-- the JSON inside the lookup is not leakproof, and under row-level security PostgreSQL 15 then scanned the table for
-- each line instead of using its index. A line without a recipe or a meal looks neither up.
create or replace function private.push_line_problem(p_household_id uuid, p_lines jsonb) returns text[]
language plpgsql stable
set search_path = ''
as $$
begin
  return (
  with lines as materialized (
    select e.ordinality - 1 as line_index, format('ingredients[%s]', e.ordinality - 1) as path,
      (e.value ->> 'ingredient_id')::uuid as ingredient_id, (e.value ->> 'source_recipe_id')::uuid as recipe_id,
      (e.value ->> 'planner_meal_id')::uuid as meal_id
    from jsonb_array_elements(p_lines) with ordinality e
  ),
  checked as (
    select l.line_index, case
      when ingredient.found is null then
        array['unknown ingredient ' || l.ingredient_id, l.path || '.ingredient_id', 'MP400']
      when l.recipe_id is not null and recipe.found is null then
        array['recipe not found', l.path || '.source_recipe_id', 'MP404']
      when l.meal_id is not null and meal.found is null then
        array['planned meal not found', l.path || '.planner_meal_id', 'MP404']
    end as problem
    from lines l
    left join lateral (
      select true as found from public.ingredients i
      where i.id = l.ingredient_id and (i.household_id is null or i.household_id = p_household_id)
      limit 1
    ) ingredient on true
    left join lateral (
      select true as found from public.recipes r
      where l.recipe_id is not null and r.id = l.recipe_id and r.household_id = p_household_id
        and r.deleted_at is null
      limit 1
    ) recipe on true
    left join lateral (
      select true as found from public.planner_meals m
      where l.meal_id is not null and m.id = l.meal_id and m.household_id = p_household_id
        and m.deleted_at is null
      limit 1
    ) meal on true
  )
  select c.problem from checked c where c.problem is not null order by c.line_index limit 1
  );
end;
$$;

-- ============================================================================
-- No SQL-standard body reads a table's row type
-- ============================================================================
-- A function with a SQL-standard body (`return …`, `begin atomic`) records a dependency on the row type of a table
-- it takes as an argument, and current PostgreSQL minors (15.20, and the releases of 16–18 beside it) then refuse
-- `alter table … add column … default …` on that table. Hosted projects get those minors too, so the next migration
-- that adds such a column would fail there. The six row-to-json helpers written that way get `$$` bodies that
-- return exactly the same: the five that 20261125001100_change_feed.sql now replaces before it adds its columns (a
-- database that applied that migration before it did so still has them as they were), and the list item with its
-- sources, written the same way later. Each keeps its empty search_path; `create or replace` keeps the owner and the
-- grants. supabase/tests/19-columns-can-be-added.sql holds every function to this.

create or replace function private.grocery_item_as_json(p_item public.grocery_items, p_ingredient_name text)
returns json
language sql stable
set search_path = ''
as $$
  select pg_catalog.json_build_object(
    'id', p_item.id,
    'ingredient_id', p_item.ingredient_id,
    'name', coalesce(p_item.name, p_ingredient_name),
    'quantity', p_item.quantity,
    'unit', p_item.unit,
    'prep_state', p_item.prep_state,
    'checked', p_item.checked
  )
$$;

create or replace function private.grocery_item_as_json(p_item public.grocery_items, p_ingredient_name text,
  p_quantity_before numeric) returns json
language sql stable
set search_path = ''
as $$
  select pg_catalog.json_build_object(
    'id', p_item.id,
    'ingredient_id', p_item.ingredient_id,
    'name', coalesce(p_item.name, p_ingredient_name),
    'quantity', p_item.quantity,
    'unit', p_item.unit,
    'prep_state', p_item.prep_state,
    'checked', p_item.checked,
    'quantity_before', p_quantity_before,
    'quantity_after', p_item.quantity
  )
$$;

create or replace function private.grocery_item_json(p_item public.grocery_items, p_ingredient_name text)
returns jsonb
language sql stable
set search_path = ''
as $$
  select private.grocery_item_as_json(p_item, p_ingredient_name)::jsonb
$$;

create or replace function private.grocery_list_summary_json(p_list public.grocery_lists, p_item_count bigint,
  p_unchecked_count bigint) returns jsonb
language sql stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'id', p_list.id,
    'name', p_list.name,
    'item_count', p_item_count,
    'unchecked_count', p_unchecked_count,
    'created_at', p_list.created_at,
    'updated_at', p_list.updated_at
  )
$$;

create or replace function private.planner_meal_json(p_meal public.planner_meals, p_recipe_title text)
returns jsonb
language sql stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'id', p_meal.id,
    'date', p_meal.date,
    'meal_type', p_meal.meal_type,
    'recipe_id', p_meal.recipe_id,
    'recipe_title', p_recipe_title,
    'servings', p_meal.servings,
    'note', p_meal.note,
    'series_id', p_meal.series_id,
    'created_at', p_meal.created_at
  )
$$;

-- A live item as grocery.get_list shows it (its latest 20 sources, its category, what to buy): the body of
-- 20261125001510_aisles_and_buying.sql.
create or replace function private.grocery_item_with_sources_json(p_item public.grocery_items) returns jsonb
language sql stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'id', p_item.id,
    'ingredient_id', p_item.ingredient_id,
    'name', coalesce(p_item.name, (select ingredient.name from public.ingredients ingredient
      where ingredient.id = p_item.ingredient_id)),
    'quantity', p_item.quantity,
    'unit', p_item.unit,
    'prep_state', p_item.prep_state,
    'checked', p_item.checked,
    'checked_at', p_item.checked_at,
    'sources', (select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
        'recipe_id', recent.recipe_id, 'planner_meal_id', recent.planner_meal_id,
        'quantity_added', recent.quantity_added, 'unit', recent.unit, 'created_at', recent.created_at)
        order by recent.created_at, recent.id), '[]'::jsonb)
      from (select s.* from public.grocery_item_sources s
            where s.household_id = p_item.household_id and s.grocery_item_id = p_item.id
            order by s.created_at desc, s.id desc limit 20) recent),
    'category', (select ingredient.aisle from public.ingredients ingredient
      where ingredient.id = p_item.ingredient_id),
    'buy', private.grocery_item_buy(p_item.ingredient_id, p_item.quantity, p_item.unit))
$$;

-- The names of the rows a sentence mentions, read as the caller under RLS (a row the caller cannot see is left
-- out, and the describer says "a list that no longer exists"). p_input: {lists, items, recipes, meals, ingredients,
-- members, series, invocations}, each an array of ids (at most 500 each); removed rows are named too (a sentence
-- about a removal names what was removed). Reply: the household's name and, per kind, an object keyed by id.
-- Each kind's rows are found by id = any of an array of the ids (an index condition on the primary key): as a
-- semi-join on ids cast from the JSON, which is not leakproof, row-level security left PostgreSQL 15 and 18 only the
-- household's index (every recipe of the household), and every major scanned all ingredients, every household's own.
create or replace function app.describe_names(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_ids jsonb := jsonb_build_object();
  v_kind text;
begin
  foreach v_kind in array array['lists', 'items', 'recipes', 'meals', 'ingredients', 'members', 'series', 'invocations']
  loop
    v_ids := v_ids || jsonb_build_object(v_kind, coalesce((
      select jsonb_agg(distinct lower(value))
      from (select value from jsonb_array_elements_text(
        case when jsonb_typeof(p_input -> v_kind) = 'array' then p_input -> v_kind else '[]'::jsonb end) limit 500) ids
      where value ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'), '[]'::jsonb));
  end loop;
  return jsonb_build_object(
    'household', (select jsonb_build_object('name', h.name) from public.households h where h.id = p_household_id),
    'lists', (select coalesce(jsonb_object_agg(l.id, jsonb_build_object('name', l.name)), '{}')
      from public.grocery_lists l
      where l.household_id = p_household_id
        and l.id = any (array(select value::uuid from jsonb_array_elements_text(v_ids -> 'lists')))),
    -- Items, recipes and meals are read by id first and their household checked after (materialized): in the same
    -- scan, the generic plan PostgreSQL 15 keeps guessed the household small and read all of its rows through
    -- (household_id, id).
    'items', (with named as materialized (
        select i.id, i.name, i.grocery_list_id, i.ingredient_id, i.household_id from public.grocery_items i
        where i.id = any (array(select value::uuid from jsonb_array_elements_text(v_ids -> 'items'))))
      select coalesce(jsonb_object_agg(i.id, jsonb_build_object('name', coalesce(i.name, ingredient.name),
        'list_id', i.grocery_list_id, 'list_name', l.name)), '{}')
      from named i
      join public.grocery_lists l on l.id = i.grocery_list_id
      left join public.ingredients ingredient on ingredient.id = i.ingredient_id
      where i.household_id = p_household_id),
    'recipes', (with named as materialized (
        select r.id, r.title, r.household_id from public.recipes r
        where r.id = any (array(select value::uuid from jsonb_array_elements_text(v_ids -> 'recipes'))))
      select coalesce(jsonb_object_agg(r.id, jsonb_build_object('title', r.title)), '{}')
      from named r
      where r.household_id = p_household_id),
    'meals', (with named as materialized (
        select m.id, m.date, m.meal_type, m.recipe_id, m.household_id from public.planner_meals m
        where m.id = any (array(select value::uuid from jsonb_array_elements_text(v_ids -> 'meals'))))
      select coalesce(jsonb_object_agg(m.id, jsonb_build_object('date', m.date, 'meal_type', m.meal_type,
        'recipe_title', r.title)), '{}')
      from named m
      left join public.recipes r on r.id = m.recipe_id
      where m.household_id = p_household_id),
    'ingredients', (select coalesce(jsonb_object_agg(i.id, jsonb_build_object('name', i.name)), '{}')
      from public.ingredients i
      where i.id = any (array(select value::uuid from jsonb_array_elements_text(v_ids -> 'ingredients')))),
    'members', (select coalesce(jsonb_object_agg(member ->> 'user_id', jsonb_build_object('email', member ->> 'email',
        'display_name', member ->> 'display_name')), '{}')
      from jsonb_array_elements(private.household_members_json(p_household_id)) member
      where member ->> 'user_id' in (select jsonb_array_elements_text(v_ids -> 'members'))),
    'series', (select coalesce(jsonb_object_agg(s.id, jsonb_build_object('meal_type', s.meal_type,
        'recipe_title', r.title)), '{}')
      from public.planner_meal_series s
      left join public.recipes r on r.id = s.recipe_id
      where s.household_id = p_household_id
        and s.id = any (array(select value::uuid from jsonb_array_elements_text(v_ids -> 'series')))),
    'invocations', (select coalesce(jsonb_object_agg(t.id, jsonb_build_object('tool', t.tool,
        'input', private.described_input(t), 'recorded', private.described_reply(t),
        'summary', private.history_summary(t.tool, t.response))), '{}')
      from private.household_writes(p_household_id) t
      where t.id = any (array(select value::uuid from jsonb_array_elements_text(v_ids -> 'invocations'))))
  );
end;
$$;

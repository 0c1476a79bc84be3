set check_function_bodies = off;

-- A row an undo removed comes back (a redo) as it was, made by whoever made it: allowed only for a row that a
-- recorded write of the household by that very user made (its reply names the row at p_key).
create function private.made_by_write(p_household_id uuid, p_tool text, p_user_id uuid, p_key text, p_value text)
returns boolean
language sql stable
set search_path = ''
as $$
  select exists (
    select 1 from public.tool_invocations t
    where t.household_id = p_household_id and t.tool = p_tool and t.user_id = p_user_id
      and t.response ->> p_key = p_value
  );
$$;
grant execute on function private.made_by_write(uuid,text,uuid,text,text) to authenticated;

create function private.counted(p_count numeric, p_singular text, p_plural text default null) returns text
language sql immutable
set search_path = ''
as $$
  select p_count::text || ' ' || case when p_count = 1 then p_singular else coalesce(p_plural, p_singular || 's') end
$$;
grant execute on function private.counted(numeric,text,text) to authenticated;

-- The input a write's record keeps. A join's invite code is a secret that stays valid for others (an invite serves
-- until it expires): its record keeps a placeholder in its place, which the join's describer never reads.
create function private.kept_input(p_tool text, p_input jsonb) returns jsonb
language sql immutable
set search_path = ''
as $$
  select case when p_tool = 'household.join' and jsonb_typeof(p_input) = 'object' and p_input ? 'code'
    then p_input || '{"code": "not-kept"}'::jsonb else p_input end
$$;
-- As private.invoke, which alone calls it: the functions' database role.
grant execute on function private.kept_input(text,jsonb) to service_role;

-- What a recorded write's describer reads: its input, or null when it was recorded without one. An undo is
-- described by the write it undid (its reply says which), also when its input named none ("the last write").
create function private.described_input(p_invocation public.tool_invocations) returns jsonb
language sql stable
set search_path = ''
as $$
  select case
    when p_invocation.input is null then null
    when p_invocation.tool = 'history.undo' and p_invocation.response ? 'undone_invocation_id' then
      p_invocation.input || jsonb_build_object('invocation_id', p_invocation.response -> 'undone_invocation_id')
    else p_invocation.input
  end
$$;
grant execute on function private.described_input(tool_invocations) to authenticated;

-- What a recorded write's reply says the rows were before it (a rename's previous name, a change's previous values):
-- names are read as they are now, so without it a sentence about a rename would name the list by its new name.
create function private.described_reply(p_invocation public.tool_invocations) returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_strip_nulls(jsonb_build_object('previous_name', p_invocation.response -> 'previous_name',
    'previous', p_invocation.response -> 'previous'))
$$;
grant execute on function private.described_reply(tool_invocations) to authenticated;

-- The names of the rows a sentence mentions, read as the caller under RLS (a row the caller cannot see is left
-- out, and the describer says "a list that no longer exists"). p_input: {lists, items, recipes, meals, ingredients,
-- members, series, invocations}, each an array of ids (at most 500 each); removed rows are named too (a sentence
-- about a removal names what was removed). Reply: the household's name and, per kind, an object keyed by id.
create function app.describe_names(p_household_id uuid, p_input jsonb) returns jsonb
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
        and l.id in (select value::uuid from jsonb_array_elements_text(v_ids -> 'lists'))),
    'items', (select coalesce(jsonb_object_agg(i.id, jsonb_build_object('name', coalesce(i.name, ingredient.name),
        'list_id', i.grocery_list_id, 'list_name', l.name)), '{}')
      from public.grocery_items i
      join public.grocery_lists l on l.id = i.grocery_list_id
      left join public.ingredients ingredient on ingredient.id = i.ingredient_id
      where i.household_id = p_household_id
        and i.id in (select value::uuid from jsonb_array_elements_text(v_ids -> 'items'))),
    'recipes', (select coalesce(jsonb_object_agg(r.id, jsonb_build_object('title', r.title)), '{}')
      from public.recipes r
      where r.household_id = p_household_id
        and r.id in (select value::uuid from jsonb_array_elements_text(v_ids -> 'recipes'))),
    'meals', (select coalesce(jsonb_object_agg(m.id, jsonb_build_object('date', m.date, 'meal_type', m.meal_type,
        'recipe_title', r.title)), '{}')
      from public.planner_meals m
      left join public.recipes r on r.id = m.recipe_id
      where m.household_id = p_household_id
        and m.id in (select value::uuid from jsonb_array_elements_text(v_ids -> 'meals'))),
    'ingredients', (select coalesce(jsonb_object_agg(i.id, jsonb_build_object('name', i.name)), '{}')
      from public.ingredients i
      where i.id in (select value::uuid from jsonb_array_elements_text(v_ids -> 'ingredients'))),
    'members', (select coalesce(jsonb_object_agg(member ->> 'user_id', jsonb_build_object('email', member ->> 'email',
        'display_name', member ->> 'display_name')), '{}')
      from jsonb_array_elements(private.household_members_json(p_household_id)) member
      where member ->> 'user_id' in (select jsonb_array_elements_text(v_ids -> 'members'))),
    'series', (select coalesce(jsonb_object_agg(s.id, jsonb_build_object('meal_type', s.meal_type,
        'recipe_title', r.title)), '{}')
      from public.planner_meal_series s
      left join public.recipes r on r.id = s.recipe_id
      where s.household_id = p_household_id
        and s.id in (select value::uuid from jsonb_array_elements_text(v_ids -> 'series'))),
    'invocations', (select coalesce(jsonb_object_agg(t.id, jsonb_build_object('tool', t.tool,
        'input', private.described_input(t), 'recorded', private.described_reply(t),
        'summary', private.history_summary(t.tool, t.response))), '{}')
      from private.household_writes(p_household_id) t
      where t.id in (select value::uuid from jsonb_array_elements_text(v_ids -> 'invocations')))
  );
end;
$$;

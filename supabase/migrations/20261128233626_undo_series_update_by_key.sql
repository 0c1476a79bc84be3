create or replace function private.undo_series_write(p_household_id uuid, p_target public.tool_invocations, p_strict boolean)
returns text
language plpgsql
set search_path = ''
as $$
declare
  v_data jsonb := p_target.response;
  v_at timestamptz := p_target.created_at;
  v_series public.planner_meal_series;
  v_title text;
  v_meal public.planner_meals;
  v_meal_ids uuid[];
  v_moved jsonb;
  v_series_moved boolean;
  v_fields text[] := array(select jsonb_object_keys(v_data -> 'previous'));
  v_now jsonb;
  v_now_meals jsonb;
begin
  select * into v_series from public.planner_meal_series s
  where s.household_id = p_household_id and s.id = (v_data ->> 'series_id')::uuid
  for no key update;
  select r.title into v_title from public.recipes r
  where r.household_id = p_household_id and r.id = v_series.recipe_id;
  perform private.refuse_if_changed_since(format('the series of %s', v_title), v_series.updated_at, v_at, p_strict);
  v_meal_ids := array(
    select value::uuid from jsonb_array_elements_text(case p_target.tool
      when 'planner.add_recurring' then jsonb_path_query_array(v_data, '$.meals[*].id')
      when 'planner.remove_series' then v_data -> 'removed_meal_ids'
      when 'planner.restore_series' then v_data -> 'restored_meal_ids'
      else jsonb_path_query_array(v_data, '$.previous_meals[*].id')
    end));

  for v_meal in
    select * from public.planner_meals m
    where m.household_id = p_household_id and m.id = any(v_meal_ids)
    order by m.id
    for no key update
  loop
    perform private.refuse_if_changed_since(format('the meal %s on %s', v_title, v_meal.date), v_meal.updated_at,
      v_at, p_strict);
  end loop;

  case p_target.tool
  when 'planner.add_recurring', 'planner.restore_series' then
    if exists (
      select 1 from public.grocery_item_sources s
      where s.household_id = p_household_id and s.planner_meal_id = any(v_meal_ids) and s.created_at > v_at
    ) then
      perform private.undo_conflict(
        'an occurrence''s ingredients were pushed to a grocery list since; undo that push first');
    end if;
    with removed as (
      update public.planner_meals m set deleted_at = now()
      where m.household_id = p_household_id and m.id = any(v_meal_ids) and m.deleted_at is null
      returning m.id
    )
    select coalesce(jsonb_agg(removed.id order by removed.id), '[]'::jsonb) into v_moved from removed;
    update public.planner_meal_series s set deleted_at = now()
    where s.id = v_series.id and s.deleted_at is null
      and (p_target.tool = 'planner.add_recurring' or (v_data ->> 'series_restored')::boolean);
    v_series_moved := found;
    perform private.record_undo_inverse('planner.remove_series', jsonb_build_object('series_id', v_series.id,
      'removed_meal_ids', v_moved, 'series_removed', v_series_moved));
    if v_series_moved then
      return format('Removed the series of %s and its %s.', v_title,
        private.counted(jsonb_array_length(v_moved), 'occurrence'));
    end if;
    return format('Removed %s of %s again.', private.counted(jsonb_array_length(v_moved), 'occurrence'), v_title);
  when 'planner.remove_series' then
    if exists (
      select 1 from public.recipes r
      where r.household_id = p_household_id and r.id = v_series.recipe_id and r.deleted_at is not null
    ) then
      perform private.undo_conflict(format('the recipe "%s" was deleted since; restore it first', v_title));
    end if;
    with restored as (
      update public.planner_meals m set deleted_at = null
      where m.household_id = p_household_id and m.id = any(v_meal_ids) and m.deleted_at is not null
      returning m.id
    )
    select coalesce(jsonb_agg(restored.id order by restored.id), '[]'::jsonb) into v_moved from restored;
    -- The write removed the series itself only when it removed every occurrence (no from_date); an undo's
    -- record says whether it did.
    update public.planner_meal_series s set deleted_at = null
    where s.id = v_series.id and s.deleted_at is not null
      and coalesce((v_data ->> 'series_removed')::boolean, s.deleted_at = v_at);
    v_series_moved := found;
    perform private.record_undo_inverse('planner.restore_series', jsonb_build_object('series_id', v_series.id,
      'restored_meal_ids', v_moved, 'series_restored', v_series_moved));
    return format('Restored %s of %s.', private.counted(jsonb_array_length(v_moved), 'occurrence'), v_title);
  else
    if v_series.deleted_at is not null then
      perform private.undo_conflict(format('the series of %s was removed since; undo that first', v_title));
    end if;
    -- The values the undo replaces, kept in the same shape, so that its undo (a redo) puts them back.
    v_now := (select jsonb_object_agg(field, to_jsonb(v_series) -> field) from unnest(v_fields) field);
    select coalesce(jsonb_agg(jsonb_build_object('id', m.id) || (
        select jsonb_object_agg(field, to_jsonb(m) -> field) from unnest(v_fields) field)
      order by m.date, m.id), '[]'::jsonb)
    into v_now_meals
    from public.planner_meals m
    where m.household_id = p_household_id and m.id = any(v_meal_ids);
    update public.planner_meal_series s set
      servings = case when v_data -> 'previous' ? 'servings' then (v_data #>> '{previous,servings}')::integer
        else s.servings end,
      meal_type = case when v_data -> 'previous' ? 'meal_type' then v_data #>> '{previous,meal_type}'
        else s.meal_type end,
      note = case when v_data -> 'previous' ? 'note' then v_data #>> '{previous,note}' else s.note end
    where s.id = v_series.id;
    update public.planner_meals m set
      servings = case when previous.value ? 'servings' then (previous.value ->> 'servings')::integer
        else m.servings end,
      meal_type = case when previous.value ? 'meal_type' then previous.value ->> 'meal_type' else m.meal_type end,
      note = case when previous.value ? 'note' then previous.value ->> 'note' else m.note end
    from jsonb_array_elements(v_data -> 'previous_meals') previous
    where m.household_id = p_household_id and m.id = (previous.value ->> 'id')::uuid
      -- The meals by id = any of their keys (an index condition on the primary key): the key read from the JSON is
      -- not leakproof, and under row-level security the planner then read every meal the household ever planned.
      and m.id = any (array(select (meal.value ->> 'id')::uuid
        from jsonb_array_elements(v_data -> 'previous_meals') meal));
    perform private.record_undo_inverse('planner.update_series', jsonb_build_object('series_id', v_series.id,
      'previous', v_now, 'previous_meals', v_now_meals));
    return format('Put the series of %s back as it was (%s).', v_title,
      private.counted(cardinality(v_meal_ids), 'occurrence'));
  end case;
end;
$$;

-- Ingredient lines by id or exact name (trimmed, case-folded; the household's
-- own ingredient wins over the catalog's). Every unknown one is listed in a
-- single error, so the caller can fix them all at once.
-- The keys are read from the JSON in a materialized CTE, so each lookup compares the ingredient's id or name with a
-- plain column: a key read from the JSON inside the lookup is not leakproof, and under row-level security
-- PostgreSQL 15 then scanned the whole ingredients table for each line (the catalog and every household's own, about
-- 95 pages a line with 4,000 rows) instead of using its primary key or its name index.
create or replace function private.resolve_ingredient_lines(p_household_id uuid, p_lines jsonb)
returns table (line_position integer, ingredient_id uuid, quantity numeric, unit text, prep_state text, note text)
language plpgsql stable
set search_path = ''
as $$
declare
  v_lines jsonb;
  v_unknown text;
begin
  with lines as materialized (
    select l.ordinality, l.value, l.value ? 'ingredient_id' as by_id, (l.value ->> 'ingredient_id')::uuid as wanted_id,
      lower(btrim(l.value ->> 'name')) as wanted_name
    from jsonb_array_elements(p_lines) with ordinality l
  )
  select jsonb_agg(jsonb_build_object(
      'line_position', l.ordinality - 1,
      'ingredient_id', case
        when l.by_id then (
          select i.id from public.ingredients i
          where i.id = l.wanted_id
            and (i.household_id is null or i.household_id = p_household_id))
        else (
          select i.id from public.ingredients i
          where i.normalized_name = l.wanted_name
            and (i.household_id is null or i.household_id = p_household_id)
          order by i.household_id nulls last
          limit 1)
      end,
      'quantity', l.value -> 'quantity',
      'unit', l.value -> 'unit',
      'prep_state', l.value -> 'prep_state',
      'note', l.value -> 'note',
      'wanted', coalesce('"' || btrim(l.value ->> 'name') || '"', 'id ' || (l.value ->> 'ingredient_id'))
    ) order by l.ordinality)
  into v_lines
  from lines l;

  select string_agg(format('%s (line %s)', line ->> 'wanted', line ->> 'line_position'), ', ')
  into v_unknown
  from jsonb_array_elements(v_lines) line
  where line -> 'ingredient_id' = 'null'::jsonb;
  if v_unknown is not null then
    raise exception 'unknown ingredients: %. Names match the catalog or the household''s own ingredients exactly; find them with ingredient.search or add one with ingredient.create.', v_unknown
      using errcode = 'MP400', column = 'ingredients';
  end if;
  return query
  select r.line_position, r.ingredient_id, r.quantity, r.unit, r.prep_state, r.note
  from jsonb_to_recordset(v_lines)
    as r(line_position integer, ingredient_id uuid, quantity numeric, unit text, prep_state text, note text);
end;
$$;

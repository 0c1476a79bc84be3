-- ingredient.* tools: exact and prefix lookup over the catalog and the
-- household's own ingredients; never fuzzy.

create index ingredients_prefix_idx on public.ingredients (normalized_name text_pattern_ops);

create function app.ingredient_search(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_query text := lower(btrim(p_input ->> 'query'));
begin
  return jsonb_build_object('ingredients', coalesce((
    select jsonb_agg(jsonb_build_object(
      'id', found.id, 'name', found.name, 'household_specific', found.household_id is not null,
      'match', case when found.exact then 'exact' else 'prefix' end
    ) order by found.exact desc, found.normalized_name, found.household_id nulls last, found.id)
    from (
      select i.id, i.name, i.normalized_name, i.household_id, i.normalized_name = v_query as exact
      from public.ingredients i
      where (i.household_id is null or i.household_id = p_household_id)
        and i.normalized_name like private.escape_like(v_query) || '%'
      order by i.normalized_name = v_query desc, i.normalized_name, i.household_id nulls last, i.id
      limit coalesce((p_input ->> 'limit')::integer, 10)
    ) found
  ), '[]'::jsonb));
end;
$$;

create function app.ingredient_create(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_existing public.ingredients;
  v_ingredient public.ingredients;
begin
  select * into v_existing from public.ingredients i
  where i.normalized_name = lower(btrim(p_input ->> 'name'))
    and (i.household_id is null or i.household_id = p_household_id)
  order by i.household_id nulls first
  limit 1;
  if v_existing.id is not null then
    raise exception '"%" already exists (%, id %); use it instead', v_existing.name,
      case when v_existing.household_id is null then 'in the catalog' else 'in this household' end, v_existing.id
      using errcode = 'MP409', column = 'name';
  end if;
  insert into public.ingredients (household_id, name)
  values (p_household_id, btrim(p_input ->> 'name'))
  returning * into v_ingredient;
  return jsonb_build_object('ingredient_id', v_ingredient.id, 'name', v_ingredient.name,
    'created_at', v_ingredient.created_at);
exception when unique_violation then
  raise exception '"%" was just added by someone else in this household', btrim(p_input ->> 'name')
    using errcode = 'MP409', column = 'name';
end;
$$;

revoke all on function app.ingredient_search(uuid, jsonb), app.ingredient_create(uuid, jsonb) from public, anon;
grant execute on function app.ingredient_search(uuid, jsonb), app.ingredient_create(uuid, jsonb) to authenticated;

create or replace function app.ingredient_search(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_query text := regexp_replace(lower(btrim(p_input ->> 'query')), '\s+', ' ', 'g');
  v_pattern text := private.escape_like(v_query);
  v_words text[] := string_to_array(v_query, ' ');
begin
  -- Ranked: the exact name, then names starting with the query, then names holding every word of the query as
  -- whole words, in any order, or whose listed alias does ("beef minced" finds "minced beef"; "minced beef" finds
  -- ground beef, whose alias it is; "rice" finds "brown rice", never "licorice"). A search only: writes take exact
  -- names.
  return jsonb_build_object('ingredients', coalesce((
    select jsonb_agg(jsonb_build_object(
      'id', found.id, 'name', found.name, 'household_specific', found.household_id is not null,
      'match', (array['exact', 'prefix', 'word'])[found.rank + 1]
    ) order by found.rank, found.normalized_name, found.household_id nulls last, found.id)
    from (
      select i.id, i.name, i.normalized_name, i.household_id,
        case when i.normalized_name = v_query then 0 when i.normalized_name like v_pattern || '%' then 1 else 2 end
          as rank
      from public.ingredients i
      where (i.household_id is null or i.household_id = p_household_id)
        and (i.normalized_name like v_pattern || '%'
          or v_words <@ string_to_array(regexp_replace(i.normalized_name, '\s+', ' ', 'g'), ' ')
          or i.id in (
            select a.ingredient_id from public.ingredient_aliases a
            where v_words <@ string_to_array(regexp_replace(lower(a.alias), '\s+', ' ', 'g'), ' ')))
      order by rank, i.normalized_name, i.household_id nulls last, i.id
      limit coalesce((p_input ->> 'limit')::integer, 10)
    ) found
  ), '[]'::jsonb));
end;
$$;

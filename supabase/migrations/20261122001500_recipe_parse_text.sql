-- recipe.parse_text: the parsing is done by the function (shared/media); here only the names are looked up,
-- all in one statement. A name matches exactly (trimmed, case-folded), as recipe.create resolves it: the
-- household's own ingredient before the catalog's. What does not match gets ingredient.search's suggestions:
-- for the whole name, or, when that finds nothing, for its last word ("cloves garlic" → garlic).

create function app.recipe_parse_text(p_household_id uuid, p_input jsonb) returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object('matches', coalesce(jsonb_agg(jsonb_build_object(
    'name', wanted.name,
    'ingredient', found.ingredient,
    'suggestions', case
      when found.ingredient is not null or btrim(wanted.name) = '' then '[]'::jsonb
      else coalesce(
        nullif(app.ingredient_search(p_household_id, jsonb_build_object('query', wanted.name, 'limit', 5))
          -> 'ingredients', '[]'::jsonb),
        app.ingredient_search(p_household_id, jsonb_build_object(
          'query', regexp_replace(btrim(wanted.name), '^.*\s', ''), 'limit', 5)) -> 'ingredients')
    end
  ) order by wanted.position), '[]'::jsonb))
  from jsonb_array_elements_text(coalesce(p_input -> 'names', '[]'::jsonb)) with ordinality as wanted(name, position)
  left join lateral (
    select jsonb_build_object('id', i.id, 'name', i.name, 'household_specific', i.household_id is not null)
      as ingredient
    from public.ingredients i
    where i.normalized_name = lower(btrim(wanted.name))
      and (i.household_id is null or i.household_id = p_household_id)
    order by i.household_id nulls last
    limit 1
  ) found on true;
$$;

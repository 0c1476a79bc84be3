create or replace function app.recipe_list(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_limit integer := coalesce((p_input ->> 'limit')::integer, 20);
  v_tags text[] := private.text_array(p_input -> 'tags');
  v_min_rating integer := (p_input ->> 'min_rating')::integer;
  v_pattern text := '%' || private.escape_like(p_input ->> 'query') || '%';
  v_after jsonb := private.decode_cursor(p_input ->> 'cursor');
  v_unfiltered boolean := cardinality(v_tags) = 0 and v_min_rating is null and p_input ->> 'query' is null;
  v_after_title text;
  v_after_id uuid;
  v_rows jsonb;
  v_last jsonb;
begin
  if v_after is not null then
    v_after_title := v_after ->> 't';
    v_after_id := (v_after ->> 'i')::uuid;
    if v_after_title is null or v_after_id is null then
      perform private.decode_cursor('not a cursor');
    end if;
  end if;

  -- The page is chosen first; its JSON is built for those rows only. Two ways to choose it, of which the plan
  -- runs one (the other's one-time filter is false):
  -- * unfiltered (an app's plain listing): read in order from recipes_title_order_idx and no further than the
  --   page. Under RLS the cursor cannot bound the index scan (text comparison is not leakproof, so it runs
  --   after the policy), so a later page skips the earlier rows in the index: never more than the sort read.
  --   No title is empty (a check of the table), so ('', nil uuid) is before every recipe.
  -- * filtered: the filters' "x is null or ..." terms make the cached generic plan guess a row or two, so it
  --   reads the household's recipes and sorts the matches.
  select coalesce(jsonb_agg(jsonb_build_object(
      'id', page.id, 'title', page.title, 'tags', to_jsonb(page.tags), 'rating', page.rating,
      'servings', page.servings, 'photo_path', page.photo_path, 'updated_at', page.updated_at
    ) order by page.sort_title, page.id), '[]'::jsonb)
  into v_rows
  from (
    (select lower(r.title) as sort_title, r.id, r.title, r.tags, r.rating, r.servings, r.photo_path, r.updated_at
     from public.recipes r
     where v_unfiltered
       and r.household_id = p_household_id
       and r.deleted_at is null
       and (lower(r.title), r.id) > (coalesce(v_after_title, ''),
                                     coalesce(v_after_id, '00000000-0000-0000-0000-000000000000'::uuid))
     order by lower(r.title), r.id
     limit v_limit + 1)
    union all
    (select lower(r.title) as sort_title, r.id, r.title, r.tags, r.rating, r.servings, r.photo_path, r.updated_at
     from public.recipes r
     where not v_unfiltered
       and r.household_id = p_household_id
       and r.deleted_at is null
       and (cardinality(v_tags) = 0 or r.tags @> v_tags)
       and (v_min_rating is null or r.rating >= v_min_rating)
       and (p_input ->> 'query' is null or r.title ilike v_pattern)
       and (v_after_id is null or (lower(r.title), r.id) > (v_after_title, v_after_id))
     order by lower(r.title), r.id
     limit v_limit + 1)
  ) page;

  if jsonb_array_length(v_rows) > v_limit then
    v_rows := v_rows - v_limit;
    v_last := v_rows -> (v_limit - 1);
    return jsonb_build_object('recipes', v_rows, 'next_cursor', private.encode_cursor(
      jsonb_build_object('t', lower(v_last ->> 'title'), 'i', v_last ->> 'id')));
  end if;
  return jsonb_build_object('recipes', v_rows, 'next_cursor', null);
end;
$$;

-- recipe.set_photo: the recipe's photo is the object at photo_path (uploaded first, under the recipe's own folder of
-- this household), or none. The object is looked up as the caller, so the policies above decide whether it is
-- there. The photo the recipe had is returned, so that the app can remove it from Storage once it is replaced.
create or replace function app.recipe_set_photo(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_recipe public.recipes := private.live_recipe(p_household_id, (p_input ->> 'recipe_id')::uuid, true);
  v_path text := p_input ->> 'photo_path';
  v_previous text := v_recipe.photo_path;
  v_folder text := p_household_id::text || '/' || v_recipe.id::text || '/';
begin
  if v_path is not null and not (starts_with(v_path, v_folder) and position('/' in substr(v_path, length(v_folder) + 1)) = 0) then
    raise exception 'a photo of this recipe is a file directly under "%" in the recipe-photos bucket', v_folder
      using errcode = 'MP400', column = 'photo_path';
  end if;
  if v_path is not null and not exists (
    select 1 from storage.objects o where o.bucket_id = 'recipe-photos' and o.name = v_path
  ) then
    raise exception 'there is no photo at "%": upload it to the recipe-photos bucket first', v_path
      using errcode = 'MP400', column = 'photo_path';
  end if;
  update public.recipes r set photo_path = v_path where r.id = v_recipe.id returning * into v_recipe;
  return jsonb_build_object('recipe_id', v_recipe.id, 'title', v_recipe.title, 'photo_path', v_recipe.photo_path,
    'previous_photo_path', v_previous, 'updated_at', v_recipe.updated_at);
end;
$$;

grant execute on function app.recipe_set_photo(uuid,jsonb) to authenticated;

create or replace function private.recipe_json(p_recipe public.recipes) returns jsonb
language plpgsql stable
set search_path = ''
as $$
begin
  return jsonb_build_object(
    'id', p_recipe.id,
    'title', p_recipe.title,
    'tags', to_jsonb(p_recipe.tags),
    'rating', p_recipe.rating,
    'servings', p_recipe.servings,
    'photo_path', p_recipe.photo_path,
    'instructions', p_recipe.instructions,
    'notes', p_recipe.notes,
    'created_at', p_recipe.created_at,
    'updated_at', p_recipe.updated_at,
    'ingredients', coalesce((
      select jsonb_agg(jsonb_build_object(
        'position', ri.position,
        'ingredient_id', ri.ingredient_id,
        'ingredient_name', i.name,
        'quantity', ri.quantity,
        'unit', ri.unit,
        'prep_state', ri.prep_state,
        'note', ri.note
      ) order by ri.position)
      from public.recipe_ingredients ri
      join public.ingredients i on i.id = ri.ingredient_id
      where ri.household_id = p_recipe.household_id and ri.recipe_id = p_recipe.id
    ), '[]'::jsonb)
  );
end;
$$;

set check_function_bodies = off;

create table public.recipes (
  id uuid primary key default gen_random_uuid(),
  household_id uuid not null references public.households (id) on delete cascade,
  title text not null check (char_length(btrim(title)) between 1 and 200),
  instructions text check (char_length(instructions) <= 20000),
  -- At most 30 tags of 1-50 characters; a CHECK cannot look at each element, so it bounds their total.
  tags text[] not null default '{}'
    check (cardinality(tags) <= 30 and array_position(tags, null) is null and char_length(array_to_string(tags, '')) <= 1500),
  rating smallint check (rating between 1 and 5),
  notes text check (char_length(notes) <= 5000),
  servings integer check (servings between 1 and 100),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  -- Where an imported recipe came from: its format's uid or a hash of its content (recipe.create_many). One recipe
  -- per source in a household, deleted ones included, so a second import of the same file finds it.
  source_identity text check (char_length(source_identity) between 1 and 256),
  -- The recipe's photo: an object of the recipe-photos bucket, `<household_id>/<recipe_id>/<file>` (set by
  -- recipe.set_photo after the upload; 76_recipe_photos.sql). Null: no photo.
  photo_path text check (char_length(photo_path) between 1 and 300),
  -- Target of the composite foreign keys that keep children in the recipe's household.
  unique (household_id, id)
);
create unique index recipes_source_identity_key on public.recipes (household_id, source_identity)
  where source_identity is not null;
create index recipes_live_idx on public.recipes (household_id, created_at) where deleted_at is null;
create index recipes_tags_idx on public.recipes using gin (tags);
revoke all on public.recipes from public, anon, authenticated;
grant insert, update on public.recipes to meal_planner_writer;
alter table public.recipes enable row level security;
-- recipe.list pages through a household's live recipes in this order.
create index recipes_title_order_idx on public.recipes (household_id, lower(title), id) where deleted_at is null;
create index if not exists recipes_created_by_idx on public.recipes (created_by);
create trigger recipes_stamp_update before update on public.recipes
  for each row execute function private.stamp_update();
create policy "Recipes are visible to household members" on public.recipes
  for select to authenticated
  using (household_id in (select private.member_household_ids()));
create policy "Members can create recipes in their household" on public.recipes
  for insert to authenticated
  with check (household_id in (select private.member_household_ids()) and created_by = (select auth.uid()));
create policy "Members can edit their household's recipes" on public.recipes
  for update to authenticated
  using (household_id in (select private.member_household_ids()))
  with check (household_id in (select private.member_household_ids()));

create table public.recipe_ingredients (
  id uuid primary key default gen_random_uuid(),
  recipe_id uuid not null,
  household_id uuid not null,
  ingredient_id uuid not null references public.ingredients (id),
  -- A recipe line may have no amount at all: quantity and unit are then both null, never one of them, so a free-text
  -- quantity never gets in (the line's words go in its note: "to taste"). The bounds on quantity (> 0, 3 decimals)
  -- apply whenever it is set.
  quantity numeric check (quantity > 0 and quantity <= 1000000 and quantity = round(quantity, 3)),
  unit text references public.units (code),
  prep_state text check (char_length(btrim(prep_state)) between 1 and 50),
  note text check (char_length(note) <= 200),
  -- The line's index: a recipe has at most 200 lines.
  position integer not null default 0 check (position between 0 and 199),
  created_at timestamptz not null default now(),
  foreign key (household_id, recipe_id) references public.recipes (household_id, id) on delete cascade,
  constraint recipe_ingredients_quantity_with_unit check ((quantity is null) = (unit is null))
);
create index recipe_ingredients_household_id_idx on public.recipe_ingredients (household_id);
create index recipe_ingredients_recipe_idx on public.recipe_ingredients (household_id, recipe_id, position);
create index recipe_ingredients_ingredient_id_idx on public.recipe_ingredients (ingredient_id);
create index recipe_ingredients_unit_idx on public.recipe_ingredients (unit);
revoke all on public.recipe_ingredients from public, anon, authenticated;
grant insert, update, delete on public.recipe_ingredients to meal_planner_writer;
alter table public.recipe_ingredients enable row level security;
create trigger recipe_ingredients_check_ingredient_scope after insert or update of ingredient_id, household_id on public.recipe_ingredients
  for each row execute function private.check_ingredient_scope();
create policy "Recipe ingredients are visible to household members" on public.recipe_ingredients
  for select to authenticated
  using (household_id in (select private.member_household_ids()));
create policy "Members can add recipe ingredients in their household" on public.recipe_ingredients
  for insert to authenticated
  with check (household_id in (select private.member_household_ids()));
create policy "Members can edit their household's recipe ingredients" on public.recipe_ingredients
  for update to authenticated
  using (household_id in (select private.member_household_ids()))
  with check (household_id in (select private.member_household_ids()));
create policy "Members can remove their household's recipe ingredients" on public.recipe_ingredients
  for delete to authenticated
  using (household_id in (select private.member_household_ids()));

create function private.recipe_json(p_recipe public.recipes) returns jsonb
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
-- The helpers the tools and policies call as the signed-in user (functions are executable by no one
-- by default: see 00_foundation.sql).
grant execute on function private.recipe_json(recipes) to authenticated;

create function private.replace_recipe_lines(p_household_id uuid, p_recipe_id uuid, p_lines jsonb) returns void
language plpgsql
set search_path = ''
as $$
begin
  delete from public.recipe_ingredients ri where ri.household_id = p_household_id and ri.recipe_id = p_recipe_id;
  insert into public.recipe_ingredients (recipe_id, household_id, ingredient_id, quantity, unit, prep_state, note, position)
  select p_recipe_id, p_household_id, r.ingredient_id, r.quantity, r.unit, r.prep_state, r.note, r.line_position
  from private.resolve_ingredient_lines(p_household_id, p_lines) r;
end;
$$;
grant execute on function private.replace_recipe_lines(uuid,uuid,jsonb) to authenticated;

create function private.live_recipe(p_household_id uuid, p_recipe_id uuid, p_lock boolean default false)
returns public.recipes
language plpgsql
set search_path = ''
as $$
declare
  v_recipe public.recipes;
begin
  if p_lock then
    select * into v_recipe from public.recipes r
    where r.id = p_recipe_id and r.household_id = p_household_id and r.deleted_at is null
    for no key update;
  else
    select * into v_recipe from public.recipes r
    where r.id = p_recipe_id and r.household_id = p_household_id and r.deleted_at is null;
  end if;
  if v_recipe.id is null then
    raise exception 'recipe not found' using errcode = 'MP404', column = 'recipe_id';
  end if;
  return v_recipe;
end;
$$;
grant execute on function private.live_recipe(uuid,uuid,boolean) to authenticated;

-- Ordered by title (case-folded), then id; the cursor is the last row's pair.
create function app.recipe_list(p_household_id uuid, p_input jsonb) returns json
language plpgsql stable
set search_path = ''
as $$
declare
  v_limit integer := coalesce((p_input ->> 'limit')::integer, 20);
  -- The helpers run only for what was given: an app's plain listing gives none of tags, query or cursor, and each
  -- call of a function with a SET clause costs a configuration save and restore.
  v_tags text[] := case when p_input ? 'tags' then private.text_array(p_input -> 'tags') else '{}' end;
  v_min_rating integer := (p_input ->> 'min_rating')::integer;
  v_pattern text := case when p_input ? 'query' then '%' || private.escape_like(p_input ->> 'query') || '%' end;
  v_after jsonb := case when p_input ? 'cursor' then private.decode_cursor(p_input ->> 'cursor') end;
  v_unfiltered boolean := cardinality(v_tags) = 0 and v_min_rating is null and p_input ->> 'query' is null;
  v_after_title text;
  v_after_id uuid;
  v_rows json;
  v_more boolean;
  v_last_title text;
  v_last_id uuid;
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
  -- The reply is json, built once and sent as built (private.invoke_json): the page of limit + 1 rows is numbered,
  -- the first limit become the reply, and the limit-th is where the next page starts.
  select coalesce(json_agg(json_build_object(
      'id', page.id, 'title', page.title, 'tags', page.tags, 'rating', page.rating,
      'servings', page.servings, 'photo_path', page.photo_path, 'updated_at', page.updated_at
    ) order by page.sort_title, page.id) filter (where page.n <= v_limit), '[]'::json),
    count(*) > v_limit,
    max(page.sort_title) filter (where page.n = v_limit),
    (array_agg(page.id) filter (where page.n = v_limit))[1]
  into v_rows, v_more, v_last_title, v_last_id
  from (select chosen.*, row_number() over (order by chosen.sort_title, chosen.id) as n from (
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
  ) chosen) page;

  return json_build_object('recipes', v_rows, 'next_cursor', case when v_more then private.encode_cursor(
    jsonb_build_object('t', v_last_title, 'i', v_last_id)) end);
end;
$$;

create function app.recipe_get(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
begin
  return jsonb_build_object('recipe', private.recipe_json(
    private.live_recipe(p_household_id, (p_input ->> 'recipe_id')::uuid)));
end;
$$;

create function app.recipe_create(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_recipe public.recipes;
begin
  perform private.hold_household_cap(p_household_id, 'recipes');
  insert into public.recipes (household_id, title, instructions, tags, rating, notes, servings)
  values (
    p_household_id,
    p_input ->> 'title',
    p_input ->> 'instructions',
    private.text_array(p_input -> 'tags'),
    (p_input ->> 'rating')::smallint,
    p_input ->> 'notes',
    (p_input ->> 'servings')::integer
  )
  returning * into v_recipe;
  perform private.replace_recipe_lines(p_household_id, v_recipe.id, p_input -> 'ingredients');
  return jsonb_build_object('recipe_id', v_recipe.id, 'created_at', v_recipe.created_at);
end;
$$;

create function app.recipe_delete(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_recipe public.recipes := private.live_recipe(p_household_id, (p_input ->> 'recipe_id')::uuid, true);
begin
  update public.recipes r set deleted_at = now() where r.id = v_recipe.id returning * into v_recipe;
  return jsonb_build_object('recipe_id', v_recipe.id, 'title', v_recipe.title, 'deleted_at', v_recipe.deleted_at);
end;
$$;

-- A deleted recipe comes back with its lines (soft deletion kept them), within the household's cap.
create function app.recipe_restore(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_recipe public.recipes;
begin
  select * into v_recipe from public.recipes r
  where r.id = (p_input ->> 'recipe_id')::uuid and r.household_id = p_household_id
  for no key update;
  if v_recipe.id is null then
    raise exception 'recipe not found' using errcode = 'MP404', column = 'recipe_id';
  elsif v_recipe.deleted_at is null then
    raise exception 'this recipe is not deleted; nothing to restore' using errcode = 'MP409', column = 'recipe_id';
  end if;
  perform private.hold_household_cap(p_household_id, 'recipes');
  update public.recipes r set deleted_at = null where r.id = v_recipe.id returning * into v_recipe;
  return jsonb_build_object('restored', true, 'recipe', private.recipe_json(v_recipe));
end;
$$;

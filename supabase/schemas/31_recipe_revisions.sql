set check_function_bodies = off;

-- A recipe as it was before each change (recipe.update, recipe.revert): its fields and lines, as
-- private.recipe_json shows them, numbered from 1 per recipe. History: written once, never edited.
create table public.recipe_revisions (
  id uuid primary key default gen_random_uuid(),
  household_id uuid not null,
  recipe_id uuid not null,
  revision integer not null check (revision >= 1),
  recipe jsonb not null check (jsonb_typeof(recipe) = 'object'),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  unique (household_id, recipe_id, revision),
  foreign key (household_id, recipe_id) references public.recipes (household_id, id) on delete cascade
);
create index recipe_revisions_household_id_idx on public.recipe_revisions (household_id);
revoke all on public.recipe_revisions from public, anon, authenticated;
grant insert on public.recipe_revisions to meal_planner_writer;
alter table public.recipe_revisions enable row level security;
create index if not exists recipe_revisions_created_by_idx on public.recipe_revisions (created_by);
create policy "Recipe revisions are visible to household members" on public.recipe_revisions
  for select to authenticated
  using (household_id in (select private.member_household_ids()));
create policy "Members can record revisions of their household's recipes" on public.recipe_revisions
  for insert to authenticated
  with check (household_id in (select private.member_household_ids()) and created_by = (select auth.uid()));

-- The recipe as it is now becomes its next revision; returns that revision's number. The caller holds the
-- recipe's lock (private.live_recipe(..., true)), so two changes never take one number.
create function private.record_recipe_revision(p_recipe public.recipes) returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_revision integer;
begin
  insert into public.recipe_revisions (household_id, recipe_id, revision, recipe)
  select p_recipe.household_id, p_recipe.id, coalesce(max(v.revision), 0) + 1, private.recipe_json(p_recipe)
  from public.recipe_revisions v
  where v.household_id = p_recipe.household_id and v.recipe_id = p_recipe.id
  returning revision into v_revision;
  return v_revision;
end;
$$;
grant execute on function private.record_recipe_revision(recipes) to authenticated;

-- Absent fields keep their value; null clears the nullable ones; ingredients,
-- when given, replace every line. Returns the previous values of the fields it
-- was given and the revision that keeps the recipe as it was.
create function app.recipe_update(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_recipe public.recipes := private.live_recipe(p_household_id, (p_input ->> 'recipe_id')::uuid, true);
  v_before jsonb := private.recipe_json(v_recipe);
  v_revision integer := private.record_recipe_revision(v_recipe);
begin
  if p_input ? 'ingredients' then
    perform private.replace_recipe_lines(p_household_id, v_recipe.id, p_input -> 'ingredients');
  end if;
  update public.recipes r set
    title = coalesce(p_input ->> 'title', r.title),
    instructions = case when p_input ? 'instructions' then p_input ->> 'instructions' else r.instructions end,
    tags = case when p_input ? 'tags' then private.text_array(p_input -> 'tags') else r.tags end,
    rating = case when p_input ? 'rating' then (p_input ->> 'rating')::smallint else r.rating end,
    notes = case when p_input ? 'notes' then p_input ->> 'notes' else r.notes end,
    servings = case when p_input ? 'servings' then (p_input ->> 'servings')::integer else r.servings end
  where r.id = v_recipe.id
  returning * into v_recipe;
  return jsonb_build_object('recipe', private.recipe_json(v_recipe), 'updated_at', v_recipe.updated_at,
    'previous', (
      select coalesce(jsonb_object_agg(field, v_before -> field), '{}'::jsonb)
      from unnest(array['title', 'ingredients', 'instructions', 'tags', 'rating', 'notes', 'servings']) field
      where p_input ? field
    ),
    'revision', v_revision);
end;
$$;

-- Puts a recipe back as it was at one of its revisions, fields and lines; the state it replaces becomes a
-- revision in turn, so a revert can be reverted.
create function app.recipe_revert(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_recipe public.recipes := private.live_recipe(p_household_id, (p_input ->> 'recipe_id')::uuid, true);
  v_snapshot jsonb;
  v_revision integer;
begin
  select v.recipe into v_snapshot from public.recipe_revisions v
  where v.household_id = p_household_id and v.recipe_id = v_recipe.id and v.revision = (p_input ->> 'revision')::integer;
  if v_snapshot is null then
    raise exception 'this recipe has no revision %', p_input ->> 'revision' using errcode = 'MP404', column = 'revision';
  end if;
  v_revision := private.record_recipe_revision(v_recipe);
  perform private.replace_recipe_lines(p_household_id, v_recipe.id, coalesce((
    select jsonb_agg(jsonb_build_object('ingredient_id', line -> 'ingredient_id', 'quantity', line -> 'quantity',
      'unit', line -> 'unit', 'prep_state', line -> 'prep_state', 'note', line -> 'note') order by (line ->> 'position')::integer)
    from jsonb_array_elements(v_snapshot -> 'ingredients') line
  ), '[]'::jsonb));
  update public.recipes r set
    title = v_snapshot ->> 'title',
    instructions = v_snapshot ->> 'instructions',
    tags = private.text_array(v_snapshot -> 'tags'),
    rating = (v_snapshot ->> 'rating')::smallint,
    notes = v_snapshot ->> 'notes',
    servings = (v_snapshot ->> 'servings')::integer
  where r.id = v_recipe.id
  returning * into v_recipe;
  return jsonb_build_object('recipe', private.recipe_json(v_recipe), 'reverted_to_revision',
    (p_input ->> 'revision')::integer, 'revision', v_revision);
end;
$$;

-- A live recipe's revisions, newest first, paged by revision number: each keeps the recipe as it was before a
-- change (recipe.update, recipe.revert), as recipe.get shows it, so a user can pick the one recipe.revert takes.
create function app.recipe_list_revisions(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_recipe public.recipes := private.live_recipe(p_household_id, (p_input ->> 'recipe_id')::uuid);
  v_limit integer := coalesce((p_input ->> 'limit')::integer, 20);
  v_after jsonb := private.decode_cursor(p_input ->> 'cursor');
  v_rows jsonb;
begin
  if v_after is not null and coalesce(v_after ->> 'r', '') !~ '^[0-9]{1,9}$' then
    perform private.decode_cursor('not a cursor');
  end if;
  select coalesce(jsonb_agg(jsonb_build_object(
      'revision', page.revision, 'created_at', page.created_at, 'created_by', page.created_by, 'recipe', page.recipe
    ) order by page.revision desc), '[]'::jsonb)
  into v_rows
  from (
    select v.revision, v.created_at, v.created_by, v.recipe
    from public.recipe_revisions v
    where v.household_id = p_household_id and v.recipe_id = v_recipe.id
      and (v_after is null or v.revision < (v_after ->> 'r')::integer)
    order by v.revision desc
    limit v_limit + 1
  ) page;
  if jsonb_array_length(v_rows) > v_limit then
    v_rows := v_rows - v_limit;
    return jsonb_build_object('recipe_id', v_recipe.id, 'revisions', v_rows, 'next_cursor',
      private.encode_cursor(jsonb_build_object('r', v_rows -> (v_limit - 1) -> 'revision')));
  end if;
  return jsonb_build_object('recipe_id', v_recipe.id, 'revisions', v_rows, 'next_cursor', null);
end;
$$;

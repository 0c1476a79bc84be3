create table public.recipes (
  id uuid primary key default gen_random_uuid(),
  household_id uuid not null references public.households (id) on delete cascade,
  title text not null check (char_length(btrim(title)) between 1 and 200),
  instructions text check (char_length(instructions) <= 20000),
  tags text[] not null default '{}'
    check (cardinality(tags) <= 50 and array_position(tags, null) is null and char_length(array_to_string(tags, '')) <= 2000),
  rating smallint check (rating between 1 and 5),
  notes text check (char_length(notes) <= 20000),
  servings integer check (servings > 0 and servings <= 1000),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  -- Target of the composite foreign keys that keep children in the recipe's household.
  unique (household_id, id)
);
create index recipes_live_idx on public.recipes (household_id, created_at) where deleted_at is null;
create index recipes_tags_idx on public.recipes using gin (tags);
create trigger recipes_stamp_update before update on public.recipes
  for each row execute function private.stamp_update();

revoke all on public.recipes from public, anon, authenticated;
-- No delete: rows are soft-deleted (deleted_at) so that removal can be undone.
grant select, insert, update on public.recipes to authenticated;

alter table public.recipes enable row level security;

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
  quantity numeric not null check (quantity > 0 and quantity <= 1000000),
  unit text not null references public.units (code),
  prep_state text check (char_length(btrim(prep_state)) between 1 and 100),
  note text check (char_length(note) <= 2000),
  position integer not null default 0 check (position between 0 and 10000),
  created_at timestamptz not null default now(),
  foreign key (household_id, recipe_id) references public.recipes (household_id, id) on delete cascade
);
create index recipe_ingredients_household_id_idx on public.recipe_ingredients (household_id);
create index recipe_ingredients_recipe_idx on public.recipe_ingredients (household_id, recipe_id, position);
create index recipe_ingredients_ingredient_id_idx on public.recipe_ingredients (ingredient_id);
create index recipe_ingredients_unit_idx on public.recipe_ingredients (unit);
create trigger recipe_ingredients_check_ingredient_scope after insert or update of ingredient_id, household_id on public.recipe_ingredients
  for each row execute function private.check_ingredient_scope();

revoke all on public.recipe_ingredients from public, anon, authenticated;
grant select, insert, update, delete on public.recipe_ingredients to authenticated;

alter table public.recipe_ingredients enable row level security;

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

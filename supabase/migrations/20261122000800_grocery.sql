create table public.grocery_lists (
  id uuid primary key default gen_random_uuid(),
  household_id uuid not null references public.households (id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 200),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  unique (household_id, id)
);
create unique index grocery_lists_live_name_key on public.grocery_lists (household_id, lower(btrim(name)))
  where deleted_at is null;
create index grocery_lists_household_id_idx on public.grocery_lists (household_id);
create trigger grocery_lists_stamp_update before update on public.grocery_lists
  for each row execute function private.stamp_update();

revoke all on public.grocery_lists from public, anon, authenticated;
-- No delete: rows are soft-deleted (deleted_at) so that removal can be undone.
grant select, insert, update on public.grocery_lists to authenticated;

alter table public.grocery_lists enable row level security;

create policy "Grocery lists are visible to household members" on public.grocery_lists
  for select to authenticated
  using (household_id in (select private.member_household_ids()));
create policy "Members can create grocery lists in their household" on public.grocery_lists
  for insert to authenticated
  with check (household_id in (select private.member_household_ids()) and created_by = (select auth.uid()));
create policy "Members can edit their household's grocery lists" on public.grocery_lists
  for update to authenticated
  using (household_id in (select private.member_household_ids()))
  with check (household_id in (select private.member_household_ids()));

create table public.grocery_items (
  id uuid primary key default gen_random_uuid(),
  grocery_list_id uuid not null,
  household_id uuid not null,
  ingredient_id uuid references public.ingredients (id),
  name text check (char_length(btrim(name)) between 1 and 200),
  quantity numeric not null check (quantity > 0 and quantity <= 1000000),
  unit text not null references public.units (code),
  prep_state text check (char_length(btrim(prep_state)) between 1 and 100),
  checked boolean not null default false,
  checked_by uuid references auth.users (id) on delete set null,
  checked_at timestamptz,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  check (ingredient_id is not null or name is not null),
  check (checked or (checked_by is null and checked_at is null)),
  unique (household_id, id),
  foreign key (household_id, grocery_list_id) references public.grocery_lists (household_id, id) on delete cascade
);
create index grocery_items_household_id_idx on public.grocery_items (household_id);
create index grocery_items_list_idx on public.grocery_items (grocery_list_id);
-- The merge looks items up by this key.
create index grocery_items_merge_key_idx on public.grocery_items (grocery_list_id, ingredient_id, unit)
  where deleted_at is null and not checked;
create index grocery_items_ingredient_id_idx on public.grocery_items (ingredient_id);
create index grocery_items_unit_idx on public.grocery_items (unit);
create trigger grocery_items_stamp_update before update on public.grocery_items
  for each row execute function private.stamp_update();
create trigger grocery_items_check_ingredient_scope after insert or update of ingredient_id, household_id on public.grocery_items
  for each row execute function private.check_ingredient_scope();

revoke all on public.grocery_items from public, anon, authenticated;
grant select, insert, update on public.grocery_items to authenticated;

alter table public.grocery_items enable row level security;

create policy "Grocery items are visible to household members" on public.grocery_items
  for select to authenticated
  using (household_id in (select private.member_household_ids()));
create policy "Members can add grocery items in their household" on public.grocery_items
  for insert to authenticated
  with check (household_id in (select private.member_household_ids()) and created_by = (select auth.uid()));
create policy "Members can edit their household's grocery items" on public.grocery_items
  for update to authenticated
  using (household_id in (select private.member_household_ids()))
  with check (household_id in (select private.member_household_ids()));

-- One row per contribution to an item: which recipe or planned meal, how much.
-- History: written once, never edited.
create table public.grocery_item_sources (
  id uuid primary key default gen_random_uuid(),
  grocery_item_id uuid not null,
  household_id uuid not null,
  recipe_id uuid,
  planner_meal_id uuid,
  quantity_added numeric not null check (quantity_added > 0 and quantity_added <= 1000000),
  unit text not null references public.units (code),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  foreign key (household_id, grocery_item_id) references public.grocery_items (household_id, id) on delete cascade,
  foreign key (household_id, recipe_id) references public.recipes (household_id, id) on delete set null (recipe_id),
  foreign key (household_id, planner_meal_id) references public.planner_meals (household_id, id) on delete set null (planner_meal_id)
);
create index grocery_item_sources_household_id_idx on public.grocery_item_sources (household_id);
create index grocery_item_sources_item_idx on public.grocery_item_sources (household_id, grocery_item_id);
create index grocery_item_sources_recipe_idx on public.grocery_item_sources (household_id, recipe_id) where recipe_id is not null;
create index grocery_item_sources_meal_idx on public.grocery_item_sources (household_id, planner_meal_id) where planner_meal_id is not null;
create index grocery_item_sources_unit_idx on public.grocery_item_sources (unit);

revoke all on public.grocery_item_sources from public, anon, authenticated;
grant select, insert on public.grocery_item_sources to authenticated;

alter table public.grocery_item_sources enable row level security;

create policy "Grocery item sources are visible to household members" on public.grocery_item_sources
  for select to authenticated
  using (household_id in (select private.member_household_ids()));
create policy "Members can record grocery item sources in their household" on public.grocery_item_sources
  for insert to authenticated
  with check (household_id in (select private.member_household_ids()) and created_by = (select auth.uid()));

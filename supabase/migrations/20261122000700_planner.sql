create table public.planner_meals (
  id uuid primary key default gen_random_uuid(),
  household_id uuid not null references public.households (id) on delete cascade,
  recipe_id uuid not null,
  date date not null,
  meal_type text not null check (meal_type in ('breakfast', 'lunch', 'dinner')),
  servings integer check (servings > 0 and servings <= 1000),
  note text check (char_length(note) <= 2000),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  unique (household_id, id),
  foreign key (household_id, recipe_id) references public.recipes (household_id, id)
);
create index planner_meals_live_idx on public.planner_meals (household_id, date) where deleted_at is null;
create index planner_meals_recipe_idx on public.planner_meals (household_id, recipe_id);
create trigger planner_meals_stamp_update before update on public.planner_meals
  for each row execute function private.stamp_update();

revoke all on public.planner_meals from public, anon, authenticated;
-- No delete: rows are soft-deleted (deleted_at) so that removal can be undone.
grant select, insert, update on public.planner_meals to authenticated;

alter table public.planner_meals enable row level security;

create policy "Planned meals are visible to household members" on public.planner_meals
  for select to authenticated
  using (household_id in (select private.member_household_ids()));
create policy "Members can plan meals in their household" on public.planner_meals
  for insert to authenticated
  with check (household_id in (select private.member_household_ids()) and created_by = (select auth.uid()));
create policy "Members can edit their household's planned meals" on public.planner_meals
  for update to authenticated
  using (household_id in (select private.member_household_ids()))
  with check (household_id in (select private.member_household_ids()));

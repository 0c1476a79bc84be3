-- household_id null: the shared catalog. Names match exactly after trimming and
-- case folding, never fuzzily; normalized_name is what lookups compare.
create table public.ingredients (
  id uuid primary key default gen_random_uuid(),
  household_id uuid references public.households (id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 200),
  normalized_name text not null generated always as (lower(btrim(name))) stored,
  category text check (char_length(category) between 1 and 100),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index ingredients_scope_name_key on public.ingredients
  (coalesce(household_id, '00000000-0000-0000-0000-000000000000'::uuid), normalized_name);
create index ingredients_household_id_idx on public.ingredients (household_id);
create trigger ingredients_stamp_update before update on public.ingredients
  for each row execute function private.stamp_update();

revoke all on public.ingredients from public, anon, authenticated;
grant select, insert, update on public.ingredients to authenticated;

alter table public.ingredients enable row level security;

create policy "Catalog and household ingredients are visible to members" on public.ingredients
  for select to authenticated
  using (household_id is null or household_id in (select private.member_household_ids()));
create policy "Members can add ingredients to their household" on public.ingredients
  for insert to authenticated
  with check (household_id in (select private.member_household_ids()) and created_by = (select auth.uid()));
create policy "Members can edit their household's ingredients" on public.ingredients
  for update to authenticated
  using (household_id in (select private.member_household_ids()))
  with check (household_id in (select private.member_household_ids()));

-- A line of a recipe or a grocery list may use the catalog or its own
-- household's ingredients, never another household's. Runs after the row
-- passed row-level security, so a refused row reports that first.
create function private.check_ingredient_scope() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.ingredient_id is not null and not exists (
    select 1 from public.ingredients i
    where i.id = new.ingredient_id
      and (i.household_id is null or i.household_id = new.household_id)
  ) then
    raise exception 'ingredient % not found', new.ingredient_id
      using errcode = 'MP400', column = 'ingredient_id';
  end if;
  return null;
end;
$$;
revoke all on function private.check_ingredient_scope() from public, anon, authenticated;

-- What a line of each unit buys, per catalog ingredient with a rule: derived from public.ingredient_purchase_units
-- and public.units, rebuilt when either changes (see supabase/schemas/22_ingredient_buying.sql), so that a list
-- read joins one row per item instead of choosing a rule per item.
create table public.ingredient_buying (
  ingredient_id uuid not null references public.ingredients (id) on delete cascade,
  unit text not null references public.units (code),
  -- One of the line's unit in the rule's unit of need: 1 when they are the same or not convertible by factor.
  factor numeric not null,
  per_purchase numeric not null,
  purchase_unit text not null references public.units (code),
  singular text not null,
  plural text not null,
  primary key (ingredient_id, unit)
);
create index ingredient_buying_unit_idx on public.ingredient_buying (unit);
create index ingredient_buying_purchase_unit_idx on public.ingredient_buying (purchase_unit);
revoke all on public.ingredient_buying from public, anon, authenticated;
grant select on public.ingredient_buying to meal_planner_reader, meal_planner_writer;
alter table public.ingredient_buying enable row level security;
create policy "What catalog ingredients buy per unit is visible to signed-in users" on public.ingredient_buying
  for select to authenticated
  using (true);

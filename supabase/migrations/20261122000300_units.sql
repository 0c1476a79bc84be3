-- The fixed list of units. factor converts to the kind's base unit (ml, g);
-- count units have none. Nothing converts automatically: the factors are for
-- display and a later, user-approved conversion.
create table public.units (
  code text primary key,
  kind text not null check (kind in ('volume', 'weight', 'count')),
  factor numeric check (factor > 0),
  check ((kind = 'count') = (factor is null))
);

insert into public.units (code, kind, factor) values
  ('cup', 'volume', 236.5882365),
  ('tbsp', 'volume', 14.78676478125),
  ('tsp', 'volume', 4.92892159375),
  ('ml', 'volume', 1),
  ('l', 'volume', 1000),
  ('fl oz', 'volume', 29.5735295625),
  ('lb', 'weight', 453.59237),
  ('oz', 'weight', 28.349523125),
  ('g', 'weight', 1),
  ('kg', 'weight', 1000),
  ('whole', 'count', null),
  ('piece', 'count', null),
  ('can', 'count', null),
  ('package', 'count', null);

revoke all on public.units from public, anon, authenticated;
grant select on public.units to authenticated;

alter table public.units enable row level security;

create policy "Units are visible to signed-in users" on public.units
  for select to authenticated
  using (true);

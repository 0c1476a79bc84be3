set check_function_bodies = off;

-- What a line of each unit buys, per catalog ingredient that has a rule in public.ingredient_purchase_units, chosen
-- as the rules say: the rule for the line's own unit first, else one of the same weight or volume kind, converted by
-- the units' factors. It is derived from the rules and the units, and rebuilt whenever either changes (the catalog's
-- migrations), so a list read joins one row per item instead of choosing a rule per item: choosing was most of
-- grocery.get_list's database time (1.4–1.7 ms of 3.5–5 ms for 50 items).
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

create function private.rebuild_ingredient_buying() returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.ingredient_buying where true;
  insert into public.ingredient_buying (ingredient_id, unit, factor, per_purchase, purchase_unit, singular, plural)
  select distinct on (rule.ingredient_id, line.code)
    rule.ingredient_id, line.code, coalesce(line.factor / need.factor, 1), rule.per_purchase, rule.purchase_unit,
    coalesce(rule.singular, rule.purchase_unit),
    coalesce(rule.plural, case when rule.purchase_unit = 'whole' then 'whole' else rule.purchase_unit || 's' end)
  from public.ingredient_purchase_units rule
  join public.units need on need.code = rule.need_unit
  join public.units line on line.code = rule.need_unit or (line.kind = need.kind and need.kind <> 'count')
  order by rule.ingredient_id, line.code, rule.need_unit = line.code desc, rule.need_unit;
end;
$$;

create function private.rebuild_ingredient_buying_after_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.rebuild_ingredient_buying();
  return null;
end;
$$;

create trigger ingredient_buying_follows_rules
  after insert or update or delete or truncate on public.ingredient_purchase_units
  for each statement execute function private.rebuild_ingredient_buying_after_change();
create trigger ingredient_buying_follows_units
  after insert or update or delete or truncate on public.units
  for each statement execute function private.rebuild_ingredient_buying_after_change();

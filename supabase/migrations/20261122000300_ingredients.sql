-- ============================================================================
-- Units
-- ============================================================================

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

-- ============================================================================
-- Ingredients
-- ============================================================================

-- household_id null: the shared catalog. Names match exactly after trimming and
-- case folding, never fuzzily; normalized_name is what lookups compare.
create table public.ingredients (
  id uuid primary key default gen_random_uuid(),
  household_id uuid references public.households (id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 100),
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
grant select on public.ingredients to authenticated;
-- Delete: undoing ingredient.create (history.undo) removes a household's ingredient nothing refers to,
-- so its name can be created again.
grant insert, update, delete on public.ingredients to meal_planner_writer;

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
create policy "Members can remove their household's ingredients" on public.ingredients
  for delete to authenticated
  using (household_id in (select private.member_household_ids()));

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

-- ============================================================================
-- Tools: ingredient.*
-- ============================================================================

-- ingredient.* tools: exact and prefix lookup over the catalog and the
-- household's own ingredients; never fuzzy.

create index ingredients_prefix_idx on public.ingredients (normalized_name text_pattern_ops);

create function app.ingredient_search(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_query text := regexp_replace(lower(btrim(p_input ->> 'query')), '\s+', ' ', 'g');
  v_pattern text := private.escape_like(v_query);
begin
  -- Ranked: the exact name, then names starting with the query, then names holding it as whole words
  -- (between spaces: "rice" finds "brown rice", never "licorice"). A search only: writes take exact names.
  return jsonb_build_object('ingredients', coalesce((
    select jsonb_agg(jsonb_build_object(
      'id', found.id, 'name', found.name, 'household_specific', found.household_id is not null,
      'match', (array['exact', 'prefix', 'word'])[found.rank + 1]
    ) order by found.rank, found.normalized_name, found.household_id nulls last, found.id)
    from (
      select i.id, i.name, i.normalized_name, i.household_id,
        case when i.normalized_name = v_query then 0 when i.normalized_name like v_pattern || '%' then 1 else 2 end
          as rank
      from public.ingredients i
      where (i.household_id is null or i.household_id = p_household_id)
        and (i.normalized_name like v_pattern || '%'
          or ' ' || regexp_replace(i.normalized_name, '\s+', ' ', 'g') || ' ' like '% ' || v_pattern || ' %')
      order by rank, i.normalized_name, i.household_id nulls last, i.id
      limit coalesce((p_input ->> 'limit')::integer, 10)
    ) found
  ), '[]'::jsonb));
end;
$$;

create function app.ingredient_create(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_existing public.ingredients;
  v_ingredient public.ingredients;
begin
  select * into v_existing from public.ingredients i
  where i.normalized_name = lower(btrim(p_input ->> 'name'))
    and (i.household_id is null or i.household_id = p_household_id)
  order by i.household_id nulls first
  limit 1;
  if v_existing.id is not null then
    raise exception '"%" already exists (%, id %); use it instead', v_existing.name,
      case when v_existing.household_id is null then 'in the catalog' else 'in this household' end, v_existing.id
      using errcode = 'MP409', column = 'name';
  end if;
  insert into public.ingredients (household_id, name)
  values (p_household_id, btrim(p_input ->> 'name'))
  returning * into v_ingredient;
  return jsonb_build_object('ingredient_id', v_ingredient.id, 'name', v_ingredient.name,
    'created_at', v_ingredient.created_at);
exception when unique_violation then
  raise exception '"%" was just added by someone else in this household', btrim(p_input ->> 'name')
    using errcode = 'MP409', column = 'name';
end;
$$;

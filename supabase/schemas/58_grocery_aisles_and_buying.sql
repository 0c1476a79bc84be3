set check_function_bodies = off;

-- What to buy for a need, or null when the catalog says nothing about how it is sold: the ingredient's rule for
-- this unit (public.ingredient_buying: its own, else one of the same weight or volume kind), then a unit bought whole.
create function private.grocery_item_buy(p_ingredient_id uuid, p_quantity numeric, p_unit text) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_count numeric;
  v_unit text;
  v_singular text;
  v_plural text;
begin
  if p_ingredient_id is not null then
    select pg_catalog.ceil(p_quantity * rule.factor / rule.per_purchase), rule.purchase_unit, rule.singular,
      rule.plural
    into v_count, v_unit, v_singular, v_plural
    from public.ingredient_buying rule
    where rule.ingredient_id = p_ingredient_id and rule.unit = p_unit;
  end if;
  if v_unit is null then
    select pg_catalog.ceil(p_quantity), whole.unit into v_count, v_unit
    from public.units_bought_whole whole where whole.unit = p_unit;
  end if;
  if v_unit is null then
    return null;
  end if;
  return pg_catalog.jsonb_build_object('quantity', v_count, 'unit', v_unit, 'wording', private.counted(v_count,
    coalesce(v_singular, v_unit), coalesce(v_plural, case when v_unit = 'whole' then 'whole' else v_unit || 's' end)));
end;
$$;
grant execute on function private.grocery_item_buy(uuid,numeric,text) to authenticated;

create function private.poke_aisle_order_changed() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.poke_household(coalesce(new.household_id, old.household_id), jsonb_build_object('kind', 'aisle_order'));
  return null;
end;
$$;
revoke all on function private.poke_aisle_order_changed() from public;

create table public.household_aisle_orders (
  household_id uuid primary key references public.households (id) on delete cascade,
  -- The categories the household named, in its order; the others follow in the default order.
  categories text[] not null check (cardinality(categories) between 1 and 50),
  updated_by uuid references auth.users (id) on delete set null,
  updated_at timestamptz not null default now()
);
create index household_aisle_orders_updated_by_idx on public.household_aisle_orders (updated_by);
revoke all on public.household_aisle_orders from public, anon, authenticated;
grant select on public.household_aisle_orders to meal_planner_reader, meal_planner_writer;
grant insert, update, delete on public.household_aisle_orders to meal_planner_writer;
alter table public.household_aisle_orders enable row level security;
create policy "Aisle orders are visible to the household's members" on public.household_aisle_orders
  for select to authenticated
  using (household_id in (select private.member_household_ids()));
create policy "Members can set their household's aisle order" on public.household_aisle_orders
  for insert to authenticated
  with check (household_id in (select private.member_household_ids()));
create policy "Members can change their household's aisle order" on public.household_aisle_orders
  for update to authenticated
  using (household_id in (select private.member_household_ids()))
  with check (household_id in (select private.member_household_ids()));
create policy "Members can reset their household's aisle order" on public.household_aisle_orders
  for delete to authenticated
  using (household_id in (select private.member_household_ids()));
create trigger household_aisle_orders_poke
after insert or update or delete on public.household_aisle_orders
for each row execute function private.poke_aisle_order_changed();

-- Every category once, in the household's order: those it named first, then the rest in the default order.
-- plpgsql rather than sql: a SQL function with a SET clause is never inlined and, before PostgreSQL 18, is planned
-- again at every call; plpgsql keeps its plan per session. Every list read calls it.
create function private.aisle_order_json(p_household_id uuid) returns jsonb
language plpgsql stable
set search_path = ''
as $$
begin
  return (
    select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('category', c.code, 'label', c.label)
      order by pg_catalog.array_position(o.categories, c.code) nulls last, c.default_position)
    from public.grocery_categories c
    left join public.household_aisle_orders o on o.household_id = p_household_id
  );
end;
$$;
grant execute on function private.aisle_order_json(uuid) to authenticated;

-- Any member may set it (it is how they walk their shop); an empty list puts the default order back. The reply
-- keeps the order before (null: the default), which undoing puts back.
create function app.household_set_aisle_order(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_categories text[];
  v_previous text[];
  v_unknown text;
  v_name text := (select h.name from public.households h where h.id = p_household_id);
begin
  if jsonb_typeof(p_input -> 'categories') is distinct from 'array' then
    raise exception 'categories must be a list of category codes' using errcode = 'MP400', column = 'categories';
  end if;
  select array_agg(element.value order by element.position) into v_categories
  from jsonb_array_elements_text(p_input -> 'categories') with ordinality element(value, position);
  select given.code into v_unknown from unnest(v_categories) given(code)
  where given.code not in (select c.code from public.grocery_categories c)
  limit 1;
  if v_unknown is not null then
    raise exception 'unknown category "%"; the categories are: %', v_unknown,
      (select string_agg(c.code, ', ' order by c.default_position) from public.grocery_categories c)
      using errcode = 'MP400', column = 'categories';
  end if;
  if (select count(distinct given.code) from unnest(v_categories) given(code)) <> coalesce(cardinality(v_categories), 0)
  then
    raise exception 'categories must name each category at most once' using errcode = 'MP400', column = 'categories';
  end if;
  -- One change of a household's order at a time, so that each reply's previous order is the one it replaced.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('aisle order:' || p_household_id::text, 0));
  select o.categories into v_previous from public.household_aisle_orders o where o.household_id = p_household_id;
  if coalesce(cardinality(v_categories), 0) = 0 then
    v_categories := null;
    delete from public.household_aisle_orders o where o.household_id = p_household_id;
  else
    insert into public.household_aisle_orders as o (household_id, categories, updated_by)
    values (p_household_id, v_categories, (select auth.uid()))
    on conflict (household_id) do update
      set categories = excluded.categories, updated_by = excluded.updated_by, updated_at = now();
  end if;
  return jsonb_build_object('household_id', p_household_id, 'household_name', v_name,
    'categories', to_jsonb(v_categories), 'previous_categories', to_jsonb(v_previous),
    'aisle_order', private.aisle_order_json(p_household_id),
    'message', case when v_categories is null
      then format('Put the aisle order of "%s" back to the usual one.', v_name)
      else format('Set the aisle order of "%s": %s first.', v_name, (
        select string_agg(c.label, ', ' order by given.position)
        from unnest(v_categories) with ordinality given(code, position)
        join public.grocery_categories c on c.code = given.code)) end);
end;
$$;

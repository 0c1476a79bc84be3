-- What to buy for a need, or null when the catalog says nothing about how it is sold: the ingredient's rule for
-- this unit (public.ingredient_buying: its own, else one of the same weight or volume kind), then a unit bought whole.
create or replace function private.grocery_item_buy(p_ingredient_id uuid, p_quantity numeric, p_unit text) returns jsonb
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

-- grocery.get_list's read. Per item, the ingredient is joined once for its name and category, and what to buy is
-- one row of public.ingredient_buying (the rule already chosen for the item's unit), joined; who ticked is looked up
-- in the members' names read once per call.
-- grocery.changes calls the function; the HTTP tests check that both give the same answer for every item.
create or replace function private.grocery_list_as_read(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  v_list public.grocery_lists := private.live_grocery_list(p_household_id, (p_input ->> 'grocery_list_id')::uuid);
  v_items json;
  v_count integer;
  v_unchecked integer;
  v_names jsonb := private.member_names(p_household_id);
begin
  select
    coalesce(json_agg(json_build_object(
      'id', i.id,
      'ingredient_id', i.ingredient_id,
      'name', coalesce(i.name, ingredient.name),
      'quantity', i.quantity,
      'unit', i.unit,
      'prep_state', i.prep_state,
      'checked', i.checked,
      'checked_at', i.checked_at,
      'checked_by', i.checked_by,
      'checked_by_name', case when i.checked then v_names ->> i.checked_by::text end,
      'sources', sources.list,
      'category', ingredient.aisle,
      'buy', case
        when purchase.unit is not null then json_build_object('quantity', purchase.count, 'unit', purchase.unit,
          'wording', purchase.count::text || ' ' || case when purchase.count = 1 then purchase.singular
            else purchase.plural end)
        when whole.unit is not null then json_build_object('quantity', ceil(i.quantity), 'unit', i.unit,
          'wording', ceil(i.quantity)::text || ' ' || case when ceil(i.quantity) = 1 then i.unit
            when i.unit = 'whole' then 'whole' else i.unit || 's' end)
      end
    ) order by i.checked, i.created_at, i.id), '[]'::json),
    count(*),
    count(*) filter (where not i.checked)
  into v_items, v_count, v_unchecked
  from public.grocery_items i
  left join public.ingredients ingredient on ingredient.id = i.ingredient_id
  left join lateral (
    select ceil(i.quantity * rule.factor / rule.per_purchase) as count, rule.purchase_unit as unit, rule.singular,
      rule.plural
    from public.ingredient_buying rule
    where rule.ingredient_id = i.ingredient_id and rule.unit = i.unit
  ) purchase on true
  left join public.units_bought_whole whole on whole.unit = i.unit
  cross join lateral (
    select coalesce(json_agg(json_build_object(
      'recipe_id', recent.recipe_id,
      'planner_meal_id', recent.planner_meal_id,
      'quantity_added', recent.quantity_added,
      'unit', recent.unit,
      'created_at', recent.created_at
    ) order by recent.created_at, recent.id), '[]'::json) as list
    from (
      select s.* from public.grocery_item_sources s
      where s.household_id = p_household_id and s.grocery_item_id = i.id
      order by s.created_at desc, s.id desc
      limit 20
    ) recent
  ) sources
  where i.grocery_list_id = v_list.id and i.household_id = p_household_id and i.deleted_at is null;

  return (json_build_object(
    'list', json_build_object(
      'id', v_list.id, 'name', v_list.name, 'item_count', v_count, 'unchecked_count', v_unchecked,
      'created_at', v_list.created_at, 'updated_at', v_list.updated_at),
    'items', v_items
  ))::jsonb;
end;
$$;

-- Every member's name as private.member_name gives it, by user id, for a read that names many rows (who ticked
-- each item of a list): one query per call instead of two per row. Empty for a caller outside the household.
create or replace function private.member_names(p_household_id uuid) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not private.is_household_member(p_household_id) then
    return '{}'::jsonb;
  end if;
  return (select coalesce(pg_catalog.jsonb_object_agg(m.user_id, coalesce(p.display_name, u.email)), '{}'::jsonb)
    from public.household_members m
    join auth.users u on u.id = m.user_id
    left join public.profiles p on p.user_id = m.user_id
    where m.household_id = p_household_id);
end;
$$;

grant execute on function private.member_names(uuid) to authenticated;

create or replace function private.rebuild_ingredient_buying() returns void
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

create or replace function private.rebuild_ingredient_buying_after_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.rebuild_ingredient_buying();
  return null;
end;
$$;

drop trigger if exists ingredient_buying_follows_rules on public.ingredient_purchase_units;
create trigger ingredient_buying_follows_rules
  after insert or update or delete or truncate on public.ingredient_purchase_units
  for each statement execute function private.rebuild_ingredient_buying_after_change();

drop trigger if exists ingredient_buying_follows_units on public.units;
create trigger ingredient_buying_follows_units
  after insert or update or delete or truncate on public.units
  for each statement execute function private.rebuild_ingredient_buying_after_change();

-- The table is derived: fill it from the rules as they are now (later changes rebuild it through the triggers).
select private.rebuild_ingredient_buying();

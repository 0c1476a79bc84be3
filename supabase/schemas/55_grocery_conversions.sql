set check_function_bodies = off;

-- The unchecked, live lines of one ingredient and prep state on the list, in convertible units of one kind,
-- with their amount in the kind's base unit (ml or g), exact.
create function private.convertible_lines(p_household_id uuid, p_list_id uuid)
returns table (item_id uuid, ingredient_id uuid, prep_key text, kind text, unit text, quantity numeric,
  base_quantity numeric, created_at timestamptz)
language sql stable
set search_path = ''
as $$
  select i.id, i.ingredient_id, i.prep_key, u.kind, i.unit, i.quantity, i.quantity * u.factor, i.created_at
  from public.grocery_items i
  join public.units u on u.code = i.unit
  where i.grocery_list_id = p_list_id and i.household_id = p_household_id and i.ingredient_id is not null
    and not i.checked and i.deleted_at is null and u.factor is not null
$$;
grant execute on function private.convertible_lines(uuid,uuid) to authenticated;

-- A group's total in the target unit: exact, and as stored (3 decimals, the quantity bound).
create function private.converted_total(p_base_total numeric, p_unit text) returns numeric
language sql stable
set search_path = ''
return p_base_total / (select u.factor from public.units u where u.code = p_unit);
grant execute on function private.converted_total(numeric,text) to authenticated;

create function app.grocery_propose_conversions(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_list public.grocery_lists := private.live_grocery_list(p_household_id, (p_input ->> 'grocery_list_id')::uuid);
begin
  -- Per ingredient, prep state and kind with lines in two or more units; the target is the unit that already
  -- holds the largest share of the amount.
  return jsonb_build_object('grocery_list_id', v_list.id, 'proposals', coalesce((
    select jsonb_agg(proposal order by proposal ->> 'ingredient_name', proposal ->> 'prep_state')
    from (
      select jsonb_build_object(
        'ingredient_id', g.ingredient_id,
        'ingredient_name', ingredient.name,
        'prep_state', (select i.prep_state from public.grocery_items i where i.id = g.item_ids[1]),
        'item_ids', to_jsonb(g.item_ids),
        'unit', g.target_unit,
        'lines', g.lines,
        'exact_quantity', trim_scale(private.converted_total(g.base_total, g.target_unit)),
        'quantity', trim_scale(round(private.converted_total(g.base_total, g.target_unit), 3)),
        'rounded', private.converted_total(g.base_total, g.target_unit)
          <> round(private.converted_total(g.base_total, g.target_unit), 3),
        'arithmetic', g.arithmetic || ' = ' || trim_scale(private.converted_total(g.base_total, g.target_unit))
          || ' ' || g.target_unit
      ) as proposal
      from (
        select l.ingredient_id, l.prep_key, l.kind,
          array_agg(l.item_id order by l.created_at, l.item_id) as item_ids,
          (array_agg(l.unit order by l.base_quantity desc, l.created_at, l.item_id))[1] as target_unit,
          sum(l.base_quantity) as base_total,
          jsonb_agg(jsonb_build_object('item_id', l.item_id, 'quantity', l.quantity, 'unit', l.unit)
            order by l.created_at, l.item_id) as lines,
          string_agg(format('%s %s', trim_scale(l.quantity), l.unit), ' + ' order by l.created_at, l.item_id)
            as arithmetic
        from private.convertible_lines(p_household_id, v_list.id) l
        group by l.ingredient_id, l.prep_key, l.kind
        having count(distinct l.unit) > 1
      ) g
      join public.ingredients ingredient on ingredient.id = g.ingredient_id
    ) proposals
  ), '[]'::jsonb));
end;
$$;

-- Merges the lines a person accepted into the first of them, in the unit they chose: the total (rounded to
-- 3 decimals, the quantity bound) replaces its quantity and unit, every ledger row of the others moves to it
-- (each keeps the amount and unit it was recorded in: the ledger converts them with the units' exact factors),
-- the rounding is recorded as an adjustment in the kind's base unit (ml or g, where it is exact), and the others
-- are removed, marked as merged into it. All or nothing; the list is locked first.
-- `previous` keeps what history.undo needs to put every line back exactly: the kept line's quantity and unit,
-- where each ledger row was, and the rounding's adjustment.
create or replace function app.grocery_apply_conversion(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_list public.grocery_lists := private.live_grocery_list(p_household_id, (p_input ->> 'grocery_list_id')::uuid);
  v_ids uuid[] := array(select jsonb_array_elements_text(p_input -> 'item_ids')::uuid);
  v_unit text := p_input ->> 'unit';
  v_groups integer;
  v_found integer;
  v_kind text;
  v_base_total numeric;
  v_exact numeric;
  v_keep uuid;
  v_item public.grocery_items;
  v_previous jsonb;
  v_into public.grocery_items;
  v_rounding numeric;
  v_rounding_id uuid;
begin
  perform from public.grocery_lists l where l.id = v_list.id for no key update;
  select count(*), count(distinct (l.ingredient_id, l.prep_key, l.kind)), min(l.kind), sum(l.base_quantity)
  into v_found, v_groups, v_kind, v_base_total
  from private.convertible_lines(p_household_id, v_list.id) l
  where l.item_id = any(v_ids);
  if v_found <> cardinality(v_ids) then
    raise exception 'every item must be an unchecked line of this list in a volume or weight unit'
      using errcode = 'MP404', column = 'item_ids';
  elsif v_groups <> 1 then
    raise exception 'the items must be one ingredient with one prep state, in units of one kind (volume or weight)'
      using errcode = 'MP400', column = 'item_ids';
  elsif (select u.kind from public.units u where u.code = v_unit) is distinct from v_kind then
    raise exception 'unit must be a % unit, as the items are', v_kind using errcode = 'MP400', column = 'unit';
  end if;
  v_exact := private.converted_total(v_base_total, v_unit);
  if round(v_exact, 3) <= 0 or round(v_exact, 3) > 1000000 then
    raise exception 'the total in % would be %; choose another unit', v_unit, trim_scale(v_exact)
      using errcode = 'MP400', column = 'unit';
  end if;
  select l.item_id into v_keep from private.convertible_lines(p_household_id, v_list.id) l
  where l.item_id = any(v_ids) order by l.created_at, l.item_id limit 1;
  select jsonb_build_object('quantity', i.quantity, 'unit', i.unit, 'sources', coalesce((
    select jsonb_agg(jsonb_build_object('id', s.id, 'grocery_item_id', s.grocery_item_id) order by s.id)
    from public.grocery_item_sources s
    where s.household_id = p_household_id and s.grocery_item_id = any(v_ids)), '[]'::jsonb))
    || private.ledger_rows_of(p_household_id, v_ids)
  into v_previous
  from public.grocery_items i where i.id = v_keep;
  perform private.move_ledger_rows(p_household_id, v_ids, v_keep);
  update public.grocery_items i set deleted_at = now(), merged_into_id = v_keep
  where i.id = any(v_ids) and i.id <> v_keep;
  update public.grocery_items i set quantity = trim_scale(round(v_exact, 3)), unit = v_unit
  where i.id = v_keep
  returning * into v_item;
  -- The rounding, exact in the base unit: the kept amount there minus the lines' amounts there.
  v_rounding := trim_scale(v_item.quantity * (select u.factor from public.units u where u.code = v_unit) - v_base_total);
  if v_rounding <> 0 then
    insert into public.grocery_item_adjustments (grocery_item_id, household_id, quantity, unit, reason)
    values (v_keep, p_household_id, v_rounding,
      (select u.code from public.units u where u.kind = v_kind and u.factor = 1), 'conversion')
    returning id into v_rounding_id;
  end if;
  v_previous := v_previous || jsonb_build_object('rounding_adjustment_id', v_rounding_id);
  -- A line already in that unit but left out of the proposal would now share the merge key: fold, as always.
  v_into := private.fold_into_matching_line(v_item);
  return jsonb_build_object(
    'grocery_list_id', v_list.id,
    'item', private.grocery_item_detail_json(coalesce(v_into, v_item)),
    'kept_item_id', v_keep,
    'merged_item_ids', to_jsonb(array(select id from unnest(v_ids) id where id <> v_keep)),
    'folded_into_item_id', v_into.id,
    'exact_quantity', trim_scale(v_exact),
    'rounded', v_exact <> round(v_exact, 3),
    'previous', v_previous);
end;
$$;

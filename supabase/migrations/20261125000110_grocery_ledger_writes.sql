-- ============================================================================
-- Every grocery write records its part of the ledger (see 20261125000100_grocery_ledger.sql)
-- ============================================================================

-- A fold moves every ledger row of the line (sources, withdrawals, adjustments) onto the line it joins, and marks
-- the line as merged into it, so that grocery.restore_item refuses it instead of counting its amount twice.
create or replace function private.fold_into_matching_line(p_item public.grocery_items) returns public.grocery_items
language plpgsql
set search_path = ''
as $$
declare
  v_into public.grocery_items;
begin
  v_into := private.matching_line(p_item.grocery_list_id, p_item.ingredient_id, p_item.name_key, p_item.unit,
    p_item.prep_key, p_item.id);
  if v_into.id is null or p_item.checked or p_item.deleted_at is not null
     or v_into.quantity + p_item.quantity > 1000000 then
    return null;
  end if;
  perform private.move_ledger_rows(p_item.household_id, array[p_item.id], v_into.id);
  update public.grocery_items i set deleted_at = now(), merged_into_id = v_into.id where i.id = p_item.id;
  update public.grocery_items i set quantity = trim_scale(i.quantity + p_item.quantity)
  where i.id = v_into.id
  returning * into v_into;
  return v_into;
end;
$$;

-- Unchecking folds the line back into a matching unchecked line (see fold_into_matching_line), and says so.
-- `previous` keeps what history.undo needs to put the check back exactly: the line, who checked it and when,
-- and its ledger rows (which move with it when it folds).
create or replace function app.grocery_uncheck_item(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_item public.grocery_items := private.live_grocery_item(p_household_id, (p_input ->> 'grocery_item_id')::uuid);
  v_previous jsonb := jsonb_build_object('item_id', v_item.id, 'checked_by', v_item.checked_by,
    'checked_at', v_item.checked_at, 'source_ids', '[]'::jsonb, 'withdrawal_ids', '[]'::jsonb,
    'adjustment_ids', '[]'::jsonb);
  v_into public.grocery_items;
begin
  if not v_item.checked then
    return jsonb_build_object('item', private.grocery_item_detail_json(v_item), 'folded_into_item_id', null,
      'previous', v_previous, 'message', 'The item was not checked; nothing changed.');
  end if;
  perform from public.grocery_lists l where l.id = v_item.grocery_list_id for no key update;
  v_previous := v_previous || jsonb_build_object(
    'source_ids', coalesce((select jsonb_agg(s.id order by s.id) from public.grocery_item_sources s
      where s.household_id = p_household_id and s.grocery_item_id = v_item.id), '[]'::jsonb),
    'withdrawal_ids', coalesce((select jsonb_agg(w.id order by w.id) from public.grocery_item_withdrawals w
      where w.household_id = p_household_id and w.grocery_item_id = v_item.id), '[]'::jsonb),
    'adjustment_ids', coalesce((select jsonb_agg(a.id order by a.id) from public.grocery_item_adjustments a
      where a.household_id = p_household_id and a.grocery_item_id = v_item.id), '[]'::jsonb));
  update public.grocery_items i set checked = false, checked_by = null, checked_at = null
  where i.id = v_item.id
  returning * into v_item;
  v_into := private.fold_into_matching_line(v_item);
  if v_into.id is null then
    return jsonb_build_object('item', private.grocery_item_detail_json(v_item), 'folded_into_item_id', null,
      'previous', v_previous, 'message', 'Unchecked.');
  end if;
  return jsonb_build_object('item', private.grocery_item_detail_json(v_into), 'folded_into_item_id', v_into.id,
    'previous', v_previous,
    'message', format('Unchecked and folded into the matching unchecked line, now %s %s.',
      v_into.quantity, v_into.unit));
end;
$$;

-- Quantity, unit and prep state, each when given: how a person resolves a unit mismatch (500 g and 1 lb
-- of rice: make the first 1.1 lb). The change of amount is recorded as an adjustment (the difference in the same
-- unit; a change of unit takes the old amount out in the old unit and puts the new one in, in the new), so the
-- ledger holds. An unchecked line that now has another line's merge key folds into it.
create or replace function app.grocery_update_item(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_item public.grocery_items := private.live_grocery_item(p_household_id, (p_input ->> 'grocery_item_id')::uuid);
  v_before public.grocery_items := v_item;
  v_previous jsonb;
  v_into public.grocery_items;
begin
  perform from public.grocery_lists l where l.id = v_item.grocery_list_id for no key update;
  v_previous := '{}'::jsonb;
  if p_input ? 'quantity' then v_previous := v_previous || jsonb_build_object('quantity', v_item.quantity); end if;
  if p_input ? 'unit' then v_previous := v_previous || jsonb_build_object('unit', v_item.unit); end if;
  if p_input ? 'prep_state' then
    v_previous := v_previous || jsonb_build_object('prep_state', v_item.prep_state);
  end if;
  update public.grocery_items i set
    quantity = case when p_input ? 'quantity' then (p_input ->> 'quantity')::numeric else i.quantity end,
    unit = case when p_input ? 'unit' then p_input ->> 'unit' else i.unit end,
    prep_state = case when p_input ? 'prep_state' then btrim(p_input ->> 'prep_state') else i.prep_state end
  where i.id = v_item.id
  returning * into v_item;
  insert into public.grocery_item_adjustments (grocery_item_id, household_id, quantity, unit, reason)
  select v_item.id, p_household_id, change.quantity, change.unit, 'update'
  from (values
    (case when v_item.unit = v_before.unit then v_item.quantity - v_before.quantity else -v_before.quantity end,
      v_before.unit),
    (case when v_item.unit = v_before.unit then 0 else v_item.quantity end, v_item.unit)
  ) as change (quantity, unit)
  where change.quantity <> 0;
  v_into := private.fold_into_matching_line(v_item);
  return jsonb_build_object(
    'item', private.grocery_item_detail_json(coalesce(v_into, v_item)),
    'previous', v_previous,
    'folded_into_item_id', v_into.id,
    'message', case when v_into.id is null then 'Updated.'
      else format('Updated and folded into the matching unchecked line, now %s %s.', v_into.quantity, v_into.unit) end);
end;
$$;

-- A removed item comes back on its (live) list as it was; an unchecked one folds into a matching line. A line
-- that went into another (a fold, a conversion) is not independent any more: its amounts are that line's, so it
-- is refused, naming the line. So is a line whose amounts are all gone (grocery.sync_plan withdrew them, or
-- history.undo took back the write that made it): nothing of it is left to restore.
create or replace function app.grocery_restore_item(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_item public.grocery_items;
  v_into public.grocery_items;
begin
  select i.* into v_item from public.grocery_items i
  where i.id = (p_input ->> 'grocery_item_id')::uuid and i.household_id = p_household_id;
  if v_item.id is null then
    raise exception 'grocery item not found' using errcode = 'MP404', column = 'grocery_item_id';
  elsif v_item.deleted_at is null then
    raise exception 'this item is not removed; nothing to restore' using errcode = 'MP409', column = 'grocery_item_id';
  end if;
  perform private.grocery_list_to_change(p_household_id, v_item.grocery_list_id, false);
  select i.* into v_item from public.grocery_items i where i.id = v_item.id for no key update;
  if v_item.merged_into_id is not null then
    v_into := private.grocery_line_merged_into(v_item);
    raise exception 'this line was merged into another line of the list (%, now % %, id %): its amount is there; change that line instead',
      coalesce(v_into.name, (select i.name from public.ingredients i where i.id = v_into.ingredient_id)),
      v_into.quantity, v_into.unit,
      v_into.id
      using errcode = 'MP409', column = 'grocery_item_id';
  elsif not (select l.holds from private.grocery_ledger(p_household_id, array[v_item.id]) l) then
    raise exception 'nothing of this line is left to restore: what it held was withdrawn by grocery.sync_plan, taken back by history.undo or merged into another line'
      using errcode = 'MP409', column = 'grocery_item_id';
  end if;
  update public.grocery_items i set deleted_at = null where i.id = v_item.id returning * into v_item;
  perform private.live_item_count(v_item.grocery_list_id);
  v_into := private.fold_into_matching_line(v_item);
  return jsonb_build_object('restored', true, 'item', private.grocery_item_detail_json(coalesce(v_into, v_item)),
    'folded_into_item_id', v_into.id);
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

-- grocery.uncheck_item is undone by checking the line again with who checked it and when; when it folded into a
-- matching line, that line gives back its quantity and the ledger rows, and the checked line comes back.
create or replace function private.undo_uncheck(p_household_id uuid, p_data jsonb, p_at timestamptz, p_strict boolean)
returns text
language plpgsql
set search_path = ''
as $$
declare
  v_previous jsonb := p_data -> 'previous';
  v_item public.grocery_items;
  v_into public.grocery_items;
  v_label text := p_data #>> '{item,name}';
begin
  select * into v_item from public.grocery_items i
  where i.household_id = p_household_id and i.id = (v_previous ->> 'item_id')::uuid;
  perform private.grocery_list_to_change(p_household_id, v_item.grocery_list_id, false);
  select * into v_item from public.grocery_items i where i.id = v_item.id for no key update;
  perform private.refuse_if_changed_since(format('the item %s', v_label), v_item.updated_at, p_at, p_strict);
  if p_data ->> 'folded_into_item_id' is null then
    if v_item.deleted_at is not null or v_item.checked then
      perform private.undo_conflict(format('the item %s was %s since', v_label,
        case when v_item.checked then 'checked' else 'removed' end));
    end if;
  else
    select * into v_into from public.grocery_items i
    where i.household_id = p_household_id and i.id = (p_data ->> 'folded_into_item_id')::uuid
    for no key update;
    perform private.refuse_if_changed_since(format('the item %s', v_label), v_into.updated_at, p_at, p_strict);
    if v_item.deleted_at is null or v_into.deleted_at is not null or v_into.checked
       or v_into.quantity <= v_item.quantity
       or (select count(*) from public.grocery_item_sources s
           where s.household_id = p_household_id and s.grocery_item_id = v_into.id
             and s.id in (select value::uuid from jsonb_array_elements_text(v_previous -> 'source_ids')))
          <> jsonb_array_length(v_previous -> 'source_ids') then
      perform private.undo_conflict(format('the line of %s it folded into was changed since', v_label));
    end if;
    update public.grocery_items i set quantity = trim_scale(i.quantity - v_item.quantity) where i.id = v_into.id;
    update public.grocery_item_sources s set grocery_item_id = v_item.id
    where s.household_id = p_household_id
      and s.id in (select value::uuid from jsonb_array_elements_text(v_previous -> 'source_ids'));
    perform private.put_ledger_rows_back(p_household_id, jsonb_build_object(
      'withdrawals', coalesce((select jsonb_agg(jsonb_build_object('id', e.value, 'grocery_item_id', v_item.id))
        from jsonb_array_elements_text(v_previous -> 'withdrawal_ids') e), '[]'::jsonb),
      'adjustments', coalesce((select jsonb_agg(jsonb_build_object('id', e.value, 'grocery_item_id', v_item.id))
        from jsonb_array_elements_text(v_previous -> 'adjustment_ids') e), '[]'::jsonb)),
      array[v_into.id], format('the line of %s', v_label));
  end if;
  update public.grocery_items i set checked = true, checked_by = (v_previous ->> 'checked_by')::uuid,
    checked_at = (v_previous ->> 'checked_at')::timestamptz, deleted_at = null, merged_into_id = null
  where i.id = v_item.id
  returning * into v_item;
  perform private.live_item_count(v_item.grocery_list_id);
  perform private.record_undo_inverse('grocery.recheck_item', jsonb_build_object(
    'item', private.grocery_item_detail_json(v_item), 'folded_into_item_id', p_data -> 'folded_into_item_id'));
  return format('Checked %s again, as it was.', v_label);
end;
$$;

-- grocery.apply_conversion is undone by putting every line back: the merged lines come back, the kept line takes
-- its quantity and unit again, each ledger row returns to its line, the rounding's adjustment goes, and a line
-- it folded into gives back what it took.
create or replace function private.undo_conversion(p_household_id uuid, p_data jsonb, p_at timestamptz,
  p_strict boolean)
returns text
language plpgsql
set search_path = ''
as $$
declare
  v_previous jsonb := p_data -> 'previous';
  v_kept public.grocery_items;
  v_into public.grocery_items;
  v_item public.grocery_items;
  v_merged uuid[] := array(select value::uuid from jsonb_array_elements_text(p_data -> 'merged_item_ids'));
  v_label text := p_data #>> '{item,name}';
begin
  perform private.grocery_list_to_change(p_household_id, (p_data ->> 'grocery_list_id')::uuid, false);
  for v_item in
    select * from public.grocery_items i
    where i.household_id = p_household_id
      and (i.id in ((p_data ->> 'kept_item_id')::uuid, (p_data ->> 'folded_into_item_id')::uuid)
        or i.id = any(v_merged))
    order by i.id
    for no key update
  loop
    perform private.refuse_if_changed_since(format('a line of %s', v_label), v_item.updated_at, p_at, p_strict);
    if v_item.id = any(v_merged) and v_item.deleted_at is null then
      perform private.undo_conflict(format('a merged line of %s was restored since', v_label));
    end if;
  end loop;
  select * into v_kept from public.grocery_items i where i.id = (p_data ->> 'kept_item_id')::uuid;
  if p_data ->> 'folded_into_item_id' is null then
    if v_kept.deleted_at is not null or v_kept.checked or v_kept.unit <> p_data #>> '{item,unit}' then
      perform private.undo_conflict(format('the line of %s was changed since', v_label));
    end if;
  else
    select * into v_into from public.grocery_items i where i.id = (p_data ->> 'folded_into_item_id')::uuid;
    if v_kept.deleted_at is null or v_into.deleted_at is not null or v_into.checked
       or v_into.quantity <= v_kept.quantity then
      perform private.undo_conflict(format('the line of %s it folded into was changed since', v_label));
    end if;
    update public.grocery_items i set quantity = trim_scale(i.quantity - v_kept.quantity) where i.id = v_into.id;
  end if;
  if (select count(*) from public.grocery_item_sources s
      join jsonb_to_recordset(v_previous -> 'sources') as was (id uuid, grocery_item_id uuid) on was.id = s.id
      where s.household_id = p_household_id and s.grocery_item_id in (v_kept.id, v_into.id))
     <> jsonb_array_length(v_previous -> 'sources') then
    perform private.undo_conflict(format('the sources of %s moved since', v_label));
  end if;
  update public.grocery_item_sources s set grocery_item_id = was.grocery_item_id
  from jsonb_to_recordset(v_previous -> 'sources') as was (id uuid, grocery_item_id uuid)
  where s.household_id = p_household_id and s.id = was.id and s.grocery_item_id <> was.grocery_item_id;
  perform private.put_ledger_rows_back(p_household_id, v_previous, array[v_kept.id, v_into.id],
    format('the lines of %s', v_label));
  if v_previous ->> 'rounding_adjustment_id' is not null then
    delete from public.grocery_item_adjustments a
    where a.household_id = p_household_id and a.id = (v_previous ->> 'rounding_adjustment_id')::uuid
      and a.grocery_item_id in (v_kept.id, v_into.id);
    if not found then
      perform private.undo_conflict(format('the amounts of %s moved since', v_label));
    end if;
  end if;
  update public.grocery_items i set deleted_at = null, merged_into_id = null where i.id = any(v_merged);
  update public.grocery_items i set quantity = (v_previous ->> 'quantity')::numeric, unit = v_previous ->> 'unit',
    deleted_at = null, merged_into_id = null
  where i.id = v_kept.id;
  for v_item in select * from public.grocery_items i where i.id = v_kept.id or i.id = any(v_merged) order by i.id loop
    perform private.refuse_if_key_taken(v_item, v_label);
  end loop;
  perform private.live_item_count(v_kept.grocery_list_id);
  perform private.record_undo_inverse('grocery.unapply_conversion', jsonb_build_object(
    'grocery_list_id', p_data -> 'grocery_list_id', 'item_ids', jsonb_build_array(v_kept.id) || to_jsonb(v_merged),
    'unit', p_data #> '{item,unit}', 'kept_item_id', v_kept.id, 'folded_into_item_id',
    p_data -> 'folded_into_item_id'));
  return format('Put back the %s lines of %s it merged.', cardinality(v_merged) + 1, v_label);
end;
$$;

-- ============================================================================
-- Backfill: the rows written before the ledger was recorded
-- ============================================================================

-- Edits (grocery.update_item) recorded no row before, and folds left withdrawals behind: each live item whose
-- ledger does not hold gets the adjustments that make it hold ('backfill'), so that from now on every write keeps
-- it true. Removed lines are left as they are; one whose ledger does not hold cannot be restored (see
-- grocery.restore_item). Lines folded before merged_into_id existed are not marked: which line they went into is
-- not recorded.
select private.grocery_ledger_restate(i.household_id, array_agg(i.id), 'backfill')
from public.grocery_items i
where i.deleted_at is null
group by i.household_id;

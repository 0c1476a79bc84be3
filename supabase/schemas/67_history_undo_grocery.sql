set check_function_bodies = off;

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
             and s.id = any (array(select value::uuid from jsonb_array_elements_text(v_previous -> 'source_ids'))))
          <> jsonb_array_length(v_previous -> 'source_ids') then
      perform private.undo_conflict(format('the line of %s it folded into was changed since', v_label));
    end if;
    update public.grocery_items i set quantity = trim_scale(i.quantity - v_item.quantity) where i.id = v_into.id;
    -- The sources by id = any of an array of their keys (an index condition on the primary key): as a semi-join on
    -- a key cast from the JSON, which is not leakproof, row-level security left the planner only the household's
    -- index, and the undo read every source row the household has. The household is checked with IS TRUE, which no
    -- index can serve: as a plain equality it still let the planner choose the household's index on some runs (where
    -- one household holds most of the table, with the table's statistics as autovacuum had last left them), and the
    -- pgTAP guard saw 100,000 rows read.
    update public.grocery_item_sources s set grocery_item_id = v_item.id
    where s.id = any (array(select value::uuid from jsonb_array_elements_text(v_previous -> 'source_ids')))
      and (s.household_id = p_household_id) is true;
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
grant execute on function private.undo_uncheck(uuid,jsonb,timestamptz,boolean) to authenticated;

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
grant execute on function private.undo_conversion(uuid,jsonb,timestamptz,boolean) to authenticated;

-- history.undo of a grocery write sees every later change to its lines. It compares with when the write finished
-- (recorded_at), locks the household's lists before it decides how strict to be, and is strict whenever a live
-- write finished after it. A check's "nothing to undo" compares with when the check began.
create or replace function private.undo_grocery_write(p_household_id uuid, p_target public.tool_invocations, p_strict boolean)
returns text
language plpgsql
set search_path = ''
as $$
declare
  v_data jsonb := p_target.response;
  -- When the write finished: a grocery line's updated_at is the time its writer changed it, under the list's lock
  -- (see the change-feed migration), so a later write's change is always after it, whenever that write began.
  v_at timestamptz := coalesce(p_target.recorded_at, p_target.created_at);
  v_list public.grocery_lists;
  v_item public.grocery_items;
  v_result jsonb;
  v_inverse_tool text;
  v_ids uuid[];
begin
  -- Strict (a line changed since refuses the undo) also when a live write finished after this one: history.undo
  -- orders writes by their start, and a write that began earlier but changed a line after this one (it waited for
  -- the list's lock) was missed. Lines are stamped at the time of their change and v_at is when this write finished
  -- (the change-feed migration), so such a change is seen.
  -- The household's lists first (in id order, as every other writer takes one), so that every write that touched
  -- them has committed before this decides how strict to be and reads the lines.
  perform from public.grocery_lists l where l.household_id = p_household_id order by l.id for no key update;
  p_strict := p_strict or exists (
    select 1 from private.household_writes(p_household_id) t
    where t.id <> p_target.id and t.tool <> 'history.undo' and coalesce(t.recorded_at, t.created_at) > v_at
      and not private.invocation_undone(t));
  case p_target.tool
  when 'grocery.push_ingredients', 'grocery.add_item', 'grocery.add_text', 'grocery.push_recipe', 'grocery.sync_plan'
  then
    return private.undo_contributions(p_household_id, p_target.id, v_at, p_strict);
  when 'grocery.take_back_contributions' then
    return private.put_back_contributions(p_household_id, p_target.id, v_data, v_at, p_strict);
  when 'grocery.uncheck_item' then
    if v_data #>> '{previous,checked_at}' is null then
      return private.nothing_to_undo();
    end if;
    return private.undo_uncheck(p_household_id, v_data, v_at, p_strict);
  when 'grocery.apply_conversion' then
    return private.undo_conversion(p_household_id, v_data, v_at, p_strict);
  when 'grocery.unapply_conversion' then
    perform private.refuse_if_changed_since(format('a line of %s', coalesce(i.name, ingredient.name)), i.updated_at,
      v_at, p_strict)
    from public.grocery_items i
    left join public.ingredients ingredient on ingredient.id = i.ingredient_id
    where i.household_id = p_household_id and i.id = any (array(
      select value::uuid from jsonb_array_elements_text(v_data -> 'item_ids')));
    v_result := app.grocery_apply_conversion(p_household_id, jsonb_build_object(
      'grocery_list_id', v_data -> 'grocery_list_id', 'item_ids', v_data -> 'item_ids', 'unit', v_data -> 'unit'));
    if v_result ->> 'kept_item_id' is distinct from v_data ->> 'kept_item_id'
       or v_result ->> 'folded_into_item_id' is distinct from v_data ->> 'folded_into_item_id' then
      perform private.undo_conflict('a later write changed the lines this conversion merges');
    end if;
    perform private.record_undo_inverse('grocery.apply_conversion', v_result);
    return format('Merged the %s again.', private.counted(jsonb_array_length(v_data -> 'item_ids'), 'line'));
  when 'grocery.create_list', 'grocery.restore_list', 'grocery.rename_list' then
    select * into v_list from public.grocery_lists l
    where l.household_id = p_household_id and l.id = coalesce(v_data ->> 'grocery_list_id', v_data #>> '{list,id}')::uuid
    for no key update;
    if v_list.deleted_at is not null then
      perform private.undo_conflict(format('the list "%s" was deleted since', v_list.name));
    end if;
    perform private.refuse_if_changed_since(format('the list "%s"', v_list.name), v_list.updated_at, v_at, p_strict);
    if p_target.tool = 'grocery.rename_list' then
      perform private.record_undo_inverse('grocery.rename_list', app.grocery_rename_list(p_household_id,
        jsonb_build_object('grocery_list_id', v_list.id, 'name', v_data ->> 'previous_name')));
      return format('Renamed the list back to "%s".', v_data ->> 'previous_name');
    end if;
    perform private.record_undo_inverse('grocery.delete_list',
      app.grocery_delete_list(p_household_id, jsonb_build_object('grocery_list_id', v_list.id)));
    return format('Deleted the list "%s" again.', v_list.name);
  when 'grocery.delete_list' then
    perform private.record_undo_inverse('grocery.restore_list', app.grocery_restore_list(p_household_id,
      jsonb_build_object('grocery_list_id', v_data #>> '{list,id}')));
    return format('Restored the list "%s".', v_data #>> '{list,name}');
  when 'grocery.clear_checked', 'grocery.restore_cleared' then
    -- restore_cleared: what undoing a clear did; undoing that clears the same items again.
    perform private.grocery_list_to_change(p_household_id, (v_data ->> 'grocery_list_id')::uuid, false);
    v_ids := array(select value::uuid from jsonb_array_elements_text(
      v_data -> case when p_target.tool = 'grocery.clear_checked' then 'removed_item_ids' else 'item_ids' end));
    for v_item in
      select * from public.grocery_items i
      where i.household_id = p_household_id and i.id = any(v_ids)
      order by i.id
      for no key update
    loop
      perform private.refuse_if_changed_since('a cleared item', v_item.updated_at, v_at, p_strict);
      if p_target.tool = 'grocery.restore_cleared' and (v_item.deleted_at is not null or not v_item.checked) then
        perform private.undo_conflict('a put-back item was removed or unchecked since');
      end if;
      update public.grocery_items i
      set deleted_at = case when p_target.tool = 'grocery.clear_checked' then null else now() end
      where i.id = v_item.id;
    end loop;
    perform private.live_item_count((v_data ->> 'grocery_list_id')::uuid);
    if p_target.tool = 'grocery.restore_cleared' then
      perform private.record_undo_inverse('grocery.clear_checked', jsonb_build_object(
        'grocery_list_id', v_data -> 'grocery_list_id', 'removed_count', cardinality(v_ids),
        'removed_item_ids', to_jsonb(v_ids)));
      return format('Cleared %s again.', private.counted(cardinality(v_ids), 'checked item'));
    end if;
    perform private.record_undo_inverse('grocery.restore_cleared', jsonb_build_object(
      'grocery_list_id', v_data -> 'grocery_list_id', 'item_ids', to_jsonb(v_ids)));
    return format('Put back %s.', private.counted(cardinality(v_ids), 'checked item'));
  else
    -- Item writes: check, remove, restore, update; recheck_item is what undoing an uncheck did.
    if v_data ->> 'folded_into_item_id' is not null and p_target.tool <> 'grocery.recheck_item' then
      perform private.undo_conflict('the item was folded into another line of its list; change that line instead');
    end if;
    select * into v_item from public.grocery_items i
    where i.household_id = p_household_id and i.id = (v_data #>> '{item,id}')::uuid
    for no key update;
    -- Checking a checked item changes nothing, so its undo has nothing to do.
    if p_target.tool = 'grocery.check_item' and (v_data #>> '{item,checked_at}')::timestamptz < p_target.created_at then
      return private.nothing_to_undo();
    end if;
    perform private.refuse_if_changed_since(format('the item %s', v_data #>> '{item,name}'), v_item.updated_at, v_at,
      p_strict);
    if p_target.tool = 'grocery.recheck_item' and (v_item.deleted_at is not null or not v_item.checked) then
      perform private.undo_conflict(format('the item %s was unchecked or removed since', v_data #>> '{item,name}'));
    end if;
    -- The write that undoes it, which is also what the undo records as its own.
    v_inverse_tool := case p_target.tool
      when 'grocery.check_item' then 'grocery.uncheck_item'
      when 'grocery.recheck_item' then 'grocery.uncheck_item'
      when 'grocery.remove_item' then 'grocery.restore_item'
      when 'grocery.restore_item' then 'grocery.remove_item'
      else p_target.tool end;
    v_result := case v_inverse_tool
      when 'grocery.uncheck_item' then
        app.grocery_uncheck_item(p_household_id, jsonb_build_object('grocery_item_id', v_item.id))
      when 'grocery.restore_item' then
        app.grocery_restore_item(p_household_id, jsonb_build_object('grocery_item_id', v_item.id))
      when 'grocery.remove_item' then
        app.grocery_remove_item(p_household_id, jsonb_build_object('grocery_item_id', v_item.id))
      when 'grocery.update_item' then
        app.grocery_update_item(p_household_id, (v_data -> 'previous') || jsonb_build_object('grocery_item_id', v_item.id))
    end;
    if v_result ->> 'folded_into_item_id' is distinct from
       (case when p_target.tool = 'grocery.recheck_item' then v_data ->> 'folded_into_item_id' end) then
      perform private.undo_conflict('a later write added a matching line to the list, which this item would fold into');
    end if;
    perform private.record_undo_inverse(v_inverse_tool, v_result);
    return format('Undid %s on %s.', p_target.tool, v_data #>> '{item,name}');
  end case;
end;
$$;
grant execute on function private.undo_grocery_write(uuid,tool_invocations,boolean) to authenticated;

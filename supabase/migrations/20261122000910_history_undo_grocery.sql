-- ============================================================================
-- history.undo of the grocery writes, and their redo (the undo of such an undo)
-- ============================================================================

-- A sync's withdrawals name it too (as its source rows do), so undoing it puts back exactly what it withdrew.
alter table public.grocery_item_withdrawals
  add column invocation_id uuid default nullif(pg_catalog.current_setting('meal_planner.invocation_id', true), '')::uuid;
create index grocery_item_withdrawals_invocation_idx on public.grocery_item_withdrawals (household_id, invocation_id)
  where invocation_id is not null;

grant delete on public.grocery_item_withdrawals to meal_planner_writer;
create policy "Members can remove their household's grocery item withdrawals" on public.grocery_item_withdrawals
  for delete to authenticated
  using (household_id in (select private.member_household_ids()));

-- A redo puts back the rows an undo took, as they were: made by whoever made them. Allowed only for rows that
-- name a write of this household by that very member. One insert policy per table with the common case first:
-- permissive policies are ORed, and OR stops at its first true argument, so the rows a push makes as the caller
-- never pay the lookup (as a second policy, sorted first by name, it ran for every line of every push).
drop policy "Members can record grocery item sources in their household" on public.grocery_item_sources;
create policy "Members can record grocery item sources, or put back those of an undone write"
  on public.grocery_item_sources
  for insert to authenticated
  with check (household_id in (select private.member_household_ids()) and (created_by = (select auth.uid()) or exists (
    select 1 from public.tool_invocations t
    where t.id = invocation_id and t.household_id = grocery_item_sources.household_id and t.user_id = created_by)));
drop policy "Members can record grocery item withdrawals in their household" on public.grocery_item_withdrawals;
create policy "Members can record grocery item withdrawals, or put back those of an undone write"
  on public.grocery_item_withdrawals
  for insert to authenticated
  with check (household_id in (select private.member_household_ids()) and (created_by = (select auth.uid()) or exists (
    select 1 from public.tool_invocations t
    where t.id = invocation_id and t.household_id = grocery_item_withdrawals.household_id and t.user_id = created_by)));

-- A line coming back unchecked must not meet another unchecked line of its merge key (a later write added one).
create function private.refuse_if_key_taken(p_item public.grocery_items, p_label text) returns void
language plpgsql
set search_path = ''
as $$
begin
  if (private.matching_line(p_item.grocery_list_id, p_item.ingredient_id, p_item.name_key, p_item.unit,
      p_item.prep_key, p_item.id)).id is not null then
    perform private.undo_conflict(format('a later write added a line of %s in %s to the list, which this line would '
      'duplicate; remove or undo it first', p_label, p_item.unit));
  end if;
end;
$$;

-- Moves one write's contributions (its source rows, minus its withdrawals) off their items (p_put_back false: an
-- undo) or back onto them (true: a redo, with the rows the undo took). Per item, from its live amount (0 when
-- removed): an undo adds back what the write withdrew and subtracts what it added; a redo the other way round. An
-- item that ends at 0 is removed keeping its quantity, as the write (or the undo) left it: only the line the write
-- made (undo) or emptied (redo) may end so; anything else means a later write changed it (CONFLICT).
create function private.move_contributions(p_household_id uuid, p_invocation_id uuid, p_sources jsonb,
  p_withdrawals jsonb, p_put_back boolean, p_at timestamptz, p_strict boolean) returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_made_at timestamptz := (select t.created_at from public.tool_invocations t where t.id = p_invocation_id);
  v_list_ids uuid[] := array(
    select distinct i.grocery_list_id from public.grocery_items i
    where i.household_id = p_household_id and i.id in (
      select (e.value ->> 'grocery_item_id')::uuid from jsonb_array_elements(p_sources || p_withdrawals) e));
  v_item record;
  v_live numeric;
  v_plus numeric;
  v_minus numeric;
  v_after numeric;
  v_count integer := 0;
begin
  perform from public.grocery_lists l
  where l.household_id = p_household_id and l.id = any(v_list_ids)
  order by l.id
  for no key update;
  for v_item in
    with own as (
      select (e.value ->> 'grocery_item_id')::uuid as item_id, (e.value ->> 'quantity_added')::numeric as added,
        0::numeric as withdrawn
      from jsonb_array_elements(p_sources) e
      union all
      select (e.value ->> 'grocery_item_id')::uuid, 0, (e.value ->> 'quantity_removed')::numeric
      from jsonb_array_elements(p_withdrawals) e
    )
    select i.*, sum(own.added) as added, sum(own.withdrawn) as withdrawn,
      coalesce(i.name, ingredient.name) as label
    from own
    join public.grocery_items i on i.household_id = p_household_id and i.id = own.item_id
    left join public.ingredients ingredient on ingredient.id = i.ingredient_id
    group by i.id, ingredient.name
    order by i.id
  loop
    perform from public.grocery_items i where i.id = v_item.id for no key update;
    if v_item.checked then
      perform private.undo_conflict(format('%s was checked since', v_item.label));
    end if;
    perform private.refuse_if_changed_since(v_item.label, v_item.updated_at, p_at, p_strict);
    -- Removed: only the line this write emptied (undo) or made (redo, after the undo removed it) comes back.
    if v_item.deleted_at is not null and not (case when p_put_back
        then v_item.created_at = v_made_at and v_item.withdrawn = 0 and v_item.quantity = v_item.added
        else v_item.withdrawn > 0 and v_item.quantity = v_item.withdrawn end) then
      perform private.undo_conflict(format('%s was removed since', v_item.label));
    end if;
    v_live := case when v_item.deleted_at is null then v_item.quantity else 0 end;
    v_plus := case when p_put_back then v_item.added else v_item.withdrawn end;
    v_minus := case when p_put_back then v_item.withdrawn else v_item.added end;
    v_after := v_live + v_plus - v_minus;
    if v_after > 1000000 then
      perform private.undo_conflict(format('%s would pass 1,000,000', v_item.label));
    elsif v_after > 0 then
      if v_item.deleted_at is not null then
        perform private.refuse_if_key_taken((select i from public.grocery_items i where i.id = v_item.id),
          v_item.label);
      end if;
      update public.grocery_items i set quantity = trim_scale(v_after), deleted_at = null where i.id = v_item.id;
    elsif v_after = 0 and (case when p_put_back then v_item.withdrawn > 0 else v_item.created_at = v_made_at end) then
      update public.grocery_items i set quantity = trim_scale(v_live + v_plus), deleted_at = now()
      where i.id = v_item.id;
    else
      perform private.undo_conflict(format('%s no longer holds what this write %s', v_item.label,
        case when p_put_back then 'withdrew' else 'added' end));
    end if;
    v_count := v_count + 1;
  end loop;
  perform private.live_item_count(list_id) from unnest(v_list_ids) list_id;
  return v_count;
end;
$$;

-- A push, add_item, push_recipe or sync is undone by its own rows (they name its invocation): what it added is
-- subtracted, what it withdrew put back, and the rows go; the undo keeps them, so that its undo (a redo) puts
-- back exactly those.
create function private.undo_contributions(p_household_id uuid, p_invocation_id uuid, p_at timestamptz,
  p_strict boolean) returns text
language plpgsql
set search_path = ''
as $$
declare
  v_sources jsonb;
  v_withdrawals jsonb;
  v_count integer;
begin
  select coalesce(jsonb_agg(to_jsonb(s) order by s.id), '[]'::jsonb) into v_sources
  from public.grocery_item_sources s where s.household_id = p_household_id and s.invocation_id = p_invocation_id;
  select coalesce(jsonb_agg(to_jsonb(w) order by w.id), '[]'::jsonb) into v_withdrawals
  from public.grocery_item_withdrawals w where w.household_id = p_household_id and w.invocation_id = p_invocation_id;
  v_count := private.move_contributions(p_household_id, p_invocation_id, v_sources, v_withdrawals, false, p_at,
    p_strict);
  delete from public.grocery_item_sources s where s.household_id = p_household_id and s.invocation_id = p_invocation_id;
  delete from public.grocery_item_withdrawals w
  where w.household_id = p_household_id and w.invocation_id = p_invocation_id;
  perform private.record_undo_inverse('grocery.take_back_contributions',
    jsonb_build_object('sources', v_sources, 'withdrawals', v_withdrawals), p_invocation_id);
  if v_count = 0 then
    return 'That write changed nothing; nothing to undo.';
  end if;
  if jsonb_array_length(v_withdrawals) = 0 then
    return format('Took back what it added to %s item%s.', v_count, case when v_count = 1 then '' else 's' end);
  end if;
  return format('Took back its %s addition%s and put back its %s withdrawal%s, on %s item%s.',
    jsonb_array_length(v_sources), case when jsonb_array_length(v_sources) = 1 then '' else 's' end,
    jsonb_array_length(v_withdrawals), case when jsonb_array_length(v_withdrawals) = 1 then '' else 's' end,
    v_count, case when v_count = 1 then '' else 's' end);
end;
$$;

-- The redo of undo_contributions: the rows it took come back as they were, and so do their amounts.
create function private.put_back_contributions(p_household_id uuid, p_invocation_id uuid, p_rows jsonb,
  p_at timestamptz, p_strict boolean) returns text
language plpgsql
set search_path = ''
as $$
declare
  v_write public.tool_invocations;
  v_count integer;
begin
  select * into v_write from public.tool_invocations t
  where t.household_id = p_household_id and t.id = p_invocation_id;
  if v_write.id is null then
    perform private.undo_conflict('the write this undo took back is no longer recorded; repeat it instead');
  end if;
  v_count := private.move_contributions(p_household_id, p_invocation_id, p_rows -> 'sources',
    p_rows -> 'withdrawals', true, p_at, p_strict);
  insert into public.grocery_item_sources
  select * from jsonb_populate_recordset(null::public.grocery_item_sources, p_rows -> 'sources');
  insert into public.grocery_item_withdrawals
  select * from jsonb_populate_recordset(null::public.grocery_item_withdrawals, p_rows -> 'withdrawals');
  perform private.record_undo_inverse(v_write.tool, v_write.response, v_write.id);
  return format('Put back what %s added to %s item%s.', v_write.tool, v_count,
    case when v_count = 1 then '' else 's' end);
end;
$$;

-- grocery.uncheck_item is undone by checking the line again with who checked it and when; when it folded into a
-- matching line, that line gives back its quantity and the sources, and the checked line comes back.
create function private.undo_uncheck(p_household_id uuid, p_data jsonb, p_at timestamptz, p_strict boolean)
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
  end if;
  update public.grocery_items i set checked = true, checked_by = (v_previous ->> 'checked_by')::uuid,
    checked_at = (v_previous ->> 'checked_at')::timestamptz, deleted_at = null
  where i.id = v_item.id
  returning * into v_item;
  perform private.live_item_count(v_item.grocery_list_id);
  perform private.record_undo_inverse('grocery.recheck_item', jsonb_build_object(
    'item', private.grocery_item_detail_json(v_item), 'folded_into_item_id', p_data -> 'folded_into_item_id'));
  return format('Checked %s again, as it was.', v_label);
end;
$$;

-- grocery.apply_conversion is undone by putting every line back: the merged lines come back, the kept line takes
-- its quantity and unit again, each source row returns to its line, and a line it folded into gives back what
-- it took.
create function private.undo_conversion(p_household_id uuid, p_data jsonb, p_at timestamptz, p_strict boolean)
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
  update public.grocery_items i set deleted_at = null where i.id = any(v_merged);
  update public.grocery_items i set quantity = (v_previous ->> 'quantity')::numeric, unit = v_previous ->> 'unit',
    deleted_at = null
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

create function private.undo_grocery_write(p_household_id uuid, p_target public.tool_invocations, p_strict boolean)
returns text
language plpgsql
set search_path = ''
as $$
declare
  v_data jsonb := p_target.response;
  v_at timestamptz := p_target.created_at;
  v_list public.grocery_lists;
  v_item public.grocery_items;
  v_result jsonb;
  v_inverse_tool text;
  v_ids uuid[];
begin
  case p_target.tool
  when 'grocery.push_ingredients', 'grocery.add_item', 'grocery.push_recipe', 'grocery.sync_plan' then
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
    where i.household_id = p_household_id and i.id in (
      select value::uuid from jsonb_array_elements_text(v_data -> 'item_ids'));
    v_result := app.grocery_apply_conversion(p_household_id, jsonb_build_object(
      'grocery_list_id', v_data -> 'grocery_list_id', 'item_ids', v_data -> 'item_ids', 'unit', v_data -> 'unit'));
    if v_result ->> 'kept_item_id' is distinct from v_data ->> 'kept_item_id'
       or v_result ->> 'folded_into_item_id' is distinct from v_data ->> 'folded_into_item_id' then
      perform private.undo_conflict('a later write changed the lines this conversion merges');
    end if;
    perform private.record_undo_inverse('grocery.apply_conversion', v_result);
    return format('Merged the %s lines again.', jsonb_array_length(v_data -> 'item_ids'));
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
      return format('Cleared %s checked items again.', cardinality(v_ids));
    end if;
    perform private.record_undo_inverse('grocery.restore_cleared', jsonb_build_object(
      'grocery_list_id', v_data -> 'grocery_list_id', 'item_ids', to_jsonb(v_ids)));
    return format('Put back %s checked items.', cardinality(v_ids));
  else
    -- Item writes: check, remove, restore, update; recheck_item is what undoing an uncheck did.
    if v_data ->> 'folded_into_item_id' is not null and p_target.tool <> 'grocery.recheck_item' then
      perform private.undo_conflict('the item was folded into another line of its list; change that line instead');
    end if;
    select * into v_item from public.grocery_items i
    where i.household_id = p_household_id and i.id = (v_data #>> '{item,id}')::uuid
    for no key update;
    -- Checking a checked item changes nothing, so its undo has nothing to do.
    if p_target.tool = 'grocery.check_item' and (v_data #>> '{item,checked_at}')::timestamptz < v_at then
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

grant execute on function private.refuse_if_key_taken(public.grocery_items, text),
  private.move_contributions(uuid, uuid, jsonb, jsonb, boolean, timestamptz, boolean),
  private.undo_contributions(uuid, uuid, timestamptz, boolean),
  private.put_back_contributions(uuid, uuid, jsonb, timestamptz, boolean),
  private.undo_uncheck(uuid, jsonb, timestamptz, boolean),
  private.undo_conversion(uuid, jsonb, timestamptz, boolean),
  private.undo_grocery_write(uuid, public.tool_invocations, boolean)
  to authenticated;

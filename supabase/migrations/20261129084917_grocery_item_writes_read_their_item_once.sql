create or replace function app.grocery_check_item(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_write record;
begin
  select * into v_write from private.grocery_item_for_write(p_household_id, 'grocery.check_item', p_input);
  return coalesce(v_write.refusal,
    private.grocery_check_item_unguarded(p_household_id, p_input - 'seen_version', v_write.item));
end;
$$;

create or replace function app.grocery_remove_item(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_write record;
begin
  select * into v_write from private.grocery_item_for_write(p_household_id, 'grocery.remove_item', p_input);
  return coalesce(v_write.refusal,
    private.grocery_remove_item_unguarded(p_household_id, p_input - 'seen_version', v_write.item));
end;
$$;

create or replace function app.grocery_uncheck_item(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_write record;
begin
  select * into v_write from private.grocery_item_for_write(p_household_id, 'grocery.uncheck_item', p_input);
  return coalesce(v_write.refusal,
    private.grocery_uncheck_item_unguarded(p_household_id, p_input - 'seen_version', v_write.item));
end;
$$;

create or replace function app.grocery_update_item(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_write record;
begin
  select * into v_write from private.grocery_item_for_write(p_household_id, 'grocery.update_item', p_input);
  return coalesce(v_write.refusal,
    private.grocery_update_item_unguarded(p_household_id, p_input - 'seen_version', v_write.item));
end;
$$;

create or replace function private.grocery_check_item_unguarded(p_household_id uuid, p_input jsonb,
  p_item public.grocery_items) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_item public.grocery_items := p_item;
begin
  if not v_item.checked then
    update public.grocery_items i set checked = true, checked_by = (select auth.uid()), checked_at = now()
    where i.id = v_item.id
    returning * into v_item;
  end if;
  return jsonb_build_object('item', private.grocery_item_detail_json(v_item));
end;
$$;

grant execute on function private.grocery_check_item_unguarded(uuid,jsonb,public.grocery_items) to authenticated;

-- Locks the item's list, then the item (so what is decided holds until the write commits; every writer takes the list
-- before its items, as push, add_item and sync do, so no two of them can deadlock), and decides whether a
-- write of this tool (check_item, uncheck_item, update_item, remove_item) may run: `refusal` says why it must not;
-- else `item` is the live item, locked, which the write goes on with without reading it again (each read is a
-- statement under RLS, and a tick is the most frequent write in a shop). An item of another household, an unknown
-- one or one on a removed list is NOT_FOUND.
create or replace function private.grocery_item_for_write(p_household_id uuid, p_tool text, p_input jsonb,
  out refusal jsonb, out item public.grocery_items)
language plpgsql
set search_path = ''
as $$
declare
  v_item_id uuid := (p_input ->> 'grocery_item_id')::uuid;
  v_seen bigint := (p_input ->> 'seen_version')::bigint;
  v_me uuid := auth.uid();
  v_list public.grocery_lists;
  v_item public.grocery_items;
  v_into public.grocery_items;
  v_name text;
  v_checked_by_other boolean;
  v_amount_by_other boolean;
  v_what text;
  v_ticked_by text;
  v_changed_by text;
begin
  select l.* into v_list from public.grocery_lists l
  where l.id = (select i.grocery_list_id from public.grocery_items i
                where i.id = v_item_id and i.household_id = p_household_id)
  for no key update;
  if v_list.id is null or v_list.deleted_at is not null then
    raise exception 'grocery item not found' using errcode = 'MP404', column = 'grocery_item_id';
  end if;
  select i.* into v_item from public.grocery_items i
  where i.id = v_item_id and i.household_id = p_household_id
  for no key update;

  if v_item.deleted_at is not null then
    v_name := private.grocery_item_name(v_item);
    v_into := private.grocery_line_merged_into(v_item);
    if v_item.merged_into_id is not null and v_into.deleted_at is null then
      refusal := private.grocery_refusal('NOT_FOUND', format(
        '"%s" was merged into another line of %s: "%s", now %s. Nothing changed; apply it to that line if you still mean it.',
        v_name, v_list.name, private.grocery_item_json(v_into) ->> 'name',
        private.amount_words(v_into.quantity, v_into.unit, private.grocery_item_json(v_into) ->> 'name')),
        'grocery_item_id', jsonb_build_object('reason', 'merged', 'grocery_list_id', v_list.id,
          'version', v_list.version, 'item', private.grocery_item_detail_json(v_item)
            || jsonb_build_object('deleted_at', v_item.deleted_at),
          'merged_into', private.grocery_item_detail_json(v_into)));
      return;
    end if;
    refusal := private.grocery_refusal('NOT_FOUND', format(
      '"%s" was removed from %s. Nothing changed.', v_name, v_list.name),
      'grocery_item_id', jsonb_build_object('reason', 'removed', 'grocery_list_id', v_list.id,
        'version', v_list.version, 'item', private.grocery_item_detail_json(v_item)
          || jsonb_build_object('deleted_at', v_item.deleted_at), 'merged_into', null));
    return;
  end if;

  -- Most writes carry no seen_version (or come from a client that is up to date): they go on without a name looked up.
  if v_seen is null then
    item := v_item;
    return;
  end if;
  v_name := private.grocery_item_name(v_item);
  if v_seen > v_list.version then
    raise exception 'seen_version (%) is past this list''s version (%): it was not read from this list; re-read it with grocery.get_list',
      v_seen, v_list.version using errcode = 'MP409', column = 'seen_version';
  end if;
  v_checked_by_other := v_item.checked_version > v_seen and v_item.checked_changed_by is distinct from v_me;
  v_amount_by_other := v_item.amount_version > v_seen and v_item.amount_changed_by is distinct from v_me;
  -- Who did it, by their display name (else their email) while they are a member: "someone else" otherwise.
  v_ticked_by := case when v_checked_by_other then
    coalesce(private.member_name(p_household_id, v_item.checked_changed_by), 'someone else') end;
  v_changed_by := case when v_amount_by_other then
    coalesce(private.member_name(p_household_id, v_item.amount_changed_by), 'someone else') end;
  v_what := case
    when p_tool = 'grocery.check_item' and not v_item.checked and v_checked_by_other then
      format('"%s" was unticked by %s after you last read %s; it stays unticked. Tick it again if you still mean it.',
        v_name, v_ticked_by, v_list.name)
    when p_tool in ('grocery.uncheck_item', 'grocery.remove_item') and v_item.checked and v_checked_by_other then
      format('"%s" was ticked by %s after you last read %s; it stays ticked. %s',
        v_name, v_ticked_by, v_list.name, case when p_tool = 'grocery.remove_item' then 'Remove it again if you still mean it.'
        else 'Untick it again if you still mean it.' end)
    when p_tool = 'grocery.remove_item' and not v_item.checked and v_checked_by_other then
      format('"%s" was unticked by %s after you last read %s; it stays on the list. Remove it again if you still mean it.',
        v_name, v_ticked_by, v_list.name)
    when p_tool in ('grocery.update_item', 'grocery.remove_item') and v_amount_by_other then
      format('"%s" was changed by %s after you last read %s: it is now %s%s. Nothing changed; %s it again if you still mean it.',
        v_name, v_changed_by, v_list.name, private.amount_words(v_item.quantity, v_item.unit, v_name),
        coalesce(', ' || v_item.prep_state, ''),
        case when p_tool = 'grocery.remove_item' then 'remove' else 'change' end)
  end;
  if v_what is null then
    item := v_item;
    return;
  end if;
  refusal := private.grocery_refusal('CONFLICT', v_what, 'seen_version', jsonb_build_object(
    'reason', case when v_checked_by_other and p_tool <> 'grocery.update_item' then 'checked_changed'
      else 'amount_changed' end,
    'grocery_list_id', v_list.id, 'version', v_list.version,
    'item', private.grocery_item_detail_json(v_item),
    'changed_by', case when v_checked_by_other and p_tool <> 'grocery.update_item' then v_item.checked_changed_by
      else v_item.amount_changed_by end,
    'changed_at_version', case when v_checked_by_other and p_tool <> 'grocery.update_item' then v_item.checked_version
      else v_item.amount_version end));
end;
$$;

grant execute on function private.grocery_item_for_write(uuid,text,jsonb) to authenticated;

create or replace function private.grocery_remove_item_unguarded(p_household_id uuid, p_input jsonb,
  p_item public.grocery_items) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_item public.grocery_items := p_item;
begin
  update public.grocery_items i set deleted_at = now() where i.id = v_item.id returning * into v_item;
  return jsonb_build_object('removed', true, 'item',
    private.grocery_item_detail_json(v_item) || jsonb_build_object('deleted_at', v_item.deleted_at));
end;
$$;

grant execute on function private.grocery_remove_item_unguarded(uuid,jsonb,public.grocery_items) to authenticated;

-- Unchecking folds the line back into a matching unchecked line (see fold_into_matching_line), and says so.
-- `previous` keeps what history.undo needs to put the check back exactly: the line, who checked it and when,
-- and its ledger rows (which move with it when it folds).
create or replace function private.grocery_uncheck_item_unguarded(p_household_id uuid, p_input jsonb,
  p_item public.grocery_items) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_item public.grocery_items := p_item;
  v_previous jsonb := jsonb_build_object('item_id', v_item.id, 'checked_by', v_item.checked_by,
    'checked_at', v_item.checked_at, 'source_ids', '[]'::jsonb, 'withdrawal_ids', '[]'::jsonb,
    'adjustment_ids', '[]'::jsonb);
  v_into public.grocery_items;
  v_into_json jsonb;
begin
  if not v_item.checked then
    return jsonb_build_object('item', private.grocery_item_detail_json(v_item), 'folded_into_item_id', null,
      'previous', v_previous, 'message', 'The item was not checked; nothing changed.');
  end if;
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
  v_into_json := private.grocery_item_detail_json(v_into);
  return jsonb_build_object('item', v_into_json, 'folded_into_item_id', v_into.id,
    'previous', v_previous,
    'message', format('Unchecked and folded into the matching unchecked line, now %s.',
      private.amount_words(v_into.quantity, v_into.unit, v_into_json ->> 'name')));
end;
$$;

grant execute on function private.grocery_uncheck_item_unguarded(uuid,jsonb,public.grocery_items) to authenticated;

-- Quantity, unit and prep state, each when given: how a person resolves a unit mismatch (500 g and 1 lb
-- of rice: make the first 1.1 lb). The change of amount is recorded as an adjustment (the difference in the same
-- unit; a change of unit takes the old amount out in the old unit and puts the new one in, in the new), so the
-- ledger holds. An unchecked line that now has another line's merge key folds into it.
create or replace function private.grocery_update_item_unguarded(p_household_id uuid, p_input jsonb,
  p_item public.grocery_items) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_item public.grocery_items := p_item;
  v_before public.grocery_items := v_item;
  v_previous jsonb;
  v_into public.grocery_items;
  v_shown jsonb;
begin
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
  v_shown := private.grocery_item_detail_json(coalesce(v_into, v_item));
  return jsonb_build_object(
    'item', v_shown,
    'previous', v_previous,
    'folded_into_item_id', v_into.id,
    'message', case when v_into.id is null then 'Updated.'
      else format('Updated and folded into the matching unchecked line, now %s.',
        private.amount_words(v_into.quantity, v_into.unit, v_shown ->> 'name')) end);
end;
$$;

grant execute on function private.grocery_update_item_unguarded(uuid,jsonb,public.grocery_items) to authenticated;

drop function private.grocery_check_item_unguarded(uuid,jsonb);

drop function private.grocery_item_write_refusal(uuid,text,jsonb);

drop function private.grocery_remove_item_unguarded(uuid,jsonb);

drop function private.grocery_uncheck_item_unguarded(uuid,jsonb);

drop function private.grocery_update_item_unguarded(uuid,jsonb);

drop function private.live_grocery_item(uuid,uuid);

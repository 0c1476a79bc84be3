-- ============================================================================
-- Offline writes and their conflicts (issue 25): a write carries the version its author read, and a stale one
-- that would undo a newer change by someone else is refused, never applied silently
-- ============================================================================
-- grocery.check_item, uncheck_item, update_item and remove_item take an optional `seen_version`: the list's version
-- the client last read (get_list's, or the last pull's). Each item now remembers, per aspect, the list version at
-- which it last changed and who changed it: its checked state (checked_version, checked_changed_by) and its amount
-- (quantity, unit or prep state: amount_version, amount_changed_by). A write with seen_version is refused as a
-- CONFLICT when the aspect it would overwrite changed after that version by another user:
--   check_item    the item is unchecked, and someone else unchecked it after your read;
--   uncheck_item  the item is checked, and someone else checked it after your read (the re-appearing item);
--   update_item   someone else changed its quantity, unit or prep state after your read (a push merged into it);
--   remove_item   either of the above.
-- Checking a checked item and unchecking an unchecked one stay successes that change nothing; without
-- seen_version every write behaves as before. An item that is gone is answered in words whatever the input: a
-- line merged into another (a fold, a conversion) names the line it went into, a removed one says so.
--
-- A refusal is a reply, not an error raised: the tool's function returns `{ refusal: { type, message, field,
-- details } }`, changing nothing, and private.invoke records it like any reply, so a retry with the same
-- Idempotency-Key replays the same refusal (the runner turns it into the error envelope, shared/tools/runner.ts).
-- Recorded refusals are not writes: the history (history.list, history.undo) skips them.
--
-- Changes made before this migration are not known per aspect (the columns start null: no conflict for them);
-- nothing is backfilled, since rewriting every item would raise every list's version and poke every household.

alter table public.grocery_items
  add column checked_version bigint,
  add column checked_changed_by uuid,
  add column amount_version bigint,
  add column amount_changed_by uuid;
-- No foreign keys to auth.users for the two *_changed_by: they are compared, never joined, and each reference
-- would need an index that every merge of a push writes.

-- Runs after grocery_items_version (triggers of one event fire in name order), so new.version is this change's.
-- Only when the checked state or the amount changes: the WHEN clause is evaluated without calling the function.
create function private.stamp_grocery_item_aspects() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.checked is distinct from old.checked then
    new.checked_version := new.version;
    new.checked_changed_by := auth.uid();
  end if;
  if new.quantity is distinct from old.quantity or new.unit is distinct from old.unit
     or new.prep_state is distinct from old.prep_state then
    new.amount_version := new.version;
    new.amount_changed_by := auth.uid();
  end if;
  return new;
end;
$$;
create trigger grocery_items_version_aspects before update on public.grocery_items
  for each row
  when (old.checked is distinct from new.checked or old.quantity is distinct from new.quantity
        or old.unit is distinct from new.unit or old.prep_state is distinct from new.prep_state)
  execute function private.stamp_grocery_item_aspects();

-- ============================================================================
-- The refusal, decided under the list's lock
-- ============================================================================
create function private.grocery_refusal(p_type text, p_message text, p_field text, p_details jsonb) returns jsonb
language sql immutable
set search_path = ''
return pg_catalog.jsonb_build_object('refusal', pg_catalog.jsonb_build_object('type', p_type, 'message', p_message,
  'field', p_field, 'details', p_details));

-- Why a write of this tool (check_item, uncheck_item, update_item, remove_item) must not run, as a refusal; null
-- when it may. Locks the item's list, then the item, as private.live_grocery_item does (so the decision holds until
-- the write commits). An item of another household, an unknown one or one on a removed list gets null here: the
-- tool itself answers NOT_FOUND as before.
create function private.grocery_item_write_refusal(p_household_id uuid, p_tool text, p_input jsonb) returns jsonb
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
begin
  select l.* into v_list from public.grocery_lists l
  where l.id = (select i.grocery_list_id from public.grocery_items i
                where i.id = v_item_id and i.household_id = p_household_id)
  for no key update;
  if v_list.id is null or v_list.deleted_at is not null then
    return null;
  end if;
  select i.* into v_item from public.grocery_items i
  where i.id = v_item_id and i.household_id = p_household_id
  for no key update;
  v_name := private.grocery_item_json(v_item) ->> 'name';

  if v_item.deleted_at is not null then
    v_into := private.grocery_line_merged_into(v_item);
    if v_item.merged_into_id is not null and v_into.deleted_at is null then
      return private.grocery_refusal('NOT_FOUND', format(
        '"%s" was merged into another line of %s: "%s", now %s %s. Nothing changed; apply it to that line if you still mean it.',
        v_name, v_list.name, private.grocery_item_json(v_into) ->> 'name', v_into.quantity, v_into.unit),
        'grocery_item_id', jsonb_build_object('reason', 'merged', 'grocery_list_id', v_list.id,
          'version', v_list.version, 'item', private.grocery_item_detail_json(v_item)
            || jsonb_build_object('deleted_at', v_item.deleted_at),
          'merged_into', private.grocery_item_detail_json(v_into)));
    end if;
    return private.grocery_refusal('NOT_FOUND', format(
      '"%s" was removed from %s. Nothing changed.', v_name, v_list.name),
      'grocery_item_id', jsonb_build_object('reason', 'removed', 'grocery_list_id', v_list.id,
        'version', v_list.version, 'item', private.grocery_item_detail_json(v_item)
          || jsonb_build_object('deleted_at', v_item.deleted_at), 'merged_into', null));
  end if;

  if v_seen is null then
    return null;
  end if;
  if v_seen > v_list.version then
    raise exception 'seen_version (%) is past this list''s version (%): it was not read from this list; re-read it with grocery.get_list',
      v_seen, v_list.version using errcode = 'MP409', column = 'seen_version';
  end if;
  v_checked_by_other := v_item.checked_version > v_seen and v_item.checked_changed_by is distinct from v_me;
  v_amount_by_other := v_item.amount_version > v_seen and v_item.amount_changed_by is distinct from v_me;
  v_what := case
    when p_tool = 'grocery.check_item' and not v_item.checked and v_checked_by_other then
      format('"%s" was unticked by someone else after you last read %s; it stays unticked. Tick it again if you still mean it.',
        v_name, v_list.name)
    when p_tool in ('grocery.uncheck_item', 'grocery.remove_item') and v_item.checked and v_checked_by_other then
      format('"%s" was ticked by someone else after you last read %s; it stays ticked. %s',
        v_name, v_list.name, case when p_tool = 'grocery.remove_item' then 'Remove it again if you still mean it.'
        else 'Untick it again if you still mean it.' end)
    when p_tool = 'grocery.remove_item' and not v_item.checked and v_checked_by_other then
      format('"%s" was unticked by someone else after you last read %s; it stays on the list. Remove it again if you still mean it.',
        v_name, v_list.name)
    when p_tool in ('grocery.update_item', 'grocery.remove_item') and v_amount_by_other then
      format('"%s" was changed by someone else after you last read %s: it is now %s %s%s. Nothing changed; %s it again if you still mean it.',
        v_name, v_list.name, v_item.quantity, v_item.unit,
        coalesce(', ' || v_item.prep_state, ''),
        case when p_tool = 'grocery.remove_item' then 'remove' else 'change' end)
  end;
  if v_what is null then
    return null;
  end if;
  return private.grocery_refusal('CONFLICT', v_what, 'seen_version', jsonb_build_object(
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
grant execute on function private.grocery_refusal(text, text, text, jsonb),
  private.grocery_item_write_refusal(uuid, text, jsonb) to authenticated;

-- ============================================================================
-- The four tools: the refusal first, then the write as it was
-- ============================================================================
-- Each tool's function moves to private under a name of its own and stays what it was; the tool becomes a check
-- followed by it, so later changes to the writes themselves (create or replace of the private one) keep the check.
alter function app.grocery_check_item(uuid, jsonb) set schema private;
alter function private.grocery_check_item(uuid, jsonb) rename to grocery_check_item_unguarded;
alter function app.grocery_uncheck_item(uuid, jsonb) set schema private;
alter function private.grocery_uncheck_item(uuid, jsonb) rename to grocery_uncheck_item_unguarded;
alter function app.grocery_update_item(uuid, jsonb) set schema private;
alter function private.grocery_update_item(uuid, jsonb) rename to grocery_update_item_unguarded;
alter function app.grocery_remove_item(uuid, jsonb) set schema private;
alter function private.grocery_remove_item(uuid, jsonb) rename to grocery_remove_item_unguarded;

create function app.grocery_check_item(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
begin
  return coalesce(private.grocery_item_write_refusal(p_household_id, 'grocery.check_item', p_input),
    private.grocery_check_item_unguarded(p_household_id, p_input - 'seen_version'));
end;
$$;

create function app.grocery_uncheck_item(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
begin
  return coalesce(private.grocery_item_write_refusal(p_household_id, 'grocery.uncheck_item', p_input),
    private.grocery_uncheck_item_unguarded(p_household_id, p_input - 'seen_version'));
end;
$$;

create function app.grocery_update_item(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
begin
  return coalesce(private.grocery_item_write_refusal(p_household_id, 'grocery.update_item', p_input),
    private.grocery_update_item_unguarded(p_household_id, p_input - 'seen_version'));
end;
$$;

create function app.grocery_remove_item(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
begin
  return coalesce(private.grocery_item_write_refusal(p_household_id, 'grocery.remove_item', p_input),
    private.grocery_remove_item_unguarded(p_household_id, p_input - 'seen_version'));
end;
$$;

-- ============================================================================
-- Recorded refusals are not writes: the history skips them
-- ============================================================================
create or replace function private.household_writes(p_household_id uuid) returns setof public.tool_invocations
language sql stable
set search_path = ''
as $$
  select * from public.tool_invocations t
  where t.household_id = p_household_id and t.is_write and t.response is not null and not t.response ? 'refusal'
  union all
  select * from public.tool_invocations t
  where t.household_id is null and t.tool = 'household.join' and t.response ->> 'household_id' = p_household_id::text
$$;

create or replace function private.household_writes_newest_first(p_household_id uuid, p_before_at timestamptz,
  p_before_id uuid, p_limit integer) returns setof public.tool_invocations
language sql stable
set search_path = ''
as $$
  select * from (
    (select * from public.tool_invocations t
     where t.household_id = p_household_id and t.is_write and t.response is not null
       and not t.response ? 'refusal'
       and (p_before_at is null or (t.created_at, t.id) < (p_before_at, p_before_id))
     order by t.created_at desc, t.id desc
     limit p_limit)
    union all
    (select * from public.tool_invocations t
     where t.household_id is null and t.tool = 'household.join' and t.response ->> 'household_id' = p_household_id::text
       and (p_before_at is null or (t.created_at, t.id) < (p_before_at, p_before_id))
     order by t.created_at desc, t.id desc
     limit p_limit)
  ) writes
  order by writes.created_at desc, writes.id desc
  limit p_limit
$$;

-- Undoing a push, an add or a sync (and redoing it) found by the ledger's random test: the undo locks the lists it
-- touches before it reads its own rows (an undo racing a conversion of the same line took back sources the
-- conversion had just moved), and it is refused when a later write changed the line's unit (it took back cups from
-- a line in tablespoons). Otherwise as 20261122000910_history_undo_grocery.sql.
-- A write's rows are taken back (or put back) in their own unit, from the line they are on. A line whose unit a later
-- write changed (a conversion, or update_item to another unit) cannot take them exactly: refused, naming the line,
-- as the undo of a write whose line changed since is.
create function private.refuse_if_converted(p_household_id uuid, p_rows jsonb) returns void
language plpgsql
set search_path = ''
as $$
declare
  v_line record;
begin
  select coalesce(i.name, ingredient.name) as label, i.unit, e.value ->> 'unit' as row_unit into v_line
  from jsonb_array_elements(p_rows) e
  join public.grocery_items i on i.household_id = p_household_id and i.id = (e.value ->> 'grocery_item_id')::uuid
  left join public.ingredients ingredient on ingredient.id = i.ingredient_id
  where i.unit <> e.value ->> 'unit'
  limit 1;
  if found then
    perform private.undo_conflict(format('%s is in %s since a later write (it was added in %s); undo that write first',
      v_line.label, v_line.unit, v_line.row_unit));
  end if;
end;
$$;

create or replace function private.undo_contributions(p_household_id uuid, p_invocation_id uuid, p_at timestamptz,
  p_strict boolean) returns text
language plpgsql
set search_path = ''
as $$
declare
  v_sources jsonb;
  v_withdrawals jsonb;
  v_count integer;
begin
  -- The lists first, then the rows: read before the lock, a write committed meanwhile (a conversion that moved these
  -- sources onto another line) would leave this undo taking back rows that are no longer where it read them.
  perform from public.grocery_lists l
  where l.household_id = p_household_id and l.id in (
    select i.grocery_list_id from public.grocery_items i
    where i.household_id = p_household_id and i.id in (
      select s.grocery_item_id from public.grocery_item_sources s
      where s.household_id = p_household_id and s.invocation_id = p_invocation_id
      union
      select w.grocery_item_id from public.grocery_item_withdrawals w
      where w.household_id = p_household_id and w.invocation_id = p_invocation_id))
  order by l.id
  for no key update;
  select coalesce(jsonb_agg(to_jsonb(s) order by s.id), '[]'::jsonb) into v_sources
  from public.grocery_item_sources s where s.household_id = p_household_id and s.invocation_id = p_invocation_id;
  select coalesce(jsonb_agg(to_jsonb(w) order by w.id), '[]'::jsonb) into v_withdrawals
  from public.grocery_item_withdrawals w where w.household_id = p_household_id and w.invocation_id = p_invocation_id;
  perform private.refuse_if_converted(p_household_id, v_sources || v_withdrawals);
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
create or replace function private.put_back_contributions(p_household_id uuid, p_invocation_id uuid, p_rows jsonb,
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
  perform private.refuse_if_converted(p_household_id, (p_rows -> 'sources') || (p_rows -> 'withdrawals'));
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

grant execute on function private.refuse_if_converted(uuid, jsonb) to authenticated;

-- Undoing a push, an add or a sync locks the lists it touches before it reads its own rows (found by the ledger's
-- random test under the pooler: an undo racing a conversion of the same line took back sources the conversion had
-- just moved). Otherwise as 20261122000910_history_undo_grocery.sql.
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


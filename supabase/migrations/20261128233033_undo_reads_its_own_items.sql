-- Moves one write's contributions (its source rows, minus its withdrawals) off their items (p_put_back false: an
-- undo) or back onto them (true: a redo, with the rows the undo took). Per item, from its live amount (0 when
-- removed): an undo adds back what the write withdrew and subtracts what it added; a redo the other way round. An
-- item that ends at 0 is removed keeping its quantity, as the write (or the undo) left it: only the line the write
-- made (undo) or emptied (redo) may end so; anything else means a later write changed it (CONFLICT).
-- The items are found by id = any of an array of the rows' keys (an index condition on the primary key): joined on a
-- key read from the JSON, which is not leakproof, row-level security left the planner only the household's index,
-- so each of these statements read every item the household ever had, on every list, for an undo of a few lines.
create or replace function private.move_contributions(p_household_id uuid, p_invocation_id uuid, p_sources jsonb,
  p_withdrawals jsonb, p_put_back boolean, p_at timestamptz, p_strict boolean) returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_made_at timestamptz := (select t.created_at from public.tool_invocations t where t.id = p_invocation_id);
  v_item_ids uuid[] := array(
    select distinct (e.value ->> 'grocery_item_id')::uuid from jsonb_array_elements(p_sources || p_withdrawals) e);
  v_list_ids uuid[] := array(
    select distinct i.grocery_list_id from public.grocery_items i
    where i.household_id = p_household_id and i.id = any (v_item_ids));
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
      and i.id = any (v_item_ids)
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

-- A write's rows are taken back (or put back) in their own unit, from the line they are on. A line whose unit a later
-- write changed (a conversion, or update_item to another unit) cannot take them exactly: refused, naming the line,
-- as the undo of a write whose line changed since is. The items are found by id = any of the rows' keys, as in
-- move_contributions above.
create or replace function private.refuse_if_converted(p_household_id uuid, p_rows jsonb) returns void
language plpgsql
set search_path = ''
as $$
declare
  v_line record;
begin
  select coalesce(i.name, ingredient.name) as label, i.unit, e.value ->> 'unit' as row_unit into v_line
  from jsonb_array_elements(p_rows) e
  join public.grocery_items i on i.household_id = p_household_id and i.id = (e.value ->> 'grocery_item_id')::uuid
    and i.id = any (array(select (row_key.value ->> 'grocery_item_id')::uuid from jsonb_array_elements(p_rows) row_key))
  left join public.ingredients ingredient on ingredient.id = i.ingredient_id
  where i.unit <> e.value ->> 'unit'
  limit 1;
  if found then
    perform private.undo_conflict(format('%s is in %s since a later write (it was added in %s); undo that write first',
      v_line.label, v_line.unit, v_line.row_unit));
  end if;
end;
$$;

-- Undoing a push, an add or a sync (and redoing it). The undo locks the lists it touches before it reads its own
-- rows (else an undo racing a conversion of the same line takes back sources the conversion has just moved), and
-- it is refused when a later write changed the line's unit (else it takes back cups from a line in tablespoons):
-- both found by the ledger's random test.
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
  -- The lists and items by id = any of arrays of keys: as semi-joins, the planner read every item of each list (or of
  -- the household) to find the write's few.
  perform from public.grocery_lists l
  where l.household_id = p_household_id and l.id = any (array(
    select distinct i.grocery_list_id from public.grocery_items i
    where i.household_id = p_household_id and i.id = any (array(
      select s.grocery_item_id from public.grocery_item_sources s
      where s.household_id = p_household_id and s.invocation_id = p_invocation_id
      union
      select w.grocery_item_id from public.grocery_item_withdrawals w
      where w.household_id = p_household_id and w.invocation_id = p_invocation_id))))
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

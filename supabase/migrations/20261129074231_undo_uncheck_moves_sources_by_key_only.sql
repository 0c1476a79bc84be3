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

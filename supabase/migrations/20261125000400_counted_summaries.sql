-- Summaries count in words that agree with the count: "Pushed 1 line: 1 item added", not "1 lines: 1 items".
-- private.history_summary (20261122000900_history.sql) and private.undo_grocery_write
-- (20261122000910_history_undo_grocery.sql) are redefined as they were, with the same security settings and grants,
-- except for their counted words. The stored replies are unchanged: history.list builds each summary when it reads.

create function private.counted(p_count numeric, p_singular text, p_plural text default null) returns text
language sql immutable
set search_path = ''
as $$
  select p_count::text || ' ' || case when p_count = 1 then p_singular else coalesce(p_plural, p_singular || 's') end
$$;

create or replace function private.history_summary(p_tool text, p_response jsonb) returns text
language plpgsql immutable
set search_path = ''
as $$
begin
  return coalesce(p_response ->> 'message', case p_tool
    when 'grocery.push_ingredients' then format('Pushed %s: %s added, %s merged.',
      private.counted((p_response #>> '{summary,lines_received}')::numeric, 'line'),
      private.counted((p_response #>> '{summary,items_added}')::numeric, 'item'),
      p_response #>> '{summary,items_merged}')
    when 'grocery.create_list' then format('Created the list "%s".', p_response ->> 'name')
    when 'grocery.rename_list' then format('Renamed the list "%s" to "%s".', p_response ->> 'previous_name',
      p_response #>> '{list,name}')
    when 'grocery.delete_list' then format('Deleted the list "%s".', p_response #>> '{list,name}')
    when 'grocery.restore_list' then format('Restored the list "%s".', p_response #>> '{list,name}')
    when 'grocery.check_item' then format('Checked %s.', p_response #>> '{item,name}')
    when 'grocery.apply_conversion' then format('Merged %s of %s into %s %s.',
      private.counted(jsonb_array_length(p_response -> 'merged_item_ids') + 1, 'line'), p_response #>> '{item,name}',
      p_response #>> '{item,quantity}', p_response #>> '{item,unit}')
    when 'grocery.remove_item' then format('Removed %s.', p_response #>> '{item,name}')
    when 'grocery.restore_item' then format('Restored %s.', p_response #>> '{item,name}')
    when 'grocery.update_item' then format('Updated %s.', p_response #>> '{item,name}')
    when 'grocery.clear_checked' then format('Cleared %s.',
      private.counted((p_response ->> 'removed_count')::numeric, 'checked item'))
    when 'recipe.create' then 'Created a recipe.'
    when 'recipe.update' then format('Updated the recipe "%s".', p_response #>> '{recipe,title}')
    when 'recipe.delete' then format('Deleted the recipe "%s".', p_response ->> 'title')
    when 'recipe.restore' then format('Restored the recipe "%s".', p_response #>> '{recipe,title}')
    when 'recipe.revert' then format('Reverted the recipe "%s" to revision %s.', p_response #>> '{recipe,title}',
      p_response ->> 'reverted_to_revision')
    when 'planner.remove_meal' then format('Removed %s from %s (%s).', p_response #>> '{meal,recipe_title}',
      p_response #>> '{meal,date}', p_response #>> '{meal,meal_type}')
    when 'planner.restore_meal' then format('Restored %s on %s (%s).', p_response #>> '{meal,recipe_title}',
      p_response #>> '{meal,date}', p_response #>> '{meal,meal_type}')
    when 'planner.update_meal' then format('Changed %s on %s (%s).', p_response #>> '{meal,recipe_title}',
      p_response #>> '{meal,date}', p_response #>> '{meal,meal_type}')
    when 'household.create_invite' then format('Created an invite code valid until %s.',
      left(p_response ->> 'expires_at', 10))
    when 'household.join' then case when (p_response ->> 'already_member')::boolean
      then format('Redeemed an invite to "%s" (already a member).', p_response ->> 'name')
      else format('Joined "%s" as a %s.', p_response ->> 'name', p_response ->> 'role') end
    when 'household.leave' then format('Left the household (was a %s).', p_response ->> 'role')
    when 'household.remove_member' then format('Removed a member (a %s).', p_response ->> 'role')
    when 'ingredient.create' then format('Created the ingredient "%s".', p_response ->> 'name')
  end, p_tool);
end;
$$;

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

grant execute on function private.counted(numeric, text, text) to authenticated;

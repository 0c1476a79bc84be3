-- grocery.add_text: lines a person typed, already read by the function (shared/ingredient-grammar: quantity, unit
-- or null, prep state, name and its folded candidates), looked up as recipe.parse_text looks names up
-- (app.recipe_parse_text, the one matcher) and merged as every add merges: the matched lines through
-- grocery.push_ingredients, the others as free items through grocery.add_item, in this one call and transaction.
-- A line without a unit takes the matched ingredient's count unit, else whole. Each line says where it landed.
create or replace function app.grocery_add_text(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_list public.grocery_lists := private.live_grocery_list(p_household_id, (p_input ->> 'grocery_list_id')::uuid);
  v_lines jsonb := coalesce(p_input -> 'lines', '[]'::jsonb);
  v_matches jsonb;
  v_line jsonb;
  v_match jsonb;
  v_read jsonb := '[]'::jsonb;
  v_push jsonb := '[]'::jsonb;
  v_pushed jsonb;
  v_added jsonb;
  v_item jsonb;
  v_unit text;
  v_message text;
  v_replies jsonb := '[]'::jsonb;
  v_index integer;
begin
  perform from public.grocery_lists l where l.id = v_list.id for no key update;
  v_matches := app.recipe_parse_text(p_household_id, jsonb_build_object(
    'names', (select coalesce(jsonb_agg(l.line -> 'name' order by l.position), '[]'::jsonb)
      from jsonb_array_elements(v_lines) with ordinality as l(line, position)),
    'folded', (select coalesce(jsonb_agg(coalesce(l.line -> 'folded', '[]'::jsonb) order by l.position), '[]'::jsonb)
      from jsonb_array_elements(v_lines) with ordinality as l(line, position)))) -> 'matches';

  for v_index in 0 .. jsonb_array_length(v_lines) - 1 loop
    v_line := v_lines -> v_index;
    v_match := v_matches -> v_index;
    v_unit := coalesce(v_line ->> 'unit', case when v_match -> 'ingredient' <> 'null'::jsonb
      then v_match ->> 'count_unit' end, 'whole');
    v_read := v_read || jsonb_build_array(jsonb_build_object(
      'text', v_line ->> 'text',
      'name', coalesce(v_match #>> '{ingredient,name}', v_line ->> 'name'),
      'ingredient_id', v_match #> '{ingredient,id}',
      'quantity', (v_line ->> 'quantity')::numeric,
      'unit', v_unit,
      'prep_state', nullif(btrim(v_line ->> 'prep_state'), ''),
      'note', v_line -> 'note'));
  end loop;

  select coalesce(jsonb_agg(jsonb_build_object('ingredient_id', r.line -> 'ingredient_id', 'quantity',
      r.line -> 'quantity', 'unit', r.line -> 'unit', 'prep_state', r.line -> 'prep_state') order by r.position),
      '[]'::jsonb)
  into v_push
  from jsonb_array_elements(v_read) with ordinality as r(line, position)
  where r.line -> 'ingredient_id' <> 'null'::jsonb;

  begin
    if jsonb_array_length(v_push) > 0 then
      v_pushed := app.grocery_push_ingredients(p_household_id,
        jsonb_build_object('grocery_list_id', v_list.id, 'ingredients', v_push));
    end if;
    for v_index in 0 .. jsonb_array_length(v_read) - 1 loop
      v_line := v_read -> v_index;
      if v_line -> 'ingredient_id' = 'null'::jsonb then
        v_added := app.grocery_add_item(p_household_id, jsonb_build_object('grocery_list_id', v_list.id,
          'name', v_line -> 'name', 'quantity', v_line -> 'quantity', 'unit', v_line -> 'unit',
          'prep_state', v_line -> 'prep_state'));
        v_item := v_added -> 'item';
      else
        select m.item into v_item
        from jsonb_array_elements(coalesce(v_pushed -> 'added', '[]'::jsonb)
          || coalesce(v_pushed -> 'merged', '[]'::jsonb)) as m(item)
        where m.item ->> 'ingredient_id' = v_line ->> 'ingredient_id' and m.item ->> 'unit' = v_line ->> 'unit'
          and lower(btrim(m.item ->> 'prep_state')) is not distinct from lower(v_line ->> 'prep_state')
        limit 1;
      end if;
      v_replies := v_replies || jsonb_build_array(v_line || jsonb_build_object(
        'grocery_item_id', v_item -> 'id',
        'merged', case when v_line -> 'ingredient_id' = 'null'::jsonb then (v_added -> 'merged')
          else to_jsonb(exists (select from jsonb_array_elements(v_pushed -> 'merged') as m(item)
            where m.item ->> 'id' = v_item ->> 'id')) end));
    end loop;
  exception when sqlstate 'MP400' then
    -- push_ingredients and add_item name their own fields (ingredients[0].quantity); this tool's is text.
    get stacked diagnostics v_message = message_text;
    raise exception '%', v_message using errcode = 'MP400', column = 'text';
  end;

  return jsonb_build_object(
    'grocery_list_id', v_list.id,
    'lines', v_replies,
    'summary', jsonb_build_object(
      'lines_received', jsonb_array_length(v_replies),
      'items_added', (select count(distinct r.line ->> 'grocery_item_id') from jsonb_array_elements(v_replies) r(line)
        where not (r.line ->> 'merged')::boolean),
      -- A line that merged into an item an earlier line of this text added counts as that add.
      'items_merged', (select count(distinct r.line ->> 'grocery_item_id') from jsonb_array_elements(v_replies)
        r(line) where (r.line ->> 'merged')::boolean and not exists (
          select from jsonb_array_elements(v_replies) a(line)
          where a.line ->> 'grocery_item_id' = r.line ->> 'grocery_item_id' and not (a.line ->> 'merged')::boolean))),
    'item_count', private.live_item_count(v_list.id),
    'message', format('Added %s to %s', (
      select case when max(w.total) = 1 then min(w.words)
        else string_agg(w.words, ', ' order by w.position) filter (where w.position < least(w.total, 4))
          || ' and ' || case when max(w.total) > 3 then format('%s more', max(w.total) - 3)
            else (array_agg(w.words order by w.position desc))[1] end end
      from (
        select r.position, count(*) over () as total, format('%s %s %s',
          trim_scale((r.line ->> 'quantity')::numeric), r.line ->> 'unit', r.line ->> 'name') as words
        from jsonb_array_elements(v_replies) with ordinality as r(line, position)
      ) w), v_list.name));
end;
$$;

grant execute on function app.grocery_add_text(uuid,jsonb) to authenticated;

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

-- Why a tool's write cannot be undone, or null when it can.
create or replace function private.undo_refusal(p_tool text) returns text
language plpgsql immutable
set search_path = ''
as $$
begin
  return case
    when p_tool in ('grocery.push_ingredients', 'grocery.add_item', 'grocery.add_text', 'grocery.push_recipe',
      'grocery.create_list',
      'grocery.rename_list', 'grocery.uncheck_item', 'grocery.sync_plan', 'grocery.apply_conversion', 'history.undo',
      'grocery.delete_list', 'grocery.restore_list', 'grocery.clear_checked', 'grocery.check_item',
      'grocery.remove_item', 'grocery.restore_item', 'grocery.update_item', 'recipe.create', 'recipe.delete',
      'recipe.restore', 'recipe.update', 'recipe.revert', 'household.rename', 'household.set_role',
      'household.set_default', 'planner.add_meal', 'planner.remove_meal', 'planner.restore_meal', 'planner.update_meal',
      'household.create_invite', 'household.join', 'household.leave', 'household.remove_member', 'ingredient.create',
      'planner.add_recurring', 'planner.remove_series', 'planner.update_series', 'household.revoke_invite',
      'household.set_aisle_order')
      then null
    else 'history.undo does not know how to undo it yet'
  end;
end;
$$;

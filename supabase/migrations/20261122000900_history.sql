-- ============================================================================
-- History: the household's recent writes (history.list) and undoing one (history.undo)
-- ============================================================================

-- Each contribution knows the write that made it (private.invoke sets the setting for the call), so undoing a
-- push subtracts exactly its own rows, never a guess from quantities.
alter table public.grocery_item_sources
  add column invocation_id uuid default nullif(pg_catalog.current_setting('meal_planner.invocation_id', true), '')::uuid;
create index grocery_item_sources_invocation_idx on public.grocery_item_sources (household_id, invocation_id)
  where invocation_id is not null;

-- Undoing a push removes its source rows; nothing else deletes them.
grant delete on public.grocery_item_sources to meal_planner_writer;
create policy "Members can remove their household's grocery item sources" on public.grocery_item_sources
  for delete to authenticated
  using (household_id in (select private.member_household_ids()));

-- An undo's reply names the write it undid: this finds whether a write was undone.
create index tool_invocations_undone_idx on public.tool_invocations (household_id, (response ->> 'undone_invocation_id'))
  where tool = 'history.undo';

-- A join runs before its caller is a member, so private.invoke records it with no household; it is still a
-- write of the household it joined (a member row, an invite's use): the household's history lists it, its
-- members see it, and history.undo can take it back. Its reply names the household.
create index tool_invocations_household_joins_idx on public.tool_invocations ((response ->> 'household_id'), created_at)
  where tool = 'household.join' and household_id is null;
create policy "Joins are visible to the members of the household joined" on public.tool_invocations
  for select to authenticated
  using (household_id is null and tool = 'household.join'
    and response ->> 'household_id' in (select member.id::text from private.member_household_ids() member(id)));

create function private.invocation_undone(p_invocation public.tool_invocations) returns boolean
language plpgsql stable
set search_path = ''
as $$
begin
  return exists (
    select 1 from public.tool_invocations u
    where u.household_id = coalesce(p_invocation.household_id,
        case when p_invocation.tool = 'household.join' then (p_invocation.response ->> 'household_id')::uuid end)
      and u.tool = 'history.undo'
      and u.response ->> 'undone_invocation_id' = p_invocation.id::text
  );
end;
$$;

create function private.history_summary(p_tool text, p_response jsonb) returns text
language plpgsql immutable
set search_path = ''
as $$
begin
  return coalesce(p_response ->> 'message', case p_tool
    when 'grocery.push_ingredients' then format('Pushed %s lines: %s items added, %s merged.',
      p_response #>> '{summary,lines_received}', p_response #>> '{summary,items_added}',
      p_response #>> '{summary,items_merged}')
    when 'grocery.create_list' then format('Created the list "%s".', p_response ->> 'name')
    when 'grocery.rename_list' then format('Renamed the list "%s" to "%s".', p_response ->> 'previous_name',
      p_response #>> '{list,name}')
    when 'grocery.delete_list' then format('Deleted the list "%s".', p_response #>> '{list,name}')
    when 'grocery.restore_list' then format('Restored the list "%s".', p_response #>> '{list,name}')
    when 'grocery.check_item' then format('Checked %s.', p_response #>> '{item,name}')
    when 'grocery.remove_item' then format('Removed %s.', p_response #>> '{item,name}')
    when 'grocery.restore_item' then format('Restored %s.', p_response #>> '{item,name}')
    when 'grocery.update_item' then format('Updated %s.', p_response #>> '{item,name}')
    when 'grocery.clear_checked' then format('Cleared %s checked items.', p_response ->> 'removed_count')
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

-- ============================================================================
-- Tool: history.list
-- ============================================================================

-- Newest first. Under RLS: a plain member does not see household.create_invite rows (their replies hold codes).
create function app.history_list(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_limit integer := coalesce((p_input ->> 'limit')::integer, 20);
  v_after jsonb := private.decode_cursor(p_input ->> 'cursor');
  v_entries jsonb;
begin
  select coalesce(jsonb_agg(jsonb_build_object(
    'invocation_id', page.id,
    'tool', page.tool,
    'user_id', page.user_id,
    'created_at', page.created_at,
    'summary', private.history_summary(page.tool, page.response),
    'undone', private.invocation_undone(page)
  ) order by page.created_at desc, page.id desc), '[]'::jsonb)
  into v_entries
  from (
    select * from (
      (select * from public.tool_invocations t
       where t.household_id = p_household_id and t.is_write and t.response is not null
         and (v_after is null or (t.created_at, t.id) < ((v_after ->> 'c')::timestamptz, (v_after ->> 'i')::uuid))
       order by t.created_at desc, t.id desc
       limit v_limit + 1)
      union all
      (select * from public.tool_invocations t
       where t.household_id is null and t.tool = 'household.join' and t.response ->> 'household_id' = p_household_id::text
         and (v_after is null or (t.created_at, t.id) < ((v_after ->> 'c')::timestamptz, (v_after ->> 'i')::uuid))
       order by t.created_at desc, t.id desc
       limit v_limit + 1)
    ) writes
    order by writes.created_at desc, writes.id desc
    limit v_limit + 1
  ) page;
  if jsonb_array_length(v_entries) > v_limit then
    v_entries := v_entries - v_limit;
    return jsonb_build_object('entries', v_entries, 'next_cursor', private.encode_cursor(jsonb_build_object(
      'c', v_entries -> (v_limit - 1) -> 'created_at', 'i', v_entries -> (v_limit - 1) -> 'invocation_id')));
  end if;
  return jsonb_build_object('entries', v_entries, 'next_cursor', null);
end;
$$;

-- ============================================================================
-- Tool: history.undo
-- ============================================================================

-- A row the write at p_at changed and that was changed again at p_updated_at: CONFLICT naming it when a later
-- write may have changed it since. Strict only when a later write of the household still stands: when every
-- later write was undone (each undo put its rows back exactly), the rows are as this write left them.
create function private.refuse_if_changed_since(p_what text, p_updated_at timestamptz, p_at timestamptz,
  p_strict boolean) returns void
language plpgsql immutable
set search_path = ''
as $$
begin
  if p_strict and p_updated_at > p_at then
    raise exception '% was changed by a later write; undo that write first', p_what
      using errcode = 'MP409', column = 'invocation_id';
  end if;
end;
$$;

create function private.undo_conflict(p_message text) returns void
language plpgsql immutable
set search_path = ''
as $$
begin
  raise exception '%', p_message using errcode = 'MP409', column = 'invocation_id';
end;
$$;

-- A push (or add_item) is undone by subtracting its own source rows from their items: an item it created goes
-- (softly), one it merged into goes back to its quantity before.
create function private.undo_contributions(p_household_id uuid, p_invocation_id uuid, p_at timestamptz,
  p_strict boolean) returns text
language plpgsql
set search_path = ''
as $$
declare
  v_item record;
  v_count integer := 0;
begin
  for v_item in
    select i.*, sum(s.quantity_added) as contributed, coalesce(i.name, ingredient.name) as label
    from public.grocery_item_sources s
    join public.grocery_items i on i.household_id = s.household_id and i.id = s.grocery_item_id
    left join public.ingredients ingredient on ingredient.id = i.ingredient_id
    where s.household_id = p_household_id and s.invocation_id = p_invocation_id
    group by i.id, ingredient.name
    order by i.id
  loop
    perform from public.grocery_items i where i.id = v_item.id for no key update;
    if v_item.deleted_at is not null or v_item.checked then
      perform private.undo_conflict(format('%s was %s since', v_item.label,
        case when v_item.checked then 'checked' else 'removed' end));
    end if;
    perform private.refuse_if_changed_since(v_item.label, v_item.updated_at, p_at, p_strict);
    if v_item.quantity = v_item.contributed and v_item.created_at = p_at then
      update public.grocery_items i set deleted_at = now() where i.id = v_item.id;
    elsif v_item.quantity > v_item.contributed then
      update public.grocery_items i set quantity = trim_scale(i.quantity - v_item.contributed) where i.id = v_item.id;
    else
      perform private.undo_conflict(format('%s no longer holds what this write added', v_item.label));
    end if;
    v_count := v_count + 1;
  end loop;
  delete from public.grocery_item_sources s where s.household_id = p_household_id and s.invocation_id = p_invocation_id;
  return format('Took back what it added to %s item%s.', v_count, case when v_count = 1 then '' else 's' end);
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
begin
  case p_target.tool
  when 'grocery.push_ingredients', 'grocery.add_item', 'grocery.push_recipe' then
    return private.undo_contributions(p_household_id, p_target.id, v_at, p_strict);
  when 'grocery.create_list', 'grocery.restore_list', 'grocery.rename_list' then
    select * into v_list from public.grocery_lists l
    where l.household_id = p_household_id and l.id = coalesce(v_data ->> 'grocery_list_id', v_data #>> '{list,id}')::uuid
    for no key update;
    if v_list.deleted_at is not null then
      perform private.undo_conflict(format('the list "%s" was deleted since', v_list.name));
    end if;
    perform private.refuse_if_changed_since(format('the list "%s"', v_list.name), v_list.updated_at, v_at, p_strict);
    if p_target.tool = 'grocery.rename_list' then
      perform app.grocery_rename_list(p_household_id,
        jsonb_build_object('grocery_list_id', v_list.id, 'name', v_data ->> 'previous_name'));
      return format('Renamed the list back to "%s".', v_data ->> 'previous_name');
    end if;
    perform app.grocery_delete_list(p_household_id, jsonb_build_object('grocery_list_id', v_list.id));
    return format('Deleted the list "%s" again.', v_list.name);
  when 'grocery.delete_list' then
    perform app.grocery_restore_list(p_household_id, jsonb_build_object('grocery_list_id', v_data #>> '{list,id}'));
    return format('Restored the list "%s".', v_data #>> '{list,name}');
  when 'grocery.clear_checked' then
    perform private.grocery_list_to_change(p_household_id, (v_data ->> 'grocery_list_id')::uuid, false);
    for v_item in
      select * from public.grocery_items i
      where i.household_id = p_household_id and i.id in (
        select value::uuid from jsonb_array_elements_text(v_data -> 'removed_item_ids'))
      order by i.id
      for no key update
    loop
      perform private.refuse_if_changed_since('a cleared item', v_item.updated_at, v_at, p_strict);
      update public.grocery_items i set deleted_at = null where i.id = v_item.id;
    end loop;
    perform private.live_item_count((v_data ->> 'grocery_list_id')::uuid);
    return format('Put back %s checked items.', jsonb_array_length(v_data -> 'removed_item_ids'));
  else
    -- Item writes: check, remove, restore, update.
    if v_data ->> 'folded_into_item_id' is not null then
      perform private.undo_conflict('the item was folded into another line of its list; change that line instead');
    end if;
    select * into v_item from public.grocery_items i
    where i.household_id = p_household_id and i.id = (v_data #>> '{item,id}')::uuid
    for no key update;
    -- Checking a checked item changes nothing, so its undo has nothing to do.
    if p_target.tool = 'grocery.check_item' and (v_data #>> '{item,checked_at}')::timestamptz < v_at then
      return 'That write changed nothing; nothing to undo.';
    end if;
    perform private.refuse_if_changed_since(format('the item %s', v_data #>> '{item,name}'), v_item.updated_at, v_at,
      p_strict);
    v_result := case p_target.tool
      when 'grocery.check_item' then
        app.grocery_uncheck_item(p_household_id, jsonb_build_object('grocery_item_id', v_item.id))
      when 'grocery.remove_item' then
        app.grocery_restore_item(p_household_id, jsonb_build_object('grocery_item_id', v_item.id))
      when 'grocery.restore_item' then
        app.grocery_remove_item(p_household_id, jsonb_build_object('grocery_item_id', v_item.id))
      when 'grocery.update_item' then
        app.grocery_update_item(p_household_id, (v_data -> 'previous') || jsonb_build_object('grocery_item_id', v_item.id))
    end;
    if v_result ->> 'folded_into_item_id' is not null then
      perform private.undo_conflict('a later write added a matching line to the list, which this item would fold into');
    end if;
    return format('Undid %s on %s.', p_target.tool, v_data #>> '{item,name}');
  end case;
end;
$$;

create function private.undo_recipe_or_meal_write(p_household_id uuid, p_target public.tool_invocations,
  p_strict boolean) returns text
language plpgsql
set search_path = ''
as $$
declare
  v_data jsonb := p_target.response;
  v_at timestamptz := p_target.created_at;
  v_recipe public.recipes;
  v_meal public.planner_meals;
begin
  if p_target.tool like 'recipe.%' then
    select * into v_recipe from public.recipes r
    where r.household_id = p_household_id and r.id = coalesce(v_data ->> 'recipe_id', v_data #>> '{recipe,id}')::uuid
    for no key update;
    perform private.refuse_if_changed_since(format('the recipe "%s"', v_recipe.title), v_recipe.updated_at, v_at,
      p_strict);
    if p_target.tool in ('recipe.update', 'recipe.revert') then
      perform app.recipe_revert(p_household_id,
        jsonb_build_object('recipe_id', v_recipe.id, 'revision', (v_data ->> 'revision')::integer));
      return format('Put the recipe "%s" back to revision %s.', v_data #>> '{recipe,title}', v_data ->> 'revision');
    end if;
    if p_target.tool = 'recipe.delete' then
      perform app.recipe_restore(p_household_id, jsonb_build_object('recipe_id', v_recipe.id));
      return format('Restored the recipe "%s".', v_recipe.title);
    end if;
    if exists (
      select 1 from public.planner_meals m
      where m.household_id = p_household_id and m.recipe_id = v_recipe.id and m.deleted_at is null and m.created_at > v_at
    ) then
      perform private.undo_conflict(format('the recipe "%s" was planned since; remove those meals first', v_recipe.title));
    end if;
    perform app.recipe_delete(p_household_id, jsonb_build_object('recipe_id', v_recipe.id));
    return format('Deleted the recipe "%s" again.', v_recipe.title);
  end if;

  select * into v_meal from public.planner_meals m
  where m.household_id = p_household_id and m.id = coalesce(v_data ->> 'planner_meal_id', v_data #>> '{meal,id}')::uuid
  for no key update;
  perform private.refuse_if_changed_since(format('the meal %s on %s', v_data #>> '{meal,recipe_title}', v_meal.date),
    v_meal.updated_at, v_at, p_strict);
  case p_target.tool
  when 'planner.remove_meal' then
    perform app.planner_restore_meal(p_household_id, jsonb_build_object('planner_meal_id', v_meal.id));
  when 'planner.update_meal' then
    perform app.planner_update_meal(p_household_id,
      (v_data -> 'previous') || jsonb_build_object('planner_meal_id', v_meal.id));
  else
    if exists (
      select 1 from public.grocery_item_sources s
      where s.household_id = p_household_id and s.planner_meal_id = v_meal.id and s.created_at > v_at
    ) then
      perform private.undo_conflict('this meal''s ingredients were pushed to a grocery list since; undo that push first');
    end if;
    perform app.planner_remove_meal(p_household_id, jsonb_build_object('planner_meal_id', v_meal.id));
  end case;
  return format('Undid %s for %s.', p_target.tool, v_data #>> '{meal,recipe_title}');
end;
$$;

-- The household tools whose replies keep the previous value: rename, set_role and set_default (the caller's own
-- default only: another member's default is theirs to change); membership and invites: see
-- private.undo_membership_write.
create function private.undo_household_write(p_household_id uuid, p_target public.tool_invocations,
  p_strict boolean) returns text
language plpgsql
set search_path = ''
as $$
declare
  v_data jsonb := p_target.response;
  v_household public.households;
begin
  select * into v_household from public.households h where h.id = p_household_id for no key update;
  case p_target.tool
  when 'household.create_invite', 'household.join', 'household.leave', 'household.remove_member' then
    return private.undo_membership_write(p_household_id, p_target);
  when 'household.rename' then
    perform private.refuse_if_changed_since('the household''s name', v_household.updated_at, p_target.created_at,
      p_strict);
    perform app.household_rename(p_household_id, jsonb_build_object('name', v_data ->> 'previous_name'));
    return format('Renamed the household back to "%s".', v_data ->> 'previous_name');
  when 'household.set_role' then
    perform app.household_set_role(p_household_id,
      jsonb_build_object('user_id', v_data ->> 'user_id', 'role', v_data ->> 'previous_role'));
    return format('Set the member''s role back to %s.', v_data ->> 'previous_role');
  else
    if p_target.user_id is distinct from (select auth.uid()) then
      perform private.undo_conflict('a default household is its member''s own: only they can change it back');
    end if;
    update public.household_members m set is_default = false where m.user_id = p_target.user_id and m.is_default;
    update public.household_members m set is_default = true
    where m.user_id = p_target.user_id and m.household_id = (v_data ->> 'previous_default_household_id')::uuid;
    return 'Put the default household back as it was.';
  end case;
end;
$$;

-- The write tools history.undo can undo, and, for the others, why not (shown in its CONFLICT).
create function private.undo_refusal(p_tool text) returns text
language plpgsql immutable
set search_path = ''
as $$
begin
  return case
    when p_tool in ('grocery.push_ingredients', 'grocery.add_item', 'grocery.push_recipe', 'grocery.create_list',
      'grocery.rename_list',
      'grocery.delete_list', 'grocery.restore_list', 'grocery.clear_checked', 'grocery.check_item',
      'grocery.remove_item', 'grocery.restore_item', 'grocery.update_item', 'recipe.create', 'recipe.delete',
      'recipe.restore', 'recipe.update', 'recipe.revert', 'household.rename', 'household.set_role',
      'household.set_default', 'planner.add_meal', 'planner.remove_meal', 'planner.restore_meal', 'planner.update_meal')
      then null
    when p_tool in ('household.create_invite', 'household.join', 'household.leave', 'household.remove_member',
      'ingredient.create', 'planner.add_recurring', 'planner.remove_series', 'planner.update_series')
      then null
    when p_tool = 'history.undo' then 'an undo is not undone; repeat the write it undid instead'
    when p_tool = 'grocery.uncheck_item' then
      'its reply does not keep when and by whom the item was checked; check the item again with grocery.check_item'
    when p_tool = 'grocery.sync_plan' then
      'a sync also withdraws earlier contributions; change the plan and sync the range again instead'
    when p_tool = 'grocery.apply_conversion' then
      'restore the merged lines with grocery.restore_item and set the kept line back with grocery.update_item'
    else 'history.undo does not know how to undo it yet'
  end;
end;
$$;

create function app.history_undo(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_target public.tool_invocations;
  v_refusal text;
  v_strict boolean;
  v_message text;
begin
  if p_input ? 'invocation_id' then
    select * into v_target from public.tool_invocations t
    where t.id = (p_input ->> 'invocation_id')::uuid and t.is_write and t.response is not null
      and (t.household_id = p_household_id or (t.household_id is null and t.tool = 'household.join'
        and t.response ->> 'household_id' = p_household_id::text));
    if v_target.id is null then
      raise exception 'invocation not found' using errcode = 'MP404', column = 'invocation_id';
    end if;
  else
    -- The household's last write that is not an undo and was not undone.
    select * into v_target from (
      select * from public.tool_invocations t
      where t.household_id = p_household_id and t.is_write and t.response is not null and t.tool <> 'history.undo'
      union all
      select * from public.tool_invocations t
      where t.household_id is null and t.tool = 'household.join' and t.response ->> 'household_id' = p_household_id::text
    ) t
    where not private.invocation_undone(t)
    order by t.created_at desc, t.id desc
    limit 1;
    if v_target.id is null then
      raise exception 'this household has no write to undo' using errcode = 'MP404';
    end if;
  end if;

  -- Two undos of one write queue here; the second finds the first.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('history.undo:' || v_target.id, 0));
  if private.invocation_undone(v_target) then
    perform private.undo_conflict(format('this %s was already undone', v_target.tool));
  end if;
  v_refusal := private.undo_refusal(v_target.tool);
  if v_refusal is not null then
    perform private.undo_conflict(format('%s cannot be undone: %s', v_target.tool, v_refusal));
  end if;

  v_strict := exists (
    select 1 from public.tool_invocations t
    where t.household_id = p_household_id and t.is_write and t.response is not null and t.tool <> 'history.undo'
      and (t.created_at, t.id) > (v_target.created_at, v_target.id) and not private.invocation_undone(t)
  ) or exists (
    select 1 from public.tool_invocations t
    where t.household_id is null and t.tool = 'household.join' and t.response ->> 'household_id' = p_household_id::text
      and (t.created_at, t.id) > (v_target.created_at, v_target.id) and not private.invocation_undone(t)
  );
  v_message := case
    when v_target.tool like 'grocery.%' then private.undo_grocery_write(p_household_id, v_target, v_strict)
    when v_target.tool like 'household.%' then private.undo_household_write(p_household_id, v_target, v_strict)
    when v_target.tool = 'ingredient.create' then private.undo_ingredient_create(p_household_id, v_target)
    when v_target.tool in ('planner.add_recurring', 'planner.remove_series', 'planner.update_series') then
      private.undo_series_write(p_household_id, v_target, v_strict)
    else private.undo_recipe_or_meal_write(p_household_id, v_target, v_strict)
  end;
  return jsonb_build_object('undone_invocation_id', v_target.id, 'undone_tool', v_target.tool,
    'undone_summary', private.history_summary(v_target.tool, v_target.response), 'message', v_message);
end;
$$;

grant execute on function private.invocation_undone(public.tool_invocations),
  private.history_summary(text, jsonb),
  private.refuse_if_changed_since(text, timestamptz, timestamptz, boolean),
  private.undo_conflict(text),
  private.undo_contributions(uuid, uuid, timestamptz, boolean),
  private.undo_grocery_write(uuid, public.tool_invocations, boolean),
  private.undo_recipe_or_meal_write(uuid, public.tool_invocations, boolean),
  private.undo_household_write(uuid, public.tool_invocations, boolean),
  private.undo_refusal(text)
  to authenticated;

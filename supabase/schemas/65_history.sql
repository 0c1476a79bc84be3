set check_function_bodies = off;

-- A preview (grocery.sync_plan with preview: true) changes nothing, so it is no change to list or undo: the
-- household's history (history.list, and the writes history.undo looks in) leaves it out, as it leaves out
-- refusals (20261125001400). Both functions as 20261125001400 defined them, with that one condition added.
create or replace function private.household_writes(p_household_id uuid) returns setof public.tool_invocations
language sql stable
set search_path = ''
as $$
  select * from public.tool_invocations t
  where t.household_id = p_household_id and t.is_write and t.response is not null and not t.response ? 'refusal'
    and not t.response @> '{"preview": true}'
  union all
  select * from public.tool_invocations t
  where t.household_id is null and t.tool = 'household.join' and t.response ->> 'household_id' = p_household_id::text
$$;
grant execute on function private.household_writes(uuid) to authenticated;

create or replace function private.household_writes_newest_first(p_household_id uuid, p_before_at timestamptz,
  p_before_id uuid, p_limit integer) returns setof public.tool_invocations
language sql stable
set search_path = ''
as $$
  select * from (
    (select * from public.tool_invocations t
     where t.household_id = p_household_id and t.is_write and t.response is not null
       and not t.response ? 'refusal' and not t.response @> '{"preview": true}'
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
grant execute on function private.household_writes_newest_first(uuid,timestamptz,uuid,integer) to authenticated;

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
      and not private.invocation_undone(u)
  );
end;
$$;
grant execute on function private.invocation_undone(tool_invocations) to authenticated;

-- What an undo did, as a write (a tool and the reply it gave, and the invocation whose rows it moved, if any):
-- undoing the undo (a redo) undoes that write, the inverse of the inverse. history.undo puts it in its reply.
create function private.record_undo_inverse(p_tool text, p_response jsonb, p_invocation_id uuid default null)
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform pg_catalog.set_config('meal_planner.undo_inverse', jsonb_build_object('tool', p_tool,
    'response', p_response, 'invocation_id', p_invocation_id)::text, true);
end;
$$;
grant execute on function private.record_undo_inverse(text,jsonb,uuid) to authenticated;

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
grant execute on function private.history_summary(text,jsonb) to authenticated;

-- As 20261122000900_history.sql defined it, with each entry's input and what its reply says was there before beside
-- its summary: the tool's TypeScript layer replaces the summary with the describer's sentence and drops the rest
-- (history.list's reply is unchanged). The summary stays for writes recorded without their input (before this
-- migration).
create or replace function app.history_list(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_limit integer := coalesce((p_input ->> 'limit')::integer, 20);
  v_after jsonb := private.decode_cursor(p_input ->> 'cursor');
  v_entries jsonb;
begin
  if v_after is not null and (v_after ->> 'c' is null or v_after ->> 'i' is null) then
    perform private.decode_cursor('not a cursor');
  end if;
  select coalesce(jsonb_agg(jsonb_build_object(
    'invocation_id', page.id,
    'tool', page.tool,
    'user_id', page.user_id,
    'created_at', page.created_at,
    'summary', private.history_summary(page.tool, page.response),
    'undone', private.invocation_undone(page),
    'input', private.described_input(page),
    'recorded', private.described_reply(page)
  ) order by page.created_at desc, page.id desc), '[]'::jsonb)
  into v_entries
  from private.household_writes_newest_first(p_household_id, (v_after ->> 'c')::timestamptz, (v_after ->> 'i')::uuid,
    v_limit + 1) page;
  if jsonb_array_length(v_entries) > v_limit then
    v_entries := v_entries - v_limit;
    return jsonb_build_object('entries', v_entries, 'next_cursor', private.encode_cursor(jsonb_build_object(
      'c', v_entries -> (v_limit - 1) -> 'created_at', 'i', v_entries -> (v_limit - 1) -> 'invocation_id')));
  end if;
  return jsonb_build_object('entries', v_entries, 'next_cursor', null);
end;
$$;

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
grant execute on function private.refuse_if_changed_since(text,timestamptz,timestamptz,boolean) to authenticated;

create function private.undo_conflict(p_message text) returns void
language plpgsql volatile
set search_path = ''
as $$
begin
  raise exception '%', p_message using errcode = 'MP409', column = 'invocation_id';
end;
$$;
grant execute on function private.undo_conflict(text) to authenticated;

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
      perform private.record_undo_inverse('recipe.revert', app.recipe_revert(p_household_id,
        jsonb_build_object('recipe_id', v_recipe.id, 'revision', (v_data ->> 'revision')::integer)));
      return format('Put the recipe "%s" back to revision %s.', v_data #>> '{recipe,title}', v_data ->> 'revision');
    end if;
    if p_target.tool = 'recipe.delete' then
      perform private.record_undo_inverse('recipe.restore',
        app.recipe_restore(p_household_id, jsonb_build_object('recipe_id', v_recipe.id)));
      return format('Restored the recipe "%s".', v_recipe.title);
    end if;
    if exists (
      select 1 from public.planner_meals m
      where m.household_id = p_household_id and m.recipe_id = v_recipe.id and m.deleted_at is null and m.created_at > v_at
    ) then
      perform private.undo_conflict(format('the recipe "%s" was planned since; remove those meals first', v_recipe.title));
    end if;
    perform private.record_undo_inverse('recipe.delete',
      app.recipe_delete(p_household_id, jsonb_build_object('recipe_id', v_recipe.id)));
    return format('Deleted the recipe "%s" again.', v_recipe.title);
  end if;

  select * into v_meal from public.planner_meals m
  where m.household_id = p_household_id and m.id = coalesce(v_data ->> 'planner_meal_id', v_data #>> '{meal,id}')::uuid
  for no key update;
  perform private.refuse_if_changed_since(format('the meal %s on %s', v_data #>> '{meal,recipe_title}', v_meal.date),
    v_meal.updated_at, v_at, p_strict);
  case p_target.tool
  when 'planner.remove_meal' then
    perform private.record_undo_inverse('planner.restore_meal',
      app.planner_restore_meal(p_household_id, jsonb_build_object('planner_meal_id', v_meal.id)));
  when 'planner.update_meal' then
    perform private.record_undo_inverse('planner.update_meal', app.planner_update_meal(p_household_id,
      (v_data -> 'previous') || jsonb_build_object('planner_meal_id', v_meal.id)));
  else
    if exists (
      select 1 from public.grocery_item_sources s
      where s.household_id = p_household_id and s.planner_meal_id = v_meal.id and s.created_at > v_at
    ) then
      perform private.undo_conflict('this meal''s ingredients were pushed to a grocery list since; undo that push first');
    end if;
    perform private.record_undo_inverse('planner.remove_meal',
      app.planner_remove_meal(p_household_id, jsonb_build_object('planner_meal_id', v_meal.id)));
  end case;
  return format('Undid %s for %s.', p_target.tool, v_data #>> '{meal,recipe_title}');
end;
$$;
grant execute on function private.undo_recipe_or_meal_write(uuid,tool_invocations,boolean) to authenticated;

-- As 20261122000900_history.sql, plus: household.unrevoke_invite (what undoing a revoke did) goes where the other
-- invite writes go; household.set_aisle_order puts the order before back (and undoing that, the order after).
create or replace function private.undo_household_write(p_household_id uuid, p_target public.tool_invocations,
  p_strict boolean) returns text
language plpgsql
set search_path = ''
as $$
declare
  v_data jsonb := p_target.response;
  v_household public.households;
  v_order_changed_at timestamptz;
begin
  select * into v_household from public.households h where h.id = p_household_id for no key update;
  case p_target.tool
  when 'household.create_invite', 'household.join', 'household.leave', 'household.remove_member',
    'household.revoke_invite', 'household.unrevoke_invite', 'household.take_back_join',
    'household.put_back_member' then
    return private.undo_membership_write(p_household_id, p_target);
  when 'household.set_aisle_order' then
    select o.updated_at into v_order_changed_at from public.household_aisle_orders o
    where o.household_id = p_household_id;
    perform private.refuse_if_changed_since('the aisle order', v_order_changed_at, p_target.created_at, p_strict);
    perform private.record_undo_inverse('household.set_aisle_order', app.household_set_aisle_order(p_household_id,
      jsonb_build_object('categories', case when jsonb_typeof(v_data -> 'previous_categories') = 'array'
        then v_data -> 'previous_categories' else '[]'::jsonb end)));
    return case when jsonb_typeof(v_data -> 'previous_categories') = 'array'
      then 'Put the aisle order back as it was.'
      else 'Put the usual aisle order back.' end;
  when 'household.rename' then
    perform private.refuse_if_changed_since('the household''s name', v_household.updated_at, p_target.created_at,
      p_strict);
    perform private.record_undo_inverse('household.rename',
      app.household_rename(p_household_id, jsonb_build_object('name', v_data ->> 'previous_name')));
    return format('Renamed the household back to "%s".', v_data ->> 'previous_name');
  when 'household.set_role' then
    perform private.record_undo_inverse('household.set_role', app.household_set_role(p_household_id,
      jsonb_build_object('user_id', v_data ->> 'user_id', 'role', v_data ->> 'previous_role')));
    return format('Set the member''s role back to %s.', v_data ->> 'previous_role');
  else
    if p_target.user_id is distinct from (select auth.uid()) then
      perform private.undo_conflict('a default household is its member''s own: only they can change it back');
    end if;
    perform private.record_undo_inverse('household.set_default', jsonb_build_object(
      'default_household_id', v_data -> 'previous_default_household_id',
      'previous_default_household_id', (select m.household_id from public.household_members m
        where m.user_id = p_target.user_id and m.is_default)));
    update public.household_members m set is_default = false where m.user_id = p_target.user_id and m.is_default;
    update public.household_members m set is_default = true
    where m.user_id = p_target.user_id and m.household_id = (v_data ->> 'previous_default_household_id')::uuid;
    return 'Put the default household back as it was.';
  end case;
end;
$$;
grant execute on function private.undo_household_write(uuid,tool_invocations,boolean) to authenticated;

-- As 20261122000900_history.sql, plus household.revoke_invite and household.set_aisle_order.
create or replace function private.undo_refusal(p_tool text) returns text
language plpgsql immutable
set search_path = ''
as $$
begin
  return case
    when p_tool in ('grocery.push_ingredients', 'grocery.add_item', 'grocery.push_recipe', 'grocery.create_list',
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
grant execute on function private.undo_refusal(text) to authenticated;

-- Undoing an undo that changed nothing changes nothing either.
create function private.nothing_to_undo() returns text
language plpgsql
set search_path = ''
as $$
begin
  perform private.record_undo_inverse('history.nothing', '{}'::jsonb);
  return 'That write changed nothing; nothing to undo.';
end;
$$;
grant execute on function private.nothing_to_undo() to authenticated;

create function app.history_undo(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_target public.tool_invocations;
  v_link public.tool_invocations;
  v_next public.tool_invocations;
  v_write public.tool_invocations;
  v_seen integer;
  v_refusal text;
  v_strict boolean;
  v_message text;
  v_inverse jsonb;
begin
  if p_input ? 'invocation_id' then
    select * into v_target from private.household_writes(p_household_id) t
    where t.id = (p_input ->> 'invocation_id')::uuid;
    if v_target.id is null then
      raise exception 'invocation not found' using errcode = 'MP404', column = 'invocation_id';
    end if;
  else
    -- The household's last write that is not an undo and was not undone: read newest first, a page at a time, up
    -- to the first such write, so that the writes behind it are never tested.
    loop
      v_seen := 0;
      for v_next in select * from private.household_writes_newest_first(p_household_id, v_next.created_at, v_next.id, 50)
      loop
        v_seen := v_seen + 1;
        if v_next.tool <> 'history.undo' and not private.invocation_undone(v_next) then
          v_target := v_next;
          exit;
        end if;
      end loop;
      exit when v_target.id is not null or v_seen < 50;
    end loop;
    if v_target.id is null then
      raise exception 'this household has no write to undo' using errcode = 'MP404';
    end if;
  end if;

  -- Every undo of one chain (a write, its undo, the undo of that: a redo, …) queues on the chain's first write
  -- (a join into the household included); the second of two finds the first.
  v_link := v_target;
  while v_link.tool = 'history.undo' loop
    select * into v_next from private.household_writes(p_household_id) t
    where t.id = (v_link.response ->> 'undone_invocation_id')::uuid;
    exit when v_next.id is null;
    v_link := v_next;
  end loop;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('history.undo:' || v_link.id, 0));
  if private.invocation_undone(v_target) then
    perform private.undo_conflict(format('this %s was already undone', v_target.tool));
  end if;
  -- A write that was undone and redone is undone again by undoing the newest link of its chain.
  v_link := v_target;
  loop
    select * into v_next from public.tool_invocations u
    where u.household_id = p_household_id and u.tool = 'history.undo'
      and u.response ->> 'undone_invocation_id' = v_link.id::text
    order by u.created_at desc, u.id desc
    limit 1;
    exit when v_next.id is null;
    v_link := v_next;
  end loop;
  v_write := v_link;
  if v_link.tool = 'history.undo' then
    -- Undoing an undo (a redo) undoes what that undo did, recorded as a write of its own: made by the undo's
    -- caller at the undo's time.
    if jsonb_typeof(v_link.response -> 'inverse') is distinct from 'object' then
      perform private.undo_conflict(format('this undo of %s cannot be undone: it did not record what it did; repeat '
        'the write instead', v_link.response ->> 'undone_tool'));
    end if;
    v_write.tool := v_link.response #>> '{inverse,tool}';
    v_write.response := v_link.response #> '{inverse,response}';
    v_write.id := coalesce((v_link.response #>> '{inverse,invocation_id}')::uuid, v_link.id);
  else
    v_refusal := private.undo_refusal(v_link.tool);
    if v_refusal is not null then
      perform private.undo_conflict(format('%s cannot be undone: %s', v_link.tool, v_refusal));
    end if;
  end if;

  v_strict := exists (
    select 1 from private.household_writes(p_household_id) t
    where t.tool <> 'history.undo' and (t.created_at, t.id) > (v_link.created_at, v_link.id)
      and not private.invocation_undone(t)
  );
  perform pg_catalog.set_config('meal_planner.undo_inverse', '', true);
  v_message := case
    when v_write.tool = 'history.nothing' then private.nothing_to_undo()
    when v_write.tool like 'grocery.%' then private.undo_grocery_write(p_household_id, v_write, v_strict)
    when v_write.tool like 'household.%' then private.undo_household_write(p_household_id, v_write, v_strict)
    when v_write.tool like 'ingredient.%' then private.undo_ingredient_write(p_household_id, v_write)
    when v_write.tool in ('planner.add_recurring', 'planner.remove_series', 'planner.update_series',
      'planner.restore_series') then
      private.undo_series_write(p_household_id, v_write, v_strict)
    else private.undo_recipe_or_meal_write(p_household_id, v_write, v_strict)
  end;
  v_inverse := nullif(pg_catalog.current_setting('meal_planner.undo_inverse', true), '')::jsonb;
  perform pg_catalog.set_config('meal_planner.undo_inverse', '', true);
  -- Every way of undoing records what it did: without it, undoing this undo (a redo) could not be exact.
  if v_inverse is null then
    raise exception 'history.undo of % recorded no inverse', v_write.tool;
  end if;
  return jsonb_build_object('undone_invocation_id', v_link.id, 'undone_tool', v_link.tool,
    'undone_summary', private.history_summary(v_link.tool, v_link.response), 'message', v_message,
    'inverse', v_inverse);
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
grant execute on function private.undo_contributions(uuid,uuid,timestamptz,boolean) to authenticated;

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
             and s.id in (select value::uuid from jsonb_array_elements_text(v_previous -> 'source_ids')))
          <> jsonb_array_length(v_previous -> 'source_ids') then
      perform private.undo_conflict(format('the line of %s it folded into was changed since', v_label));
    end if;
    update public.grocery_items i set quantity = trim_scale(i.quantity - v_item.quantity) where i.id = v_into.id;
    update public.grocery_item_sources s set grocery_item_id = v_item.id
    where s.household_id = p_household_id
      and s.id in (select value::uuid from jsonb_array_elements_text(v_previous -> 'source_ids'));
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
grant execute on function private.undo_uncheck(uuid,jsonb,timestamptz,boolean) to authenticated;

-- grocery.apply_conversion is undone by putting every line back: the merged lines come back, the kept line takes
-- its quantity and unit again, each ledger row returns to its line, the rounding's adjustment goes, and a line
-- it folded into gives back what it took.
create or replace function private.undo_conversion(p_household_id uuid, p_data jsonb, p_at timestamptz,
  p_strict boolean)
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
  perform private.put_ledger_rows_back(p_household_id, v_previous, array[v_kept.id, v_into.id],
    format('the lines of %s', v_label));
  if v_previous ->> 'rounding_adjustment_id' is not null then
    delete from public.grocery_item_adjustments a
    where a.household_id = p_household_id and a.id = (v_previous ->> 'rounding_adjustment_id')::uuid
      and a.grocery_item_id in (v_kept.id, v_into.id);
    if not found then
      perform private.undo_conflict(format('the amounts of %s moved since', v_label));
    end if;
  end if;
  update public.grocery_items i set deleted_at = null, merged_into_id = null where i.id = any(v_merged);
  update public.grocery_items i set quantity = (v_previous ->> 'quantity')::numeric, unit = v_previous ->> 'unit',
    deleted_at = null, merged_into_id = null
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
grant execute on function private.undo_conversion(uuid,jsonb,timestamptz,boolean) to authenticated;

-- history.undo of a grocery write sees every later change to its lines. This body had been written into
-- 20261125000400 after that file was applied; it moves here so that 20261125000400 stays as it first ran. It
-- compares with when the write finished (recorded_at), locks the household's lists before it decides how strict to
-- be, and is strict whenever a live write finished after it. A check's "nothing to undo" still compares with when
-- the check began. (The other later edits of released files were already carried by newer migrations: recorded_at
-- in private.invoke by 20261125001600, clock_timestamp() stamps by 20261125001300.)
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
grant execute on function private.undo_grocery_write(uuid,tool_invocations,boolean) to authenticated;

-- As 20261125001000_onboarding.sql, but for household.revoke_invite: the tool's own records (they name invite_id and
-- revoked_at) are undone by clearing revoked_at; the records of the same name that undoing household.create_invite
-- wrote (the deleted row) are undone as before, by putting the row back. A join is not taken back into a revoked
-- invite either.
create or replace function private.undo_membership_write(p_household_id uuid, p_target public.tool_invocations) returns text
language plpgsql
set search_path = ''
as $$
declare
  v_data jsonb := p_target.response;
  v_user_id uuid;
  v_joined_at timestamptz;
  v_invite public.household_invites;
  v_code text;
  v_default boolean := false;
  v_note text := '';
begin
  case p_target.tool
  when 'household.create_invite' then
    perform private.require_owner(p_household_id);
    -- A redo's record names the invite by id, the write's reply by code.
    select * into v_invite from public.household_invites i
    where i.household_id = p_household_id and (i.id = (v_data ->> 'invite_id')::uuid or i.code = v_data ->> 'code')
    for update;
    if v_invite.id is null then
      perform private.undo_conflict('the invite no longer exists');
    elsif v_invite.use_count > 0 then
      perform private.undo_conflict(format(
        'the invite %s… was used %s time%s since; undo those household.join writes first (or let it expire)',
        left(v_invite.code, 6), v_invite.use_count, case when v_invite.use_count = 1 then '' else 's' end));
    end if;
    delete from public.household_invites i where i.id = v_invite.id;
    perform private.record_undo_inverse('household.revoke_invite', to_jsonb(v_invite) - 'code', p_target.id);
    return format('Revoked the invite %s….', left(v_invite.code, 6));

  when 'household.revoke_invite' then
    perform private.require_owner(p_household_id);
    if v_data ? 'revoked_at' and v_data ? 'invite_id' then
      -- household.revoke_invite itself (20261125001500): the invite works again, as it was before.
      if (v_data ->> 'already_revoked')::boolean then
        return private.nothing_to_undo();
      end if;
      select * into v_invite from public.household_invites i
      where i.household_id = p_household_id and i.id = (v_data ->> 'invite_id')::uuid
      for update;
      if v_invite.id is null then
        perform private.undo_conflict('the invite no longer exists');
      elsif v_invite.revoked_at is null then
        perform private.undo_conflict(format('the invite %s… is not revoked any more', left(v_invite.code, 6)));
      end if;
      if v_invite.expires_at > now() then
        perform private.hold_household_cap(p_household_id, 'live invites');
      end if;
      update public.household_invites i set revoked_at = null, revoked_by = null where i.id = v_invite.id;
      perform private.record_undo_inverse('household.unrevoke_invite', v_data);
      return format('Put back the invite %s…%s', left(v_invite.code, 6), case when v_invite.expires_at > now()
        then format(': it works again until %s.', to_char(v_invite.expires_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI "UTC"'))
        else ' (it has expired meanwhile).' end);
    end if;
    -- What undoing household.create_invite did (it deleted the unused invite): the invite comes back.
    select t.response ->> 'code' into v_code from public.tool_invocations t
    where t.household_id = p_household_id and t.id = p_target.id and t.tool = 'household.create_invite';
    if v_code is null then
      perform private.undo_conflict('the write that created the invite is no longer recorded; create a new invite');
    end if;
    perform private.hold_household_cap(p_household_id, 'live invites');
    insert into public.household_invites
    select * from jsonb_populate_record(null::public.household_invites, v_data || jsonb_build_object('code', v_code));
    perform private.record_undo_inverse('household.create_invite', jsonb_build_object('household_id', p_household_id,
      'invite_id', v_data -> 'id', 'expires_at', v_data -> 'expires_at'), p_target.id);
    return format('Put back the invite %s….', left(v_code, 6));

  when 'household.unrevoke_invite' then
    -- Undoing the undo of a revoke: revoked again, at the time and by the owner it was revoked first.
    perform private.require_owner(p_household_id);
    select * into v_invite from public.household_invites i
    where i.household_id = p_household_id and i.id = (v_data ->> 'invite_id')::uuid
    for update;
    if v_invite.id is null then
      perform private.undo_conflict('the invite no longer exists');
    elsif v_invite.revoked_at is not null then
      perform private.undo_conflict(format('the invite %s… is revoked already', left(v_invite.code, 6)));
    end if;
    update public.household_invites i
    set revoked_at = (v_data ->> 'revoked_at')::timestamptz, revoked_by = (v_data ->> 'revoked_by')::uuid
    where i.id = v_invite.id;
    perform private.record_undo_inverse('household.revoke_invite', v_data);
    return format('Revoked the invite %s… again.', left(v_invite.code, 6));

  when 'household.join' then
    if (v_data ->> 'already_member')::boolean then
      perform private.nothing_to_undo();
      return 'That join changed nothing (already a member); nothing to undo.';
    end if;
    -- A redo's record names the member and their joining time; the write is the member's own, at its time.
    v_user_id := coalesce((v_data ->> 'user_id')::uuid, p_target.user_id);
    if v_user_id is distinct from (select auth.uid()) and not private.is_household_owner(p_household_id) then
      raise exception 'only an owner of the household or the member who joined can undo a join'
        using errcode = 'MP403';
    end if;
    v_joined_at := coalesce((v_data ->> 'joined_at')::timestamptz, p_target.created_at);
    -- The default flag is no conflict: a join sets it (joins from before this migration did not), and a leave that
    -- an owner undid clears it. The previous default comes back only when the row going is still the default.
    select m.is_default into v_default from public.household_members m
    where m.household_id = p_household_id and m.user_id = v_user_id;
    v_default := coalesce(v_default, false);
    perform private.lock_member_as_left(p_household_id, v_user_id, 'member', v_joined_at, v_default);
    v_default := v_default and coalesce((v_data ->> 'became_default')::boolean, false);
    -- Before the member row goes: the definer function checks that the caller is a member.
    perform private.give_back_invite_use(p_household_id, (v_data ->> 'invite_id')::uuid);
    delete from public.household_members m where m.household_id = p_household_id and m.user_id = v_user_id;
    -- Their default before the join comes back: only they can see their other households, so when an owner takes
    -- the join back, it stays unset.
    if v_default and v_data ->> 'previous_default_household_id' is not null then
      update public.household_members m set is_default = true
      where m.user_id = v_user_id and m.household_id = (v_data ->> 'previous_default_household_id')::uuid;
      if not found then
        v_note := ' Their default household stays unset.';
      end if;
    end if;
    perform private.record_undo_inverse('household.take_back_join', v_data || jsonb_build_object('user_id', v_user_id,
      'joined_at', v_joined_at));
    return 'Took back the join: the member is out and the invite has its use back.' || v_note;

  when 'household.take_back_join' then
    -- The member is in again as they joined, and the invite's use is taken again. Not when the member took back
    -- their own join: that was their choice, as a leave is, and only they can join again.
    v_user_id := (v_data ->> 'user_id')::uuid;
    if p_target.user_id = v_user_id then
      perform private.undo_conflict('the member took back their own join; only they can join again, with an invite');
    end if;
    perform private.require_owner(p_household_id);
    update public.household_invites i set use_count = i.use_count + 1
    where i.household_id = p_household_id and i.id = (v_data ->> 'invite_id')::uuid and i.revoked_at is null
      and (i.max_uses is null or i.use_count < i.max_uses);
    if not found then
      perform private.undo_conflict('the invite the member joined with was revoked or used up since');
    end if;
    perform private.put_member_back(p_household_id, v_user_id, 'member', (v_data ->> 'joined_at')::timestamptz);
    -- The household becomes their default again when they have none (an owner cannot change another default).
    if coalesce((v_data ->> 'became_default')::boolean, false) then
      begin
        update public.household_members m set is_default = true
        where m.household_id = p_household_id and m.user_id = v_user_id;
        v_default := true;
      exception when unique_violation then
        v_note := ' They have since chosen another default household, which stays.';
      end;
    end if;
    perform private.record_undo_inverse('household.join', v_data || jsonb_build_object('became_default', v_default));
    return 'Put the member back in as they joined; the invite''s use is taken again.' || v_note;

  when 'household.put_back_member' then
    -- The member is out again, as the leave or removal left them: by an owner, or by the member (leaving).
    v_user_id := (v_data #>> '{removal,user_id}')::uuid;
    if v_user_id is distinct from (select auth.uid()) then
      perform private.require_owner(p_household_id);
    end if;
    perform private.lock_member_as_left(p_household_id, v_user_id, v_data #>> '{removal,role}',
      (v_data #>> '{removal,joined_at}')::timestamptz, (v_data ->> 'is_default')::boolean);
    perform private.keep_an_owner(p_household_id, v_user_id);
    delete from public.household_members m where m.household_id = p_household_id and m.user_id = v_user_id;
    perform private.record_undo_inverse(v_data ->> 'tool', v_data -> 'removal');
    return format('Took the member out again, as %s did.', v_data ->> 'tool');

  else
    -- household.leave (the member is the caller of the write) or household.remove_member.
    v_user_id := coalesce((v_data ->> 'user_id')::uuid, p_target.user_id);
    if not private.is_household_owner(p_household_id) then
      raise exception 'only an owner of the household can undo a member leaving or being removed'
        using errcode = 'MP403';
    end if;
    perform private.put_member_back(p_household_id, v_user_id, v_data ->> 'role',
      (v_data ->> 'joined_at')::timestamptz);
    if (v_data ->> 'was_default')::boolean and p_target.tool = 'household.leave' then
      v_note := ' Their default household stays unset: they chose to leave, so calls naming no household do not '
        'come back here.';
    elsif (v_data ->> 'was_default')::boolean then
      -- Their other households are not ours to see: the one-default index says whether they chose another.
      begin
        update public.household_members m set is_default = true
        where m.household_id = p_household_id and m.user_id = v_user_id;
        v_default := true;
      exception when unique_violation then
        v_note := ' They have since chosen another default household, which stays.';
      end;
    end if;
    perform private.record_undo_inverse('household.put_back_member', jsonb_build_object('tool', p_target.tool,
      'removal', v_data || jsonb_build_object('user_id', v_user_id), 'is_default', v_default));
    return format('Put the member back as a%s %s.%s', case when v_data ->> 'role' = 'owner' then 'n' else '' end,
      v_data ->> 'role', v_note);
  end case;
end;
$$;
grant execute on function private.undo_membership_write(uuid,tool_invocations) to authenticated;

-- A household's own ingredient goes when nothing refers to it, so its name can be created again. Removed
-- list items, deleted recipes and recipe revisions count: each can come back and name it. Undoing that
-- (ingredient.remove_created: a redo) puts the very row back.
create function private.undo_ingredient_write(p_household_id uuid, p_target public.tool_invocations) returns text
language plpgsql
set search_path = ''
as $$
declare
  v_ingredient public.ingredients;
  v_user text;
begin
  if p_target.tool = 'ingredient.remove_created' then
    v_ingredient := jsonb_populate_record(null::public.ingredients, p_target.response);
    begin
      insert into public.ingredients (id, household_id, name, category, created_by, created_at, updated_at)
      values (v_ingredient.id, p_household_id, v_ingredient.name, v_ingredient.category, v_ingredient.created_by,
        v_ingredient.created_at, v_ingredient.updated_at);
    exception when unique_violation then
      perform private.undo_conflict(format('an ingredient named "%s" was created since; undo that write first',
        v_ingredient.name));
    end;
    perform private.record_undo_inverse('ingredient.create', jsonb_build_object('ingredient_id', v_ingredient.id,
      'name', v_ingredient.name, 'created_at', v_ingredient.created_at));
    return format('Put back the ingredient "%s".', v_ingredient.name);
  end if;

  -- Locked, so no line can start referring to it before it goes.
  select * into v_ingredient from public.ingredients i
  where i.household_id = p_household_id and i.id = (p_target.response ->> 'ingredient_id')::uuid
  for update;
  if v_ingredient.id is null then
    perform private.undo_conflict('the ingredient no longer exists');
  end if;
  select format('the recipe "%s"%s', r.title, case when r.deleted_at is not null then ' (deleted)' else '' end)
  into v_user
  from public.recipe_ingredients x
  join public.recipes r on r.household_id = x.household_id and r.id = x.recipe_id
  where x.household_id = p_household_id and x.ingredient_id = v_ingredient.id
  order by r.deleted_at nulls first, r.title
  limit 1;
  if v_user is null then
    select format('an item of the list "%s"%s', l.name, case when i.deleted_at is not null or l.deleted_at is not null
      then ' (removed)' else '' end)
    into v_user
    from public.grocery_items i
    join public.grocery_lists l on l.household_id = i.household_id and l.id = i.grocery_list_id
    where i.household_id = p_household_id and i.ingredient_id = v_ingredient.id
    order by i.deleted_at nulls first, l.name
    limit 1;
  end if;
  if v_user is null then
    select format('an earlier revision of the recipe "%s"', r.title) into v_user
    from public.recipe_revisions v
    join public.recipes r on r.household_id = v.household_id and r.id = v.recipe_id
    where v.household_id = p_household_id
      and v.recipe -> 'ingredients' @> jsonb_build_array(jsonb_build_object('ingredient_id', v_ingredient.id))
    order by r.title
    limit 1;
  end if;
  if v_user is not null then
    perform private.undo_conflict(format('"%s" is used by %s; an ingredient in use stays', v_ingredient.name, v_user));
  end if;
  delete from public.ingredients i where i.id = v_ingredient.id;
  perform private.record_undo_inverse('ingredient.remove_created', to_jsonb(v_ingredient) - 'normalized_name');
  return format('Removed the ingredient "%s".', v_ingredient.name);
end;
$$;
grant execute on function private.undo_ingredient_write(uuid,tool_invocations) to authenticated;

create or replace function private.undo_series_write(p_household_id uuid, p_target public.tool_invocations, p_strict boolean)
returns text
language plpgsql
set search_path = ''
as $$
declare
  v_data jsonb := p_target.response;
  v_at timestamptz := p_target.created_at;
  v_series public.planner_meal_series;
  v_title text;
  v_meal public.planner_meals;
  v_meal_ids uuid[];
  v_moved jsonb;
  v_series_moved boolean;
  v_fields text[] := array(select jsonb_object_keys(v_data -> 'previous'));
  v_now jsonb;
  v_now_meals jsonb;
begin
  select * into v_series from public.planner_meal_series s
  where s.household_id = p_household_id and s.id = (v_data ->> 'series_id')::uuid
  for no key update;
  select r.title into v_title from public.recipes r
  where r.household_id = p_household_id and r.id = v_series.recipe_id;
  perform private.refuse_if_changed_since(format('the series of %s', v_title), v_series.updated_at, v_at, p_strict);
  v_meal_ids := array(
    select value::uuid from jsonb_array_elements_text(case p_target.tool
      when 'planner.add_recurring' then jsonb_path_query_array(v_data, '$.meals[*].id')
      when 'planner.remove_series' then v_data -> 'removed_meal_ids'
      when 'planner.restore_series' then v_data -> 'restored_meal_ids'
      else jsonb_path_query_array(v_data, '$.previous_meals[*].id')
    end));

  for v_meal in
    select * from public.planner_meals m
    where m.household_id = p_household_id and m.id = any(v_meal_ids)
    order by m.id
    for no key update
  loop
    perform private.refuse_if_changed_since(format('the meal %s on %s', v_title, v_meal.date), v_meal.updated_at,
      v_at, p_strict);
  end loop;

  case p_target.tool
  when 'planner.add_recurring', 'planner.restore_series' then
    if exists (
      select 1 from public.grocery_item_sources s
      where s.household_id = p_household_id and s.planner_meal_id = any(v_meal_ids) and s.created_at > v_at
    ) then
      perform private.undo_conflict(
        'an occurrence''s ingredients were pushed to a grocery list since; undo that push first');
    end if;
    with removed as (
      update public.planner_meals m set deleted_at = now()
      where m.household_id = p_household_id and m.id = any(v_meal_ids) and m.deleted_at is null
      returning m.id
    )
    select coalesce(jsonb_agg(removed.id order by removed.id), '[]'::jsonb) into v_moved from removed;
    update public.planner_meal_series s set deleted_at = now()
    where s.id = v_series.id and s.deleted_at is null
      and (p_target.tool = 'planner.add_recurring' or (v_data ->> 'series_restored')::boolean);
    v_series_moved := found;
    perform private.record_undo_inverse('planner.remove_series', jsonb_build_object('series_id', v_series.id,
      'removed_meal_ids', v_moved, 'series_removed', v_series_moved));
    if v_series_moved then
      return format('Removed the series of %s and its %s.', v_title,
        private.counted(jsonb_array_length(v_moved), 'occurrence'));
    end if;
    return format('Removed %s of %s again.', private.counted(jsonb_array_length(v_moved), 'occurrence'), v_title);
  when 'planner.remove_series' then
    if exists (
      select 1 from public.recipes r
      where r.household_id = p_household_id and r.id = v_series.recipe_id and r.deleted_at is not null
    ) then
      perform private.undo_conflict(format('the recipe "%s" was deleted since; restore it first', v_title));
    end if;
    with restored as (
      update public.planner_meals m set deleted_at = null
      where m.household_id = p_household_id and m.id = any(v_meal_ids) and m.deleted_at is not null
      returning m.id
    )
    select coalesce(jsonb_agg(restored.id order by restored.id), '[]'::jsonb) into v_moved from restored;
    -- The write removed the series itself only when it removed every occurrence (no from_date); an undo's
    -- record says whether it did.
    update public.planner_meal_series s set deleted_at = null
    where s.id = v_series.id and s.deleted_at is not null
      and coalesce((v_data ->> 'series_removed')::boolean, s.deleted_at = v_at);
    v_series_moved := found;
    perform private.record_undo_inverse('planner.restore_series', jsonb_build_object('series_id', v_series.id,
      'restored_meal_ids', v_moved, 'series_restored', v_series_moved));
    return format('Restored %s of %s.', private.counted(jsonb_array_length(v_moved), 'occurrence'), v_title);
  else
    if v_series.deleted_at is not null then
      perform private.undo_conflict(format('the series of %s was removed since; undo that first', v_title));
    end if;
    -- The values the undo replaces, kept in the same shape, so that its undo (a redo) puts them back.
    v_now := (select jsonb_object_agg(field, to_jsonb(v_series) -> field) from unnest(v_fields) field);
    select coalesce(jsonb_agg(jsonb_build_object('id', m.id) || (
        select jsonb_object_agg(field, to_jsonb(m) -> field) from unnest(v_fields) field)
      order by m.date, m.id), '[]'::jsonb)
    into v_now_meals
    from public.planner_meals m
    where m.household_id = p_household_id and m.id = any(v_meal_ids);
    update public.planner_meal_series s set
      servings = case when v_data -> 'previous' ? 'servings' then (v_data #>> '{previous,servings}')::integer
        else s.servings end,
      meal_type = case when v_data -> 'previous' ? 'meal_type' then v_data #>> '{previous,meal_type}'
        else s.meal_type end,
      note = case when v_data -> 'previous' ? 'note' then v_data #>> '{previous,note}' else s.note end
    where s.id = v_series.id;
    update public.planner_meals m set
      servings = case when previous.value ? 'servings' then (previous.value ->> 'servings')::integer
        else m.servings end,
      meal_type = case when previous.value ? 'meal_type' then previous.value ->> 'meal_type' else m.meal_type end,
      note = case when previous.value ? 'note' then previous.value ->> 'note' else m.note end
    from jsonb_array_elements(v_data -> 'previous_meals') previous
    where m.household_id = p_household_id and m.id = (previous.value ->> 'id')::uuid;
    perform private.record_undo_inverse('planner.update_series', jsonb_build_object('series_id', v_series.id,
      'previous', v_now, 'previous_meals', v_now_meals));
    return format('Put the series of %s back as it was (%s).', v_title,
      private.counted(cardinality(v_meal_ids), 'occurrence'));
  end case;
end;
$$;
grant execute on function private.undo_series_write(uuid,tool_invocations,boolean) to authenticated;

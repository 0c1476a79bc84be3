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

-- An undo's reply names the write it undid: this finds whether a write was undone. A write is undone while an undo
-- of it stands; an undo that was undone in turn (a redo) does not count, so the write stands again.
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

-- The household's recorded writes: its own, and the joins into it. Inlinable (no SET clause), so a caller's
-- conditions reach each branch's index.
create function private.household_writes(p_household_id uuid) returns setof public.tool_invocations
language sql stable
as $$
  select * from public.tool_invocations t
  where t.household_id = p_household_id and t.is_write and t.response is not null
  union all
  select * from public.tool_invocations t
  where t.household_id is null and t.tool = 'household.join' and t.response ->> 'household_id' = p_household_id::text
$$;

-- The same writes newest first, before (p_before_at, p_before_id) when given, at most p_limit. Each kind is read in
-- order through its index and stops at p_limit, so a page costs a page however long the history is; ordering and
-- limiting private.household_writes instead reads every write of the household and sorts them.
create function private.household_writes_newest_first(p_household_id uuid, p_before_at timestamptz,
  p_before_id uuid, p_limit integer) returns setof public.tool_invocations
language sql stable
as $$
  select * from (
    (select * from public.tool_invocations t
     where t.household_id = p_household_id and t.is_write and t.response is not null
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
    when 'grocery.apply_conversion' then format('Merged %s lines of %s into %s %s.',
      jsonb_array_length(p_response -> 'merged_item_ids') + 1, p_response #>> '{item,name}',
      p_response #>> '{item,quantity}', p_response #>> '{item,unit}')
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
  if v_after is not null and (v_after ->> 'c' is null or v_after ->> 'i' is null) then
    perform private.decode_cursor('not a cursor');
  end if;
  select coalesce(jsonb_agg(jsonb_build_object(
    'invocation_id', page.id,
    'tool', page.tool,
    'user_id', page.user_id,
    'created_at', page.created_at,
    'summary', private.history_summary(page.tool, page.response),
    'undone', private.invocation_undone(page)
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

-- The household tools whose replies keep the previous value: rename, set_role and set_default (the caller's own
-- default only: another member's default is theirs to change); membership and invites, and what undoing them
-- did (revoke_invite, take_back_join, put_back_member): see private.undo_membership_write.
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
  when 'household.create_invite', 'household.join', 'household.leave', 'household.remove_member',
    'household.revoke_invite', 'household.take_back_join', 'household.put_back_member' then
    return private.undo_membership_write(p_household_id, p_target);
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

-- The write tools history.undo can undo, and, for the others, why not (shown in its CONFLICT).
create function private.undo_refusal(p_tool text) returns text
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
      'planner.add_recurring', 'planner.remove_series', 'planner.update_series')
      then null
    else 'history.undo does not know how to undo it yet'
  end;
end;
$$;

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

grant execute on function private.household_writes(uuid),
  private.household_writes_newest_first(uuid, timestamptz, uuid, integer),
  private.invocation_undone(public.tool_invocations),
  private.record_undo_inverse(text, jsonb, uuid),
  private.nothing_to_undo(),
  private.history_summary(text, jsonb),
  private.refuse_if_changed_since(text, timestamptz, timestamptz, boolean),
  private.undo_conflict(text),
  private.undo_recipe_or_meal_write(uuid, public.tool_invocations, boolean),
  private.undo_household_write(uuid, public.tool_invocations, boolean),
  private.undo_refusal(text)
  to authenticated;

set check_function_bodies = off;

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
    -- A photo set is undone by setting the photo the recipe had before, while that photo is still in Storage (the app
    -- removes a replaced photo once the new one is recorded; the photo-less state always comes back).
    if p_target.tool = 'recipe.set_photo' then
      if v_data ->> 'previous_photo_path' is not null and not exists (
        select 1 from storage.objects o where o.bucket_id = 'recipe-photos' and o.name = v_data ->> 'previous_photo_path'
      ) then
        perform private.undo_conflict(format('the photo the recipe "%s" had before was removed from Storage',
          v_recipe.title));
      end if;
      perform private.record_undo_inverse('recipe.set_photo', app.recipe_set_photo(p_household_id,
        jsonb_build_object('recipe_id', v_recipe.id, 'photo_path', v_data ->> 'previous_photo_path')));
      return format('Put back the photo the recipe "%s" had before.', v_recipe.title);
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

-- Undo of a household write. Who belongs (invites, joins, leaves, removals, and the undos of those, such as
-- household.unrevoke_invite) is private.undo_membership_write's; household.set_aisle_order puts the order before
-- back (and undoing that, the order after); household.set_on_hand puts the ingredient's mark as it was (a later
-- change of that mark is undone first); a rename and a role change put the value before back.
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
  when 'household.set_on_hand' then
    if not (v_data ->> 'changed')::boolean then
      return private.nothing_to_undo();
    end if;
    select max(o.marked_at) into v_order_changed_at from public.household_on_hand o
    where o.household_id = p_household_id and o.ingredient_id = (v_data ->> 'ingredient_id')::uuid;
    if p_strict and (v_order_changed_at is not null) <> (v_data ->> 'on_hand')::boolean then
      perform private.undo_conflict(format('%s was marked or unmarked on hand by a later write; undo that write first',
        v_data ->> 'ingredient_name'));
    end if;
    perform private.refuse_if_changed_since(v_data ->> 'ingredient_name', v_order_changed_at, p_target.created_at,
      p_strict);
    perform private.record_undo_inverse('household.set_on_hand', app.household_set_on_hand(p_household_id,
      jsonb_build_object('ingredient_id', v_data ->> 'ingredient_id', 'on_hand', v_data -> 'previous_on_hand')));
    return format(case when (v_data ->> 'previous_on_hand')::boolean then 'Marked %s as on hand again.'
      else '%s is no longer on hand.' end, v_data ->> 'ingredient_name');
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
      'grocery.remove_item', 'grocery.restore_item', 'grocery.update_item', 'recipe.create', 'recipe.create_many',
      'recipe.delete',
      'recipe.restore', 'recipe.update', 'recipe.revert', 'recipe.set_photo', 'household.rename',
      'household.set_role',
      'household.set_default', 'planner.add_meal', 'planner.remove_meal', 'planner.restore_meal', 'planner.update_meal',
      'household.create_invite', 'household.join', 'household.leave', 'household.remove_member', 'ingredient.create',
      'planner.add_recurring', 'planner.remove_series', 'planner.update_series', 'household.revoke_invite',
      'household.set_aisle_order', 'household.set_on_hand')
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
    when v_write.tool in ('recipe.create_many', 'recipe.remove_created_many') then
      private.undo_recipe_collection_write(p_household_id, v_write, v_strict)
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

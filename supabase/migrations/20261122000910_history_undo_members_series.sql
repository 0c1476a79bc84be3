-- ============================================================================
-- history.undo of invites and membership, of a household's ingredient, and of recurring meal series
-- ============================================================================

-- Undoing a join gives its use back to the invite. The member who joined may undo their own join, but a
-- plain member can neither see nor change invites (owners only): this definer function makes that one
-- change, within the caller's own household. Only the writer role (history.undo runs as it) may call it.
create function private.give_back_invite_use(p_household_id uuid, p_invite_id uuid) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if not private.is_household_member(p_household_id) then
    raise exception 'household not found' using errcode = 'MP404', column = 'household_id';
  end if;
  update public.household_invites i set use_count = i.use_count - 1
  where i.id = p_invite_id and i.household_id = p_household_id and i.use_count > 0;
end;
$$;

-- Invites and membership. Undone rows are exactly the rows before the write: an unused invite is deleted; a
-- join's member row goes and its invite gets the use back; a member who left or was removed comes back with
-- their role, default flag and joining time. What the member wrote while a member stays with the household,
-- as after household.remove_member.
-- Who may undo: an invite, an owner (only owners see invites); a join, an owner or the member who joined; a
-- leave or a removal, an owner only: the member is no longer in the household, so they cannot name it, and a
-- plain member may not add anyone.
create function private.undo_membership_write(p_household_id uuid, p_target public.tool_invocations) returns text
language plpgsql
set search_path = ''
as $$
declare
  v_data jsonb := p_target.response;
  v_user_id uuid;
  v_member public.household_members;
  v_invite public.household_invites;
  v_default_note text := '';
begin
  case p_target.tool
  when 'household.create_invite' then
    perform private.require_owner(p_household_id);
    select * into v_invite from public.household_invites i
    where i.household_id = p_household_id and i.code = v_data ->> 'code'
    for update;
    if v_invite.id is null then
      perform private.undo_conflict('the invite no longer exists');
    elsif v_invite.use_count > 0 then
      perform private.undo_conflict(format(
        'the invite %s… was used %s time%s since; undo those household.join writes first (or let it expire)',
        left(v_invite.code, 6), v_invite.use_count, case when v_invite.use_count = 1 then '' else 's' end));
    end if;
    delete from public.household_invites i where i.id = v_invite.id;
    return format('Revoked the invite %s….', left(v_invite.code, 6));

  when 'household.join' then
    if (v_data ->> 'already_member')::boolean then
      return 'That join changed nothing (already a member); nothing to undo.';
    end if;
    v_user_id := p_target.user_id;
    if v_user_id is distinct from (select auth.uid()) and not private.is_household_owner(p_household_id) then
      raise exception 'only an owner of the household or the member who joined can undo a join'
        using errcode = 'MP403';
    end if;
    select * into v_member from public.household_members m
    where m.household_id = p_household_id and m.user_id = v_user_id
    for no key update;
    if v_member.user_id is null then
      perform private.undo_conflict('the member who joined has left or been removed since');
    elsif v_member.created_at <> p_target.created_at then
      perform private.undo_conflict('the member who joined left and joined again since; undo that later join instead');
    elsif v_member.role <> 'member' or v_member.is_default then
      perform private.undo_conflict(format('the member''s %s was changed since; undo that write first',
        case when v_member.role <> 'member' then 'role' else 'default household' end));
    end if;
    -- Before the member row goes: the definer function checks that the caller is a member.
    perform private.give_back_invite_use(p_household_id, (v_data ->> 'invite_id')::uuid);
    delete from public.household_members m where m.household_id = p_household_id and m.user_id = v_user_id;
    return 'Took back the join: the member is out and the invite has its use back.';

  else
    -- household.leave (the member is the caller of the write) or household.remove_member.
    v_user_id := coalesce((v_data ->> 'user_id')::uuid, p_target.user_id);
    if not private.is_household_owner(p_household_id) then
      raise exception 'only an owner of the household can undo a member leaving or being removed'
        using errcode = 'MP403';
    end if;
    begin
      insert into public.household_members (household_id, user_id, role, created_at)
      values (p_household_id, v_user_id, v_data ->> 'role', (v_data ->> 'joined_at')::timestamptz);
    exception
      when unique_violation then
        perform private.undo_conflict('the member is in the household again since; nothing to put back');
      when foreign_key_violation then
        perform private.undo_conflict('the member''s account no longer exists');
    end;
    if (v_data ->> 'was_default')::boolean then
      -- Their other households are not ours to see: the one-default index says whether they chose another.
      begin
        update public.household_members m set is_default = true
        where m.household_id = p_household_id and m.user_id = v_user_id;
      exception when unique_violation then
        v_default_note := ' They have since chosen another default household, which stays.';
      end;
    end if;
    return format('Put the member back as a%s %s.%s', case when v_data ->> 'role' = 'owner' then 'n' else '' end,
      v_data ->> 'role', v_default_note);
  end case;
end;
$$;

-- A household's own ingredient goes when nothing refers to it, so its name can be created again. Removed
-- list items, deleted recipes and recipe revisions count: each can come back and name it.
create function private.undo_ingredient_create(p_household_id uuid, p_target public.tool_invocations) returns text
language plpgsql
set search_path = ''
as $$
declare
  v_ingredient public.ingredients;
  v_user text;
begin
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
  return format('Removed the ingredient "%s".', v_ingredient.name);
end;
$$;

-- A series and the occurrences the write touched (their ids are in its reply): add_recurring's go (softly),
-- remove_series' come back, update_series' take their previous values again (previous, previous_meals).
create function private.undo_series_write(p_household_id uuid, p_target public.tool_invocations, p_strict boolean)
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
  when 'planner.add_recurring' then
    if exists (
      select 1 from public.grocery_item_sources s
      where s.household_id = p_household_id and s.planner_meal_id = any(v_meal_ids) and s.created_at > v_at
    ) then
      perform private.undo_conflict(
        'an occurrence''s ingredients were pushed to a grocery list since; undo that push first');
    end if;
    update public.planner_meals m set deleted_at = now()
    where m.household_id = p_household_id and m.id = any(v_meal_ids) and m.deleted_at is null;
    update public.planner_meal_series s set deleted_at = now() where s.id = v_series.id and s.deleted_at is null;
    return format('Removed the series of %s and its %s occurrence(s).', v_title, cardinality(v_meal_ids));
  when 'planner.remove_series' then
    if exists (
      select 1 from public.recipes r
      where r.household_id = p_household_id and r.id = v_series.recipe_id and r.deleted_at is not null
    ) then
      perform private.undo_conflict(format('the recipe "%s" was deleted since; restore it first', v_title));
    end if;
    update public.planner_meals m set deleted_at = null
    where m.household_id = p_household_id and m.id = any(v_meal_ids) and m.deleted_at is not null;
    -- The write removed the series itself only when it removed every occurrence (no from_date).
    update public.planner_meal_series s set deleted_at = null where s.id = v_series.id and s.deleted_at = v_at;
    return format('Restored %s occurrence(s) of %s.', cardinality(v_meal_ids), v_title);
  else
    if v_series.deleted_at is not null then
      perform private.undo_conflict(format('the series of %s was removed since; undo that first', v_title));
    end if;
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
    return format('Put the series of %s back as it was (%s occurrence(s)).', v_title, cardinality(v_meal_ids));
  end case;
end;
$$;

grant execute on function private.undo_membership_write(uuid, public.tool_invocations),
  private.undo_ingredient_create(uuid, public.tool_invocations),
  private.undo_series_write(uuid, public.tool_invocations, boolean)
  to authenticated;
-- A definer function that writes: the writer role's alone, as private.redeem_invite.
grant execute on function private.give_back_invite_use(uuid, uuid) to meal_planner_writer;

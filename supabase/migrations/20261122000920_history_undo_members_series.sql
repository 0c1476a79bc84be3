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

-- A row an undo removed comes back (a redo) as it was, made by whoever made it: allowed only for a row that a
-- recorded write of the household by that very user made (its reply names the row at p_key).
create function private.made_by_write(p_household_id uuid, p_tool text, p_user_id uuid, p_key text, p_value text)
returns boolean
language sql stable
set search_path = ''
as $$
  select exists (
    select 1 from public.tool_invocations t
    where t.household_id = p_household_id and t.tool = p_tool and t.user_id = p_user_id
      and t.response ->> p_key = p_value
  );
$$;
grant execute on function private.made_by_write(uuid, text, uuid, text, text) to authenticated;

create policy "Owners can put back an invite an undo revoked" on public.household_invites
  for insert to authenticated
  with check (household_id in (select private.owned_household_ids())
    and private.made_by_write(household_id, 'household.create_invite', created_by, 'code', code));

-- Invites and membership. Undone rows are exactly the rows before the write: an unused invite is deleted; a
-- join's member row goes and its invite gets the use back; a member who was removed comes back with their role,
-- default flag and joining time; a member who left with their role and joining time, but not their default
-- flag: leaving was their choice, so their calls that name no household do not silently come back here. What
-- the member wrote while a member stays with the household, as after household.remove_member.
-- Who may undo: an invite, an owner (only owners see invites); a join, an owner or the member who joined; a
-- leave or a removal, an owner only: the member is no longer in the household, so they cannot name it, and a
-- plain member may not add anyone.
-- Each undo records what it did (revoke_invite, take_back_join, put_back_member), and undoing that (a redo)
-- re-applies the write exactly: an invite's code stays out of the record (every member sees an undo's reply), so
-- its redo reads it from the write itself.
create function private.undo_membership_write(p_household_id uuid, p_target public.tool_invocations) returns text
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
    perform private.lock_member_as_left(p_household_id, v_user_id, 'member', v_joined_at, false);
    -- Before the member row goes: the definer function checks that the caller is a member.
    perform private.give_back_invite_use(p_household_id, (v_data ->> 'invite_id')::uuid);
    delete from public.household_members m where m.household_id = p_household_id and m.user_id = v_user_id;
    perform private.record_undo_inverse('household.take_back_join', v_data || jsonb_build_object('user_id', v_user_id,
      'joined_at', v_joined_at));
    return 'Took back the join: the member is out and the invite has its use back.';

  when 'household.take_back_join' then
    -- The member is in again as they joined, and the invite's use is taken again. Not when the member took back
    -- their own join: that was their choice, as a leave is, and only they can join again.
    v_user_id := (v_data ->> 'user_id')::uuid;
    if p_target.user_id = v_user_id then
      perform private.undo_conflict('the member took back their own join; only they can join again, with an invite');
    end if;
    perform private.require_owner(p_household_id);
    update public.household_invites i set use_count = i.use_count + 1
    where i.household_id = p_household_id and i.id = (v_data ->> 'invite_id')::uuid
      and (i.max_uses is null or i.use_count < i.max_uses);
    if not found then
      perform private.undo_conflict('the invite the member joined with was revoked or used up since');
    end if;
    perform private.put_member_back(p_household_id, v_user_id, 'member', (v_data ->> 'joined_at')::timestamptz);
    perform private.record_undo_inverse('household.join', v_data);
    return 'Put the member back in as they joined; the invite''s use is taken again.';

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

-- The member row as a write left it (role, joining time, default flag), locked, before an undo takes it away:
-- CONFLICT when the member is out or a later write changed the row.
create function private.lock_member_as_left(p_household_id uuid, p_user_id uuid, p_role text,
  p_joined_at timestamptz, p_is_default boolean) returns void
language plpgsql
set search_path = ''
as $$
declare
  v_member public.household_members;
begin
  select * into v_member from public.household_members m
  where m.household_id = p_household_id and m.user_id = p_user_id
  for no key update;
  if v_member.user_id is null then
    perform private.undo_conflict('the member has left or been removed since');
  elsif v_member.created_at <> p_joined_at then
    perform private.undo_conflict('the member left and joined again since; undo that later join instead');
  elsif v_member.role <> p_role or v_member.is_default <> p_is_default then
    perform private.undo_conflict(format('the member''s %s was changed since; undo that write first',
      case when v_member.role <> p_role then 'role' else 'default household' end));
  end if;
end;
$$;

-- A member row back as it was before a write took it away (a leave, a removal, an undone join).
create function private.put_member_back(p_household_id uuid, p_user_id uuid, p_role text, p_joined_at timestamptz)
returns void
language plpgsql
set search_path = ''
as $$
begin
  insert into public.household_members (household_id, user_id, role, created_at)
  values (p_household_id, p_user_id, p_role, p_joined_at);
exception
  when unique_violation then
    perform private.undo_conflict('the member is in the household again since; nothing to put back');
  when foreign_key_violation then
    perform private.undo_conflict('the member''s account no longer exists');
end;
$$;

create policy "Members can put back an ingredient an undo removed" on public.ingredients
  for insert to authenticated
  with check (household_id in (select private.member_household_ids())
    and private.made_by_write(household_id, 'ingredient.create', created_by, 'ingredient_id', id::text));

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

-- A series and the occurrences the write touched (their ids are in its reply): add_recurring's go (softly),
-- remove_series' come back, update_series' take their previous values again (previous, previous_meals). Each
-- undo records what it did as one of these writes (restore_series: what undoing a removal did), so undoing the
-- undo (a redo) takes those same rows back again.
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
      return format('Removed the series of %s and its %s occurrence(s).', v_title, jsonb_array_length(v_moved));
    end if;
    return format('Removed %s occurrence(s) of %s again.', jsonb_array_length(v_moved), v_title);
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
    return format('Restored %s occurrence(s) of %s.', jsonb_array_length(v_moved), v_title);
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
    return format('Put the series of %s back as it was (%s occurrence(s)).', v_title, cardinality(v_meal_ids));
  end case;
end;
$$;

grant execute on function private.undo_membership_write(uuid, public.tool_invocations),
  private.lock_member_as_left(uuid, uuid, text, timestamptz, boolean),
  private.put_member_back(uuid, uuid, text, timestamptz),
  private.undo_ingredient_write(uuid, public.tool_invocations),
  private.undo_series_write(uuid, public.tool_invocations, boolean)
  to authenticated;
-- A definer function that writes: the writer role's alone, as private.redeem_invite.
grant execute on function private.give_back_invite_use(uuid, uuid) to meal_planner_writer;

set check_function_bodies = off;

-- Undo of the writes that change who belongs: invites (created, revoked, unrevoked), joins, leaves and removals,
-- and the undos of those (household.take_back_join, household.put_back_member). A household.revoke_invite's own
-- records (they name invite_id and revoked_at) are undone by clearing revoked_at; the records of the same name that
-- undoing household.create_invite wrote (the deleted row) are undone by putting the row back. A join is not taken
-- back into a revoked invite.
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
    where m.household_id = p_household_id and m.id = (previous.value ->> 'id')::uuid
      -- The meals by id = any of their keys (an index condition on the primary key): the key read from the JSON is
      -- not leakproof, and under row-level security the planner then read every meal the household ever planned.
      and m.id = any (array(select (meal.value ->> 'id')::uuid
        from jsonb_array_elements(v_data -> 'previous_meals') meal));
    perform private.record_undo_inverse('planner.update_series', jsonb_build_object('series_id', v_series.id,
      'previous', v_now, 'previous_meals', v_now_meals));
    return format('Put the series of %s back as it was (%s).', v_title,
      private.counted(cardinality(v_meal_ids), 'occurrence'));
  end case;
end;
$$;
grant execute on function private.undo_series_write(uuid,tool_invocations,boolean) to authenticated;

-- ============================================================================
-- Onboarding: no empty household for someone who arrives with an invite (issue 26)
-- ============================================================================
-- Until now every sign-up got a household of its own ("My household"), so a person who signed up through an
-- invite owned an empty second household and landed in it. Now:
-- - A sign-up whose user metadata carries a redeemable invite_code (supabase.auth.signUp({ …, options: { data:
--   { invite_code } } })) joins that household as a member, as household.join does (the invite's use counted, a
--   household.join record in the history, which an owner can take back), and gets no household of its own. With no
--   code, or one that cannot be redeemed (unknown, expired, used up), they get their own household as before, named
--   from household_name when given: the app then says why the invite did not work.
-- - household.join makes the joined household the member's default (so calls that name no household go there), and
--   its reply says which one was the default before; undoing the join sets that one back.

create or replace function private.create_personal_household() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_invite public.household_invites;
begin
  select * into v_invite from public.household_invites i
  where i.code = btrim(new.raw_user_meta_data ->> 'invite_code') and i.expires_at > now()
    and (i.max_uses is null or i.use_count < i.max_uses)
  for update;
  if v_invite.id is null then
    insert into public.households (name, created_by)
    values (coalesce(nullif(left(btrim(new.raw_user_meta_data ->> 'household_name'), 200), ''), 'My household'), new.id);
    return new;
  end if;
  insert into public.household_members (household_id, user_id, role, is_default)
  values (v_invite.household_id, new.id, 'member', true);
  update public.household_invites i set use_count = i.use_count + 1 where i.id = v_invite.id;
  -- As household.join records itself (a user-scope write: no household of its own, the household in its reply).
  insert into public.tool_invocations (household_id, user_id, tool, is_write, response)
  values (null, new.id, 'household.join', true, jsonb_build_object(
    'household_id', v_invite.household_id, 'invite_id', v_invite.id,
    'name', (select h.name from public.households h where h.id = v_invite.household_id),
    'role', 'member', 'already_member', false, 'became_default', true, 'previous_default_household_id', null));
  return new;
end;
$$;

create or replace function app.household_join(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_reply jsonb := private.redeem_invite(btrim(p_input ->> 'code'));
  v_previous uuid;
begin
  if (v_reply ->> 'already_member')::boolean then
    return v_reply;
  end if;
  select m.household_id into v_previous from public.household_members m
  where m.user_id = (select auth.uid()) and m.is_default;
  -- Two statements: the unique index allows one default per user at every moment.
  update public.household_members m set is_default = false
  where m.user_id = (select auth.uid()) and m.is_default;
  update public.household_members m set is_default = true
  where m.user_id = (select auth.uid()) and m.household_id = (v_reply ->> 'household_id')::uuid;
  return v_reply || jsonb_build_object('became_default', true, 'previous_default_household_id', v_previous);
end;
$$;

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
    where i.household_id = p_household_id and i.id = (v_data ->> 'invite_id')::uuid
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


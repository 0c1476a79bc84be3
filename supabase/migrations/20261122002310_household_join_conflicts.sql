-- household.join tells an expired or used-up invite (CONFLICT: ask the owner
-- for a new one) from an unknown code (NOT_FOUND). A member redeeming a code
-- again is told so before the code's validity is checked: nothing changes.
create or replace function private.redeem_invite(p_code text) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  v_user_id uuid := (select auth.uid());
  v_invite public.household_invites;
  v_role text;
begin
  if v_user_id is null then
    raise exception 'not authenticated' using errcode = 'MP401';
  end if;
  -- Locked, so that concurrent joins cannot exceed max_uses.
  select * into v_invite from public.household_invites i where i.code = p_code for update;
  if v_invite.id is null then
    raise exception 'invite code not found' using errcode = 'MP404', column = 'code';
  end if;
  select m.role into v_role from public.household_members m
  where m.household_id = v_invite.household_id and m.user_id = v_user_id;
  if v_role is null then
    if v_invite.expires_at <= now() then
      raise exception 'this invite code expired on %; ask an owner of the household for a new one',
        to_char(v_invite.expires_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI "UTC"')
        using errcode = 'MP409', column = 'code';
    end if;
    if v_invite.max_uses is not null and v_invite.use_count >= v_invite.max_uses then
      raise exception 'this invite code has been used % of % times; ask an owner of the household for a new one',
        v_invite.use_count, v_invite.max_uses
        using errcode = 'MP409', column = 'code';
    end if;
    insert into public.household_members (household_id, user_id, role)
    values (v_invite.household_id, v_user_id, 'member');
    update public.household_invites i set use_count = i.use_count + 1 where i.id = v_invite.id;
  end if;
  return jsonb_build_object(
    'household_id', v_invite.household_id,
    'name', (select h.name from public.households h where h.id = v_invite.household_id),
    'role', coalesce(v_role, 'member'),
    'already_member', v_role is not null
  );
end;
$$;

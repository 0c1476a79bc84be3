-- household.* tools. household.get and household.join are about the caller,
-- not one household: private.invoke passes them a null household.

-- Members with their emails, for households the caller belongs to. Definer:
-- the API roles cannot read auth.users.
create function private.household_members_json(p_household_id uuid) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not private.is_household_member(p_household_id) then
    return '[]'::jsonb;
  end if;
  return coalesce((
    select jsonb_agg(jsonb_build_object(
      'user_id', m.user_id, 'role', m.role, 'email', u.email, 'joined_at', m.created_at
    ) order by m.created_at, m.user_id)
    from public.household_members m
    join auth.users u on u.id = m.user_id
    where m.household_id = p_household_id
  ), '[]'::jsonb);
end;
$$;

create function app.household_get(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
begin
  return jsonb_build_object('households', coalesce((
    select jsonb_agg(jsonb_build_object(
      'id', h.id,
      'name', h.name,
      'my_role', m.role,
      'created_at', h.created_at,
      'members', private.household_members_json(h.id)
    ) order by m.created_at, h.id)
    from public.household_members m
    join public.households h on h.id = m.household_id
    where m.user_id = (select auth.uid())
  ), '[]'::jsonb));
end;
$$;

create function app.household_create_invite(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_invite public.household_invites;
begin
  if not private.is_household_owner(p_household_id) then
    raise exception 'only an owner of the household can invite' using errcode = 'MP403';
  end if;
  -- 128 random bits from gen_random_uuid, as 32 hex characters.
  insert into public.household_invites (household_id, code, expires_at)
  values (p_household_id, replace(gen_random_uuid()::text, '-', ''), now() + interval '7 days')
  returning * into v_invite;
  return jsonb_build_object('household_id', v_invite.household_id, 'code', v_invite.code,
    'expires_at', v_invite.expires_at);
end;
$$;

-- Redeeming a code: the caller is not a member yet, so RLS would hide the
-- invite; this definer function checks the code, its expiry and uses itself.
-- An unknown code is NOT_FOUND, an expired or used-up one CONFLICT (ask an
-- owner for a new one); a member redeeming a code again changes nothing.
create function private.redeem_invite(p_code text) returns jsonb
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

create function app.household_join(p_household_id uuid, p_input jsonb) returns jsonb
language sql
set search_path = ''
as $$
  select private.redeem_invite(btrim(p_input ->> 'code'));
$$;

revoke all on function private.household_members_json(uuid), private.redeem_invite(text),
  app.household_get(uuid, jsonb), app.household_create_invite(uuid, jsonb), app.household_join(uuid, jsonb)
  from public, anon;
grant execute on function private.household_members_json(uuid), private.redeem_invite(text),
  app.household_get(uuid, jsonb), app.household_create_invite(uuid, jsonb), app.household_join(uuid, jsonb)
  to authenticated;

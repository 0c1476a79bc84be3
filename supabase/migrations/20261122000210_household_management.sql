-- ============================================================================
-- Tools: managing households (household.list, rename, leave, remove_member, set_role, set_default)
-- ============================================================================

-- A user's default household: the one a household tool uses when the call names none and the user has
-- several (private.invoke), so that a member of two households is not refused on every call.
alter table public.household_members add column is_default boolean not null default false;
create unique index household_members_one_default on public.household_members (user_id) where is_default;

-- A member may change their own membership row (the default flag, through household.set_default); owners
-- keep their policy for everyone's rows. Only the tools write (the writer role), so no one sets a role here.
create policy "Members can change their own membership" on public.household_members
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- The household keeps at least one owner: refused (CONFLICT) when the change would leave it with none.
create function private.keep_an_owner(p_household_id uuid, p_leaving_user uuid) returns void
language plpgsql
set search_path = ''
as $$
begin
  if not exists (
    select 1 from public.household_members m
    where m.household_id = p_household_id and m.role = 'owner' and m.user_id <> p_leaving_user
  ) and exists (
    select 1 from public.household_members m
    where m.household_id = p_household_id and m.user_id = p_leaving_user and m.role = 'owner'
  ) then
    raise exception 'a household keeps at least one owner: make another member an owner first'
      using errcode = 'MP409', column = 'user_id';
  end if;
end;
$$;

create function private.require_owner(p_household_id uuid) returns void
language plpgsql stable
set search_path = ''
as $$
begin
  if not private.is_household_owner(p_household_id) then
    raise exception 'only an owner of the household can do this' using errcode = 'MP403';
  end if;
end;
$$;

-- The member row of another user of the household, locked; NOT_FOUND when they are not a member.
create function private.fellow_member(p_household_id uuid, p_user_id uuid) returns public.household_members
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
    raise exception 'no such member in this household' using errcode = 'MP404', column = 'user_id';
  end if;
  return v_member;
end;
$$;

create function app.household_list(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
begin
  return jsonb_build_object('households', coalesce((
    select jsonb_agg(jsonb_build_object(
      'id', h.id, 'name', h.name, 'my_role', m.role, 'is_default', m.is_default,
      'member_count', (select count(*) from public.household_members all_members where all_members.household_id = h.id)
    ) order by m.created_at, h.id)
    from public.household_members m
    join public.households h on h.id = m.household_id
    where m.user_id = (select auth.uid())
  ), '[]'::jsonb));
end;
$$;

create function app.household_rename(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_household public.households;
  v_previous text;
begin
  perform private.require_owner(p_household_id);
  select h.name into v_previous from public.households h where h.id = p_household_id for no key update;
  update public.households h set name = btrim(p_input ->> 'name') where h.id = p_household_id
  returning * into v_household;
  return jsonb_build_object('household_id', v_household.id, 'name', v_household.name, 'previous_name', v_previous);
end;
$$;

create function app.household_set_default(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_previous uuid;
begin
  select m.household_id into v_previous from public.household_members m
  where m.user_id = (select auth.uid()) and m.is_default;
  -- Two statements: the unique index allows one default per user at every moment.
  update public.household_members m set is_default = false
  where m.user_id = (select auth.uid()) and m.is_default and m.household_id <> p_household_id;
  update public.household_members m set is_default = true
  where m.user_id = (select auth.uid()) and m.household_id = p_household_id;
  return jsonb_build_object('default_household_id', p_household_id, 'previous_default_household_id', v_previous);
end;
$$;

-- Leaving and removal reply with the membership as it was (role, default flag, joined_at): undoing them
-- (history.undo, by an owner) puts that row back.
create function app.household_leave(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_member public.household_members := private.fellow_member(p_household_id, (select auth.uid()));
begin
  perform private.keep_an_owner(p_household_id, v_member.user_id);
  delete from public.household_members m where m.household_id = p_household_id and m.user_id = v_member.user_id;
  return jsonb_build_object('left', true, 'household_id', p_household_id, 'role', v_member.role,
    'was_default', v_member.is_default, 'joined_at', v_member.created_at);
end;
$$;

create function app.household_remove_member(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_member public.household_members;
begin
  perform private.require_owner(p_household_id);
  if (p_input ->> 'user_id')::uuid = (select auth.uid()) then
    raise exception 'to remove yourself, use household.leave' using errcode = 'MP400', column = 'user_id';
  end if;
  v_member := private.fellow_member(p_household_id, (p_input ->> 'user_id')::uuid);
  perform private.keep_an_owner(p_household_id, v_member.user_id);
  delete from public.household_members m where m.household_id = p_household_id and m.user_id = v_member.user_id;
  return jsonb_build_object('removed', true, 'household_id', p_household_id, 'user_id', v_member.user_id,
    'role', v_member.role, 'was_default', v_member.is_default, 'joined_at', v_member.created_at);
end;
$$;

create function app.household_set_role(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_member public.household_members;
  v_previous text;
begin
  perform private.require_owner(p_household_id);
  v_member := private.fellow_member(p_household_id, (p_input ->> 'user_id')::uuid);
  v_previous := v_member.role;
  if p_input ->> 'role' = 'member' then
    perform private.keep_an_owner(p_household_id, v_member.user_id);
  end if;
  update public.household_members m set role = p_input ->> 'role'
  where m.household_id = p_household_id and m.user_id = v_member.user_id
  returning * into v_member;
  return jsonb_build_object('household_id', p_household_id, 'user_id', v_member.user_id, 'role', v_member.role,
    'previous_role', v_previous);
end;
$$;

grant execute on function private.keep_an_owner(uuid, uuid), private.require_owner(uuid),
  private.fellow_member(uuid, uuid) to authenticated;

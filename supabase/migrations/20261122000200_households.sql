-- ============================================================================
-- Tables and policies
-- ============================================================================

create table public.households (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 1 and 200),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index households_created_by_idx on public.households (created_by);
create trigger households_stamp_update before update on public.households
  for each row execute function private.stamp_update();

create table public.household_members (
  household_id uuid not null references public.households (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null default 'member' check (role in ('owner', 'member')),
  created_at timestamptz not null default now(),
  primary key (household_id, user_id)
);
create index household_members_user_id_idx on public.household_members (user_id);

-- Policies call these as (select private.…(household_id)). Security definer
-- lets them read household_members without recursing into its own policies.
create function private.is_household_member(p_household_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.household_members m
    where m.household_id = p_household_id and m.user_id = (select auth.uid())
  );
$$;

create function private.is_household_owner(p_household_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.household_members m
    where m.household_id = p_household_id and m.user_id = (select auth.uid()) and m.role = 'owner'
  );
$$;
-- Policies use these as `household_id in (select private.member_household_ids())`:
-- with no argument from the row, Postgres runs the subquery once per statement
-- (a hashed subplan) instead of calling a function for every row. As a filter
-- it leaves the choice of index to the query's own conditions (a list, a
-- recipe, a household), which the tools always give; `= any (array(…))` made
-- the planner guess at the array and pick the household index over better ones.
-- plpgsql rather than sql: a security definer SQL function is never inlined
-- and is planned again at every call, while plpgsql keeps its plan per session.
create function private.member_household_ids() returns setof uuid
language plpgsql stable security definer
set search_path = ''
as $$
begin
  return query select m.household_id from public.household_members m where m.user_id = (select auth.uid());
end;
$$;

create function private.owned_household_ids() returns setof uuid
language plpgsql stable security definer
set search_path = ''
as $$
begin
  return query
  select m.household_id from public.household_members m where m.user_id = (select auth.uid()) and m.role = 'owner';
end;
$$;

revoke all on public.households from public, anon, authenticated;
-- No delete: a household is left by its members, not dropped through the API.
grant select on public.households to authenticated;
grant insert, update on public.households to meal_planner_writer;
alter table public.households enable row level security;
-- The creator may read the row it just inserted (insert … returning) before the
-- trigger below has made it a member.
create policy "Households are visible to their members and creator" on public.households
  for select to authenticated
  using (id in (select private.member_household_ids()) or created_by = (select auth.uid()));
create policy "Users can create households they own" on public.households
  for insert to authenticated
  with check (created_by = (select auth.uid()));
create policy "Owners can rename their households" on public.households
  for update to authenticated
  using (id in (select private.owned_household_ids()))
  with check (id in (select private.owned_household_ids()));

revoke all on public.household_members from public, anon, authenticated;
grant select on public.household_members to authenticated;
grant insert, update, delete on public.household_members to meal_planner_writer;
alter table public.household_members enable row level security;
create policy "Members are visible to fellow members" on public.household_members
  for select to authenticated
  using (household_id in (select private.member_household_ids()));
create policy "Owners can add members" on public.household_members
  for insert to authenticated
  with check (household_id in (select private.owned_household_ids()));
create policy "Owners can change member roles" on public.household_members
  for update to authenticated
  using (household_id in (select private.owned_household_ids()))
  with check (household_id in (select private.owned_household_ids()));
create policy "Owners can remove members and members can leave" on public.household_members
  for delete to authenticated
  using (household_id in (select private.owned_household_ids()) or user_id = (select auth.uid()));

create table public.household_invites (
  id uuid primary key default gen_random_uuid(),
  household_id uuid not null references public.households (id) on delete cascade,
  code text not null unique check (char_length(code) between 8 and 64),
  expires_at timestamptz not null default now() + interval '7 days',
  max_uses integer check (max_uses > 0),
  use_count integer not null default 0 check (use_count >= 0 and use_count <= coalesce(max_uses, use_count)),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index household_invites_household_id_idx on public.household_invites (household_id);

revoke all on public.household_invites from public, anon, authenticated;
grant select on public.household_invites to authenticated;
grant insert, update, delete on public.household_invites to meal_planner_writer;
alter table public.household_invites enable row level security;
-- A live code lets anyone in: only the owners, who alone may create them, see them.
create policy "Invites are visible to the household's owners" on public.household_invites
  for select to authenticated
  using (household_id in (select private.owned_household_ids()));
create policy "Owners can create invites" on public.household_invites
  for insert to authenticated
  with check (household_id in (select private.owned_household_ids()) and created_by = (select auth.uid()));
create policy "Owners can change invites" on public.household_invites
  for update to authenticated
  using (household_id in (select private.owned_household_ids()))
  with check (household_id in (select private.owned_household_ids()));
create policy "Owners can delete invites" on public.household_invites
  for delete to authenticated
  using (household_id in (select private.owned_household_ids()));

create function private.add_household_creator_as_owner() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.created_by is not null then
    insert into public.household_members (household_id, user_id, role)
    values (new.id, new.created_by, 'owner')
    on conflict (household_id, user_id) do nothing;
  end if;
  return new;
end;
$$;
create trigger households_add_creator_as_owner after insert on public.households
  for each row execute function private.add_household_creator_as_owner();

create function private.create_personal_household() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.households (name, created_by)
  values (coalesce(nullif(left(btrim(new.raw_user_meta_data ->> 'household_name'), 200), ''), 'My household'), new.id);
  return new;
end;
$$;
create trigger on_auth_user_created_create_personal_household after insert on auth.users
  for each row execute function private.create_personal_household();

-- ============================================================================
-- Tools: household.*
-- ============================================================================

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
  perform private.hold_household_cap(p_household_id, 'live invites');
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
  -- invite_id: undoing the join gives the invite its use back (history.undo).
  return jsonb_build_object(
    'household_id', v_invite.household_id,
    'invite_id', v_invite.id,
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

-- The helpers the tools and policies call as the signed-in user (functions are executable by no one
-- by default: see the foundation migration).
grant execute on function private.is_household_member(uuid),
  private.is_household_owner(uuid),
  private.member_household_ids(),
  private.owned_household_ids(),
  private.household_members_json(uuid)
  to authenticated;
-- A definer function that writes: only the writer role (household.join runs as it) may call it, so even a
-- Data API that exposed schema private could not join a household through it.
grant execute on function private.redeem_invite(text) to meal_planner_writer;

set check_function_bodies = off;

create or replace function private.hold_household_cap(p_household_id uuid, p_kind text) returns void
language plpgsql
set search_path = ''
as $$
declare
  v_limit integer;
  v_count bigint;
  v_remedy text := 'remove some first';
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended(p_kind || ':' || p_household_id::text, 0));
  case p_kind
  when 'grocery lists' then
    v_limit := 200;
    select count(*) into v_count from public.grocery_lists l
    where l.household_id = p_household_id and l.deleted_at is null;
  when 'recipes' then
    v_limit := 2000;
    select count(*) into v_count from public.recipes r
    where r.household_id = p_household_id and r.deleted_at is null;
  when 'live invites' then
    v_limit := 20;
    v_remedy := 'revoke some first (household.list_invites, household.revoke_invite)';
    select count(*) into v_count from public.household_invites i
    where i.household_id = p_household_id and i.expires_at > now() and i.revoked_at is null
      and (i.max_uses is null or i.use_count < i.max_uses);
  when 'household ingredients' then
    v_limit := 2000;
    v_remedy := 'use the catalog''s or an existing one (ingredient.search)';
    select count(*) into v_count from public.ingredients i where i.household_id = p_household_id;
  when 'pending actions' then
    v_limit := 100;
    v_remedy := 'confirm or reject some first (GET /assistant/actions?status=pending)';
    select count(*) into v_count from public.pending_actions a
    where a.household_id = p_household_id and a.status = 'pending' and a.expires_at > now();
  when 'members' then
    v_limit := 50;
    v_remedy := 'an owner can remove a member first';
    select count(*) into v_count from public.household_members m where m.household_id = p_household_id;
  when 'conversations a day' then
    v_limit := 200;
    v_remedy := 'continue an existing conversation (conversation_id) or try again tomorrow';
    select count(*) into v_count from public.conversations c
    where c.household_id = p_household_id and c.created_at > now() - interval '24 hours';
  end case;
  if v_count >= v_limit then
    raise exception 'a household holds at most % %; %', v_limit, p_kind, v_remedy
      using errcode = 'MP409', hint = format('limit: %s %s', v_limit, p_kind);
  end if;
end;
$$;
grant execute on function private.hold_household_cap(uuid,text) to authenticated;

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
grant execute on function private.member_household_ids() to authenticated;

create function private.owned_household_ids() returns setof uuid
language plpgsql stable security definer
set search_path = ''
as $$
begin
  return query
  select m.household_id from public.household_members m where m.user_id = (select auth.uid()) and m.role = 'owner';
end;
$$;
grant execute on function private.owned_household_ids() to authenticated;

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

create table public.households (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 1 and 200),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  planner_version bigint not null default 0
);
create index households_created_by_idx on public.households (created_by);
revoke all on public.households from public, anon, authenticated;
grant insert, update on public.households to meal_planner_writer;
alter table public.households enable row level security;
create trigger households_stamp_update before update on public.households
  for each row execute function private.stamp_update();
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
create trigger households_add_creator_as_owner after insert on public.households
  for each row execute function private.add_household_creator_as_owner();

-- A member joining counts the household's members and the user's households. Definer: a joining user is not
-- yet a member, and row-level security would hide the rows to count (private.redeem_invite is definer too).
create function private.hold_member_caps() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_limit constant integer := 50;
begin
  perform private.hold_household_cap(new.household_id, 'members');
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('households:' || new.user_id::text, 0));
  if (select count(*) from public.household_members m where m.user_id = new.user_id) >= v_limit then
    raise exception 'a user belongs to at most % households; leave one first (household.leave)', v_limit
      using errcode = 'MP409', hint = format('limit: %s households a user', v_limit);
  end if;
  return new;
end;
$$;
revoke all on function private.hold_member_caps() from public;
grant execute on function private.hold_member_caps() to authenticated;

create table public.household_members (
  household_id uuid not null references public.households (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null default 'member' check (role in ('owner', 'member')),
  created_at timestamptz not null default now(),
  -- A user's default household: the one a household tool uses when the call names none and the user has
  -- several (private.invoke), so that a member of two households is not refused on every call.
  is_default boolean not null default false,
  primary key (household_id, user_id)
);
create index household_members_user_id_idx on public.household_members (user_id);
revoke all on public.household_members from public, anon, authenticated;
grant insert, update, delete on public.household_members to meal_planner_writer;
alter table public.household_members enable row level security;
create unique index household_members_one_default on public.household_members (user_id) where is_default;
create policy "Members are visible to fellow members" on public.household_members
  for select to authenticated
  using (household_id in (select private.member_household_ids()));
create policy "Owners can add members" on public.household_members
  for insert to authenticated
  with check (household_id in (select private.owned_household_ids()));
create policy "Owners can remove members and members can leave" on public.household_members
  for delete to authenticated
  using (household_id in (select private.owned_household_ids()) or user_id = (select auth.uid()));
create trigger household_members_caps before insert on public.household_members
  for each row execute function private.hold_member_caps();
create policy "Owners can change member roles, members their own membership" on public.household_members
  for update to authenticated
  using (household_id in (select private.owned_household_ids()) or user_id = (select auth.uid()))
  with check (household_id in (select private.owned_household_ids()) or user_id = (select auth.uid()));

-- A person's display name, theirs in every household ("Alice ticked milk"): one row per user, asked at sign-up
-- (raw_user_meta_data display_name) and changed with household.set_display_name. Readable by the person and by
-- those who share a household with them; written only by the writer role, for the caller's own row.
create table public.profiles (
  user_id uuid primary key references auth.users (id) on delete cascade,
  display_name text not null check (
    display_name = btrim(display_name) and char_length(display_name) between 1 and 60
    and display_name !~ '[[:cntrl:]]'),
  updated_at timestamptz not null default now()
);
revoke all on public.profiles from public, anon, authenticated;
grant insert, update on public.profiles to meal_planner_writer;
alter table public.profiles enable row level security;

-- The users who share a household with the caller (the caller included). Definer: household_members' own policy
-- would be read again for every row.
create function private.fellow_user_ids() returns setof uuid
language plpgsql stable security definer
set search_path = ''
as $$
begin
  return query
  select distinct other.user_id from public.household_members mine
  join public.household_members other on other.household_id = mine.household_id
  where mine.user_id = (select auth.uid());
end;
$$;
grant execute on function private.fellow_user_ids() to authenticated;

create policy "Profiles are visible to fellow members" on public.profiles
  for select to authenticated
  using (user_id = (select auth.uid()) or user_id in (select private.fellow_user_ids()));
create policy "People write their own profile" on public.profiles
  for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "People change their own profile" on public.profiles
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- A display name as sign-up metadata may carry it: trimmed, control characters taken out, at most 60 characters;
-- null when nothing is left (the person then shows by their email until they set one).
create function private.clean_display_name(p_name text) returns text
language sql immutable
set search_path = ''
as $$
  select nullif(pg_catalog.btrim(pg_catalog.left(pg_catalog.btrim(
    pg_catalog.regexp_replace(p_name, '[[:cntrl:]]', '', 'g')), 60)), '')
$$;
grant execute on function private.clean_display_name(text) to authenticated;

-- How a sentence names a member of the household to a fellow member: their display name, else their email; null
-- when the caller is not a member or the user is not (any more) one, so the sentence says "someone else".
create function private.member_name(p_household_id uuid, p_user_id uuid) returns text
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if p_user_id is null or not private.is_household_member(p_household_id) then
    return null;
  end if;
  return (select coalesce(p.display_name, u.email)
    from public.household_members m
    join auth.users u on u.id = m.user_id
    left join public.profiles p on p.user_id = m.user_id
    where m.household_id = p_household_id and m.user_id = p_user_id);
end;
$$;
grant execute on function private.member_name(uuid,uuid) to authenticated;

-- Every member's name as private.member_name gives it, by user id, for a read that names many rows (who ticked
-- each item of a list): one query per call instead of two per row. Empty for a caller outside the household.
create function private.member_names(p_household_id uuid) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not private.is_household_member(p_household_id) then
    return '{}'::jsonb;
  end if;
  return (select coalesce(pg_catalog.jsonb_object_agg(m.user_id, coalesce(p.display_name, u.email)), '{}'::jsonb)
    from public.household_members m
    join auth.users u on u.id = m.user_id
    left join public.profiles p on p.user_id = m.user_id
    where m.household_id = p_household_id);
end;
$$;
grant execute on function private.member_names(uuid) to authenticated;

-- Policies call these as (select private.…(household_id)). Security definer
-- lets them read household_members without recursing into its own policies. plpgsql, as member_household_ids:
-- a security definer SQL function is planned again at every call.
create function private.is_household_member(p_household_id uuid) returns boolean
language plpgsql stable security definer
set search_path = ''
as $$
begin
  return exists (
    select 1 from public.household_members m
    where m.household_id = p_household_id and m.user_id = (select auth.uid())
  );
end;
$$;
-- The helpers the tools and policies call as the signed-in user (functions are executable by no one
-- by default: see 00_foundation.sql).
grant execute on function private.is_household_member(uuid) to authenticated;

create function private.is_household_owner(p_household_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.household_members m
    where m.household_id = p_household_id and m.user_id = (select auth.uid()) and m.role = 'owner'
  );
$$;
grant execute on function private.is_household_owner(uuid) to authenticated;

create or replace function private.create_personal_household() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_invite public.household_invites;
begin
  if private.clean_display_name(new.raw_user_meta_data ->> 'display_name') is not null then
    insert into public.profiles (user_id, display_name)
    values (new.id, private.clean_display_name(new.raw_user_meta_data ->> 'display_name'));
  end if;
  select * into v_invite from public.household_invites i
  where i.code = btrim(new.raw_user_meta_data ->> 'invite_code') and i.expires_at > now() and i.revoked_at is null
    and (i.max_uses is null or i.use_count < i.max_uses)
  for update;
  if v_invite.id is not null then
    begin
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
    exception when sqlstate 'MP409' then
      -- A cap refused the join (the household is full): rolled back to here, and a household of its own below.
      null;
    end;
  end if;
  insert into public.households (name, created_by)
  values (coalesce(nullif(left(btrim(new.raw_user_meta_data ->> 'household_name'), 200), ''), 'My household'), new.id);
  return new;
end;
$$;

-- Members with their emails and display names, for households the caller belongs to. Definer:
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
      'user_id', m.user_id, 'role', m.role, 'email', u.email, 'display_name', p.display_name,
      'joined_at', m.created_at
    ) order by m.created_at, m.user_id)
    from public.household_members m
    join auth.users u on u.id = m.user_id
    left join public.profiles p on p.user_id = m.user_id
    where m.household_id = p_household_id
  ), '[]'::jsonb);
end;
$$;
grant execute on function private.household_members_json(uuid) to authenticated;

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

-- The caller's display name, for every household they are in (a user-scope write: it names no household). Replies
-- with the name before, so the person can put it back.
create function app.household_set_display_name(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_name text := btrim(p_input ->> 'display_name');
  v_previous text;
begin
  if v_name is null or char_length(v_name) not between 1 and 60 or v_name ~ '[[:cntrl:]]' then
    raise exception 'display_name must be 1 to 60 characters without control characters'
      using errcode = 'MP400', column = 'display_name';
  end if;
  select p.display_name into v_previous from public.profiles p where p.user_id = (select auth.uid()) for update;
  insert into public.profiles (user_id, display_name) values ((select auth.uid()), v_name)
  on conflict (user_id) do update set display_name = excluded.display_name, updated_at = now();
  return jsonb_build_object('user_id', (select auth.uid()), 'display_name', v_name,
    'previous_display_name', v_previous);
end;
$$;

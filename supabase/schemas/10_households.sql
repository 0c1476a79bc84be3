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
grant execute on function private.keep_an_owner(uuid,uuid) to authenticated;

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
grant execute on function private.require_owner(uuid) to authenticated;

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
grant execute on function private.fellow_member(uuid,uuid) to authenticated;

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
grant execute on function private.lock_member_as_left(uuid,uuid,text,timestamptz,boolean) to authenticated;

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
grant execute on function private.put_member_back(uuid,uuid,text,timestamptz) to authenticated;

-- The household a call runs in, resolved by private.invoke (the one named, of which the caller must be a member,
-- or the caller's only or default one) without running a tool: media.ocr_image asks for it before its OCR, so the
-- OCR queue can share its workers fairly between households and refuse a non-member before any work is done.
create function app.resolve_household(p_household_id uuid, p_input jsonb) returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object('household_id', p_household_id);
$$;

-- A household whose only owner is deleted is not left without one: the member who joined first (then by id)
-- becomes its owner. A household with no other member is deleted with everything in it, as nobody can reach it
-- any more. (Leaving through household.leave is another path, with its own rules and undo; this one is the user's
-- removal from the project, which cannot be undone.)
create or replace function private.hand_over_households_of_deleted_user() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.household_members m set role = 'owner'
  from (
    select distinct on (other.household_id) other.household_id, other.user_id
    from public.household_members mine
    join public.household_members other on other.household_id = mine.household_id and other.user_id <> old.id
    where mine.user_id = old.id and mine.role = 'owner'
      and not exists (
        select from public.household_members owner
        where owner.household_id = mine.household_id and owner.role = 'owner' and owner.user_id <> old.id)
    order by other.household_id, other.created_at, other.user_id
  ) heir
  where m.household_id = heir.household_id and m.user_id = heir.user_id;

  delete from public.households h
  where h.id in (select mine.household_id from public.household_members mine where mine.user_id = old.id)
    and not exists (select from public.household_members other where other.household_id = h.id and other.user_id <> old.id);
  return old;
end;
$$;

create function private.remember_version(p_key text, p_version bigint) returns void
language sql
set search_path = ''
as $$
  select pg_catalog.set_config('meal_planner.versions',
    coalesce(pg_catalog.current_setting('meal_planner.versions', true), '') || p_key || '=' || p_version || ';', true);
$$;

create trigger on_auth_user_created_create_personal_household after insert on auth.users
  for each row execute function private.create_personal_household();

set check_function_bodies = off;

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
  -- The member's open screens (and the others') hear it at once; the words come with their next call.
  perform private.poke_household(p_household_id, jsonb_build_object('kind', 'member_left', 'user_id', v_member.user_id));
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
  perform private.poke_household(p_household_id, jsonb_build_object('kind', 'member_removed',
    'user_id', v_member.user_id, 'by', (select auth.uid())));
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

-- Why a user is not (any more) in a household, in words: "Alice removed you from The Smiths." or "You left The
-- Smiths.", from the newest removal or leave of theirs still on record (7 days) that nothing has put back; null when
-- there is none. p_household_id null: any household. Definer: the person is no longer a member, so row-level
-- security would hide the record, the household's name and who removed them. Called by private.invoke only when
-- it refuses a call, so a normal call pays nothing.
create function private.departure_words(p_user_id uuid, p_household_id uuid) returns text
language plpgsql stable security definer
set search_path = ''
as $$
declare
  v_last public.tool_invocations;
begin
  select t.* into v_last from (
    select * from public.tool_invocations l
    where l.tool = 'household.leave' and l.user_id = p_user_id and l.response is not null
      and (p_household_id is null or l.household_id = p_household_id)
    union all
    select * from public.tool_invocations r
    where r.tool = 'household.remove_member' and r.response ->> 'user_id' = p_user_id::text
      and (p_household_id is null or r.household_id = p_household_id)
  ) t
  where not exists (select from public.household_members m where m.household_id = t.household_id and m.user_id = p_user_id)
  order by t.created_at desc
  limit 1;
  if v_last.id is null then
    return null;
  end if;
  return case v_last.tool
    when 'household.leave' then format('You left %s.',
      coalesce((select h.name from public.households h where h.id = v_last.household_id), 'the household'))
    else format('%s removed you from %s.',
      coalesce((select coalesce(p.display_name, u.email) from auth.users u
        left join public.profiles p on p.user_id = u.id where u.id = v_last.user_id), 'An owner'),
      coalesce((select h.name from public.households h where h.id = v_last.household_id), 'the household'))
  end;
end;
$$;
-- private.invoke's (it runs as the functions' role).
grant execute on function private.departure_words(uuid,uuid) to service_role;

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

-- plpgsql: called with perform, an SQL function's body was parsed and planned again at every call.
create function private.remember_version(p_key text, p_version bigint) returns void
language plpgsql
set search_path = ''
as $$
begin
  perform pg_catalog.set_config('meal_planner.versions',
    coalesce(pg_catalog.current_setting('meal_planner.versions', true), '') || p_key || '=' || p_version || ';', true);
end;
$$;

create trigger on_auth_user_created_create_personal_household after insert on auth.users
  for each row execute function private.create_personal_household();

create trigger hand_over_households
  before delete on auth.users
  for each row execute function private.hand_over_households_of_deleted_user();

set check_function_bodies = off;

create table public.household_invites (
  id uuid primary key default gen_random_uuid(),
  household_id uuid not null references public.households (id) on delete cascade,
  code text not null unique check (char_length(code) between 8 and 64),
  expires_at timestamptz not null default now() + interval '7 days',
  max_uses integer check (max_uses > 0),
  use_count integer not null default 0 check (use_count >= 0 and use_count <= coalesce(max_uses, use_count)),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  revoked_at timestamptz,
  revoked_by uuid references auth.users (id) on delete set null
);
create index household_invites_household_id_idx on public.household_invites (household_id);
revoke all on public.household_invites from public, anon, authenticated;
grant insert, update, delete on public.household_invites to meal_planner_writer;
alter table public.household_invites enable row level security;
create index if not exists household_invites_created_by_idx on public.household_invites (created_by);
create index household_invites_revoked_by_idx on public.household_invites (revoked_by);
-- A live code lets anyone in: only the owners, who alone may create them, see them.
create policy "Invites are visible to the household's owners" on public.household_invites
  for select to authenticated
  using (household_id in (select private.owned_household_ids()));
create policy "Owners can change invites" on public.household_invites
  for update to authenticated
  using (household_id in (select private.owned_household_ids()))
  with check (household_id in (select private.owned_household_ids()));
create policy "Owners can delete invites" on public.household_invites
  for delete to authenticated
  using (household_id in (select private.owned_household_ids()));
create policy "Owners can create invites, or put back one an undo revoked" on public.household_invites
  for insert to authenticated
  with check (
    household_id in (select private.owned_household_ids())
    and (created_by = (select auth.uid())
         or private.made_by_write(household_id, 'household.create_invite', created_by, 'code', code))
  );

create or replace function app.household_create_invite(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_days integer := coalesce((p_input ->> 'expires_in_days')::integer, 7);
  v_max_uses integer := (p_input ->> 'max_uses')::integer;
  v_invite public.household_invites;
begin
  if not private.is_household_owner(p_household_id) then
    raise exception 'only an owner of the household can invite' using errcode = 'MP403';
  end if;
  if v_days not between 1 and 30 then
    raise exception 'expires_in_days must be 1 to 30' using errcode = 'MP400', column = 'expires_in_days';
  end if;
  if v_max_uses is not null and v_max_uses not between 1 and 50 then
    raise exception 'max_uses must be 1 to 50' using errcode = 'MP400', column = 'max_uses';
  end if;
  perform private.hold_household_cap(p_household_id, 'live invites');
  insert into public.household_invites (household_id, code, expires_at, max_uses)
  values (p_household_id, private.new_invite_code(), now() + pg_catalog.make_interval(days => v_days), v_max_uses)
  returning * into v_invite;
  -- household_id, code and expires_at as before; undoing it (history.undo) finds the invite by id or code.
  return jsonb_build_object('household_id', v_invite.household_id, 'code', v_invite.code,
    'expires_at', v_invite.expires_at, 'invite_id', v_invite.id, 'max_uses', v_invite.max_uses,
    'household_name', (select h.name from public.households h where h.id = p_household_id));
end;
$$;

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
    if v_invite.revoked_at is not null then
      raise exception 'this invite link was revoked by an owner of the household on %; ask them for a new one',
        to_char(v_invite.revoked_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI "UTC"')
        using errcode = 'MP409', column = 'code';
    end if;
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
-- A definer function that writes: only the writer role (household.join runs as it) may call it, so even a
-- Data API that exposed schema private could not join a household through it.
grant execute on function private.redeem_invite(text) to meal_planner_writer;

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
-- A definer function that writes: the writer role's alone, as private.redeem_invite.
grant execute on function private.give_back_invite_use(uuid,uuid) to meal_planner_writer;

-- 32 random bytes (two v4 UUIDs, 244 random bits) as unpadded base64url: 43 characters, safe in a URL.
create function private.new_invite_code() returns text
language sql volatile
set search_path = ''
as $$
  select pg_catalog.translate(pg_catalog.rtrim(pg_catalog.encode(pg_catalog.decode(
    pg_catalog.replace(pg_catalog.gen_random_uuid()::text, '-', '') ||
    pg_catalog.replace(pg_catalog.gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '='), '+/', '-_')
$$;
grant execute on function private.new_invite_code() to authenticated;

-- An invite as the owners' list shows it. The code is there: an owner may share the link again.
create function private.household_invite_json(p_invite public.household_invites) returns jsonb
language sql stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'invite_id', p_invite.id,
    'code', p_invite.code,
    'created_at', p_invite.created_at,
    'created_by', p_invite.created_by,
    'expires_at', p_invite.expires_at,
    'max_uses', p_invite.max_uses,
    'use_count', p_invite.use_count,
    'revoked_at', p_invite.revoked_at,
    'status', case
      when p_invite.revoked_at is not null then 'revoked'
      when p_invite.expires_at <= pg_catalog.now() then 'expired'
      when p_invite.max_uses is not null and p_invite.use_count >= p_invite.max_uses then 'used_up'
      else 'active' end)
$$;
grant execute on function private.household_invite_json(household_invites) to authenticated;

-- Owners only: a plain member gets PERMISSION_DENIED rather than an empty list that reads as "no invites".
-- Newest first, in pages.
create function app.household_list_invites(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_limit integer := coalesce((p_input ->> 'limit')::integer, 20);
  v_after jsonb := private.decode_cursor(p_input ->> 'cursor');
  v_page public.household_invites[];
begin
  perform private.require_owner(p_household_id);
  if v_after is not null and (v_after ->> 'c' is null or v_after ->> 'i' is null) then
    perform private.decode_cursor('not a cursor');
  end if;
  select array_agg(page order by page.created_at desc, page.id desc) into v_page
  from (
    select i.* from public.household_invites i
    where i.household_id = p_household_id
      and (v_after is null or (i.created_at, i.id) < ((v_after ->> 'c')::timestamptz, (v_after ->> 'i')::uuid))
    order by i.created_at desc, i.id desc
    limit v_limit + 1
  ) page;
  return jsonb_build_object(
    'household_id', p_household_id,
    'household_name', (select h.name from public.households h where h.id = p_household_id),
    'invites', coalesce((select jsonb_agg(private.household_invite_json(v_page[n]) order by n)
      from generate_series(1, least(coalesce(cardinality(v_page), 0), v_limit)) n), '[]'::jsonb),
    'next_cursor', case when cardinality(v_page) > v_limit then private.encode_cursor(jsonb_build_object(
      'c', v_page[v_limit].created_at, 'i', v_page[v_limit].id)) end);
end;
$$;

-- The reply never holds the code (every member sees the history's rows of this tool): the first six characters
-- name the invite, as undo messages do. Revoking a revoked invite changes nothing (already_revoked).
create function app.household_revoke_invite(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_invite public.household_invites;
  v_already boolean;
begin
  perform private.require_owner(p_household_id);
  select * into v_invite from public.household_invites i
  where i.household_id = p_household_id and i.id = (p_input ->> 'invite_id')::uuid
  for update;
  if v_invite.id is null then
    raise exception 'invite not found' using errcode = 'MP404', column = 'invite_id';
  end if;
  v_already := v_invite.revoked_at is not null;
  if not v_already then
    update public.household_invites i set revoked_at = now(), revoked_by = (select auth.uid())
    where i.id = v_invite.id
    returning * into v_invite;
  end if;
  return jsonb_build_object('invite_id', v_invite.id, 'household_id', p_household_id,
    'household_name', (select h.name from public.households h where h.id = p_household_id),
    'code_prefix', left(v_invite.code, 6), 'expires_at', v_invite.expires_at, 'use_count', v_invite.use_count,
    'revoked_at', v_invite.revoked_at, 'revoked_by', v_invite.revoked_by, 'already_revoked', v_already,
    'message', case when v_already then format('The invite %s… was already revoked.', left(v_invite.code, 6))
      else format('Revoked the invite %s… to "%s".', left(v_invite.code, 6),
        (select h.name from public.households h where h.id = p_household_id)) end);
end;
$$;

-- What an invite link opens, before joining: the household's name and who made the link (their display name;
-- never their email, as the person holding the code is not a member yet). Only for a code that would let them in
-- now: an unknown code is NOT_FOUND and a revoked, expired or used-up one CONFLICT, as household.join says. No
-- limit on tries: a code is 43 characters from 32 random bytes (244 bits), so guessing one is hopeless, and
-- whoever holds a valid code may join anyway, which tells them more than this. Definer: the caller is not a member.
create function private.invite_preview(p_code text) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  v_invite public.household_invites;
begin
  select * into v_invite from public.household_invites i where i.code = p_code;
  if v_invite.id is null then
    raise exception 'invite code not found' using errcode = 'MP404', column = 'code';
  end if;
  if v_invite.revoked_at is not null then
    raise exception 'this invite link was revoked by an owner of the household; ask them for a new one'
      using errcode = 'MP409', column = 'code';
  end if;
  if v_invite.expires_at <= now() then
    raise exception 'this invite code expired on %; ask an owner of the household for a new one',
      to_char(v_invite.expires_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI "UTC"') using errcode = 'MP409', column = 'code';
  end if;
  if v_invite.max_uses is not null and v_invite.use_count >= v_invite.max_uses
     and not private.is_household_member(v_invite.household_id) then
    raise exception 'this invite code has been used % of % times; ask an owner of the household for a new one',
      v_invite.use_count, v_invite.max_uses using errcode = 'MP409', column = 'code';
  end if;
  return jsonb_build_object(
    'household_name', (select h.name from public.households h where h.id = v_invite.household_id),
    'invited_by', (select p.display_name from public.profiles p where p.user_id = v_invite.created_by),
    'expires_at', v_invite.expires_at,
    'already_member', private.is_household_member(v_invite.household_id));
end;
$$;
grant execute on function private.invite_preview(text) to meal_planner_reader;

create function app.household_preview_invite(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
begin
  return private.invite_preview(btrim(p_input ->> 'code'));
end;
$$;

-- What an invite link's sign-up page shows before anyone signs in: the failed reads of invite codes, counted per
-- caller address and in all (bucket 'all'), each over a window of 10 minutes. In the private schema, which the
-- Data API does not serve; no API role has any privilege on it and it has no policy: only
-- private.read_invite_anonymously, its owner's definer function, reads and writes it.
create table private.invite_read_failures (
  bucket text primary key check (char_length(bucket) between 1 and 80),
  window_started_at timestamptz not null default now(),
  failures integer not null default 1 check (failures > 0)
);
revoke all on private.invite_read_failures from public, anon, authenticated;
alter table private.invite_read_failures enable row level security;

-- The household's name and the display name of who made the link, for a code that would let someone join now;
-- nothing else (no ids, no members, no emails, no expiry). Unknown, revoked, expired and used-up codes get the
-- same refusal, so a reply never says which. The guard against guessing is the code itself: 43 characters from 32
-- random bytes (244 bits). The limit only bounds the tries: 20 failed reads per address and 500 in all per 10
-- minutes, after which every read (even of a valid code) is refused until the window ends. Run by the household
-- function for a caller with no session, so it is a definer function that only service_role (and its owner, the
-- functions' usual role) may execute; it answers refusals as values, so that the failure it counts is kept.
create function private.read_invite_anonymously(p_code text, p_address text) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  v_window constant interval := interval '10 minutes';
  v_address text := 'address ' || left(coalesce(nullif(btrim(p_address), ''), 'unknown'), 64);
  v_blocked_until timestamptz;
  v_invite public.household_invites;
begin
  delete from private.invite_read_failures f where f.window_started_at <= now() - v_window;
  select max(f.window_started_at + v_window) into v_blocked_until from private.invite_read_failures f
  where (f.bucket = v_address and f.failures >= 20) or (f.bucket = 'all' and f.failures >= 500);
  if v_blocked_until is not null then
    return jsonb_build_object('refused', 'rate_limited',
      'retry_after_seconds', greatest(1, ceil(extract(epoch from v_blocked_until - now())))::integer);
  end if;
  select * into v_invite from public.household_invites i where i.code = p_code;
  if v_invite.id is null or v_invite.revoked_at is not null or v_invite.expires_at <= now()
     or (v_invite.max_uses is not null and v_invite.use_count >= v_invite.max_uses) then
    insert into private.invite_read_failures as f (bucket) values (v_address), ('all')
    on conflict (bucket) do update set failures = f.failures + 1;
    return jsonb_build_object('refused', 'not_found');
  end if;
  return jsonb_build_object(
    'household_name', (select h.name from public.households h where h.id = v_invite.household_id),
    'invited_by', (select p.display_name from public.profiles p where p.user_id = v_invite.created_by));
end;
$$;
grant execute on function private.read_invite_anonymously(text,text) to service_role;

-- ============================================================================
-- Invite links as objects: created with an expiry, listed, revoked (issue 26)
-- ============================================================================
-- An invite is the row behind a link (`<app>/join#code=<code>`): an owner creates it with an expiry (1–30 days, 7
-- when not given) and, if they like, a number of uses; lists the household's invites with their state; and revokes
-- one. A revoked invite stays (soft, revoked_at) so the list can say what happened to it and history.undo can put it
-- back exactly. Codes are 43 characters of base64url over two random UUIDs: 244 random bits (the old 32-hex-digit
-- codes had 122, and still work).
-- A revoked or expired code changes nothing when redeemed: household.join says which (CONFLICT, field code). At
-- sign-up (user metadata invite_code) the person gets a household of their own, as with no code: refusing the
-- sign-up would leave them with no account and, on hosted Auth, only "Database error saving new user" to read. The
-- app, which holds the code from the link, calls household.join with it after the sign-up to learn why (the reply
-- names it) and shows that beside their new household.
--
-- Redefined here, as they were but for the revoked state: private.redeem_invite (20261122000200),
-- private.create_personal_household and private.undo_membership_write (20261125001000), app.household_create_invite
-- (20261122000200), private.hold_household_cap (20261125000210). history.undo's routing and its list of undoable
-- tools take household.revoke_invite in 20261125001510.

alter table public.household_invites
  add column revoked_at timestamptz,
  add column revoked_by uuid references auth.users (id) on delete set null;
create index household_invites_revoked_by_idx on public.household_invites (revoked_by);

-- 32 random bytes (two v4 UUIDs, 244 random bits) as unpadded base64url: 43 characters, safe in a URL.
create function private.new_invite_code() returns text
language sql volatile
set search_path = ''
as $$
  select pg_catalog.translate(pg_catalog.rtrim(pg_catalog.encode(pg_catalog.decode(
    pg_catalog.replace(pg_catalog.gen_random_uuid()::text, '-', '') ||
    pg_catalog.replace(pg_catalog.gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '='), '+/', '-_')
$$;

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

grant execute on function private.new_invite_code(), private.household_invite_json(public.household_invites)
  to authenticated;

-- ============================================================================
-- Redeeming: a revoked code is refused, and says so
-- ============================================================================
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

-- ============================================================================
-- The cap counts live invites: a revoked one is not live (revoking is the remedy the cap names)
-- ============================================================================
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

-- ============================================================================
-- history.undo of invites: a revoke is undone by un-revoking; that, in turn, by revoking again exactly
-- ============================================================================
-- As 20261125001000_onboarding.sql, but for household.revoke_invite: the tool's own records (they name invite_id and
-- revoked_at) are undone by clearing revoked_at; the records of the same name that undoing household.create_invite
-- wrote (the deleted row) are undone as before, by putting the row back. A join is not taken back into a revoked
-- invite either.
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


-- Leaving and removal reply with the membership as it was (role, default flag, joined_at): undoing them
-- (history.undo, by an owner) puts that row back.
create or replace function app.household_leave(p_household_id uuid, p_input jsonb) returns jsonb
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

create or replace function app.household_preview_invite(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
begin
  return private.invite_preview(btrim(p_input ->> 'code'));
end;
$$;

grant execute on function app.household_preview_invite(uuid,jsonb) to authenticated;

create or replace function app.household_remove_member(p_household_id uuid, p_input jsonb) returns jsonb
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

-- Why a user is not (any more) in a household, in words: "Alice removed you from The Smiths." or "You left The
-- Smiths.", from the newest removal or leave of theirs still on record (7 days) that nothing has put back; null when
-- there is none. p_household_id null: any household. Definer: the person is no longer a member, so row-level
-- security would hide the record, the household's name and who removed them. Called by private.invoke only when
-- it refuses a call, so a normal call pays nothing.
create or replace function private.departure_words(p_user_id uuid, p_household_id uuid) returns text
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

grant execute on function private.departure_words(uuid,uuid) to service_role;

-- What an invite link opens, before joining: the household's name and who made the link (their display name;
-- never their email, as the person holding the code is not a member yet). Only for a code that would let them in
-- now: an unknown code is NOT_FOUND and a revoked, expired or used-up one CONFLICT, as household.join says. No
-- limit on tries: a code is 43 characters from 32 random bytes (244 bits), so guessing one is hopeless, and
-- whoever holds a valid code may join anyway, which tells them more than this. Definer: the caller is not a member.
create or replace function private.invite_preview(p_code text) returns jsonb
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

-- Runs one tool call for the signed-in user: checks the request, resolves the household, replays or claims the
-- idempotency key, calls the tool's function in schema app and records the call, keeping a write's validated input
-- beside its reply (history.list describes the write from both).
create or replace function private.invoke(p_request jsonb) returns jsonb
language plpgsql
security invoker
set search_path = ''
set jit = off
as $$
declare
  -- The request's fields, read once (p_: what the caller passed).
  p_claims jsonb;
  p_household_id uuid;
  p_tool text;
  p_function text;
  p_input jsonb;
  p_scope text;
  p_is_write boolean;
  p_idempotency_key text;
  p_input_hash text;
  p_recorded boolean;
  v_problems text;
  v_user_id uuid;
  v_function text;
  v_function_oid regprocedure;
  v_household_id uuid;
  v_households uuid[];
  v_has_default boolean;
  v_invocation_id uuid;
  v_previous public.tool_invocations;
  v_role text := current_setting('role');
  v_result jsonb;
begin
  if jsonb_typeof(p_request) is distinct from 'object' then
    raise exception 'the invoke request must be a JSON object' using errcode = '22023';
  end if;
  -- Every key by its name and JSON type: a misspelt or mistyped one is refused, never read as null. The
  -- well-formed request (every call the functions make) passes a test of plain expressions; only another
  -- one pays for the query below, which names each problem.
  if p_request - array['claims', 'household_id', 'tool', 'function', 'input', 'scope', 'is_write',
       'idempotency_key', 'input_hash', 'recorded'] = '{}'::jsonb
     and jsonb_typeof(p_request -> 'claims') = 'object' and jsonb_typeof(p_request -> 'tool') = 'string'
     and jsonb_typeof(p_request -> 'function') = 'string' and p_request ? 'input'
     and jsonb_typeof(p_request -> 'scope') = 'string' and jsonb_typeof(p_request -> 'is_write') = 'boolean'
     and coalesce(jsonb_typeof(p_request -> 'household_id'), 'null') in ('string', 'null')
     and coalesce(jsonb_typeof(p_request -> 'idempotency_key'), 'null') in ('string', 'null')
     and coalesce(jsonb_typeof(p_request -> 'input_hash'), 'null') in ('string', 'null')
     and coalesce(jsonb_typeof(p_request -> 'recorded'), 'null') in ('boolean', 'null') then
    v_problems := null;
  else
  with fields(position, key, json_type, required, description) as (values
    (1, 'claims', 'object', true, 'an object'),
    (2, 'household_id', 'string', false, 'a uuid string or null'),
    (3, 'tool', 'string', true, 'a string'),
    (4, 'function', 'string', true, 'a string'),
    (5, 'input', null, true, 'present (any JSON value)'),
    (6, 'scope', 'string', true, 'a string'),
    (7, 'is_write', 'boolean', true, 'true or false'),
    (8, 'idempotency_key', 'string', false, 'a string or null'),
    (9, 'input_hash', 'string', false, 'a string or null'),
    (10, 'recorded', 'boolean', false, 'true, false or null')
  )
  select string_agg(problem, '; ' order by position, problem) into v_problems
  from (
    select f.position, format('%s must be %s', f.key, f.description) as problem
    from fields f
    where case
      when not p_request ? f.key then f.required
      when jsonb_typeof(p_request -> f.key) = 'null' then f.required and f.json_type is not null
      else jsonb_typeof(p_request -> f.key) <> f.json_type
    end
    union all
    select 11, format('%s is not a key of the request', k.key)
    from jsonb_object_keys(p_request) k(key)
    where k.key not in (select f.key from fields f)
  ) problems;
  end if;
  if v_problems is not null then
    raise exception 'invalid invoke request: %', v_problems using errcode = '22023';
  end if;
  select r.claims, r.household_id, r.tool, r.function, r.input, r.scope, r.is_write, r.idempotency_key, r.input_hash,
    coalesce(r.recorded, r.is_write)
  into p_claims, p_household_id, p_tool, p_function, p_input, p_scope, p_is_write, p_idempotency_key, p_input_hash,
    p_recorded
  from jsonb_to_record(p_request) as r(claims jsonb, household_id uuid, tool text, "function" text, input jsonb,
                                       scope text, is_write boolean, idempotency_key text, input_hash text,
                                       recorded boolean);

  if p_scope is null or p_scope not in ('household', 'user') then
    raise exception 'scope must be household or user, not %', p_scope using errcode = '22023';
  end if;

  -- Tools are the functions of schema app taking (household_id, input) and returning jsonb; the name is
  -- rebuilt from the catalog (regproc prints it schema-qualified under the empty search_path), so nothing of
  -- p_function reaches the SQL. Function calls on the catalog caches, not a query: this runs on every call.
  v_function_oid := pg_catalog.to_regprocedure(p_function || '(uuid, jsonb)');
  v_function := v_function_oid::regproc::text;
  if v_function_oid is null or not pg_catalog.starts_with(v_function, 'app.')
     or pg_catalog.pg_get_function_result(v_function_oid) <> 'jsonb' then
    raise exception 'tool function % not found in schema app', p_function using errcode = '42883';
  end if;

  if p_claims ->> 'role' is distinct from 'authenticated'
     or not coalesce(private.is_uuid(p_claims ->> 'sub'), false) then
    raise exception 'not authenticated' using errcode = 'MP401';
  end if;
  v_user_id := (p_claims ->> 'sub')::uuid;
  perform set_config('request.jwt.claims', p_claims::text, true);

  if p_scope = 'household' then
    if p_household_id is not null then
      if not exists (
        select 1 from public.household_members m
        where m.household_id = p_household_id and m.user_id = v_user_id
      ) then
        -- A member removed or gone is told so in words ("Alice removed you from The Smiths."), not "not found".
        raise exception '%', coalesce(private.departure_words(v_user_id, p_household_id), 'household not found')
          using errcode = 'MP404', column = 'household_id';
      end if;
      v_household_id := p_household_id;
    else
      -- The user's only household, or their default one (household.set_default).
      select array_agg(m.household_id order by m.is_default desc, m.household_id), coalesce(bool_or(m.is_default), false)
      into v_households, v_has_default
      from public.household_members m where m.user_id = v_user_id;
      if v_households is null then
        raise exception '%', coalesce(private.departure_words(v_user_id, null) || ' ', '')
          || 'you are not a member of any household' using errcode = 'MP403';
      elsif cardinality(v_households) > 1 and not v_has_default then
        raise exception 'you belong to several households: name one with the X-Household-Id header or the household_id field, or set a default with household.set_default'
          using errcode = 'MP400', column = 'household_id';
      end if;
      v_household_id := v_households[1];
    end if;
  end if;

  -- A keyed write claims its key before it runs: a concurrent call with the same key waits here for the first
  -- to commit, then finds its row and replays it. A write without a key has nothing to wait for, so its record
  -- is written once, with its reply, after it runs (the id is chosen now: its rows carry it).
  if p_recorded and p_idempotency_key is not null then
    insert into public.tool_invocations (household_id, user_id, tool, idempotency_key, input_hash, is_write)
    values (v_household_id, v_user_id, p_tool, p_idempotency_key, coalesce(p_input_hash, md5(coalesce(p_input, 'null')::text)), true)
    on conflict (user_id, idempotency_key) where idempotency_key is not null do nothing
    returning id into v_invocation_id;

    if v_invocation_id is null then
      select * into v_previous from public.tool_invocations t
      where t.user_id = v_user_id and t.idempotency_key = p_idempotency_key;
      if v_previous.tool is distinct from p_tool
         or v_previous.household_id is distinct from v_household_id
         or v_previous.input_hash is distinct from coalesce(p_input_hash, md5(coalesce(p_input, 'null')::text)) then
        raise exception 'idempotency key reused with a different input'
          using errcode = 'MP422', column = 'idempotency_key';
      end if;
      return jsonb_build_object('replayed', true, 'data', v_previous.response, 'household_id', v_previous.household_id);
    end if;
  elsif p_recorded then
    v_invocation_id := gen_random_uuid();
  end if;

  -- Reads run as the reader role, writes as the writer role: both members of authenticated (the same policies
  -- decide), and the only roles that may read or change the tables of public (see the migration that made them).
  perform set_config('role', case when p_is_write then 'meal_planner_writer' else 'meal_planner_reader' end, true);
  -- The rows a write records as its own (grocery_item_sources.invocation_id) take this invocation's id, so
  -- history.undo can subtract exactly them; empty for an unrecorded call.
  perform set_config('meal_planner.invocation_id', coalesce(v_invocation_id::text, ''), true);
  execute format('select %s($1, $2)', v_function) into v_result using v_household_id, p_input;
  perform set_config('meal_planner.invocation_id', '', true);
  perform set_config('role', v_role, true);

  if p_recorded and p_idempotency_key is not null then
    -- recorded_at: when the write finished (its key was claimed at the start), after every row it stamped, so an
    -- undo can tell a later write's changes from its own (history.undo of a grocery write).
    update public.tool_invocations set response = v_result, input = private.kept_input(p_tool, p_input),
      recorded_at = clock_timestamp()
    where id = v_invocation_id;
  elsif p_recorded then
    insert into public.tool_invocations (id, household_id, user_id, tool, input_hash, input, response, is_write)
    values (v_invocation_id, v_household_id, v_user_id, p_tool, p_input_hash, private.kept_input(p_tool, p_input),
      v_result, true);
  end if;

  return jsonb_build_object('replayed', false, 'data', v_result, 'household_id', v_household_id);
end;
$$;

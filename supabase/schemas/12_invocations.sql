set check_function_bodies = off;

-- Idempotency and audit. Only private.invoke writes here, as the functions'
-- database role; members may read their own and their households' rows.
create table public.tool_invocations (
  id uuid primary key default gen_random_uuid(),
  household_id uuid references public.households (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  tool text not null check (char_length(tool) between 1 and 100),
  idempotency_key text check (char_length(idempotency_key) between 1 and 255),
  -- What an idempotency key is bound to: only a keyed write has one (nothing else reads it).
  input_hash text check (char_length(input_hash) between 1 and 200),
  response jsonb,
  is_write boolean not null,
  created_at timestamptz not null default now(),
  -- The order in which the server applied writes: the time their record was written. A write without an
  -- Idempotency-Key is recorded after its tool ran, while it still holds its locks, so two writes of one list
  -- (which both lock it) are recorded in the order they were applied. A keyed write claims its record before it
  -- runs: for it this is the claim's time. Nullable: adding the column left older records without one, rather
  -- than rewriting the table.
  recorded_at timestamptz default pg_catalog.clock_timestamp(),
  -- The validated input a write ran with; null for a write recorded without it, which history.list describes by
  -- the summary of its reply. Compressed like the reply.
  input jsonb,
  check (idempotency_key is null or input_hash is not null)
);
-- A reply is stored with every write (a 500-line push's is ~100 kB): lz4 compresses it several times faster
-- than the default pglz, which took a twentieth of such a push. Only where the server was built with lz4.
do $$
begin
  if exists (select from pg_catalog.pg_settings
             where name = 'default_toast_compression' and 'lz4' = any (enumvals)) then
    alter table public.tool_invocations alter column response set compression lz4;
  end if;
end;
$$;
create unique index tool_invocations_idempotency_key on public.tool_invocations (user_id, idempotency_key)
  where idempotency_key is not null;
create index tool_invocations_user_id_idx on public.tool_invocations (user_id, created_at);
create index tool_invocations_household_id_idx on public.tool_invocations (household_id, created_at);
create index tool_invocations_created_at_idx on public.tool_invocations (created_at);
revoke all on public.tool_invocations from public, anon, authenticated;
alter table public.tool_invocations enable row level security;
-- An undo's reply names the write it undid: this finds whether a write was undone. A write is undone while an undo
-- of it stands; an undo that was undone in turn (a redo) does not count, so the write stands again.
create index tool_invocations_undone_idx on public.tool_invocations (household_id, (response ->> 'undone_invocation_id'))
  where tool = 'history.undo';
-- A join runs before its caller is a member, so private.invoke records it with no household; it is still a
-- write of the household it joined (a member row, an invite's use): the household's history lists it, its
-- members see it, and history.undo can take it back. Its reply names the household.
create index tool_invocations_household_joins_idx on public.tool_invocations ((response ->> 'household_id'), created_at)
  where tool = 'household.join' and household_id is null;
-- Who was removed, by whom (private.departure_words): a removal's reply names the member it removed.
create index tool_invocations_removals_idx on public.tool_invocations ((response ->> 'user_id'), created_at)
  where tool = 'household.remove_member';
do $$
begin
  if exists (select from pg_catalog.pg_settings
             where name = 'default_toast_compression' and 'lz4' = any (enumvals)) then
    alter table public.tool_invocations alter column input set compression lz4;
  end if;
end;
$$;
create policy "Invocations are visible to their user and household members, joins to the household joined"
  on public.tool_invocations
  for select to authenticated
  using (
    user_id = (select auth.uid())
    or household_id in (select private.owned_household_ids())
    or (household_id in (select private.member_household_ids()) and tool <> 'household.create_invite')
    or (household_id is null and tool = 'household.join'
        and (response ->> 'household_id') in (select member.id::text from private.member_household_ids() member(id)))
  );

-- Runs one tool call for the signed-in user: checks the request, resolves the household, replays or claims the
-- idempotency key, calls the tool's function in schema app and records the call, keeping a write's validated input
-- beside its reply (history.list describes the write from both).
-- The reply is json, the text the functions read: a read whose function answers in json (grocery.get_list's 16 KB
-- for 50 items) goes out as it was built, never parsed into jsonb, copied into the envelope and printed again.
-- Those three passes were a fifth of the list read's work. private.invoke below is the same call as jsonb.
create or replace function private.invoke_json(p_request jsonb) returns json
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
  -- What auth.uid() read first before this call (the caller's own, if any), put back after the tool.
  v_sub_before text := coalesce(current_setting('request.jwt.claim.sub', true), '');
  v_result jsonb;
  -- The reply of a function that answers in json, kept as it is.
  v_reply json;
  v_returns text;
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

  -- Tools are the functions of schema app taking (household_id, input) and returning jsonb or json; the name is
  -- rebuilt from the catalog (regproc prints it schema-qualified under the empty search_path), so nothing of
  -- p_function reaches the SQL. Function calls on the catalog caches, not a query: this runs on every call.
  v_function_oid := pg_catalog.to_regprocedure(p_function || '(uuid, jsonb)');
  v_function := v_function_oid::regproc::text;
  v_returns := pg_catalog.pg_get_function_result(v_function_oid);
  if v_function_oid is null or not pg_catalog.starts_with(v_function, 'app.')
     or v_returns not in ('jsonb', 'json') then
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
      return json_build_object('replayed', true, 'data', v_previous.response, 'household_id', v_previous.household_id);
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
  -- auth.uid() reads request.jwt.claim.sub before it parses request.jwt.claims, as on hosted Supabase (whose
  -- Realtime and Storage set both), and every policy's membership check calls it: parsing the claims took about
  -- 10 µs a call, and a check makes 7 to 9. Put back after the tool, so that claims changed later in the same
  -- transaction (the pgTAP tests' sign-ins) are read again.
  perform set_config('request.jwt.claim.sub', v_user_id::text, true);
  if v_returns = 'json' then
    execute format('select %s($1, $2)', v_function) into v_reply using v_household_id, p_input;
    -- A recorded call keeps its reply as jsonb (tool_invocations.response).
    if p_recorded then
      v_result := v_reply::jsonb;
    end if;
  else
    execute format('select %s($1, $2)', v_function) into v_result using v_household_id, p_input;
  end if;
  perform set_config('meal_planner.invocation_id', '', true);
  perform set_config('request.jwt.claim.sub', v_sub_before, true);
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

  if v_returns = 'json' then
    return json_build_object('replayed', false, 'data', v_reply, 'household_id', v_household_id);
  end if;
  return json_build_object('replayed', false, 'data', v_result, 'household_id', v_household_id);
end;
$$;
grant execute on function private.invoke_json(jsonb) to service_role;

-- The same call answered as jsonb, for SQL that reads into the reply (the pgTAP tests).
create or replace function private.invoke(p_request jsonb) returns jsonb
language plpgsql
security invoker
set search_path = ''
set jit = off
as $$
begin
  return private.invoke_json(p_request)::jsonb;
end;
$$;
grant execute on function private.invoke(jsonb) to service_role;

-- Idempotency keys must outlive any retry: at least 24 hours.
create function private.prune_invocations(older_than interval default '7 days') returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_deleted integer;
begin
  if older_than < interval '24 hours' then
    raise exception 'invocations are kept at least 24 hours' using errcode = '22023';
  end if;
  delete from public.tool_invocations where created_at < now() - older_than;
  get diagnostics v_deleted = row_count;
  return v_deleted;
end;
$$;
grant execute on function private.prune_invocations(interval) to service_role;

-- Retention: invocation records (idempotency keys, stored replies, the audit) are kept 7 days. On hosted
-- Supabase pg_cron prunes them daily; where pg_cron is not loaded (the local stack, which runs the same
-- function on a timer instead: supabase/local/stack/housekeeping.ts), nothing is scheduled here.
do $$
begin
  if pg_catalog.current_setting('shared_preload_libraries', true) ~ '(^|[ ,])pg_cron($|[ ,])'
     and exists (select from pg_catalog.pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron with schema pg_catalog;
    perform cron.schedule('prune-tool-invocations', '17 3 * * *',
      $job$select private.prune_invocations('7 days')$job$);
  end if;
end;
$$;

-- ============================================================================
-- The tools are the only read path, as they are the only write path (issue 24.2)
-- ============================================================================
-- On hosted Supabase the Data API (PostgREST) and GraphQL (pg_graphql, installed by default) serve whatever the
-- API roles may SELECT: every table `authenticated` could read was listed, with its columns and relations, to any
-- signed-up user through /graphql/v1 (Supabase's advisor lint pg_graphql_authenticated_table_exposed), and rows
-- were readable through the Data API under RLS. Nothing of ours reads that way (the web app calls the tools, and
-- live lists get pokes without data), so anon and authenticated lose every privilege on the tables of public, and
-- reads run under a reader role that, like the writer role, is a member of authenticated: every policy written
-- `to authenticated` applies to both unchanged.

do $$
begin
  if not exists (select from pg_catalog.pg_roles where rolname = 'meal_planner_reader') then
    create role meal_planner_reader nologin inherit;
  end if;
end;
$$;
-- As for the writer role (foundation migration): membership in authenticated so the policies apply; the functions'
-- login role (postgres here and on the platform) must be a member to SET ROLE to it, which from PostgreSQL 16 the
-- role that created it may grant (it holds ADMIN on it).
grant authenticated to meal_planner_reader;
grant meal_planner_reader to current_user;

-- Reads: the reader and the writer (a write reads what it changes) have SELECT on every table of public;
-- anon and authenticated have nothing. Sequences and tables created later follow the same rule.
revoke all on all tables in schema public from anon, authenticated;
revoke all on all sequences in schema public from anon, authenticated;
grant select on all tables in schema public to meal_planner_reader, meal_planner_writer;
alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;
alter default privileges in schema public grant select on tables to meal_planner_reader, meal_planner_writer;

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
        raise exception 'household not found' using errcode = 'MP404', column = 'household_id';
      end if;
      v_household_id := p_household_id;
    else
      -- The user's only household, or their default one (household.set_default).
      select array_agg(m.household_id order by m.is_default desc, m.household_id), coalesce(bool_or(m.is_default), false)
      into v_households, v_has_default
      from public.household_members m where m.user_id = v_user_id;
      if v_households is null then
        raise exception 'you are not a member of any household' using errcode = 'MP403';
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
    update public.tool_invocations set response = v_result, recorded_at = clock_timestamp() where id = v_invocation_id;
  elsif p_recorded then
    insert into public.tool_invocations (id, household_id, user_id, tool, input_hash, response, is_write)
    values (v_invocation_id, v_household_id, v_user_id, p_tool, p_input_hash, v_result, true);
  end if;

  return jsonb_build_object('replayed', false, 'data', v_result, 'household_id', v_household_id);
end;
$$;


-- ============================================================================
-- Fixed search_path on every function (advisor lint function_search_path_mutable)
-- ============================================================================
-- These helpers have none so that PostgreSQL inlines them into their callers: a SQL function with a SET clause is
-- never inlined. The advisor's rule wins (issue 24.2): the atomic bodies (`return …`) were bound when created, so
-- the empty search_path changes nothing they call; the two string bodies name every object with its schema. The
-- cost is measured in the README (bench).
alter function private.is_uuid(text) set search_path = '';
alter function private.stamp_update() set search_path = '';
alter function private.encode_cursor(jsonb) set search_path = '';
alter function private.planner_meal_json(public.planner_meals, text) set search_path = '';
alter function private.grocery_item_json(public.grocery_items, text) set search_path = '';
alter function private.grocery_item_as_json(public.grocery_items, text) set search_path = '';
alter function private.grocery_item_as_json(public.grocery_items, text, numeric) set search_path = '';
alter function private.grocery_list_summary_json(public.grocery_lists, bigint, bigint) set search_path = '';
alter function private.household_writes_newest_first(uuid, timestamptz, uuid, integer) set search_path = '';
alter function private.scaled_quantity(numeric, integer, integer) set search_path = '';
alter function private.unrounded_quantity(numeric, integer, integer) set search_path = '';
alter function private.converted_total(numeric, text) set search_path = '';
alter function private.household_writes(uuid) set search_path = '';

-- ============================================================================
-- Functions that raise are not immutable (supabase db lint: plpgsql_check)
-- ============================================================================
-- An immutable function may be evaluated when a caller is planned, so plpgsql_check ran these with their constant
-- arguments and reported their RAISE as an error of every caller. decode_cursor's answer depends only on its
-- argument but it raises on a bad one: stable. undo_conflict only ever raises: volatile.
alter function private.decode_cursor(text) stable;
alter function private.undo_conflict(text) volatile;

-- ============================================================================
-- One permissive policy per table, role and action (advisor lint multiple_permissive_policies)
-- ============================================================================
-- PostgreSQL runs every permissive policy of an action for every row; each pair becomes one policy whose check is
-- the OR of the two, so what is allowed is unchanged.
drop policy "Owners can create invites" on public.household_invites;
drop policy "Owners can put back an invite an undo revoked" on public.household_invites;
create policy "Owners can create invites, or put back one an undo revoked" on public.household_invites
  for insert to authenticated
  with check (
    household_id in (select private.owned_household_ids())
    and (created_by = (select auth.uid())
         or private.made_by_write(household_id, 'household.create_invite', created_by, 'code', code))
  );

drop policy "Owners can change member roles" on public.household_members;
drop policy "Members can change their own membership" on public.household_members;
create policy "Owners can change member roles, members their own membership" on public.household_members
  for update to authenticated
  using (household_id in (select private.owned_household_ids()) or user_id = (select auth.uid()))
  with check (household_id in (select private.owned_household_ids()) or user_id = (select auth.uid()));

drop policy "Members can add ingredients to their household" on public.ingredients;
drop policy "Members can put back an ingredient an undo removed" on public.ingredients;
create policy "Members can add ingredients to their household, or put back one an undo removed" on public.ingredients
  for insert to authenticated
  with check (
    household_id in (select private.member_household_ids())
    and (created_by = (select auth.uid())
         or private.made_by_write(household_id, 'ingredient.create', created_by, 'ingredient_id', id::text))
  );

drop policy "Invocations are visible to their user and household members" on public.tool_invocations;
drop policy "Joins are visible to the members of the household joined" on public.tool_invocations;
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

-- ============================================================================
-- Deleting a user (advisor lint unindexed_foreign_keys; issue 24.2)
-- ============================================================================
-- GoTrue deletes a user with `delete from auth.users`. Their rows stay with their household, with the user's
-- reference set to null (created_by, checked_by, decided_by: on delete set null); their memberships and their own
-- invocation records (idempotency keys and the audit of their calls) go with them (on delete cascade). Each of
-- those references is looked up by the user's id, so each gets an index: without one, deleting a user scans every
-- such table whole. (The two references to public.units are left without one: units are a fixed list, never
-- deleted or renamed, and an index would only cost every pushed line a write. The two composite references,
-- grocery_items to its list and pending_actions to its conversation, are served by the indexes on grocery_list_id
-- and conversation_id.)
-- Locks: each index is built in this migration's transaction (supabase db push runs a migration in one, where
-- CREATE INDEX CONCURRENTLY cannot run), holding a SHARE lock on its table while it builds: reads go on, writes to
-- that table wait. A household's year is a few thousand rows per table, so on a project of thousands of households
-- each build takes seconds at most; nothing here rewrites a table. The policy changes take their table's lock only
-- for the catalog update.
create index if not exists conversation_messages_created_by_idx on public.conversation_messages (created_by);
create index if not exists conversations_created_by_idx on public.conversations (created_by);
create index if not exists grocery_item_sources_created_by_idx on public.grocery_item_sources (created_by);
create index if not exists grocery_item_withdrawals_created_by_idx on public.grocery_item_withdrawals (created_by);
create index if not exists grocery_items_checked_by_idx on public.grocery_items (checked_by);
create index if not exists grocery_items_created_by_idx on public.grocery_items (created_by);
create index if not exists grocery_lists_created_by_idx on public.grocery_lists (created_by);
create index if not exists household_invites_created_by_idx on public.household_invites (created_by);
create index if not exists ingredients_created_by_idx on public.ingredients (created_by);
create index if not exists pending_actions_created_by_idx on public.pending_actions (created_by);
create index if not exists pending_actions_decided_by_idx on public.pending_actions (decided_by);
create index if not exists planner_meal_series_created_by_idx on public.planner_meal_series (created_by);
create index if not exists planner_meals_created_by_idx on public.planner_meals (created_by);
create index if not exists recipe_revisions_created_by_idx on public.recipe_revisions (created_by);
create index if not exists recipes_created_by_idx on public.recipes (created_by);

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

drop trigger if exists hand_over_households on auth.users;
create trigger hand_over_households
  before delete on auth.users
  for each row execute function private.hand_over_households_of_deleted_user();

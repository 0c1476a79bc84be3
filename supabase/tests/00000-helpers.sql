-- Runs first and commits: pgTAP and the tests schema the other files use.
-- Everything is create-or-replace, so it can run on every test run.
begin;
set local client_min_messages to warning;
create extension if not exists pgtap with schema extensions;
set local search_path to public, extensions, tests;

create schema if not exists tests;
grant usage on schema tests to anon, authenticated;

create or replace function tests.create_user(p_email text) returns uuid
language sql security definer
set search_path = ''
as $$
  -- As on hosted Supabase, auth.users.id has no default: GoTrue supplies it, so the helper does too.
  insert into auth.users (id, aud, role, email, created_at, updated_at)
  values (gen_random_uuid(), 'authenticated', 'authenticated', p_email, now(), now())
  returning id;
$$;

create or replace function tests.get_user_id(p_email text) returns uuid
language sql stable security definer
set search_path = ''
as $$
  select u.id from auth.users u where u.email = p_email;
$$;

-- The household the sign-up trigger made for the user.
create or replace function tests.household_of(p_email text) returns uuid
language sql stable security definer
set search_path = ''
as $$
  select h.id from public.households h
  where h.created_by = tests.get_user_id(p_email)
  order by h.created_at, h.id
  limit 1;
$$;

create or replace function tests.add_member(p_household_id uuid, p_email text, p_role text default 'member') returns void
language sql security definer
set search_path = ''
as $$
  insert into public.household_members (household_id, user_id, role)
  values (p_household_id, tests.get_user_id(p_email), p_role);
$$;

create or replace function tests.authenticate_as(p_email text) returns void
language plpgsql
set search_path = ''
as $$
begin
  perform set_config('role', 'none', true);
  perform set_config('request.jwt.claims', jsonb_build_object(
    'sub', tests.get_user_id(p_email), 'role', 'authenticated', 'email', p_email)::text, true);
  -- As a read tool runs inside private.invoke: the reader role, a member of authenticated (the same policies
  -- apply); authenticated itself may read no table.
  perform set_config('role', 'meal_planner_reader', true);
end;
$$;

-- As a write tool runs inside private.invoke: the user's claims, the writer role (a member of authenticated,
-- so the same policies apply), the only role that may insert, update or delete.
create or replace function tests.write_as(p_email text) returns void
language plpgsql
set search_path = ''
as $$
begin
  perform tests.authenticate_as(p_email);
  perform set_config('role', 'meal_planner_writer', true);
end;
$$;

create or replace function tests.authenticate_as_anon() returns void
language plpgsql
set search_path = ''
as $$
begin
  perform set_config('role', 'none', true);
  perform set_config('request.jwt.claims', '{"role": "anon"}', true);
  perform set_config('role', 'anon', true);
end;
$$;

-- Back to the test's own role (postgres).
create or replace function tests.clear_authentication() returns void
language plpgsql
set search_path = ''
as $$
begin
  perform set_config('role', 'none', true);
  perform set_config('request.jwt.claims', '', true);
end;
$$;

-- The claims private.invoke receives from the functions.
create or replace function tests.claims_of(p_email text) returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object('sub', tests.get_user_id(p_email), 'role', 'authenticated', 'email', p_email);
$$;

-- A private.invoke request from p_email: their claims, and the given keys.
create or replace function tests.request_of(p_email text, p_request jsonb) returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object('claims', tests.claims_of(p_email)) || p_request;
$$;

-- A tool called as the functions call it, by p_email: a household write, run through private.invoke; p_request's
-- keys (household_id, scope, recorded, idempotency_key, input_hash, …) are added or override. The whole reply.
create or replace function tests.call_tool(p_email text, p_tool text, p_input jsonb, p_request jsonb default '{}')
returns jsonb
language sql
set search_path = ''
as $$
  select private.invoke(tests.request_of(p_email, jsonb_build_object(
    'tool', p_tool, 'function', 'app.' || replace(p_tool, '.', '_'), 'input', p_input,
    'scope', 'household', 'is_write', true) || p_request));
$$;

create or replace function tests.ingredient(p_name text) returns uuid
language sql stable security definer
set search_path = ''
as $$
  select i.id from public.ingredients i
  where i.household_id is null and i.normalized_name = lower(btrim(p_name));
$$;

create or replace function tests.create_list(p_household_id uuid, p_name text) returns uuid
language sql security definer
set search_path = ''
as $$
  insert into public.grocery_lists (household_id, name, created_by)
  values (p_household_id, p_name, (select h.created_by from public.households h where h.id = p_household_id))
  returning id;
$$;

create or replace function tests.add_item(
  p_list_id uuid, p_ingredient text, p_quantity numeric, p_unit text, p_prep_state text default null
) returns uuid
language sql security definer
set search_path = ''
as $$
  insert into public.grocery_items (grocery_list_id, household_id, ingredient_id, quantity, unit, prep_state)
  select l.id, l.household_id, tests.ingredient(p_ingredient), p_quantity, p_unit, p_prep_state
  from public.grocery_lists l where l.id = p_list_id
  returning id;
$$;

-- The list's live items as 'name quantity unit [prep]', for comparing with the spec's examples.
create or replace function tests.list_items(p_list_id uuid) returns setof text
language sql stable security definer
set search_path = ''
as $$
  select concat_ws(' ', coalesce(gi.name, i.name), gi.quantity::text, gi.unit, gi.prep_state,
                   case when gi.checked then '(checked)' end)
  from public.grocery_items gi
  left join public.ingredients i on i.id = gi.ingredient_id
  where gi.grocery_list_id = p_list_id and gi.deleted_at is null
  order by 1;
$$;

-- The grocery ledger of a list, through the invariant's function: each live item whose quantity is not
-- its ledger's (sources minus withdrawals plus adjustments, converted exactly), as 'id quantity unit ≠ ledger
-- [other kinds]'; none when it holds. Files assert it with is_empty.
create or replace function tests.ledger_violations(p_list_id uuid) returns setof text
language sql stable security definer
set search_path = ''
as $$
  select concat_ws(' ', v.grocery_item_id, v.quantity, v.unit, '≠', v.ledger_quantity, v.other_kinds)
  from private.grocery_ledger_violations(p_list_id) v
  order by v.grocery_item_id;
$$;

-- The tables whose rows belong to a household, read from the catalog so that a
-- new table is covered by the isolation tests without being listed here.
create or replace function tests.household_tables() returns setof text
language sql stable
set search_path = ''
as $$
  select c.relname::text from pg_catalog.pg_class c
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind = 'r'
    and (c.relname = 'households' or exists (
      select 1 from pg_catalog.pg_attribute a
      where a.attrelid = c.oid and a.attname = 'household_id' and not a.attisdropped))
  order by 1;
$$;

create or replace function tests.household_column(p_table text) returns text
language sql immutable
set search_path = ''
as $$
  select case when p_table = 'households' then 'id' else 'household_id' end;
$$;

-- These run as the current role, so row-level security applies to them.
create or replace function tests.count_rows(p_table text, p_household_id uuid) returns bigint
language plpgsql
set search_path = ''
as $$
declare
  v_count bigint;
begin
  execute format('select count(*) from public.%I where %I = $1', p_table, tests.household_column(p_table))
    into v_count using p_household_id;
  return v_count;
end;
$$;

create or replace function tests.snapshot(p_table text, p_household_id uuid) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_rows jsonb;
begin
  execute format('select coalesce(jsonb_agg(to_jsonb(t) order by to_jsonb(t)::text), ''[]'') from public.%I t where %I = $1',
                 p_table, tests.household_column(p_table))
    into v_rows using p_household_id;
  return v_rows;
end;
$$;

create or replace function tests.update_rows(p_table text, p_household_id uuid) returns bigint
language plpgsql
set search_path = ''
as $$
declare
  v_count bigint;
begin
  execute format('update public.%1$I set %2$I = %2$I where %2$I = $1', p_table, tests.household_column(p_table))
    using p_household_id;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

create or replace function tests.delete_rows(p_table text, p_household_id uuid) returns bigint
language plpgsql
set search_path = ''
as $$
declare
  v_count bigint;
begin
  execute format('delete from public.%I where %I = $1', p_table, tests.household_column(p_table))
    using p_household_id;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

create or replace function tests.move_rows(p_table text, p_from uuid, p_to uuid) returns bigint
language plpgsql
set search_path = ''
as $$
declare
  v_count bigint;
begin
  execute format('update public.%1$I set household_id = $2 where household_id = $1', p_table)
    using p_from, p_to;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

create or replace function tests.insert_row(p_table text, p_row jsonb) returns void
language plpgsql
set search_path = ''
as $$
declare
  v_columns text := (
    select string_agg(quote_ident(a.attname), ', ' order by a.attnum) from pg_catalog.pg_attribute a
    where a.attrelid = ('public.' || quote_ident(p_table))::regclass and a.attnum > 0
      and not a.attisdropped and a.attgenerated = '' and p_row ? a.attname);
begin
  execute format('insert into public.%1$I (%2$s) select %2$s from jsonb_populate_record(null::public.%1$I, $1)',
                 p_table, v_columns)
    using p_row;
end;
$$;

-- One row in every household table (the household and its owner exist already).
create or replace function tests.seed_household(p_household_id uuid) returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  v_owner uuid := (select h.created_by from public.households h where h.id = p_household_id);
  v_ingredient uuid;
  v_recipe uuid;
  v_meal uuid;
  v_list uuid;
  v_item uuid;
  v_conversation uuid;
begin
  insert into public.household_invites (household_id, code, created_by)
  values (p_household_id, 'invite-' || p_household_id, v_owner);
  insert into public.ingredients (household_id, name, created_by)
  values (p_household_id, 'House spice blend', v_owner) returning id into v_ingredient;
  insert into public.recipes (household_id, title, rating, created_by)
  values (p_household_id, 'House curry', 5, v_owner) returning id into v_recipe;
  insert into public.recipe_ingredients (recipe_id, household_id, ingredient_id, quantity, unit)
  values (v_recipe, p_household_id, v_ingredient, 2, 'tbsp');
  insert into public.recipe_revisions (household_id, recipe_id, revision, recipe, created_by)
  values (p_household_id, v_recipe, 1, '{"title": "House curry"}', v_owner);
  insert into public.planner_meals (household_id, recipe_id, date, meal_type, created_by)
  values (p_household_id, v_recipe, date '2026-12-01', 'dinner', v_owner) returning id into v_meal;
  insert into public.planner_meal_series (household_id, recipe_id, meal_type, weekdays, every_weeks, start_date, created_by)
  values (p_household_id, v_recipe, 'lunch', array[1], 1, date '2026-12-07', v_owner);
  insert into public.grocery_lists (household_id, name, created_by)
  values (p_household_id, 'Weekly', v_owner) returning id into v_list;
  insert into public.grocery_items (grocery_list_id, household_id, ingredient_id, quantity, unit, created_by)
  values (v_list, p_household_id, v_ingredient, 2, 'tbsp', v_owner) returning id into v_item;
  insert into public.grocery_item_sources (grocery_item_id, household_id, recipe_id, planner_meal_id, quantity_added, unit, created_by)
  values (v_item, p_household_id, v_recipe, v_meal, 2, 'tbsp', v_owner);
  insert into public.grocery_item_withdrawals (grocery_item_id, household_id, planner_meal_id, quantity_removed, unit, created_by)
  values (v_item, p_household_id, v_meal, 1, 'tbsp', v_owner);
  -- The item holds 2 tbsp: 2 added, 1 withdrawn and 1 put back by an edit, so its ledger holds.
  insert into public.grocery_item_adjustments (grocery_item_id, household_id, quantity, unit, reason, created_by)
  values (v_item, p_household_id, 1, 'tbsp', 'update', v_owner);
  insert into public.tool_invocations (household_id, user_id, tool, input_hash, response, is_write)
  values (p_household_id, v_owner, 'grocery.push_ingredients', 'seed', '{}', true);
  insert into public.conversations (household_id, title, created_by)
  values (p_household_id, 'What is for dinner?', v_owner) returning id into v_conversation;
  insert into public.conversation_messages (conversation_id, household_id, role, content, created_by)
  values (v_conversation, p_household_id, 'user', '[{"type": "text", "text": "What is for dinner?"}]', v_owner);
  insert into public.pending_actions (household_id, conversation_id, tool, input, created_by)
  values (p_household_id, v_conversation, 'recipe.create', '{"title": "House curry"}', v_owner);
  insert into public.household_aisle_orders (household_id, categories, updated_by)
  values (p_household_id, array['bakery', 'produce'], v_owner);
  insert into public.household_on_hand (household_id, ingredient_id, marked_by)
  values (p_household_id, v_ingredient, v_owner);
end;
$$;

-- The shared buffers (hit and read) that running the query takes, as EXPLAIN (ANALYZE, BUFFERS) counts them, its
-- functions' own statements included. The tests of a call's work count buffers, never time, so they hold on any
-- machine. The query names everything with its schema (the search path here is empty).
create or replace function tests.buffers_of(p_query text) returns bigint
language plpgsql
set search_path = ''
as $$
declare
  v_plan json;
begin
  execute 'explain (analyze, buffers, format json) ' || p_query into v_plan;
  return (v_plan -> 0 -> 'Plan' ->> 'Shared Hit Blocks')::bigint
    + coalesce((v_plan -> 0 -> 'Plan' ->> 'Shared Read Blocks')::bigint, 0);
end;
$$;

-- The buffers one tool call takes when this user makes it (tests.buffers_of over tests.call_tool).
create or replace function tests.buffers_of_call(p_email text, p_tool text, p_input jsonb) returns bigint
language sql
set search_path = ''
as $$
  select tests.buffers_of(pg_catalog.format('select tests.call_tool(%L, %L, %L)', p_email, p_tool, p_input))
$$;

-- The rows of some tables a query reads, from this transaction's own statistics, the queries of the functions it calls
-- included: the rows its sequential scans return, and those its bitmap scans (the table's count) and index scans (each
-- index's) fetch. Only live rows count: the dead versions a table keeps until a vacuum (earlier tests' rolled-back
-- rows, and the catalog's, which rebuilds ingredient_buying whole when a purchase rule changes) do not, as they would
-- in buffers or in the index entries a scan walks. So it depends on the plans alone: reading by key reads a few rows,
-- reading a household's rows reads all of them.
create or replace function tests.rows_read_so_far(p_tables regclass[]) returns bigint
language sql
set search_path = ''
as $$
  select coalesce(sum(pg_catalog.pg_stat_get_xact_tuples_returned(t.oid)
    + pg_catalog.pg_stat_get_xact_tuples_fetched(t.oid)
    + coalesce((select sum(pg_catalog.pg_stat_get_xact_tuples_fetched(i.indexrelid)) from pg_catalog.pg_index i
      where i.indrelid = t.oid), 0)), 0)::bigint
  from pg_catalog.unnest(p_tables) as t(oid)
$$;

-- The scans of these tables in this transaction so far: their sequential scans and the scans of each of their
-- indexes, one per lookup a statement starts. Unlike rows, the row versions a table gathers until a vacuum (each
-- update of one row leaves one) do not change it.
create or replace function tests.scans_so_far(p_tables regclass[]) returns bigint
language sql
set search_path = ''
as $$
  select coalesce(sum(pg_catalog.pg_stat_get_xact_numscans(t.oid) + coalesce((
    select sum(pg_catalog.pg_stat_get_xact_numscans(i.indexrelid)) from pg_catalog.pg_index i
    where i.indrelid = t.oid), 0)), 0)::bigint
  from pg_catalog.unnest(p_tables) as t(oid)
$$;

create or replace function tests.rows_read_by(p_query text, p_tables regclass[]) returns bigint
language plpgsql
set search_path = ''
as $$
declare
  v_before bigint := tests.rows_read_so_far(p_tables);
begin
  execute p_query;
  return tests.rows_read_so_far(p_tables) - v_before;
end;
$$;

-- The rows of a table one tool call reads when this user makes it (tests.rows_read_by over tests.call_tool).
create or replace function tests.rows_read_by_call(p_email text, p_tool text, p_input jsonb, p_table regclass)
returns bigint
language sql
set search_path = ''
as $$
  select tests.rows_read_by(pg_catalog.format('select tests.call_tool(%L, %L, %L)', p_email, p_tool, p_input),
    array[p_table])
$$;

-- The id of the latest call of a tool in this user's household: the write a test then undoes.
create or replace function tests.latest_invocation(p_email text, p_tool text) returns uuid
language sql
set search_path = ''
as $$
  select t.id from public.tool_invocations t
  where t.household_id = tests.household_of(p_email) and t.tool = p_tool
  order by t.created_at desc, t.recorded_at desc
  limit 1
$$;

revoke all on all functions in schema tests from public;
grant execute on all functions in schema tests to anon, authenticated;
-- The writers run as the test's own role only.
revoke execute on function tests.create_user(text), tests.add_member(uuid, text, text), tests.seed_household(uuid),
  tests.create_list(uuid, text), tests.add_item(uuid, text, numeric, text, text) from anon, authenticated;

-- Functions are executable by no one by default (see the foundation migration), pgTAP's included when it
-- is installed after the migrations; the tests call it as the API roles.
do $$
declare
  v_function regprocedure;
begin
  for v_function in
    select d.objid::regprocedure from pg_catalog.pg_depend d
    where d.refobjid = (select e.oid from pg_catalog.pg_extension e where e.extname = 'pgtap')
      and d.classid = 'pg_catalog.pg_proc'::regclass
  loop
    execute format('grant execute on function %s to anon, authenticated', v_function);
  end loop;
end;
$$;

select plan(2);
select has_extension('extensions', 'pgtap', 'pgTAP is installed in schema extensions');
select has_function('tests', 'authenticate_as', array['text'], 'the test helpers exist');
select * from finish();
commit;

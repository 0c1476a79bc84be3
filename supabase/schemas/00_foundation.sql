-- The schema files are applied in the order of [db.migrations] schema_paths (supabase/config.toml). Features
-- refer to one another (a households policy asks whether an undo's write made a row, a sign-up redeems an invite),
-- so function bodies are checked once everything is in place, as pg_dump's output does it: the schemas-agree test
-- validates every body afterwards. Each file sets this, in case a tool applies each file in its own session.
set check_function_bodies = off;

-- private: helpers used by policies and triggers; app: the tools' SQL.
-- Neither is exposed by the Data API.
create schema if not exists private;

revoke all on schema private from public;

grant usage on schema private to authenticated;

create schema if not exists app;

revoke all on schema app from public;

grant usage on schema app to authenticated;

-- A function this role creates is executable by no one but its owner unless granted: this replaces a
-- revoke per function. It has to be the role-wide default (Postgres adds per-schema defaults to the global
-- one and cannot take a global grant away per schema); Supabase's own grants on schema public to the API
-- roles still apply there. The tools (app.*) are all called as the signed-in user, so they are granted by
-- default; each feature grants the private helpers its tools and policies need, and nothing else.
alter default privileges revoke execute on functions from public;

alter default privileges in schema app grant execute on functions to authenticated;

-- Writes only through the tools. The Data API lets `authenticated` do whatever its grants allow, skipping
-- validation, idempotency and the invocation record; so `authenticated` and `anon` may only read (under
-- row-level security), and the insert/update/delete grants belong to this role, which private.invoke takes
-- for a write tool's one call. It is a member of `authenticated`, so every policy written `to authenticated`
-- (and every grant to it) applies to it unchanged: row-level security still decides what a tool sees.
-- No token can name it (PostgREST's authenticator is not a member), so the Data API never becomes it.
-- Roles are global to the cluster, so it may exist already (another database, an earlier run).
do $$
begin
  if not exists (select from pg_catalog.pg_roles where rolname = 'meal_planner_writer') then
    create role meal_planner_writer nologin inherit;
  end if;
end;
$$;

-- This runs as the platform's non-superuser postgres (NOSUPERUSER CREATEROLE BYPASSRLS; checked on 15 with
-- those attributes). On 15, CREATEROLE is enough to grant membership in authenticated; from 16 it takes
-- ADMIN OPTION on authenticated, which Supabase gives postgres on 16 and later. supautils, the platform's
-- guard on roles, allows it: it reserves changing anon and authenticated themselves and granting a few
-- roles (authenticator, pg_*_server_*), not granting membership in authenticated to another role.
-- BYPASSRLS is an attribute of postgres, never passed on by membership: as the writer, policies apply.
grant authenticated to meal_planner_writer;

-- SET ROLE is checked against the session's login role, so the functions must log in as a member: postgres,
-- here and on the platform (directly or through the pooler). From 16 the creating role holds ADMIN on the
-- role it created, which this grant needs; a DATABASE_URL with another login role needs the same grant.
grant meal_planner_writer to current_user;

grant usage on schema private, app to service_role;

do $$
begin
  if not exists (select from pg_catalog.pg_roles where rolname = 'meal_planner_reader') then
    create role meal_planner_reader nologin inherit;
  end if;
end;
$$;

-- As for the writer role (above): membership in authenticated so the policies apply; the functions'
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

-- The one UUID rule of the SQL side: any 8-4-4-4-12 hex string, as the uuid type and the tools' Zod accept.
-- A SQL-standard body (`return …`) is bound when the function is created, so the caller's search_path cannot
-- change what it calls. These small helpers once had no SET clause so that PostgreSQL would inline them into their
-- callers (a SQL function with a SET clause is never inlined); Supabase's advisor wants a pinned search_path on
-- every function, and its rule won: the empty search_path changes nothing these bodies call, and the string bodies
-- name every object with its schema. The cost is measured in the README (bench). No new function takes a
-- SQL-standard body (design, section 11): one that reads a table's row type blocks adding a column to that table.
-- plpgsql rather than sql: every tool call runs it, and a SQL function with a SET clause is planned again at every
-- call before PostgreSQL 18 (supabase/tests/36-hot-paths-plan-once.sql).
create function private.is_uuid(p_value text) returns boolean
language plpgsql immutable
set search_path = ''
as $$
begin
  return p_value ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
end;
$$;

-- Keeps the row's origin as it was inserted; only updated_at moves. created_by
-- may still become null, as on delete set null does when the user goes.
-- No `set search_path`: it names no table or function (now() is pg_catalog's, always searched first), and a
-- SET clause costs a configuration save and restore on every row of every update (a tenth of a 500-line push).
create function private.stamp_update() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.created_at := old.created_at;
  if new.created_by is not null then
    new.created_by := old.created_by;
  end if;
  new.updated_at := now();
  return new;
end;
$$;

-- Keyset pages: a cursor is the last row's sort key as base64 JSON, opaque to callers, who pass
-- next_cursor back unchanged; anything else is refused naming the field.
-- plpgsql, as is_uuid: every page that has a next one runs it (supabase/tests/36-hot-paths-plan-once.sql).
create function private.encode_cursor(p_key jsonb) returns text
language plpgsql immutable
set search_path = ''
as $$
begin
  return pg_catalog.translate(pg_catalog.encode(pg_catalog.convert_to(p_key::text, 'UTF8'), 'base64'), E'\n', '');
end;
$$;
grant execute on function private.encode_cursor(jsonb) to authenticated;

-- An immutable function may be evaluated when a caller is planned, so plpgsql_check ran these with their constant
-- arguments and reported their RAISE as an error of every caller. decode_cursor's answer depends only on its
-- argument but it raises on a bad one: stable. undo_conflict only ever raises: volatile.
create function private.decode_cursor(p_cursor text) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_key jsonb;
begin
  if p_cursor is null then
    return null;
  end if;
  -- The block that catches a bad cursor starts a subtransaction: only a call with a cursor pays for it, not every
  -- first page.
  begin
    v_key := pg_catalog.convert_from(pg_catalog.decode(p_cursor, 'base64'), 'UTF8')::jsonb;
    if jsonb_typeof(v_key) is distinct from 'object' then
      raise exception 'not an object';
    end if;
  exception when others then
    raise exception 'cursor is not one this tool returned; pass next_cursor back unchanged'
      using errcode = 'MP400', column = 'cursor';
  end;
  return v_key;
end;
$$;
grant execute on function private.decode_cursor(text) to authenticated;

-- plpgsql, as the helpers below: SQL functions with a pinned search_path are
-- never inlined and would be planned again at every call.
create function private.text_array(p_value jsonb) returns text[]
language plpgsql immutable
set search_path = ''
as $$
begin
  if jsonb_typeof(p_value) is distinct from 'array' then
    return '{}';
  end if;
  return array(select jsonb_array_elements_text(p_value));
end;
$$;
grant execute on function private.text_array(jsonb) to authenticated;

create function private.escape_like(p_text text) returns text
language plpgsql immutable
set search_path = ''
as $$
begin
  return replace(replace(replace(p_text, '\', '\\'), '%', '\%'), '_', '\_');
end;
$$;
grant execute on function private.escape_like(text) to authenticated;

-- The version this transaction took for a counter, without a regular expression: the settings string is
-- "key=version;key=version;…" and a key ('l' or 'p' and a uuid) is never part of another.
create or replace function private.version_taken(p_key text) returns bigint
language sql stable
set search_path = ''
return nullif(pg_catalog.split_part(pg_catalog.split_part(
  ';' || coalesce(pg_catalog.current_setting('meal_planner.versions', true), ''), ';' || p_key || '=', 2), ';', 1),
  '')::bigint;

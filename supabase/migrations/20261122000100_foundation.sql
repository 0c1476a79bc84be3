-- ============================================================================
-- Schemas, default privileges and the writer role
-- ============================================================================

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

-- The one UUID rule of the SQL side: any 8-4-4-4-12 hex string, as the uuid type and the tools' Zod accept.
-- SQL functions with a SQL-standard body (`return …`) and no SET clause: the body is bound when the function
-- is created, so the caller's search_path cannot change what it calls, and without a SET clause Postgres
-- inlines it into the calling query instead of planning it again at every call.
create function private.is_uuid(p_value text) returns boolean
language sql immutable
return p_value ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

-- Keeps the row's origin as it was inserted; only updated_at moves. created_by
-- may still become null, as on delete set null does when the user goes.
-- No `set search_path`: it names no table or function (now() is pg_catalog's, always searched first), and a
-- SET clause costs a configuration save and restore on every row of every update (a tenth of a 500-line push).
create function private.stamp_update() returns trigger
language plpgsql
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

-- ============================================================================
-- Caps and pages: one household cannot slow the others
-- ============================================================================

-- What a household may hold (live rows), so that one household's reads and writes stay bounded. The
-- count runs under a transaction-level lock per household and kind, so concurrent creates queue and the
-- cap holds; an advisory lock needs no privilege on the counted table (a plain member may create lists).
-- The caps, in one place: 200 live grocery lists, 2000 live recipes, 20 live invites (and 1000 live items per
-- list, which private.live_item_count holds).
create function private.hold_household_cap(p_household_id uuid, p_kind text) returns void
language plpgsql
set search_path = ''
as $$
declare
  v_limit integer;
  v_count bigint;
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
    select count(*) into v_count from public.household_invites i
    where i.household_id = p_household_id and i.expires_at > now() and (i.max_uses is null or i.use_count < i.max_uses);
  end case;
  if v_count >= v_limit then
    raise exception 'a household holds at most % %; remove some first', v_limit, p_kind
      using errcode = 'MP409', hint = format('limit: %s %s', v_limit, p_kind);
  end if;
end;
$$;

-- Keyset pages: a cursor is the last row's sort key as base64 JSON, opaque to callers, who pass
-- next_cursor back unchanged; anything else is refused naming the field.
create function private.encode_cursor(p_key jsonb) returns text
language sql immutable
return pg_catalog.translate(pg_catalog.encode(pg_catalog.convert_to(p_key::text, 'UTF8'), 'base64'), E'\n', '');

create function private.decode_cursor(p_cursor text) returns jsonb
language plpgsql immutable
set search_path = ''
as $$
declare
  v_key jsonb;
begin
  if p_cursor is null then
    return null;
  end if;
  v_key := pg_catalog.convert_from(pg_catalog.decode(p_cursor, 'base64'), 'UTF8')::jsonb;
  if jsonb_typeof(v_key) is distinct from 'object' then
    raise exception 'not an object';
  end if;
  return v_key;
exception when others then
  raise exception 'cursor is not one this tool returned; pass next_cursor back unchanged'
    using errcode = 'MP400', column = 'cursor';
end;
$$;

grant execute on function private.hold_household_cap(uuid, text), private.encode_cursor(jsonb),
  private.decode_cursor(text) to authenticated;

-- The tools' SQLSTATEs, which the functions map to the envelope: MP400 validation, MP401 unauthenticated,
-- MP403 permission denied, MP404 not found, MP409 conflict, MP422 idempotency key reused; `column` names
-- the input field. The shape of input is Zod's to check before a call; the SQL checks what only the
-- database knows (what exists, who may see it) and the tables' constraints hold the bounds.

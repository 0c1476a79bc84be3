-- What Supabase's Postgres image has and our migrations rely on, for a plain
-- PostgreSQL cluster. Written from Supabase's documented behaviour. Every
-- statement creates only what is missing, so running it twice changes nothing.

do $bootstrap$
begin
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
end
$bootstrap$;

grant anon, authenticated, service_role to authenticator;

create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;
create extension if not exists pg_stat_statements with schema extensions;
-- As on Supabase, extensions' objects resolve without a schema prefix.
alter role postgres set search_path = "$user", public, extensions;

create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

-- The columns of GoTrue's auth.users that our code and tests read or write, with GoTrue's types. As there,
-- id has no default (GoTrue supplies it; so must every insert of ours) and an email is unique only among
-- non-SSO users.
create table if not exists auth.users (
  instance_id uuid,
  id uuid not null primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  phone text default null unique,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_sso_user boolean not null default false,
  is_anonymous boolean not null default false,
  created_at timestamptz,
  updated_at timestamptz
);
create unique index if not exists users_email_partial_key on auth.users (email) where is_sso_user = false;
-- As on Supabase: the API roles cannot read auth.users; only service_role can.
revoke all on auth.users from public, anon, authenticated;
grant all on auth.users to service_role;

do $functions$
begin
  if to_regprocedure('auth.jwt()') is null then
    create function auth.jwt() returns jsonb
    language sql stable
    as $$
      select coalesce(
        nullif(current_setting('request.jwt.claim', true), ''),
        nullif(current_setting('request.jwt.claims', true), '')
      )::jsonb
    $$;
  end if;
  if to_regprocedure('auth.uid()') is null then
    create function auth.uid() returns uuid
    language sql stable
    as $$
      select coalesce(
        nullif(current_setting('request.jwt.claim.sub', true), ''),
        (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
      )::uuid
    $$;
  end if;
  if to_regprocedure('auth.role()') is null then
    create function auth.role() returns text
    language sql stable
    as $$
      select coalesce(
        nullif(current_setting('request.jwt.claim.role', true), ''),
        (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
      )::text
    $$;
  end if;
end
$functions$;
grant execute on function auth.jwt(), auth.uid(), auth.role() to anon, authenticated, service_role;

-- Supabase grants the API roles usage on public and, by default, privileges on
-- what the postgres role creates there; row-level security is what keeps rows
-- apart. Reproduced so that our migrations are tested under the same defaults.
grant usage on schema public to anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on functions to anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on sequences to anon, authenticated, service_role;

-- Where the Supabase CLI records applied migrations.
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);

-- Supabase Realtime's schema, as far as Broadcast from the database and private channels use it (written from
-- Supabase's documentation and the realtime repository's tenant migrations). Hosted Realtime creates and owns
-- it; here it is created when missing. realtime.messages is partitioned by day on hosted (Realtime makes the
-- partitions and drops old ones); a plain table with the same columns serves locally. Policies on it decide who
-- may join a private channel: the local stand-in (supabase/local/realtime/) runs them as the joining user.
create schema if not exists realtime;
grant usage on schema realtime to postgres, anon, authenticated, service_role;

create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now(),
  id uuid not null default gen_random_uuid(),
  primary key (id, inserted_at)
);
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to postgres, anon, authenticated, service_role;

do $realtime_functions$
begin
  if to_regprocedure('realtime.topic()') is null then
    -- The channel topic a policy is evaluated for: Realtime sets it (set_config('realtime.topic', …, true))
    -- before probing realtime.messages as the joining user; realtime.send sets it too.
    create function realtime.topic() returns text
    language sql stable
    as $$
      select nullif(current_setting('realtime.topic', true), '')::text;
    $$;
  end if;
  if to_regprocedure('realtime.send(jsonb, text, text, boolean)') is null then
    -- As hosted: the message gets an id (added to the payload when it has none) and a row of
    -- realtime.messages; a failure is a warning, never the caller's error. Hosted Realtime reads new rows
    -- from logical replication; locally the row's message is also notified on `realtime_local_broadcast`,
    -- which the stand-in listens to. A notification is delivered at commit, so a rolled-back write sends
    -- nothing, as on hosted.
    create function realtime.send(payload jsonb, event text, topic text, private boolean default true)
    returns void
    language plpgsql
    as $$
    declare
      generated_id uuid;
      final_payload jsonb;
    begin
      begin
        generated_id := gen_random_uuid();
        if payload ? 'id' then
          final_payload := payload;
        else
          final_payload := jsonb_set(payload, '{id}', to_jsonb(generated_id));
        end if;
        execute format('SET LOCAL realtime.topic TO %L', topic);
        insert into realtime.messages (id, payload, event, topic, private, extension)
        values (generated_id, final_payload, event, topic, private, 'broadcast');
        perform pg_notify('realtime_local_broadcast', jsonb_build_object(
          'id', generated_id, 'topic', topic, 'event', event, 'private', private, 'payload', final_payload)::text);
      exception
        when others then
          raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
      end;
    end;
    $$;
  end if;
end
$realtime_functions$;
-- Hosted's functions are executable by everyone (PostgreSQL's default); said outright because a database
-- whose migrations already ran has revoked that default for the functions the postgres role creates.
grant execute on function realtime.topic(), realtime.send(jsonb, text, text, boolean) to public;

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

-- The rest of GoTrue's auth schema that the local Auth stand-in (supabase/local/auth/) writes, with GoTrue's
-- names and types (its migrations/ folder). Added column by column, so a cluster bootstrapped before keeps its rows.
alter table auth.users
  add column if not exists encrypted_password varchar(255),
  add column if not exists email_confirmed_at timestamptz,
  add column if not exists invited_at timestamptz,
  add column if not exists confirmation_token varchar(255),
  add column if not exists confirmation_sent_at timestamptz,
  add column if not exists recovery_token varchar(255),
  add column if not exists recovery_sent_at timestamptz,
  add column if not exists email_change_token_new varchar(255),
  add column if not exists email_change varchar(255),
  add column if not exists email_change_sent_at timestamptz,
  add column if not exists last_sign_in_at timestamptz,
  add column if not exists is_super_admin boolean,
  add column if not exists phone_confirmed_at timestamptz,
  add column if not exists phone_change text default '',
  add column if not exists phone_change_token varchar(255) default '',
  add column if not exists phone_change_sent_at timestamptz,
  add column if not exists email_change_token_current varchar(255) default '',
  add column if not exists email_change_confirm_status smallint default 0,
  add column if not exists banned_until timestamptz,
  add column if not exists reauthentication_token varchar(255) default '',
  add column if not exists reauthentication_sent_at timestamptz,
  add column if not exists deleted_at timestamptz;
alter table auth.users
  add column if not exists confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored;

do $types$
begin
  if to_regtype('auth.aal_level') is null then
    create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
  end if;
  if to_regtype('auth.code_challenge_method') is null then
    create type auth.code_challenge_method as enum ('s256', 'plain');
  end if;
  if to_regtype('auth.one_time_token_type') is null then
    create type auth.one_time_token_type as enum (
      'confirmation_token', 'reauthentication_token', 'recovery_token',
      'email_change_token_new', 'email_change_token_current', 'phone_change_token'
    );
  end if;
end
$types$;

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid not null default gen_random_uuid() primary key,
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);
create index if not exists identities_email_idx on auth.identities (email text_pattern_ops);

create table if not exists auth.sessions (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal auth.aal_level,
  not_after timestamptz,
  refreshed_at timestamp without time zone,
  user_agent text,
  ip inet,
  tag text
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);
create index if not exists user_id_created_at_idx on auth.sessions (user_id, created_at);

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) constraint refresh_tokens_token_unique unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);

create table if not exists auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid not null primary key,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);

create table if not exists auth.one_time_tokens (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type auth.one_time_token_type not null,
  token_hash text not null check (char_length(token_hash) > 0),
  relates_to text not null,
  created_at timestamp without time zone not null default now(),
  updated_at timestamp without time zone not null default now()
);
create index if not exists one_time_tokens_token_hash_hash_idx on auth.one_time_tokens using hash (token_hash);
create index if not exists one_time_tokens_relates_to_hash_idx on auth.one_time_tokens using hash (relates_to);
create unique index if not exists one_time_tokens_user_id_token_type_key on auth.one_time_tokens (user_id, token_type);

-- PKCE: what an emailed link's auth code is traded against (GoTrue's flow_state, the columns an email flow uses).
create table if not exists auth.flow_state (
  id uuid primary key,
  user_id uuid,
  auth_code text,
  code_challenge_method auth.code_challenge_method,
  code_challenge text,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz,
  updated_at timestamptz,
  authentication_method text not null,
  auth_code_issued_at timestamptz
);
create index if not exists idx_auth_code on auth.flow_state (auth_code);
create index if not exists idx_user_id_auth_method on auth.flow_state (user_id, authentication_method);

revoke all on auth.identities, auth.sessions, auth.refresh_tokens, auth.mfa_amr_claims, auth.one_time_tokens,
  auth.flow_state from public, anon, authenticated;
grant all on auth.identities, auth.sessions, auth.refresh_tokens, auth.mfa_amr_claims, auth.one_time_tokens,
  auth.flow_state to service_role;

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

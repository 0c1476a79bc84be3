-- Supabase Storage's schema, as far as our policies and the local Storage stand-in use it. On hosted Supabase the
-- Storage server creates and owns it with its own migrations (supabase/storage, migrations/tenant/*.sql); here it is
-- created when missing, before our migrations run, with the same names and types, so that policies written for
-- storage.objects apply unchanged on both. Every statement creates only what is missing: running it twice changes
-- nothing.
create schema if not exists storage;
grant usage on schema storage to postgres, anon, authenticated, service_role;

create table if not exists storage.buckets (
  id text not null primary key,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  -- Bytes; null: the server's own limit only.
  file_size_limit bigint,
  -- `image/jpeg`, `image/*`; null: any type.
  allowed_mime_types text[],
  owner_id text
);
create unique index if not exists bname on storage.buckets using btree (name);

create table if not exists storage.objects (
  id uuid not null default gen_random_uuid() primary key,
  bucket_id text constraint "objects_bucketId_fkey" references storage.buckets (id),
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects using btree (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);

-- As hosted: row-level security on both, and the API roles hold every privilege, so the policies alone decide.
alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
grant all on storage.buckets, storage.objects to postgres with grant option;

-- The path helpers policies call. Immutable plpgsql, as the Storage server's latest migrations define them:
-- foldername('a/b/c.jpg') = {a,b}, filename(…) = 'c.jpg', extension(…) = 'jpg'.
do $storage_functions$
begin
  if to_regprocedure('storage.foldername(text)') is null then
    create function storage.foldername(name text) returns text[]
    language plpgsql immutable
    as $$
    declare
      _parts text[];
    begin
      select string_to_array(name, '/') into _parts;
      return _parts[1 : array_length(_parts, 1) - 1];
    end
    $$;
  end if;
  if to_regprocedure('storage.filename(text)') is null then
    create function storage.filename(name text) returns text
    language plpgsql immutable
    as $$
    declare
      _parts text[];
    begin
      select string_to_array(name, '/') into _parts;
      return _parts[array_length(_parts, 1)];
    end
    $$;
  end if;
  if to_regprocedure('storage.extension(text)') is null then
    create function storage.extension(name text) returns text
    language plpgsql immutable
    as $$
    declare
      _parts text[];
      _filename text;
    begin
      select string_to_array(name, '/') into _parts;
      select _parts[array_length(_parts, 1)] into _filename;
      return reverse(split_part(reverse(_filename), '.', 1));
    end
    $$;
  end if;
  -- As hosted: a delete on storage.objects or storage.buckets outside the Storage server fails, so no file is
  -- orphaned by SQL. The server (and the local stand-in) sets storage.allow_delete_query for its own statements.
  if to_regprocedure('storage.protect_delete()') is null then
    create function storage.protect_delete() returns trigger
    language plpgsql
    as $$
    begin
      if coalesce(current_setting('storage.allow_delete_query', true), 'false') != 'true' then
        raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
          using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
      end if;
      return null;
    end;
    $$;
  end if;
  if not exists (select from pg_trigger where tgname = 'protect_objects_delete' and tgrelid = 'storage.objects'::regclass) then
    create trigger protect_objects_delete before delete on storage.objects
      for each statement execute function storage.protect_delete();
  end if;
  if not exists (select from pg_trigger where tgname = 'protect_buckets_delete' and tgrelid = 'storage.buckets'::regclass) then
    create trigger protect_buckets_delete before delete on storage.buckets
      for each statement execute function storage.protect_delete();
  end if;
end
$storage_functions$;
grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text) to public;

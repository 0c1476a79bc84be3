-- private: helpers used by policies and triggers; app: the tools' SQL.
-- Neither is exposed by the Data API.
create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to authenticated;

create schema if not exists app;
revoke all on schema app from public;
grant usage on schema app to authenticated;

-- Keeps the row's origin as it was inserted; only updated_at moves. created_by
-- may still become null, as on delete set null does when the user goes.
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
revoke all on function private.stamp_update() from public, anon, authenticated;

-- The one UUID rule of the SQL side: any 8-4-4-4-12 hex string, as the uuid type and the tools' Zod accept.
-- A SQL-standard body (`return …`) is bound when the function is created, so the caller's search_path cannot
-- change what it calls. These small helpers once had no SET clause so that PostgreSQL would inline them into their
-- callers (a SQL function with a SET clause is never inlined); Supabase's advisor wants a pinned search_path on
-- every function, and its rule won: the empty search_path changes nothing these bodies call, and the string bodies
-- name every object with its schema. The cost is measured in the README (bench). No new function takes a
-- SQL-standard body (design, section 11): one that reads a table's row type blocks adding a column to that table.
-- plpgsql rather than sql: every tool call runs it, and a SQL function with a SET clause is planned again at every
-- call before PostgreSQL 18 (supabase/tests/36-hot-paths-plan-once.sql).
create or replace function private.is_uuid(p_value text) returns boolean
language plpgsql immutable
set search_path = ''
as $$
begin
  return p_value ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
end;
$$;

-- The input a write's record keeps. A join's invite code is a secret that stays valid for others (an invite serves
-- until it expires): its record keeps a placeholder in its place, which the join's describer never reads.
-- grocery.add_text keeps what the person sent (the list and the text): the lines its tool read from the text and
-- handed to the SQL are derived (its describer reads the text again) and its undo reads its reply, not its input.
create or replace function private.kept_input(p_tool text, p_input jsonb) returns jsonb
language plpgsql immutable
set search_path = ''
as $$
begin
  -- plpgsql, as private.is_uuid: every recorded write runs it.
  return case
    when p_tool = 'household.join' and jsonb_typeof(p_input) = 'object' and p_input ? 'code'
      then p_input || '{"code": "not-kept"}'::jsonb
    when p_tool = 'grocery.add_text' and jsonb_typeof(p_input) = 'object' then p_input - 'lines'
    else p_input end;
end;
$$;

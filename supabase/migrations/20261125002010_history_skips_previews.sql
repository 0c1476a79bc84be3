-- A preview (grocery.sync_plan with preview: true) changes nothing, so it is no change to list or undo: the
-- household's history (history.list, and the writes history.undo looks in) leaves it out, as it leaves out
-- refusals (20261125001400). Both functions as 20261125001400 defined them, with that one condition added.
create or replace function private.household_writes(p_household_id uuid) returns setof public.tool_invocations
language sql stable
set search_path = ''
as $$
  select * from public.tool_invocations t
  where t.household_id = p_household_id and t.is_write and t.response is not null and not t.response ? 'refusal'
    and not t.response @> '{"preview": true}'
  union all
  select * from public.tool_invocations t
  where t.household_id is null and t.tool = 'household.join' and t.response ->> 'household_id' = p_household_id::text
$$;

create or replace function private.household_writes_newest_first(p_household_id uuid, p_before_at timestamptz,
  p_before_id uuid, p_limit integer) returns setof public.tool_invocations
language sql stable
set search_path = ''
as $$
  select * from (
    (select * from public.tool_invocations t
     where t.household_id = p_household_id and t.is_write and t.response is not null
       and not t.response ? 'refusal' and not t.response @> '{"preview": true}'
       and (p_before_at is null or (t.created_at, t.id) < (p_before_at, p_before_id))
     order by t.created_at desc, t.id desc
     limit p_limit)
    union all
    (select * from public.tool_invocations t
     where t.household_id is null and t.tool = 'household.join' and t.response ->> 'household_id' = p_household_id::text
       and (p_before_at is null or (t.created_at, t.id) < (p_before_at, p_before_id))
     order by t.created_at desc, t.id desc
     limit p_limit)
  ) writes
  order by writes.created_at desc, writes.id desc
  limit p_limit
$$;

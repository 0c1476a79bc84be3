set check_function_bodies = off;

-- The household's writes, as history.list shows them and history.undo looks in them. Refusals and previews
-- (grocery.sync_plan with preview: true) change nothing, so they are nothing to list or undo: both are left out.
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
grant execute on function private.household_writes(uuid) to authenticated;

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
grant execute on function private.household_writes_newest_first(uuid,timestamptz,uuid,integer) to authenticated;

create function private.invocation_undone(p_invocation public.tool_invocations) returns boolean
language plpgsql stable
set search_path = ''
as $$
begin
  return exists (
    select 1 from public.tool_invocations u
    where u.household_id = coalesce(p_invocation.household_id,
        case when p_invocation.tool = 'household.join' then (p_invocation.response ->> 'household_id')::uuid end)
      and u.tool = 'history.undo'
      and u.response ->> 'undone_invocation_id' = p_invocation.id::text
      and not private.invocation_undone(u)
  );
end;
$$;
grant execute on function private.invocation_undone(tool_invocations) to authenticated;

-- What an undo did, as a write (a tool and the reply it gave, and the invocation whose rows it moved, if any):
-- undoing the undo (a redo) undoes that write, the inverse of the inverse. history.undo puts it in its reply.
create function private.record_undo_inverse(p_tool text, p_response jsonb, p_invocation_id uuid default null)
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform pg_catalog.set_config('meal_planner.undo_inverse', jsonb_build_object('tool', p_tool,
    'response', p_response, 'invocation_id', p_invocation_id)::text, true);
end;
$$;
grant execute on function private.record_undo_inverse(text,jsonb,uuid) to authenticated;

create or replace function private.history_summary(p_tool text, p_response jsonb) returns text
language plpgsql immutable
set search_path = ''
as $$
begin
  return coalesce(p_response ->> 'message', case p_tool
    when 'grocery.push_ingredients' then format('Pushed %s: %s added, %s merged.',
      private.counted((p_response #>> '{summary,lines_received}')::numeric, 'line'),
      private.counted((p_response #>> '{summary,items_added}')::numeric, 'item'),
      p_response #>> '{summary,items_merged}')
    when 'grocery.create_list' then format('Created the list "%s".', p_response ->> 'name')
    when 'grocery.rename_list' then format('Renamed the list "%s" to "%s".', p_response ->> 'previous_name',
      p_response #>> '{list,name}')
    when 'grocery.delete_list' then format('Deleted the list "%s".', p_response #>> '{list,name}')
    when 'grocery.restore_list' then format('Restored the list "%s".', p_response #>> '{list,name}')
    when 'grocery.check_item' then format('Checked %s.', p_response #>> '{item,name}')
    when 'grocery.apply_conversion' then format('Merged %s of %s into %s.',
      private.counted(jsonb_array_length(p_response -> 'merged_item_ids') + 1, 'line'), p_response #>> '{item,name}',
      private.amount_words((p_response #>> '{item,quantity}')::numeric, p_response #>> '{item,unit}',
        p_response #>> '{item,name}'))
    when 'grocery.remove_item' then format('Removed %s.', p_response #>> '{item,name}')
    when 'grocery.restore_item' then format('Restored %s.', p_response #>> '{item,name}')
    when 'grocery.update_item' then format('Updated %s.', p_response #>> '{item,name}')
    when 'grocery.clear_checked' then format('Cleared %s.',
      private.counted((p_response ->> 'removed_count')::numeric, 'checked item'))
    when 'recipe.create' then 'Created a recipe.'
    when 'recipe.update' then format('Updated the recipe "%s".', p_response #>> '{recipe,title}')
    when 'recipe.delete' then format('Deleted the recipe "%s".', p_response ->> 'title')
    when 'recipe.restore' then format('Restored the recipe "%s".', p_response #>> '{recipe,title}')
    when 'recipe.revert' then format('Reverted the recipe "%s" to revision %s.', p_response #>> '{recipe,title}',
      p_response ->> 'reverted_to_revision')
    when 'planner.remove_meal' then format('Removed %s from %s (%s).', p_response #>> '{meal,recipe_title}',
      p_response #>> '{meal,date}', p_response #>> '{meal,meal_type}')
    when 'planner.restore_meal' then format('Restored %s on %s (%s).', p_response #>> '{meal,recipe_title}',
      p_response #>> '{meal,date}', p_response #>> '{meal,meal_type}')
    when 'planner.update_meal' then format('Changed %s on %s (%s).', p_response #>> '{meal,recipe_title}',
      p_response #>> '{meal,date}', p_response #>> '{meal,meal_type}')
    when 'household.create_invite' then format('Created an invite code valid until %s.',
      left(p_response ->> 'expires_at', 10))
    when 'household.join' then case when (p_response ->> 'already_member')::boolean
      then format('Redeemed an invite to "%s" (already a member).', p_response ->> 'name')
      else format('Joined "%s" as a %s.', p_response ->> 'name', p_response ->> 'role') end
    when 'household.leave' then format('Left the household (was a %s).', p_response ->> 'role')
    when 'household.remove_member' then format('Removed a member (a %s).', p_response ->> 'role')
    when 'ingredient.create' then format('Created the ingredient "%s".', p_response ->> 'name')
  end, p_tool);
end;
$$;
grant execute on function private.history_summary(text,jsonb) to authenticated;

-- history.list: each entry with its input and what its reply says was there before beside its summary; the tool's
-- TypeScript layer replaces the summary with the describer's sentence and drops the rest. The summary stays for
-- writes recorded without their input.
create or replace function app.history_list(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_limit integer := coalesce((p_input ->> 'limit')::integer, 20);
  v_after jsonb := private.decode_cursor(p_input ->> 'cursor');
  v_entries jsonb;
begin
  if v_after is not null and (v_after ->> 'c' is null or v_after ->> 'i' is null) then
    perform private.decode_cursor('not a cursor');
  end if;
  select coalesce(jsonb_agg(jsonb_build_object(
    'invocation_id', page.id,
    'tool', page.tool,
    'user_id', page.user_id,
    'created_at', page.created_at,
    'summary', private.history_summary(page.tool, page.response),
    'undone', private.invocation_undone(page),
    'input', private.described_input(page),
    'recorded', private.described_reply(page)
  ) order by page.created_at desc, page.id desc), '[]'::jsonb)
  into v_entries
  from private.household_writes_newest_first(p_household_id, (v_after ->> 'c')::timestamptz, (v_after ->> 'i')::uuid,
    v_limit + 1) page;
  if jsonb_array_length(v_entries) > v_limit then
    v_entries := v_entries - v_limit;
    return jsonb_build_object('entries', v_entries, 'next_cursor', private.encode_cursor(jsonb_build_object(
      'c', v_entries -> (v_limit - 1) -> 'created_at', 'i', v_entries -> (v_limit - 1) -> 'invocation_id')));
  end if;
  return jsonb_build_object('entries', v_entries, 'next_cursor', null);
end;
$$;

-- The names of the rows a sentence mentions, read as the caller under RLS (a row the caller cannot see is left
-- out, and the describer says "a list that no longer exists"). p_input: {lists, items, recipes, meals, ingredients,
-- members, series, invocations}, each an array of ids (at most 500 each); removed rows are named too (a sentence
-- about a removal names what was removed). Reply: the household's name and, per kind, an object keyed by id.
create or replace function app.describe_names(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_ids jsonb := jsonb_build_object();
  v_kind text;
begin
  foreach v_kind in array array['lists', 'items', 'recipes', 'meals', 'ingredients', 'members', 'series', 'invocations']
  loop
    v_ids := v_ids || jsonb_build_object(v_kind, coalesce((
      select jsonb_agg(distinct lower(value))
      from (select value from jsonb_array_elements_text(
        case when jsonb_typeof(p_input -> v_kind) = 'array' then p_input -> v_kind else '[]'::jsonb end) limit 500) ids
      where value ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'), '[]'::jsonb));
  end loop;
  return jsonb_build_object(
    'household', (select jsonb_build_object('name', h.name) from public.households h where h.id = p_household_id),
    'lists', (select coalesce(jsonb_object_agg(l.id, jsonb_build_object('name', l.name)), '{}')
      from public.grocery_lists l
      where l.household_id = p_household_id
        and l.id in (select value::uuid from jsonb_array_elements_text(v_ids -> 'lists'))),
    'items', (select coalesce(jsonb_object_agg(i.id, jsonb_build_object('name', coalesce(i.name, ingredient.name),
        'list_id', i.grocery_list_id, 'list_name', l.name)), '{}')
      from public.grocery_items i
      join public.grocery_lists l on l.id = i.grocery_list_id
      left join public.ingredients ingredient on ingredient.id = i.ingredient_id
      where i.household_id = p_household_id
        and i.id in (select value::uuid from jsonb_array_elements_text(v_ids -> 'items'))),
    'recipes', (select coalesce(jsonb_object_agg(r.id, jsonb_build_object('title', r.title)), '{}')
      from public.recipes r
      where r.household_id = p_household_id
        and r.id in (select value::uuid from jsonb_array_elements_text(v_ids -> 'recipes'))),
    'meals', (select coalesce(jsonb_object_agg(m.id, jsonb_build_object('date', m.date, 'meal_type', m.meal_type,
        'recipe_title', r.title)), '{}')
      from public.planner_meals m
      left join public.recipes r on r.id = m.recipe_id
      where m.household_id = p_household_id
        and m.id in (select value::uuid from jsonb_array_elements_text(v_ids -> 'meals'))),
    'ingredients', (select coalesce(jsonb_object_agg(i.id, jsonb_build_object('name', i.name)), '{}')
      from public.ingredients i
      where i.id in (select value::uuid from jsonb_array_elements_text(v_ids -> 'ingredients'))),
    'members', (select coalesce(jsonb_object_agg(member ->> 'user_id', jsonb_build_object('email', member ->> 'email',
        'display_name', member ->> 'display_name')), '{}')
      from jsonb_array_elements(private.household_members_json(p_household_id)) member
      where member ->> 'user_id' in (select jsonb_array_elements_text(v_ids -> 'members'))),
    'series', (select coalesce(jsonb_object_agg(s.id, jsonb_build_object('meal_type', s.meal_type,
        'recipe_title', r.title)), '{}')
      from public.planner_meal_series s
      left join public.recipes r on r.id = s.recipe_id
      where s.household_id = p_household_id
        and s.id in (select value::uuid from jsonb_array_elements_text(v_ids -> 'series'))),
    'invocations', (select coalesce(jsonb_object_agg(t.id, jsonb_build_object('tool', t.tool,
        'input', private.described_input(t), 'recorded', private.described_reply(t),
        'summary', private.history_summary(t.tool, t.response))), '{}')
      from private.household_writes(p_household_id) t
      where t.id in (select value::uuid from jsonb_array_elements_text(v_ids -> 'invocations')))
  );
end;
$$;

-- The caller's display name, for every household they are in (a user-scope write: it names no household). Replies
-- with the name before, so the person can put it back.
create or replace function app.household_set_display_name(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_name text := btrim(p_input ->> 'display_name');
  v_previous text;
begin
  if v_name is null or char_length(v_name) not between 1 and 60 or v_name ~ '[[:cntrl:]]' then
    raise exception 'display_name must be 1 to 60 characters without control characters'
      using errcode = 'MP400', column = 'display_name';
  end if;
  select p.display_name into v_previous from public.profiles p where p.user_id = (select auth.uid()) for update;
  insert into public.profiles (user_id, display_name) values ((select auth.uid()), v_name)
  on conflict (user_id) do update set display_name = excluded.display_name, updated_at = now();
  return jsonb_build_object('user_id', (select auth.uid()), 'display_name', v_name,
    'previous_display_name', v_previous);
end;
$$;

grant execute on function app.household_set_display_name(uuid,jsonb) to authenticated;

-- A display name as sign-up metadata may carry it: trimmed, control characters taken out, at most 60 characters;
-- null when nothing is left (the person then shows by their email until they set one).
create or replace function private.clean_display_name(p_name text) returns text
language sql immutable
set search_path = ''
as $$
  select nullif(pg_catalog.btrim(pg_catalog.left(pg_catalog.btrim(
    pg_catalog.regexp_replace(p_name, '[[:cntrl:]]', '', 'g')), 60)), '')
$$;

grant execute on function private.clean_display_name(text) to authenticated;

create or replace function private.create_personal_household() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_invite public.household_invites;
begin
  if private.clean_display_name(new.raw_user_meta_data ->> 'display_name') is not null then
    insert into public.profiles (user_id, display_name)
    values (new.id, private.clean_display_name(new.raw_user_meta_data ->> 'display_name'));
  end if;
  select * into v_invite from public.household_invites i
  where i.code = btrim(new.raw_user_meta_data ->> 'invite_code') and i.expires_at > now() and i.revoked_at is null
    and (i.max_uses is null or i.use_count < i.max_uses)
  for update;
  if v_invite.id is not null then
    begin
      insert into public.household_members (household_id, user_id, role, is_default)
      values (v_invite.household_id, new.id, 'member', true);
      update public.household_invites i set use_count = i.use_count + 1 where i.id = v_invite.id;
      -- As household.join records itself (a user-scope write: no household of its own, the household in its reply).
      insert into public.tool_invocations (household_id, user_id, tool, is_write, response)
      values (null, new.id, 'household.join', true, jsonb_build_object(
        'household_id', v_invite.household_id, 'invite_id', v_invite.id,
        'name', (select h.name from public.households h where h.id = v_invite.household_id),
        'role', 'member', 'already_member', false, 'became_default', true, 'previous_default_household_id', null));
      return new;
    exception when sqlstate 'MP409' then
      -- A cap refused the join (the household is full): rolled back to here, and a household of its own below.
      null;
    end;
  end if;
  insert into public.households (name, created_by)
  values (coalesce(nullif(left(btrim(new.raw_user_meta_data ->> 'household_name'), 200), ''), 'My household'), new.id);
  return new;
end;
$$;

-- The users who share a household with the caller (the caller included). Definer: household_members' own policy
-- would be read again for every row.
create or replace function private.fellow_user_ids() returns setof uuid
language plpgsql stable security definer
set search_path = ''
as $$
begin
  return query
  select distinct other.user_id from public.household_members mine
  join public.household_members other on other.household_id = mine.household_id
  where mine.user_id = (select auth.uid());
end;
$$;

grant execute on function private.fellow_user_ids() to authenticated;

-- Why a write of this tool (check_item, uncheck_item, update_item, remove_item) must not run, as a refusal; null
-- when it may. Locks the item's list, then the item, as private.live_grocery_item does (so the decision holds until
-- the write commits). An item of another household, an unknown one or one on a removed list gets null here: the
-- tool itself answers NOT_FOUND.
create or replace function private.grocery_item_write_refusal(p_household_id uuid, p_tool text, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_item_id uuid := (p_input ->> 'grocery_item_id')::uuid;
  v_seen bigint := (p_input ->> 'seen_version')::bigint;
  v_me uuid := auth.uid();
  v_list public.grocery_lists;
  v_item public.grocery_items;
  v_into public.grocery_items;
  v_name text;
  v_checked_by_other boolean;
  v_amount_by_other boolean;
  v_what text;
  v_ticked_by text;
  v_changed_by text;
begin
  select l.* into v_list from public.grocery_lists l
  where l.id = (select i.grocery_list_id from public.grocery_items i
                where i.id = v_item_id and i.household_id = p_household_id)
  for no key update;
  if v_list.id is null or v_list.deleted_at is not null then
    return null;
  end if;
  select i.* into v_item from public.grocery_items i
  where i.id = v_item_id and i.household_id = p_household_id
  for no key update;
  v_name := private.grocery_item_json(v_item) ->> 'name';

  if v_item.deleted_at is not null then
    v_into := private.grocery_line_merged_into(v_item);
    if v_item.merged_into_id is not null and v_into.deleted_at is null then
      return private.grocery_refusal('NOT_FOUND', format(
        '"%s" was merged into another line of %s: "%s", now %s %s. Nothing changed; apply it to that line if you still mean it.',
        v_name, v_list.name, private.grocery_item_json(v_into) ->> 'name', v_into.quantity, v_into.unit),
        'grocery_item_id', jsonb_build_object('reason', 'merged', 'grocery_list_id', v_list.id,
          'version', v_list.version, 'item', private.grocery_item_detail_json(v_item)
            || jsonb_build_object('deleted_at', v_item.deleted_at),
          'merged_into', private.grocery_item_detail_json(v_into)));
    end if;
    return private.grocery_refusal('NOT_FOUND', format(
      '"%s" was removed from %s. Nothing changed.', v_name, v_list.name),
      'grocery_item_id', jsonb_build_object('reason', 'removed', 'grocery_list_id', v_list.id,
        'version', v_list.version, 'item', private.grocery_item_detail_json(v_item)
          || jsonb_build_object('deleted_at', v_item.deleted_at), 'merged_into', null));
  end if;

  if v_seen is null then
    return null;
  end if;
  if v_seen > v_list.version then
    raise exception 'seen_version (%) is past this list''s version (%): it was not read from this list; re-read it with grocery.get_list',
      v_seen, v_list.version using errcode = 'MP409', column = 'seen_version';
  end if;
  v_checked_by_other := v_item.checked_version > v_seen and v_item.checked_changed_by is distinct from v_me;
  v_amount_by_other := v_item.amount_version > v_seen and v_item.amount_changed_by is distinct from v_me;
  -- Who did it, by their display name (else their email) while they are a member: "someone else" otherwise.
  v_ticked_by := case when v_checked_by_other then
    coalesce(private.member_name(p_household_id, v_item.checked_changed_by), 'someone else') end;
  v_changed_by := case when v_amount_by_other then
    coalesce(private.member_name(p_household_id, v_item.amount_changed_by), 'someone else') end;
  v_what := case
    when p_tool = 'grocery.check_item' and not v_item.checked and v_checked_by_other then
      format('"%s" was unticked by %s after you last read %s; it stays unticked. Tick it again if you still mean it.',
        v_name, v_ticked_by, v_list.name)
    when p_tool in ('grocery.uncheck_item', 'grocery.remove_item') and v_item.checked and v_checked_by_other then
      format('"%s" was ticked by %s after you last read %s; it stays ticked. %s',
        v_name, v_ticked_by, v_list.name, case when p_tool = 'grocery.remove_item' then 'Remove it again if you still mean it.'
        else 'Untick it again if you still mean it.' end)
    when p_tool = 'grocery.remove_item' and not v_item.checked and v_checked_by_other then
      format('"%s" was unticked by %s after you last read %s; it stays on the list. Remove it again if you still mean it.',
        v_name, v_ticked_by, v_list.name)
    when p_tool in ('grocery.update_item', 'grocery.remove_item') and v_amount_by_other then
      format('"%s" was changed by %s after you last read %s: it is now %s %s%s. Nothing changed; %s it again if you still mean it.',
        v_name, v_changed_by, v_list.name, v_item.quantity, v_item.unit,
        coalesce(', ' || v_item.prep_state, ''),
        case when p_tool = 'grocery.remove_item' then 'remove' else 'change' end)
  end;
  if v_what is null then
    return null;
  end if;
  return private.grocery_refusal('CONFLICT', v_what, 'seen_version', jsonb_build_object(
    'reason', case when v_checked_by_other and p_tool <> 'grocery.update_item' then 'checked_changed'
      else 'amount_changed' end,
    'grocery_list_id', v_list.id, 'version', v_list.version,
    'item', private.grocery_item_detail_json(v_item),
    'changed_by', case when v_checked_by_other and p_tool <> 'grocery.update_item' then v_item.checked_changed_by
      else v_item.amount_changed_by end,
    'changed_at_version', case when v_checked_by_other and p_tool <> 'grocery.update_item' then v_item.checked_version
      else v_item.amount_version end));
end;
$$;

-- Members with their emails and display names, for households the caller belongs to. Definer:
-- the API roles cannot read auth.users.
create or replace function private.household_members_json(p_household_id uuid) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not private.is_household_member(p_household_id) then
    return '[]'::jsonb;
  end if;
  return coalesce((
    select jsonb_agg(jsonb_build_object(
      'user_id', m.user_id, 'role', m.role, 'email', u.email, 'display_name', p.display_name,
      'joined_at', m.created_at
    ) order by m.created_at, m.user_id)
    from public.household_members m
    join auth.users u on u.id = m.user_id
    left join public.profiles p on p.user_id = m.user_id
    where m.household_id = p_household_id
  ), '[]'::jsonb);
end;
$$;

-- How a sentence names a member of the household to a fellow member: their display name, else their email; null
-- when the caller is not a member or the user is not (any more) one, so the sentence says "someone else".
create or replace function private.member_name(p_household_id uuid, p_user_id uuid) returns text
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if p_user_id is null or not private.is_household_member(p_household_id) then
    return null;
  end if;
  return (select coalesce(p.display_name, u.email)
    from public.household_members m
    join auth.users u on u.id = m.user_id
    left join public.profiles p on p.user_id = m.user_id
    where m.household_id = p_household_id and m.user_id = p_user_id);
end;
$$;

grant execute on function private.member_name(uuid,uuid) to authenticated;

drop policy if exists "People change their own profile" on public.profiles;
create policy "People change their own profile" on public.profiles
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

drop policy if exists "People write their own profile" on public.profiles;
create policy "People write their own profile" on public.profiles
  for insert to authenticated
  with check (user_id = (select auth.uid()));

drop policy if exists "Profiles are visible to fellow members" on public.profiles;
create policy "Profiles are visible to fellow members" on public.profiles
  for select to authenticated
  using (user_id = (select auth.uid()) or user_id in (select private.fellow_user_ids()));

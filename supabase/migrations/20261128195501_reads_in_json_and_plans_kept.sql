-- recipe.list answers in json, sent as built (private.invoke_json); a function's return type cannot be changed in
-- place, so it is dropped and made again below (with its grant), in this one transaction.
drop function app.recipe_list(uuid, jsonb);

-- Ordered by title (case-folded), then id; the cursor is the last row's pair.
create or replace function app.recipe_list(p_household_id uuid, p_input jsonb) returns json
language plpgsql stable
set search_path = ''
as $$
declare
  v_limit integer := coalesce((p_input ->> 'limit')::integer, 20);
  v_tags text[] := private.text_array(p_input -> 'tags');
  v_min_rating integer := (p_input ->> 'min_rating')::integer;
  v_pattern text := '%' || private.escape_like(p_input ->> 'query') || '%';
  v_after jsonb := private.decode_cursor(p_input ->> 'cursor');
  v_unfiltered boolean := cardinality(v_tags) = 0 and v_min_rating is null and p_input ->> 'query' is null;
  v_after_title text;
  v_after_id uuid;
  v_rows json;
  v_more boolean;
  v_last_title text;
  v_last_id uuid;
begin
  if v_after is not null then
    v_after_title := v_after ->> 't';
    v_after_id := (v_after ->> 'i')::uuid;
    if v_after_title is null or v_after_id is null then
      perform private.decode_cursor('not a cursor');
    end if;
  end if;

  -- The page is chosen first; its JSON is built for those rows only. Two ways to choose it, of which the plan
  -- runs one (the other's one-time filter is false):
  -- * unfiltered (an app's plain listing): read in order from recipes_title_order_idx and no further than the
  --   page. Under RLS the cursor cannot bound the index scan (text comparison is not leakproof, so it runs
  --   after the policy), so a later page skips the earlier rows in the index: never more than the sort read.
  --   No title is empty (a check of the table), so ('', nil uuid) is before every recipe.
  -- * filtered: the filters' "x is null or ..." terms make the cached generic plan guess a row or two, so it
  --   reads the household's recipes and sorts the matches.
  -- The reply is json, built once and sent as built (private.invoke_json): the page of limit + 1 rows is numbered,
  -- the first limit become the reply, and the limit-th is where the next page starts.
  select coalesce(json_agg(json_build_object(
      'id', page.id, 'title', page.title, 'tags', page.tags, 'rating', page.rating,
      'servings', page.servings, 'photo_path', page.photo_path, 'updated_at', page.updated_at
    ) order by page.sort_title, page.id) filter (where page.n <= v_limit), '[]'::json),
    count(*) > v_limit,
    max(page.sort_title) filter (where page.n = v_limit),
    (array_agg(page.id) filter (where page.n = v_limit))[1]
  into v_rows, v_more, v_last_title, v_last_id
  from (select chosen.*, row_number() over (order by chosen.sort_title, chosen.id) as n from (
    (select lower(r.title) as sort_title, r.id, r.title, r.tags, r.rating, r.servings, r.photo_path, r.updated_at
     from public.recipes r
     where v_unfiltered
       and r.household_id = p_household_id
       and r.deleted_at is null
       and (lower(r.title), r.id) > (coalesce(v_after_title, ''),
                                     coalesce(v_after_id, '00000000-0000-0000-0000-000000000000'::uuid))
     order by lower(r.title), r.id
     limit v_limit + 1)
    union all
    (select lower(r.title) as sort_title, r.id, r.title, r.tags, r.rating, r.servings, r.photo_path, r.updated_at
     from public.recipes r
     where not v_unfiltered
       and r.household_id = p_household_id
       and r.deleted_at is null
       and (cardinality(v_tags) = 0 or r.tags @> v_tags)
       and (v_min_rating is null or r.rating >= v_min_rating)
       and (p_input ->> 'query' is null or r.title ilike v_pattern)
       and (v_after_id is null or (lower(r.title), r.id) > (v_after_title, v_after_id))
     order by lower(r.title), r.id
     limit v_limit + 1)
  ) chosen) page;

  return json_build_object('recipes', v_rows, 'next_cursor', case when v_more then private.encode_cursor(
    jsonb_build_object('t', v_last_title, 'i', v_last_id)) end);
end;
$$;

grant execute on function app.recipe_list(uuid,jsonb) to authenticated;

-- These three are plpgsql, not sql: a SQL function with a SET clause is never inlined and, before PostgreSQL 18, is
-- planned again at every call, and one write's reply called two of them in turn (check an item: 2.5 of 9.2 million
-- instructions, counted with callgrind).
create or replace function private.grocery_item_as_json(p_item public.grocery_items, p_ingredient_name text)
returns json
language plpgsql stable
set search_path = ''
as $$
begin
  return pg_catalog.json_build_object(
    'id', p_item.id,
    'ingredient_id', p_item.ingredient_id,
    'name', coalesce(p_item.name, p_ingredient_name),
    'quantity', p_item.quantity,
    'unit', p_item.unit,
    'prep_state', p_item.prep_state,
    'checked', p_item.checked
  );
end;
$$;

create or replace function private.grocery_item_as_json(p_item public.grocery_items, p_ingredient_name text,
  p_quantity_before numeric) returns json
language plpgsql stable
set search_path = ''
as $$
begin
  return pg_catalog.json_build_object(
    'id', p_item.id,
    'ingredient_id', p_item.ingredient_id,
    'name', coalesce(p_item.name, p_ingredient_name),
    'quantity', p_item.quantity,
    'unit', p_item.unit,
    'prep_state', p_item.prep_state,
    'checked', p_item.checked,
    'quantity_before', p_quantity_before,
    'quantity_after', p_item.quantity
  );
end;
$$;

create or replace function private.grocery_item_json(p_item public.grocery_items, p_ingredient_name text)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
begin
  return private.grocery_item_as_json(p_item, p_ingredient_name)::jsonb;
end;
$$;

-- An item's name as the list shows it: its own, else its ingredient's.
create or replace function private.grocery_item_name(p_item public.grocery_items) returns text
language plpgsql stable
set search_path = ''
as $$
begin
  return coalesce(p_item.name, (select i.name from public.ingredients i where i.id = p_item.ingredient_id));
end;
$$;

grant execute on function private.grocery_item_name(public.grocery_items) to authenticated;

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

  if v_item.deleted_at is not null then
    v_name := private.grocery_item_name(v_item);
    v_into := private.grocery_line_merged_into(v_item);
    if v_item.merged_into_id is not null and v_into.deleted_at is null then
      return private.grocery_refusal('NOT_FOUND', format(
        '"%s" was merged into another line of %s: "%s", now %s. Nothing changed; apply it to that line if you still mean it.',
        v_name, v_list.name, private.grocery_item_json(v_into) ->> 'name',
        private.amount_words(v_into.quantity, v_into.unit, private.grocery_item_json(v_into) ->> 'name')),
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

  -- Most writes carry no seen_version (or come from a client that is up to date): they go on without a name looked up.
  if v_seen is null then
    return null;
  end if;
  v_name := private.grocery_item_name(v_item);
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
      format('"%s" was changed by %s after you last read %s: it is now %s%s. Nothing changed; %s it again if you still mean it.',
        v_name, v_changed_by, v_list.name, private.amount_words(v_item.quantity, v_item.unit, v_name),
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

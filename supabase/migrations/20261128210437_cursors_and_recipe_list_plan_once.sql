-- Ordered by title (case-folded), then id; the cursor is the last row's pair.
create or replace function app.recipe_list(p_household_id uuid, p_input jsonb) returns json
language plpgsql stable
set search_path = ''
as $$
declare
  v_limit integer := coalesce((p_input ->> 'limit')::integer, 20);
  -- The helpers run only for what was given: an app's plain listing gives none of tags, query or cursor, and each
  -- call of a function with a SET clause costs a configuration save and restore.
  v_tags text[] := case when p_input ? 'tags' then private.text_array(p_input -> 'tags') else '{}' end;
  v_min_rating integer := (p_input ->> 'min_rating')::integer;
  v_pattern text := case when p_input ? 'query' then '%' || private.escape_like(p_input ->> 'query') || '%' end;
  v_after jsonb := case when p_input ? 'cursor' then private.decode_cursor(p_input ->> 'cursor') end;
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

-- An immutable function may be evaluated when a caller is planned, so plpgsql_check ran these with their constant
-- arguments and reported their RAISE as an error of every caller. decode_cursor's answer depends only on its
-- argument but it raises on a bad one: stable. undo_conflict only ever raises: volatile.
create or replace function private.decode_cursor(p_cursor text) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_key jsonb;
begin
  if p_cursor is null then
    return null;
  end if;
  -- The block that catches a bad cursor starts a subtransaction: only a call with a cursor pays for it, not every
  -- first page.
  begin
    v_key := pg_catalog.convert_from(pg_catalog.decode(p_cursor, 'base64'), 'UTF8')::jsonb;
    if jsonb_typeof(v_key) is distinct from 'object' then
      raise exception 'not an object';
    end if;
  exception when others then
    raise exception 'cursor is not one this tool returned; pass next_cursor back unchanged'
      using errcode = 'MP400', column = 'cursor';
  end;
  return v_key;
end;
$$;

-- Keyset pages: a cursor is the last row's sort key as base64 JSON, opaque to callers, who pass
-- next_cursor back unchanged; anything else is refused naming the field.
-- plpgsql, as is_uuid: every page that has a next one runs it (supabase/tests/36-hot-paths-plan-once.sql).
create or replace function private.encode_cursor(p_key jsonb) returns text
language plpgsql immutable
set search_path = ''
as $$
begin
  return pg_catalog.translate(pg_catalog.encode(pg_catalog.convert_to(p_key::text, 'UTF8'), 'base64'), E'\n', '');
end;
$$;

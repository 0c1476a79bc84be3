-- ============================================================================
-- Tables and policies
-- ============================================================================

create table public.grocery_lists (
  id uuid primary key default gen_random_uuid(),
  household_id uuid not null references public.households (id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 100),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  unique (household_id, id)
);
create unique index grocery_lists_live_name_key on public.grocery_lists (household_id, lower(btrim(name)))
  where deleted_at is null;
create index grocery_lists_household_id_idx on public.grocery_lists (household_id);
create trigger grocery_lists_stamp_update before update on public.grocery_lists
  for each row execute function private.stamp_update();

revoke all on public.grocery_lists from public, anon, authenticated;
-- No delete: rows are soft-deleted (deleted_at) so that removal can be undone.
grant select on public.grocery_lists to authenticated;
grant insert, update on public.grocery_lists to meal_planner_writer;

alter table public.grocery_lists enable row level security;

create policy "Grocery lists are visible to household members" on public.grocery_lists
  for select to authenticated
  using (household_id in (select private.member_household_ids()));
create policy "Members can create grocery lists in their household" on public.grocery_lists
  for insert to authenticated
  with check (household_id in (select private.member_household_ids()) and created_by = (select auth.uid()));
create policy "Members can edit their household's grocery lists" on public.grocery_lists
  for update to authenticated
  using (household_id in (select private.member_household_ids()))
  with check (household_id in (select private.member_household_ids()));

create table public.grocery_items (
  id uuid primary key default gen_random_uuid(),
  grocery_list_id uuid not null,
  household_id uuid not null,
  ingredient_id uuid references public.ingredients (id),
  name text check (char_length(btrim(name)) between 1 and 100),
  quantity numeric not null check (quantity > 0 and quantity <= 1000000 and quantity = round(quantity, 3)),
  unit text not null references public.units (code),
  prep_state text check (char_length(btrim(prep_state)) between 1 and 50),
  -- The merge compares names and prep states as it compares ingredient names: trimmed and case-folded
  -- ("Chopped" is "chopped"); the item keeps the spelling it was first given, for display.
  name_key text generated always as (lower(btrim(name))) stored,
  prep_key text generated always as (lower(btrim(prep_state))) stored,
  checked boolean not null default false,
  checked_by uuid references auth.users (id) on delete set null,
  checked_at timestamptz,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  check (ingredient_id is not null or name is not null),
  check (checked or (checked_by is null and checked_at is null)),
  unique (household_id, id),
  foreign key (household_id, grocery_list_id) references public.grocery_lists (household_id, id) on delete cascade
);
-- No index of household_id alone: unique (household_id, id) leads with it (the policies' and the Data API's
-- household filter use it), and every index is a cost on each write of the merge.
create index grocery_items_list_idx on public.grocery_items (grocery_list_id);
-- The merge looks items up by this key.
create index grocery_items_merge_key_idx on public.grocery_items (grocery_list_id, ingredient_id, unit)
  where deleted_at is null and not checked;
create index grocery_items_free_merge_key_idx on public.grocery_items (grocery_list_id, name_key, unit)
  where deleted_at is null and not checked and ingredient_id is null;
create index grocery_items_ingredient_id_idx on public.grocery_items (ingredient_id);
-- The stamp (updated_at, created_* kept) runs for every update that does not stamp the row itself: the merge sets
-- updated_at = now() in its own statement, and 500 merged lines skip 500 calls of a plpgsql trigger (1 ms). Any
-- update that changes created_at or created_by still meets the trigger.
create trigger grocery_items_stamp_update before update on public.grocery_items
  for each row
  when (new.updated_at is not distinct from old.updated_at or new.created_at is distinct from old.created_at
        or new.created_by is distinct from old.created_by)
  execute function private.stamp_update();
create trigger grocery_items_check_ingredient_scope after insert or update of ingredient_id, household_id on public.grocery_items
  for each row execute function private.check_ingredient_scope();

revoke all on public.grocery_items from public, anon, authenticated;
grant select on public.grocery_items to authenticated;
grant insert, update on public.grocery_items to meal_planner_writer;

alter table public.grocery_items enable row level security;

create policy "Grocery items are visible to household members" on public.grocery_items
  for select to authenticated
  using (household_id in (select private.member_household_ids()));
create policy "Members can add grocery items in their household" on public.grocery_items
  for insert to authenticated
  with check (household_id in (select private.member_household_ids()) and created_by = (select auth.uid()));
create policy "Members can edit their household's grocery items" on public.grocery_items
  for update to authenticated
  using (household_id in (select private.member_household_ids()))
  with check (household_id in (select private.member_household_ids()));

-- One row per contribution to an item: which recipe or planned meal, how much.
-- History: written once, never edited.
create table public.grocery_item_sources (
  id uuid primary key default gen_random_uuid(),
  grocery_item_id uuid not null,
  household_id uuid not null,
  recipe_id uuid,
  planner_meal_id uuid,
  quantity_added numeric not null check (quantity_added > 0 and quantity_added <= 1000000 and quantity_added = round(quantity_added, 3)),
  unit text not null references public.units (code),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  foreign key (household_id, grocery_item_id) references public.grocery_items (household_id, id) on delete cascade,
  foreign key (household_id, recipe_id) references public.recipes (household_id, id) on delete set null (recipe_id),
  foreign key (household_id, planner_meal_id) references public.planner_meals (household_id, id) on delete set null (planner_meal_id)
);
-- Leads with household_id, so it also serves the policies' household filter.
create index grocery_item_sources_item_idx on public.grocery_item_sources (household_id, grocery_item_id);
create index grocery_item_sources_recipe_idx on public.grocery_item_sources (household_id, recipe_id) where recipe_id is not null;
create index grocery_item_sources_meal_idx on public.grocery_item_sources (household_id, planner_meal_id) where planner_meal_id is not null;

revoke all on public.grocery_item_sources from public, anon, authenticated;
grant select on public.grocery_item_sources to authenticated;
-- Update only of grocery_item_id: unchecking folds a line's sources into the line it joins.
grant insert, update (grocery_item_id) on public.grocery_item_sources to meal_planner_writer;

alter table public.grocery_item_sources enable row level security;

create policy "Grocery item sources are visible to household members" on public.grocery_item_sources
  for select to authenticated
  using (household_id in (select private.member_household_ids()));
create policy "Members can record grocery item sources in their household" on public.grocery_item_sources
  for insert to authenticated
  with check (household_id in (select private.member_household_ids()) and created_by = (select auth.uid()));
create policy "Members can move sources between their household's items" on public.grocery_item_sources
  for update to authenticated
  using (household_id in (select private.member_household_ids()))
  with check (household_id in (select private.member_household_ids()));

-- A list's updated_at moves whenever its items change: once per statement, for every list it touched.
create function private.touch_grocery_lists() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- A list already stamped in this transaction (now() is the transaction's start) is left alone: a push's
  -- update and insert both fire this, and a second row version of the list would buy nothing.
  update public.grocery_lists l set updated_at = now()
  where l.id in (select distinct changed.grocery_list_id from changed_items changed) and l.updated_at <> now();
  return null;
end;
$$;
create trigger grocery_items_touch_list_on_insert after insert on public.grocery_items
  referencing new table as changed_items
  for each statement execute function private.touch_grocery_lists();
create trigger grocery_items_touch_list_on_update after update on public.grocery_items
  referencing new table as changed_items
  for each statement execute function private.touch_grocery_lists();

-- ============================================================================
-- Item JSON
-- ============================================================================

-- An item as every reply shows it, given its ingredient's name: a plain expression, so a set-based caller that
-- joins the names (push's reply) has it inlined, with no call or lookup per item. No `set search_path`: a
-- function with a SET clause is never inlined, and a SQL-standard body is bound when it is created, so the
-- caller's search_path cannot change what it calls.
-- As json: a reply of many items is built as json and made jsonb once (see grocery.get_list for why).
create function private.grocery_item_as_json(p_item public.grocery_items, p_ingredient_name text) returns json
language sql stable
return pg_catalog.json_build_object(
  'id', p_item.id,
  'ingredient_id', p_item.ingredient_id,
  'name', coalesce(p_item.name, p_ingredient_name),
  'quantity', p_item.quantity,
  'unit', p_item.unit,
  'prep_state', p_item.prep_state,
  'checked', p_item.checked
);

-- An item a push merged into: the item, and its quantity before and after.
create function private.grocery_item_as_json(p_item public.grocery_items, p_ingredient_name text,
  p_quantity_before numeric) returns json
language sql stable
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

create function private.grocery_item_json(p_item public.grocery_items, p_ingredient_name text) returns jsonb
language sql stable
return private.grocery_item_as_json(p_item, p_ingredient_name)::jsonb;

-- One item, looking its name up. plpgsql keeps this function's plan per session; as a non-inlinable SQL
-- function it would be planned again for every item of every response.
create function private.grocery_item_json(p_item public.grocery_items) returns jsonb
language plpgsql stable
set search_path = ''
as $$
begin
  return private.grocery_item_json(p_item,
    (select i.name from public.ingredients i where i.id = p_item.ingredient_id));
end;
$$;

-- ============================================================================
-- Tool: grocery.push_ingredients (the merge)
-- ============================================================================

-- grocery.push_ingredients: merge each line into an unchecked, live item of the
-- list with the same ingredient, unit and prep state (null = null), else add
-- an item. No unit conversion. One call, one transaction: a bad line anywhere
-- leaves nothing behind.
-- A list holds at most 1000 live items, so that reading one stays bounded;
-- returns the count, or refuses the change that went past it.
create function private.live_item_count(p_list_id uuid) returns integer
language plpgsql stable
set search_path = ''
as $$
declare
  v_count integer;
begin
  select count(*) into v_count from public.grocery_items i where i.grocery_list_id = p_list_id and i.deleted_at is null;
  if v_count > 1000 then
    raise exception 'a grocery list holds at most 1000 items; check off or remove items, or start a new list'
      using errcode = 'MP409', column = 'grocery_list_id';
  end if;
  return v_count;
end;
$$;

-- The first line, in line order, that refers to something this household does not have, as
-- (message, field, SQLSTATE); null when every reference holds. One query checks every line; plpgsql so
-- that it is planned once per session. The shape of a line (types, keys, bounds, units, lengths) is Zod's
-- to check before the call, and the tables' constraints hold the bounds: nothing of that is repeated here.
create function private.push_line_problem(p_household_id uuid, p_lines jsonb) returns text[]
language plpgsql stable
set search_path = ''
as $$
begin
  return (
  with lines as (
    select e.ordinality - 1 as line_index, format('ingredients[%s]', e.ordinality - 1) as path,
      (e.value ->> 'ingredient_id')::uuid as ingredient_id, (e.value ->> 'source_recipe_id')::uuid as recipe_id,
      (e.value ->> 'planner_meal_id')::uuid as meal_id
    from jsonb_array_elements(p_lines) with ordinality e
  ),
  checked as (
    select l.line_index, case
      when not exists (
        select 1 from public.ingredients i
        where i.id = l.ingredient_id and (i.household_id is null or i.household_id = p_household_id)
      ) then
        array['unknown ingredient ' || l.ingredient_id, l.path || '.ingredient_id', 'MP400']
      when l.recipe_id is not null and not exists (
        select 1 from public.recipes r
        where r.id = l.recipe_id and r.household_id = p_household_id and r.deleted_at is null
      ) then
        array['recipe not found', l.path || '.source_recipe_id', 'MP404']
      when l.meal_id is not null and not exists (
        select 1 from public.planner_meals m
        where m.id = l.meal_id and m.household_id = p_household_id and m.deleted_at is null
      ) then
        array['planned meal not found', l.path || '.planner_meal_id', 'MP404']
    end as problem
    from lines l
  )
  select c.problem from checked c where c.problem is not null order by c.line_index limit 1
  );
end;
$$;

-- Refuses a push whose merged quantity would pass 1,000,000, naming its first line (line_index, 0-based);
-- true otherwise. Push calls it once per statement, before any row is written (see below).
create function private.refuse_push_over_limit(p_first_line integer) returns boolean
language plpgsql volatile
set search_path = ''
as $$
begin
  if p_first_line is not null then
    raise exception 'quantity would exceed 1000000 after merging'
      using errcode = 'MP400', column = format('ingredients[%s].quantity', p_first_line);
  end if;
  return true;
end;
$$;

-- grocery.push_ingredients, set-based in one statement: the lines summed per key, the list's matching items
-- locked (in id order, so that no two writers deadlock) and updated, the rest inserted, a source row per
-- line, and the reply built from what the writes returned. Every table is reached through the list's merge
-- index or a primary key, so the cost follows the size of the push, not of the list or the database.
-- Its plans are generic: planning the one statement again for every call's values cost more than running it
-- (a 10-line push took 2.25 ms of server CPU with custom plans, 1.4 ms with the generic one).
create function app.grocery_push_ingredients(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
security invoker
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  v_list_id uuid := (p_input ->> 'grocery_list_id')::uuid;
  -- created_by's default, read once for the statement instead of once per row (it parses the claims each time).
  v_user_id uuid := auth.uid();
  v_problem text[];
  v_reply jsonb;
begin
  -- Concurrent pushes into one list queue here, so none loses an update.
  perform from public.grocery_lists l
  where l.id = v_list_id and l.household_id = p_household_id and l.deleted_at is null
  for no key update;
  if not found then
    raise exception 'grocery list not found' using errcode = 'MP404', column = 'grocery_list_id';
  end if;

  v_problem := private.push_line_problem(p_household_id, p_input -> 'ingredients');
  if v_problem is not null then
    raise exception '%', v_problem[1] using errcode = v_problem[3], column = v_problem[2];
  end if;

  -- Per key the oldest unchecked, live item of the list; prep states compare trimmed and case-folded
  -- (prep_key); a new item takes its first line's spelling.
  with lines as (
    select e.ingredient_id, e.quantity, e.unit, btrim(e.prep_state) as prep_state,
      lower(btrim(e.prep_state)) as prep_key, e.source_recipe_id, e.planner_meal_id, (e.line - 1)::integer as line
    from rows from (jsonb_to_recordset(p_input -> 'ingredients') as (ingredient_id uuid, quantity numeric,
      unit text, prep_state text, source_recipe_id uuid, planner_meal_id uuid)) with ordinality
      as e(ingredient_id, quantity, unit, prep_state, source_recipe_id, planner_meal_id, line)
  ),
  groups as (
    select l.ingredient_id, l.unit, l.prep_key, (array_agg(l.prep_state order by l.line))[1] as prep_state,
      sum(l.quantity) as quantity, min(l.line) as first_line
    from lines l group by l.ingredient_id, l.unit, l.prep_key
  ),
  candidates as (
    select i.id, i.ingredient_id, i.unit, i.prep_key, i.quantity, i.created_at
    from public.grocery_items i
    where i.grocery_list_id = v_list_id and not i.checked and i.deleted_at is null
      and (i.ingredient_id, i.unit) in (select g.ingredient_id, g.unit from groups g)
    order by i.id
    for no key update
  ),
  matched as (
    select g.*, t.id as item_id, t.quantity as quantity_before
    from groups g
    left join (
      select distinct on (c.ingredient_id, c.unit, c.prep_key) c.*
      from candidates c
      order by c.ingredient_id, c.unit, c.prep_key, c.created_at, c.id
    ) t on t.ingredient_id = g.ingredient_id and t.unit = g.unit and t.prep_key is not distinct from g.prep_key
  ),
  -- One row; evaluated (and so raising) before either write below reads its first row.
  within_limit as (
    select private.refuse_push_over_limit(min(m.first_line) filter (
      where coalesce(m.quantity_before, 0) + m.quantity > 1000000)) as ok
    from matched m
  ),
  updated as (
    update public.grocery_items i set quantity = trim_scale(i.quantity + m.quantity), updated_at = now()
    from matched m
    where i.id = any (array(select m2.item_id from matched m2 where m2.item_id is not null))
      and i.id = m.item_id and (select w.ok from within_limit w)
    returning i as item, m.first_line, m.quantity_before
  ),
  inserted as (
    insert into public.grocery_items as n (grocery_list_id, household_id, ingredient_id, quantity, unit, prep_state,
      created_by)
    select v_list_id, p_household_id, m.ingredient_id, trim_scale(m.quantity), m.unit, m.prep_state, v_user_id
    from matched m
    where m.item_id is null and (select w.ok from within_limit w)
    order by m.first_line
    returning n as item
  ),
  items as (
    select u.item, u.first_line, u.quantity_before from updated u
    union all
    select n.item, m.first_line, null::numeric
    from inserted n
    join matched m on m.item_id is null and m.ingredient_id = (n.item).ingredient_id and m.unit = (n.item).unit
      and m.prep_key is not distinct from (n.item).prep_key
  ),
  sources as (
    insert into public.grocery_item_sources (grocery_item_id, household_id, recipe_id, planner_meal_id, quantity_added, unit,
      created_by)
    select (it.item).id, p_household_id, l.source_recipe_id, l.planner_meal_id, l.quantity, l.unit, v_user_id
    from lines l
    join items it on (it.item).ingredient_id = l.ingredient_id and (it.item).unit = l.unit
      and (it.item).prep_key is not distinct from l.prep_key
    order by l.line
  ),
  -- Built as json and made jsonb once (see grocery.get_list): for 500 items, 2.5 of the call's 17 ms less.
  replies as (
    select it.first_line, it.quantity_before, it.item, ingredient.name as ingredient_name
    from items it left join public.ingredients ingredient on ingredient.id = (it.item).ingredient_id
  )
  select (json_build_object(
    'grocery_list_id', v_list_id,
    'added', coalesce(json_agg(private.grocery_item_as_json(r.item, r.ingredient_name) order by r.first_line)
      filter (where r.quantity_before is null), '[]'),
    'merged', coalesce(json_agg(private.grocery_item_as_json(r.item, r.ingredient_name, r.quantity_before)
      order by r.first_line) filter (where r.quantity_before is not null), '[]'),
    'summary', json_build_object(
      'lines_received', jsonb_array_length(p_input -> 'ingredients'),
      'items_added', count(*) filter (where r.quantity_before is null),
      'items_merged', count(*) filter (where r.quantity_before is not null))))::jsonb
  into v_reply
  from replies r;

  -- A statement does not see its own inserts: the list's count (and its cap) comes after.
  return v_reply || jsonb_build_object('item_count', private.live_item_count(v_list_id));
end;
$$;

-- ============================================================================
-- Tools: the rest of grocery.*
-- ============================================================================

-- grocery.* tools other than the merge, run by private.invoke as the caller under RLS.

-- A list as listings show it, given its counts: an inlinable expression, so grocery.list_lists counts every
-- list's items in its own plan instead of two queries of a function call per list.
create function private.grocery_list_summary_json(p_list public.grocery_lists, p_item_count bigint,
  p_unchecked_count bigint) returns jsonb
language sql stable
return pg_catalog.jsonb_build_object(
  'id', p_list.id,
  'name', p_list.name,
  'item_count', p_item_count,
  'unchecked_count', p_unchecked_count,
  'created_at', p_list.created_at,
  'updated_at', p_list.updated_at
);

-- One list, counting its live items.
create function private.grocery_list_summary_json(p_list public.grocery_lists) returns jsonb
language plpgsql stable
set search_path = ''
as $$
begin
  return (
    select private.grocery_list_summary_json(p_list, count(*), count(*) filter (where not i.checked))
    from public.grocery_items i
    where i.grocery_list_id = p_list.id and i.deleted_at is null
  );
end;
$$;

create function private.grocery_item_detail_json(p_item public.grocery_items) returns jsonb
language plpgsql stable
set search_path = ''
as $$
begin
  return private.grocery_item_json(p_item) || jsonb_build_object(
    'checked_at', p_item.checked_at,
    'sources', coalesce((
      select jsonb_agg(jsonb_build_object(
        'recipe_id', s.recipe_id,
        'planner_meal_id', s.planner_meal_id,
        'quantity_added', s.quantity_added,
        'unit', s.unit,
        'created_at', s.created_at
      ) order by s.created_at, s.id)
      from (
        select * from public.grocery_item_sources latest
        where latest.household_id = p_item.household_id and latest.grocery_item_id = p_item.id
        order by latest.created_at desc, latest.id desc
        limit 20
      ) s
    ), '[]'::jsonb)
  );
end;
$$;

create function private.live_grocery_list(p_household_id uuid, p_list_id uuid) returns public.grocery_lists
language plpgsql stable
set search_path = ''
as $$
declare
  v_list public.grocery_lists;
begin
  select * into v_list from public.grocery_lists l
  where l.id = p_list_id and l.household_id = p_household_id and l.deleted_at is null;
  if v_list.id is null then
    raise exception 'grocery list not found' using errcode = 'MP404', column = 'grocery_list_id';
  end if;
  return v_list;
end;
$$;

-- A live item on a live list of the household, locked for the change to come. Its list is locked first: every
-- writer takes the list before its items (push, add_item and sync do), so no two of them can deadlock.
create function private.live_grocery_item(p_household_id uuid, p_item_id uuid) returns public.grocery_items
language plpgsql
set search_path = ''
as $$
declare
  v_item public.grocery_items;
begin
  perform from public.grocery_lists l
  where l.id = (select i.grocery_list_id from public.grocery_items i
                where i.id = p_item_id and i.household_id = p_household_id)
  for no key update;
  select i.* into v_item
  from public.grocery_items i
  join public.grocery_lists l on l.household_id = i.household_id and l.id = i.grocery_list_id
  where i.id = p_item_id and i.household_id = p_household_id and i.deleted_at is null and l.deleted_at is null
  for no key update of i;
  if v_item.id is null then
    raise exception 'grocery item not found' using errcode = 'MP404', column = 'grocery_item_id';
  end if;
  return v_item;
end;
$$;

create function app.grocery_list_lists(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_limit integer := coalesce((p_input ->> 'limit')::integer, 50);
  v_after jsonb := private.decode_cursor(p_input ->> 'cursor');
  v_lists jsonb;
begin
  -- Newest first; the page is chosen first and its JSON built for those rows only.
  select coalesce(jsonb_agg(private.grocery_list_summary_json(page.list, counts.items, counts.unchecked)
    order by (page.list).created_at desc, (page.list).id desc), '[]'::jsonb)
  into v_lists
  from (
    select l as list from public.grocery_lists l
    where l.household_id = p_household_id and l.deleted_at is null
      and (v_after is null or (l.created_at, l.id) < ((v_after ->> 'c')::timestamptz, (v_after ->> 'i')::uuid))
    order by l.created_at desc, l.id desc
    limit v_limit + 1
  ) page
  cross join lateral (
    select count(*) as items, count(*) filter (where not i.checked) as unchecked
    from public.grocery_items i
    where i.grocery_list_id = (page.list).id and i.deleted_at is null
  ) counts;
  if jsonb_array_length(v_lists) > v_limit then
    v_lists := v_lists - v_limit;
    return jsonb_build_object('lists', v_lists, 'next_cursor', private.encode_cursor(jsonb_build_object(
      'c', v_lists -> (v_limit - 1) -> 'created_at', 'i', v_lists -> (v_limit - 1) -> 'id')));
  end if;
  return jsonb_build_object('lists', v_lists, 'next_cursor', null);
end;
$$;

-- One query for the items and their sources: each item's 20 latest contributions through the sources'
-- (household_id, grocery_item_id) index, so a list read stays bounded by the list, however many sources the
-- household has gathered. Generic plans: the same plan serves every list (a third less server time).
-- The reply is built as json (text, written in order) and made jsonb once at the end: building each object as
-- jsonb sorts its keys and copies every nested value again at each level, and cost 15-20% of the call for a list
-- of 50 items. The cast gives the same jsonb.
create function app.grocery_get_list(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  v_list public.grocery_lists := private.live_grocery_list(p_household_id, (p_input ->> 'grocery_list_id')::uuid);
  v_items json;
  v_count integer;
  v_unchecked integer;
begin
  select
    coalesce(json_agg(json_build_object(
      'id', i.id,
      'ingredient_id', i.ingredient_id,
      'name', coalesce(i.name, (select ingredient.name from public.ingredients ingredient
        where ingredient.id = i.ingredient_id)),
      'quantity', i.quantity,
      'unit', i.unit,
      'prep_state', i.prep_state,
      'checked', i.checked,
      'checked_at', i.checked_at,
      'sources', sources.list
    ) order by i.checked, i.created_at, i.id), '[]'::json),
    count(*),
    count(*) filter (where not i.checked)
  into v_items, v_count, v_unchecked
  from public.grocery_items i
  cross join lateral (
    select coalesce(json_agg(json_build_object(
      'recipe_id', recent.recipe_id,
      'planner_meal_id', recent.planner_meal_id,
      'quantity_added', recent.quantity_added,
      'unit', recent.unit,
      'created_at', recent.created_at
    ) order by recent.created_at, recent.id), '[]'::json) as list
    from (
      select s.* from public.grocery_item_sources s
      where s.household_id = p_household_id and s.grocery_item_id = i.id
      order by s.created_at desc, s.id desc
      limit 20
    ) recent
  ) sources
  where i.grocery_list_id = v_list.id and i.household_id = p_household_id and i.deleted_at is null;

  return (json_build_object(
    'list', json_build_object(
      'id', v_list.id, 'name', v_list.name, 'item_count', v_count, 'unchecked_count', v_unchecked,
      'created_at', v_list.created_at, 'updated_at', v_list.updated_at),
    'items', v_items
  ))::jsonb;
end;
$$;

create function app.grocery_create_list(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_list public.grocery_lists;
begin
  perform private.hold_household_cap(p_household_id, 'grocery lists');
  insert into public.grocery_lists (household_id, name)
  values (p_household_id, btrim(p_input ->> 'name'))
  returning * into v_list;
  return jsonb_build_object('grocery_list_id', v_list.id, 'name', v_list.name, 'created_at', v_list.created_at);
exception when unique_violation then
  raise exception 'a grocery list named "%" already exists in this household', btrim(p_input ->> 'name')
    using errcode = 'MP409', column = 'name';
end;
$$;

-- The oldest unchecked, live line of a list with this merge key, other than p_except_id, locked for the change to
-- come: the same ingredient (or, for a free item, the same name_key), unit and prep state (prep_key; null = null).
-- Each kind of key through its own merge index. Push finds its lines by the same rule, set-based.
create function private.matching_line(p_list_id uuid, p_ingredient_id uuid, p_name_key text, p_unit text,
  p_prep_key text, p_except_id uuid default null) returns public.grocery_items
language plpgsql
set search_path = ''
as $$
declare
  v_line public.grocery_items;
begin
  if p_ingredient_id is not null then
    select * into v_line from public.grocery_items i
    where i.grocery_list_id = p_list_id and not i.checked and i.deleted_at is null
      and i.ingredient_id = p_ingredient_id and i.unit = p_unit and i.prep_key is not distinct from p_prep_key
      and i.id is distinct from p_except_id
    order by i.created_at, i.id
    limit 1
    for no key update;
  else
    select * into v_line from public.grocery_items i
    where i.grocery_list_id = p_list_id and not i.checked and i.deleted_at is null
      and i.ingredient_id is null and i.name_key = p_name_key and i.unit = p_unit
      and i.prep_key is not distinct from p_prep_key
      and i.id is distinct from p_except_id
    order by i.created_at, i.id
    limit 1
    for no key update;
  end if;
  return v_line;
end;
$$;

-- An ingredient merges as grocery.push_ingredients merges a line: into the oldest unchecked, live item of the
-- list with the same ingredient, unit and prep state (trimmed and case-folded, null = null); so does a name that
-- is exactly an ingredient's (trimmed and case-folded, never fuzzy: the household's own first, then the
-- catalog). Only a name that matches nothing is a free item, and free items merge with an unchecked, live free
-- item of the same name, unit and prep state. The list is locked first, as push locks it, so concurrent adds
-- queue and the item cap holds. One item, so it is written directly rather than through push's set-based
-- statement (which, with the subtransaction that renamed its errors, cost 0.3 ms more per call).
create function app.grocery_add_item(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_list public.grocery_lists := private.live_grocery_list(p_household_id, (p_input ->> 'grocery_list_id')::uuid);
  v_ingredient_id uuid := (p_input ->> 'ingredient_id')::uuid;
  v_quantity numeric := (p_input ->> 'quantity')::numeric;
  v_unit text := p_input ->> 'unit';
  v_item jsonb;
  v_merged boolean;
  v_row public.grocery_items;
begin
  perform from public.grocery_lists l where l.id = v_list.id for no key update;

  if v_ingredient_id is not null then
    if not exists (
      select 1 from public.ingredients i
      where i.id = v_ingredient_id and (i.household_id is null or i.household_id = p_household_id)
    ) then
      raise exception 'unknown ingredient %', v_ingredient_id using errcode = 'MP400', column = 'ingredient_id';
    end if;
  else
    select i.id into v_ingredient_id from public.ingredients i
    where i.normalized_name = lower(btrim(p_input ->> 'name'))
      and (i.household_id = p_household_id or i.household_id is null)
    order by i.household_id nulls last
    limit 1;
  end if;

  v_row := private.matching_line(v_list.id, v_ingredient_id, lower(btrim(p_input ->> 'name')), v_unit,
    lower(btrim(p_input ->> 'prep_state')));
  v_merged := v_row.id is not null;
  if v_merged then
    if v_row.quantity + v_quantity > 1000000 then
      raise exception 'quantity would exceed 1000000 after merging' using errcode = 'MP400', column = 'quantity';
    end if;
    update public.grocery_items i set quantity = trim_scale(i.quantity + v_quantity)
    where i.id = v_row.id
    returning * into v_row;
  else
    insert into public.grocery_items (grocery_list_id, household_id, ingredient_id, name, quantity, unit, prep_state)
    values (v_list.id, p_household_id, v_ingredient_id,
      case when v_ingredient_id is null then btrim(p_input ->> 'name') end, trim_scale(v_quantity), v_unit,
      btrim(p_input ->> 'prep_state'))
    returning * into v_row;
    perform private.live_item_count(v_list.id);
  end if;
  insert into public.grocery_item_sources (grocery_item_id, household_id, quantity_added, unit)
  values (v_row.id, p_household_id, v_quantity, v_unit);
  v_item := private.grocery_item_json(v_row);
  return jsonb_build_object(
    'grocery_item_id', v_row.id,
    'merged', v_merged,
    'item', v_item,
    'message', format('Added %s %s of %s to %s%s', p_input ->> 'quantity', v_row.unit, v_item ->> 'name',
      v_list.name, case when v_merged then ' (merged into the item already there)' else '' end)
  );
end;
$$;

create function app.grocery_check_item(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_item public.grocery_items := private.live_grocery_item(p_household_id, (p_input ->> 'grocery_item_id')::uuid);
begin
  if not v_item.checked then
    update public.grocery_items i set checked = true, checked_by = (select auth.uid()), checked_at = now()
    where i.id = v_item.id
    returning * into v_item;
  end if;
  return jsonb_build_object('item', private.grocery_item_detail_json(v_item));
end;
$$;

-- A list never holds two unchecked lines with one merge key (later pushes would go only into the older):
-- when an unchecked line (just unchecked, edited or restored) has the key of another unchecked line of its
-- list, it folds into that line, quantity and sources, and is removed. Returns the line it folded into, or
-- null when there is none (or together they would pass 1,000,000). The caller holds the list's lock, as
-- push takes it, so no concurrent push can add a third line meanwhile.
create function private.fold_into_matching_line(p_item public.grocery_items) returns public.grocery_items
language plpgsql
set search_path = ''
as $$
declare
  v_into public.grocery_items;
begin
  v_into := private.matching_line(p_item.grocery_list_id, p_item.ingredient_id, p_item.name_key, p_item.unit,
    p_item.prep_key, p_item.id);
  if v_into.id is null or p_item.checked or p_item.deleted_at is not null
     or v_into.quantity + p_item.quantity > 1000000 then
    return null;
  end if;
  update public.grocery_item_sources s set grocery_item_id = v_into.id
  where s.household_id = p_item.household_id and s.grocery_item_id = p_item.id;
  update public.grocery_items i set deleted_at = now() where i.id = p_item.id;
  update public.grocery_items i set quantity = trim_scale(i.quantity + p_item.quantity)
  where i.id = v_into.id
  returning * into v_into;
  return v_into;
end;
$$;

-- Unchecking folds the line back into a matching unchecked line (see fold_into_matching_line), and says so.
-- `previous` keeps what history.undo needs to put the check back exactly: the line, who checked it and when,
-- and its source rows (which move with it when it folds).
create function app.grocery_uncheck_item(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_item public.grocery_items := private.live_grocery_item(p_household_id, (p_input ->> 'grocery_item_id')::uuid);
  v_previous jsonb := jsonb_build_object('item_id', v_item.id, 'checked_by', v_item.checked_by,
    'checked_at', v_item.checked_at, 'source_ids', '[]'::jsonb);
  v_into public.grocery_items;
begin
  if not v_item.checked then
    return jsonb_build_object('item', private.grocery_item_detail_json(v_item), 'folded_into_item_id', null,
      'previous', v_previous, 'message', 'The item was not checked; nothing changed.');
  end if;
  perform from public.grocery_lists l where l.id = v_item.grocery_list_id for no key update;
  v_previous := jsonb_set(v_previous, '{source_ids}', coalesce((
    select jsonb_agg(s.id order by s.id) from public.grocery_item_sources s
    where s.household_id = p_household_id and s.grocery_item_id = v_item.id), '[]'::jsonb));
  update public.grocery_items i set checked = false, checked_by = null, checked_at = null
  where i.id = v_item.id
  returning * into v_item;
  v_into := private.fold_into_matching_line(v_item);
  if v_into.id is null then
    return jsonb_build_object('item', private.grocery_item_detail_json(v_item), 'folded_into_item_id', null,
      'previous', v_previous, 'message', 'Unchecked.');
  end if;
  return jsonb_build_object('item', private.grocery_item_detail_json(v_into), 'folded_into_item_id', v_into.id,
    'previous', v_previous,
    'message', format('Unchecked and folded into the matching unchecked line, now %s %s.',
      v_into.quantity, v_into.unit));
end;
$$;

create function app.grocery_remove_item(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_item public.grocery_items := private.live_grocery_item(p_household_id, (p_input ->> 'grocery_item_id')::uuid);
begin
  update public.grocery_items i set deleted_at = now() where i.id = v_item.id returning * into v_item;
  return jsonb_build_object('removed', true, 'item',
    private.grocery_item_detail_json(v_item) || jsonb_build_object('deleted_at', v_item.deleted_at));
end;
$$;

-- The helpers the tools and policies call as the signed-in user (functions are executable by no one
-- by default: see the foundation migration).
grant execute on function private.grocery_item_json(public.grocery_items),
  private.grocery_item_json(public.grocery_items, text), private.grocery_item_as_json(public.grocery_items, text),
  private.grocery_item_as_json(public.grocery_items, text, numeric), private.push_line_problem(uuid, jsonb),
  private.refuse_push_over_limit(integer),
  private.live_item_count(uuid),
  private.grocery_list_summary_json(public.grocery_lists),
  private.grocery_list_summary_json(public.grocery_lists, bigint, bigint),
  private.grocery_item_detail_json(public.grocery_items),
  private.live_grocery_list(uuid, uuid),
  private.live_grocery_item(uuid, uuid),
  private.fold_into_matching_line(public.grocery_items),
  private.matching_line(uuid, uuid, text, text, text, uuid)
  to authenticated;

set check_function_bodies = off;

-- What a household always has (salt, oil, flour): grocery.sync_plan leaves these ingredients off the list and
-- lists them apart, unless the person includes them anyway. One row per marked ingredient; unmarking deletes it
-- (the reply keeps who marked it and when, which an undo puts back).
create table public.household_on_hand (
  household_id uuid not null references public.households (id) on delete cascade,
  -- Undoing ingredient.create removes a household's own ingredient: its mark goes with it.
  ingredient_id uuid not null references public.ingredients (id) on delete cascade,
  marked_by uuid references auth.users (id) on delete set null,
  marked_at timestamptz not null default now(),
  primary key (household_id, ingredient_id)
);
create index household_on_hand_ingredient_id_idx on public.household_on_hand (ingredient_id);
create index household_on_hand_marked_by_idx on public.household_on_hand (marked_by);
revoke all on public.household_on_hand from public, anon, authenticated;
grant select on public.household_on_hand to meal_planner_reader, meal_planner_writer;
grant insert, update, delete on public.household_on_hand to meal_planner_writer;
alter table public.household_on_hand enable row level security;
create policy "On-hand ingredients are visible to the household's members" on public.household_on_hand
  for select to authenticated
  using (household_id in (select private.member_household_ids()));
create policy "Members can mark ingredients on hand" on public.household_on_hand
  for insert to authenticated
  with check (household_id in (select private.member_household_ids()));
create policy "Members can change their household's on-hand marks" on public.household_on_hand
  for update to authenticated
  using (household_id in (select private.member_household_ids()))
  with check (household_id in (select private.member_household_ids()));
create policy "Members can unmark ingredients on hand" on public.household_on_hand
  for delete to authenticated
  using (household_id in (select private.member_household_ids()));

-- The household's on-hand ingredients, by name, with who marked each: what household.list_on_hand returns. Who
-- marked each is looked up in the members' names read once, not twice per mark (up to 500 of them).
create function private.on_hand_json(p_household_id uuid) returns jsonb
language sql stable
set search_path = ''
as $$
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
      'ingredient_id', o.ingredient_id, 'ingredient_name', i.name,
      'marked_by_name', names.map ->> o.marked_by::text, 'marked_at', o.marked_at)
    order by i.normalized_name, i.id), '[]'::jsonb)
  from public.household_on_hand o
  join public.ingredients i on i.id = o.ingredient_id
  cross join (select private.member_names(p_household_id) as map) names
  where o.household_id = p_household_id
$$;
grant execute on function private.on_hand_json(uuid) to authenticated;

-- household.set_on_hand: marks an ingredient (the catalog's or the household's own) on hand, or unmarks it. Setting
-- what is already so changes nothing (`changed` false). The reply keeps the state before, which an undo puts back.
create function app.household_set_on_hand(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_ingredient_id uuid := (p_input ->> 'ingredient_id')::uuid;
  v_on_hand boolean := (p_input ->> 'on_hand')::boolean;
  v_name text;
  v_previous public.household_on_hand;
  v_limit constant integer := 500;
begin
  select i.name into v_name from public.ingredients i
  where i.id = v_ingredient_id and (i.household_id is null or i.household_id = p_household_id);
  if v_name is null then
    raise exception 'ingredient not found' using errcode = 'MP404', column = 'ingredient_id';
  end if;
  -- One change of a household's marks at a time, so the cap holds and each reply's state before is the one it
  -- replaced.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('on hand:' || p_household_id::text, 0));
  select * into v_previous from public.household_on_hand o
  where o.household_id = p_household_id and o.ingredient_id = v_ingredient_id;
  if v_on_hand and v_previous.ingredient_id is null then
    if (select count(*) from public.household_on_hand o where o.household_id = p_household_id) >= v_limit then
      raise exception 'the household already has % ingredients on hand; unmark some first', v_limit
        using errcode = 'MP409', column = 'ingredient_id', hint = format('limit: %s ingredients on hand', v_limit);
    end if;
    insert into public.household_on_hand (household_id, ingredient_id, marked_by)
    values (p_household_id, v_ingredient_id, (select auth.uid()));
  elsif not v_on_hand and v_previous.ingredient_id is not null then
    delete from public.household_on_hand o
    where o.household_id = p_household_id and o.ingredient_id = v_ingredient_id;
  end if;
  return jsonb_build_object('household_id', p_household_id, 'ingredient_id', v_ingredient_id,
    'ingredient_name', v_name, 'on_hand', v_on_hand, 'previous_on_hand', v_previous.ingredient_id is not null,
    'changed', v_on_hand <> (v_previous.ingredient_id is not null),
    'on_hand_count', (select count(*) from public.household_on_hand o where o.household_id = p_household_id),
    'message', case
      when v_on_hand and v_previous.ingredient_id is not null then format('%s was already on hand.', v_name)
      when v_on_hand then format('Marked %s as on hand: syncing the plan leaves it off the list.', v_name)
      when v_previous.ingredient_id is null then format('%s was not on hand.', v_name)
      else format('%s is no longer on hand: syncing the plan puts it on the list again.', v_name) end);
end;
$$;

-- household.list_on_hand: every on-hand ingredient of the household (at most 500), by name.
create function app.household_list_on_hand(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_items jsonb := private.on_hand_json(p_household_id);
begin
  return jsonb_build_object('household_id', p_household_id, 'items', v_items,
    'count', jsonb_array_length(v_items));
end;
$$;

-- The household's on-hand ingredients: what grocery.sync_plan leaves off the list unless it is told to include them.
create function private.on_hand_ingredient_ids(p_household_id uuid) returns uuid[]
language sql stable
set search_path = ''
as $$
  select coalesce(pg_catalog.array_agg(o.ingredient_id), '{}'::uuid[])
  from public.household_on_hand o where o.household_id = p_household_id
$$;
grant execute on function private.on_hand_ingredient_ids(uuid) to authenticated;

-- What the person chose for a sync of [p_start, p_end] (grocery.sync_plan's `meals`, `on_hand` and a sentence for
-- its message): every meal planned in the range, included unless p_left_out names it; and each on-hand ingredient
-- the included meals use, left off unless p_include names it, with what those meals need of it (their lines scaled
-- to their servings, summed per unit and prep state) and which meals they are. Bounded by the sync's 5000 lines.
create function private.grocery_sync_choices(p_household_id uuid, p_start date, p_end date, p_left_out uuid[],
  p_include uuid[]) returns jsonb
language sql stable
set search_path = ''
as $$
  with meals as (
    select m.id, m.date, m.meal_type, m.recipe_id, r.title, m.servings, r.servings as base,
      m.id <> all (p_left_out) as included
    from public.planner_meals m
    join public.recipes r on r.household_id = m.household_id and r.id = m.recipe_id
    where m.household_id = p_household_id and m.deleted_at is null and m.date between p_start and p_end
  ),
  lines as (
    select mm.id as meal_id, mm.date, mm.meal_type, mm.title, ri.ingredient_id, ri.unit, ri.prep_state,
      private.scaled_quantity(ri.quantity, mm.servings, mm.base) as quantity
    from meals mm
    join public.recipe_ingredients ri on ri.household_id = p_household_id and ri.recipe_id = mm.recipe_id
    join public.household_on_hand o on o.household_id = p_household_id and o.ingredient_id = ri.ingredient_id
    where mm.included
  ),
  needs as (
    select g.ingredient_id, pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('quantity', trim_scale(g.quantity),
      'unit', g.unit, 'prep_state', g.prep_state) order by g.unit, g.prep_key) as needed
    from (
      select l.ingredient_id, l.unit, coalesce(lower(btrim(l.prep_state)), '') as prep_key,
        min(btrim(l.prep_state)) as prep_state, sum(l.quantity) as quantity
      from lines l where l.quantity is not null
      group by l.ingredient_id, l.unit, coalesce(lower(btrim(l.prep_state)), '')
    ) g
    group by g.ingredient_id
  ),
  uses as (
    select u.ingredient_id, pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('planner_meal_id', u.meal_id,
      'date', u.date, 'meal_type', u.meal_type, 'recipe_title', u.title) order by u.date, u.meal_type, u.meal_id)
      as meals
    from (select distinct l.ingredient_id, l.meal_id, l.date, l.meal_type, l.title from lines l) u
    group by u.ingredient_id
  ),
  on_hand as (
    select i.id as ingredient_id, i.name, i.id = any (p_include) as included,
      coalesce(n.needed, '[]'::jsonb) as needed, u.meals
    from uses u
    join public.ingredients i on i.id = u.ingredient_id
    left join needs n on n.ingredient_id = u.ingredient_id
  )
  select pg_catalog.jsonb_build_object(
    'meals', (select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('planner_meal_id', mm.id,
        'date', mm.date, 'meal_type', mm.meal_type, 'recipe_id', mm.recipe_id, 'recipe_title', mm.title,
        'included', mm.included) order by mm.date, mm.meal_type, mm.id), '[]'::jsonb) from meals mm),
    'on_hand', (select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('ingredient_id', h.ingredient_id,
        'ingredient_name', h.name, 'included', h.included, 'needed', h.needed, 'meals', h.meals)
        order by h.name, h.ingredient_id), '[]'::jsonb) from on_hand h),
    'message', (select case when count(*) filter (where not mm.included) = 0 then ''
        else pg_catalog.format(' Left out %s of %s.', private.counted(count(*) filter (where not mm.included), 'meal'),
          count(*)) end from meals mm)
      || (select case when count(*) = 0 then '' else pg_catalog.format(' Left off what you have on hand: %s.',
        pg_catalog.string_agg(h.name, ', ' order by h.name)) end from on_hand h where not h.included))
$$;
grant execute on function private.grocery_sync_choices(uuid,date,date,uuid[],uuid[]) to authenticated;

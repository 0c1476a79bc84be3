-- ============================================================================
-- Tools: grocery.push_recipe and grocery.sync_plan (issue 14), both built on the merge
-- (app.grocery_push_ingredients) and its source records
-- ============================================================================

-- What grocery.sync_plan took back from an item for a planned meal (the meal left the range or the plan,
-- or its servings went down). A meal's contribution to a list is its sources minus its withdrawals, so
-- the next sync subtracts exactly what the meal put there, never a guess. History: written once.
create table public.grocery_item_withdrawals (
  id uuid primary key default gen_random_uuid(),
  grocery_item_id uuid not null,
  household_id uuid not null,
  planner_meal_id uuid,
  quantity_removed numeric not null
    check (quantity_removed > 0 and quantity_removed <= 1000000 and quantity_removed = round(quantity_removed, 3)),
  unit text not null references public.units (code),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  foreign key (household_id, grocery_item_id) references public.grocery_items (household_id, id) on delete cascade,
  foreign key (household_id, planner_meal_id) references public.planner_meals (household_id, id)
    on delete set null (planner_meal_id)
);
create index grocery_item_withdrawals_household_id_idx on public.grocery_item_withdrawals (household_id);
create index grocery_item_withdrawals_item_idx on public.grocery_item_withdrawals (household_id, grocery_item_id);
create index grocery_item_withdrawals_meal_idx on public.grocery_item_withdrawals (household_id, planner_meal_id)
  where planner_meal_id is not null;
create index grocery_item_withdrawals_unit_idx on public.grocery_item_withdrawals (unit);

revoke all on public.grocery_item_withdrawals from public, anon, authenticated;
grant select on public.grocery_item_withdrawals to authenticated;
grant insert on public.grocery_item_withdrawals to meal_planner_writer;

alter table public.grocery_item_withdrawals enable row level security;

create policy "Grocery item withdrawals are visible to household members" on public.grocery_item_withdrawals
  for select to authenticated
  using (household_id in (select private.member_household_ids()));
create policy "Members can record grocery item withdrawals in their household" on public.grocery_item_withdrawals
  for insert to authenticated
  with check (household_id in (select private.member_household_ids()) and created_by = (select auth.uid()));

-- When a scaled line was rounded for storage (quantity_added holds 3 decimals), the amount before rounding,
-- so the exact value stays traceable. Filled by grocery.push_recipe in the transaction that adds the row.
alter table public.grocery_item_sources add column quantity_exact numeric check (quantity_exact > 0);
grant update (quantity_exact) on public.grocery_item_sources to meal_planner_writer;

-- A recipe line's amount for p_servings when the recipe serves p_base: exact numeric arithmetic, then
-- rounded half away from zero to the 3 decimals an item holds (never below 0.001, so that no line
-- vanishes). Without both servings, the recipe's own amount.
create function private.scaled_quantity(p_quantity numeric, p_servings integer, p_base integer) returns numeric
language sql immutable
return case when p_servings is null or p_base is null then p_quantity
  else trim_scale(greatest(round(p_quantity * p_servings / p_base, 3), 0.001)) end;

-- The unrounded amount, for the reply: exact when the division terminates (6/4), else to numeric's precision.
create function private.unrounded_quantity(p_quantity numeric, p_servings integer, p_base integer) returns numeric
language sql immutable
return case when p_servings is null or p_base is null then p_quantity
  else trim_scale(p_quantity * p_servings / p_base) end;

-- ============================================================================
-- grocery.push_recipe
-- ============================================================================

create function app.grocery_push_recipe(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_list_id uuid := (p_input ->> 'grocery_list_id')::uuid;
  v_servings integer := (p_input ->> 'servings')::integer;
  v_recipe public.recipes;
  v_lines jsonb;
  v_scaled jsonb;
  v_pushed jsonb;
  v_message text;
begin
  -- The list first, as the merge locks it, so that concurrent writers queue in one order.
  perform from public.grocery_lists l
  where l.id = v_list_id and l.household_id = p_household_id and l.deleted_at is null
  for no key update;
  if not found then
    raise exception 'grocery list not found' using errcode = 'MP404', column = 'grocery_list_id';
  end if;
  select * into v_recipe from public.recipes r
  where r.id = (p_input ->> 'recipe_id')::uuid and r.household_id = p_household_id and r.deleted_at is null;
  if v_recipe.id is null then
    raise exception 'recipe not found' using errcode = 'MP404', column = 'recipe_id';
  end if;
  if v_servings is not null and v_recipe.servings is null then
    raise exception 'this recipe has no servings recorded, so it can only be pushed at its own amounts: leave out servings, or set the recipe''s servings with recipe.update first'
      using errcode = 'MP400', column = 'servings';
  end if;

  select
    jsonb_agg(jsonb_build_object('ingredient_id', ri.ingredient_id,
      'quantity', private.scaled_quantity(ri.quantity, v_servings, v_recipe.servings),
      'unit', ri.unit, 'prep_state', ri.prep_state, 'source_recipe_id', v_recipe.id) order by ri.position, ri.id),
    jsonb_agg(jsonb_build_object('ingredient_id', ri.ingredient_id, 'unit', ri.unit, 'prep_state', ri.prep_state,
      'recipe_quantity', ri.quantity,
      'quantity_unrounded', private.unrounded_quantity(ri.quantity, v_servings, v_recipe.servings),
      'quantity', private.scaled_quantity(ri.quantity, v_servings, v_recipe.servings)) order by ri.position, ri.id)
  into v_lines, v_scaled
  from public.recipe_ingredients ri
  where ri.household_id = p_household_id and ri.recipe_id = v_recipe.id;
  if v_lines is null then
    raise exception 'this recipe has no ingredient lines to push' using errcode = 'MP400', column = 'recipe_id';
  end if;

  begin
    v_pushed := app.grocery_push_ingredients(p_household_id,
      jsonb_build_object('grocery_list_id', v_list_id, 'ingredients', v_lines));
  exception when sqlstate 'MP400' then
    -- The only line error a recipe's own lines can meet: an item would pass 1,000,000.
    get stacked diagnostics v_message = message_text;
    raise exception '%', v_message || case when v_servings is null then '' else ' at ' || v_servings || ' servings' end
      using errcode = 'MP400', column = case when v_servings is null then 'recipe_id' else 'servings' end;
  end;

  -- The rows the merge just recorded for this recipe, matched to their lines by key and stored amount.
  update public.grocery_item_sources s set quantity_exact = line.quantity_unrounded
  from jsonb_to_recordset(v_scaled) as line (ingredient_id uuid, unit text, prep_state text,
    quantity_unrounded numeric, quantity numeric),
    public.grocery_items i
  where s.household_id = p_household_id and s.recipe_id = v_recipe.id and s.planner_meal_id is null
    and s.created_at = now() and s.quantity_exact is null
    and i.household_id = s.household_id and i.id = s.grocery_item_id and i.grocery_list_id = v_list_id
    and i.ingredient_id = line.ingredient_id and s.unit = line.unit
    and i.prep_key is not distinct from lower(btrim(line.prep_state))
    and s.quantity_added = line.quantity and line.quantity_unrounded <> line.quantity;

  return v_pushed || jsonb_build_object(
    'recipe_id', v_recipe.id,
    'recipe_title', v_recipe.title,
    'base_servings', v_recipe.servings,
    'servings', coalesce(v_servings, v_recipe.servings),
    'lines', v_scaled,
    'message', format('Pushed %s line(s) of %s%s.', jsonb_array_length(v_lines), v_recipe.title,
      case when v_servings is null or v_servings = v_recipe.servings then ' at its own amounts'
        else format(' scaled from %s to %s servings', v_recipe.servings, v_servings) end));
end;
$$;

grant execute on function private.scaled_quantity(numeric, integer, integer),
  private.unrounded_quantity(numeric, integer, integer) to authenticated;

-- ============================================================================
-- grocery.sync_plan
-- ============================================================================

-- What a sync of [p_start, p_end] into the list would change, computed before anything is written (so
-- that preview and the real run return the same plan). Per planned meal and merge key (ingredient, unit,
-- prep state): the wanted amount (the meal's recipe lines scaled to its servings, each rounded as
-- private.scaled_quantity rounds) against the meal's recorded contribution to this list (its sources
-- minus its withdrawals). A meal with a contribution here that is no longer planned in the range wants 0.
-- More wanted: the difference is added through the merge. Less: it is withdrawn from the live, unchecked
-- items that carry the meal's contribution (each item at most what the meal put there and what it holds);
-- what sits on checked or removed items was bought or refused, and is kept.
create function private.grocery_sync_plan(p_household_id uuid, p_list_id uuid, p_start date, p_end date)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_plan jsonb;
begin
  with meals as (
    select m.id as meal_id, m.recipe_id, m.servings, r.servings as base, r.deleted_at is null as recipe_live
    from public.planner_meals m
    join public.recipes r on r.household_id = m.household_id and r.id = m.recipe_id
    where m.household_id = p_household_id and m.deleted_at is null and m.date between p_start and p_end
  ),
  wanted as (
    select mm.meal_id, ri.ingredient_id, ri.unit, coalesce(lower(btrim(ri.prep_state)), '') as prep_key,
      (array_agg(btrim(ri.prep_state) order by ri.position, ri.id))[1] as prep_state,
      sum(private.scaled_quantity(ri.quantity, mm.servings, mm.base)) as quantity
    from meals mm
    join public.recipe_ingredients ri on ri.household_id = p_household_id and ri.recipe_id = mm.recipe_id
    group by mm.meal_id, ri.ingredient_id, ri.unit, coalesce(lower(btrim(ri.prep_state)), '')
  ),
  items as (
    select i.* from public.grocery_items i
    where i.household_id = p_household_id and i.grocery_list_id = p_list_id and i.ingredient_id is not null
  ),
  contributions as (
    select s.planner_meal_id as meal_id, s.grocery_item_id as item_id, s.unit, s.quantity_added as quantity
    from public.grocery_item_sources s
    where s.household_id = p_household_id and s.planner_meal_id is not null
      and s.grocery_item_id in (select items.id from items)
    union all
    select w.planner_meal_id, w.grocery_item_id, w.unit, -w.quantity_removed
    from public.grocery_item_withdrawals w
    where w.household_id = p_household_id and w.planner_meal_id is not null
      and w.grocery_item_id in (select items.id from items)
  ),
  per_item as (
    select c.meal_id, c.item_id, c.unit, sum(c.quantity) as quantity
    from contributions c group by c.meal_id, c.item_id, c.unit
  ),
  recorded as (
    select p.meal_id, i.ingredient_id, p.unit, coalesce(i.prep_key, '') as prep_key,
      min(i.prep_state) as prep_state, sum(p.quantity) as quantity
    from per_item p join items i on i.id = p.item_id
    group by p.meal_id, i.ingredient_id, p.unit, coalesce(i.prep_key, '')
  ),
  differences as (
    select coalesce(w.meal_id, r.meal_id) as meal_id, coalesce(w.ingredient_id, r.ingredient_id) as ingredient_id,
      coalesce(w.unit, r.unit) as unit, coalesce(w.prep_key, r.prep_key) as prep_key,
      coalesce(w.prep_state, r.prep_state) as prep_state,
      coalesce(r.quantity, 0) as recorded, coalesce(w.quantity, 0) as wanted
    from wanted w
    full join recorded r on r.meal_id = w.meal_id and r.ingredient_id = w.ingredient_id and r.unit = w.unit
      and r.prep_key = w.prep_key
    where coalesce(w.quantity, 0) <> coalesce(r.quantity, 0)
  ),
  -- For each shortfall, the meal's live, unchecked items of that key, newest first.
  available as (
    select d.meal_id, d.ingredient_id, d.unit, d.prep_key, d.recorded - d.wanted as need, i.id as item_id,
      i.quantity as item_quantity, least(p.quantity, i.quantity) as quantity, i.created_at
    from differences d
    join per_item p on p.meal_id = d.meal_id and p.unit = d.unit and p.quantity > 0
    join items i on i.id = p.item_id and i.ingredient_id = d.ingredient_id and i.unit = d.unit
      and coalesce(i.prep_key, '') = d.prep_key and not i.checked and i.deleted_at is null
    where d.recorded > d.wanted
  ),
  per_meal as (
    select a.*, greatest(least(a.quantity, a.need - (sum(a.quantity) over (
      partition by a.meal_id, a.ingredient_id, a.unit, a.prep_key order by a.created_at desc, a.item_id
      rows unbounded preceding) - a.quantity)), 0) as wanted_take
    from available a
  ),
  -- Several meals on one item never take more than it holds.
  takes as (
    select pm.meal_id, pm.ingredient_id, pm.unit, pm.prep_key, pm.item_id,
      greatest(least(pm.wanted_take, pm.item_quantity - (sum(pm.wanted_take) over (
        partition by pm.item_id order by pm.meal_id rows unbounded preceding) - pm.wanted_take)), 0) as quantity
    from per_meal pm
  ),
  entries as (
    select d.*, coalesce(t.withdrawn, 0) as withdrawn, t.withdrawals
    from differences d
    left join (
      select tk.meal_id, tk.ingredient_id, tk.unit, tk.prep_key, sum(tk.quantity) as withdrawn,
        jsonb_agg(jsonb_build_object('grocery_item_id', tk.item_id, 'planner_meal_id', tk.meal_id,
          'quantity', tk.quantity, 'unit', tk.unit) order by tk.item_id) as withdrawals
      from takes tk where tk.quantity > 0
      group by tk.meal_id, tk.ingredient_id, tk.unit, tk.prep_key
    ) t on t.meal_id = d.meal_id and t.ingredient_id = d.ingredient_id and t.unit = d.unit and t.prep_key = d.prep_key
  ),
  described as (
    select e.*, greatest(e.wanted - e.recorded, 0) as added,
      greatest(e.recorded - e.wanted, 0) - e.withdrawn as kept,
      m.recipe_id, m.date, m.meal_type, r.title as recipe_title, r.deleted_at is null as recipe_live,
      ingredient.name as ingredient_name,
      case when m.deleted_at is not null then 'removed'
        when m.date not between p_start and p_end then 'out_of_range' else 'planned' end as meal_status
    from entries e
    join public.planner_meals m on m.household_id = p_household_id and m.id = e.meal_id
    join public.recipes r on r.household_id = p_household_id and r.id = m.recipe_id
    join public.ingredients ingredient on ingredient.id = e.ingredient_id
  )
  select jsonb_build_object(
    'changes', coalesce(jsonb_agg(jsonb_build_object(
        'planner_meal_id', d.meal_id, 'date', d.date, 'meal_type', d.meal_type, 'meal_status', d.meal_status,
        'recipe_id', d.recipe_id, 'recipe_title', d.recipe_title,
        'ingredient_id', d.ingredient_id, 'ingredient_name', d.ingredient_name, 'unit', d.unit,
        'prep_state', d.prep_state, 'quantity_before', trim_scale(d.recorded), 'quantity_after', trim_scale(d.wanted),
        'added', trim_scale(d.added), 'withdrawn', trim_scale(d.withdrawn), 'kept', trim_scale(d.kept))
      order by d.date, d.meal_type, d.meal_id, d.ingredient_name, d.unit, d.prep_key)
      filter (where d.added > 0 or d.withdrawn > 0), '[]'::jsonb),
    'kept', coalesce(jsonb_agg(jsonb_build_object(
        'planner_meal_id', d.meal_id, 'meal_status', d.meal_status, 'ingredient_id', d.ingredient_id,
        'ingredient_name', d.ingredient_name, 'unit', d.unit, 'prep_state', d.prep_state,
        'quantity', trim_scale(d.kept))
      order by d.date, d.meal_type, d.meal_id, d.ingredient_name, d.unit, d.prep_key)
      filter (where d.kept > 0), '[]'::jsonb),
    'withdrawals', coalesce((select jsonb_agg(w.value order by w.value ->> 'grocery_item_id', w.value ->> 'planner_meal_id')
      from described d2, jsonb_array_elements(d2.withdrawals) w), '[]'::jsonb),
    'additions', coalesce(jsonb_agg(jsonb_build_object(
        'ingredient_id', d.ingredient_id, 'quantity', trim_scale(d.added), 'unit', d.unit, 'prep_state', d.prep_state,
        'planner_meal_id', d.meal_id, 'source_recipe_id', case when d.recipe_live then d.recipe_id end)
      order by d.date, d.meal_type, d.meal_id, d.ingredient_name, d.unit, d.prep_key)
      filter (where d.added > 0), '[]'::jsonb),
    'meals_in_range', (select count(*) from meals))
  into v_plan
  from described d;
  return v_plan;
end;
$$;

-- The list is locked first (as the merge locks it), so concurrent syncs of one list run one after the
-- other, each planning from what the one before committed: two syncs change what one would.
create function app.grocery_sync_plan(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_list_id uuid := (p_input ->> 'grocery_list_id')::uuid;
  v_start date := (p_input ->> 'start_date')::date;
  v_end date := (p_input ->> 'end_date')::date;
  v_preview boolean := coalesce((p_input ->> 'preview')::boolean, false);
  v_plan jsonb;
  v_changes integer;
begin
  perform from public.grocery_lists l
  where l.id = v_list_id and l.household_id = p_household_id and l.deleted_at is null
  for no key update;
  if not found then
    raise exception 'grocery list not found' using errcode = 'MP404', column = 'grocery_list_id';
  end if;

  v_plan := private.grocery_sync_plan(p_household_id, v_list_id, v_start, v_end);
  v_changes := jsonb_array_length(v_plan -> 'changes');

  if not v_preview and v_changes > 0 then
    if jsonb_array_length(v_plan -> 'additions') > 0 then
      begin
        perform app.grocery_push_ingredients(p_household_id,
          jsonb_build_object('grocery_list_id', v_list_id, 'ingredients', v_plan -> 'additions'));
      exception when sqlstate 'MP400' then
        raise exception 'an item of this list would pass 1,000,000: sync a shorter range or into another list'
          using errcode = 'MP400', column = 'grocery_list_id';
      end;
    end if;

    with withdrawals as (
      select * from jsonb_to_recordset(v_plan -> 'withdrawals')
        as w (grocery_item_id uuid, planner_meal_id uuid, quantity numeric, unit text)
    ),
    locked as (
      select i.id from public.grocery_items i
      where i.id in (select w.grocery_item_id from withdrawals w)
      order by i.id
      for no key update
    ),
    recorded as (
      insert into public.grocery_item_withdrawals (grocery_item_id, household_id, planner_meal_id, quantity_removed, unit)
      select w.grocery_item_id, p_household_id, w.planner_meal_id, w.quantity, w.unit from withdrawals w
    ),
    per_item as (
      select w.grocery_item_id, sum(w.quantity) as quantity from withdrawals w
      where w.grocery_item_id in (select locked.id from locked)
      group by w.grocery_item_id
    )
    update public.grocery_items i set
      quantity = case when i.quantity > p.quantity then trim_scale(i.quantity - p.quantity) else i.quantity end,
      deleted_at = case when i.quantity > p.quantity then i.deleted_at else now() end
    from per_item p
    where i.id = p.grocery_item_id;
  end if;

  return jsonb_build_object(
    'grocery_list_id', v_list_id,
    'start_date', v_start,
    'end_date', v_end,
    'preview', v_preview,
    'meals_in_range', v_plan -> 'meals_in_range',
    'changes', v_plan -> 'changes',
    'withdrawals', v_plan -> 'withdrawals',
    'kept', v_plan -> 'kept',
    'item_count', (select count(*) from public.grocery_items i where i.grocery_list_id = v_list_id and i.deleted_at is null),
    'message', case
      when v_changes = 0 then 'The list already matches the plan for this range; nothing changed.'
      when v_preview then format('%s change(s) would be made; nothing was written (preview).', v_changes)
      else format('%s change(s) made.', v_changes) end);
end;
$$;

grant execute on function private.grocery_sync_plan(uuid, uuid, date, date) to authenticated;

set check_function_bodies = off;

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
  -- A sync's withdrawals name it too (as its source rows do), so undoing it puts back exactly what it withdrew.
  invocation_id uuid default nullif(pg_catalog.current_setting('meal_planner.invocation_id', true), '')::uuid,
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
grant insert on public.grocery_item_withdrawals to meal_planner_writer;
alter table public.grocery_item_withdrawals enable row level security;
create index grocery_item_withdrawals_invocation_idx on public.grocery_item_withdrawals (household_id, invocation_id)
  where invocation_id is not null;
grant delete on public.grocery_item_withdrawals to meal_planner_writer;
-- A fold moves a line's withdrawals with its sources (the meal's contribution goes where its sources go).
grant update (grocery_item_id) on public.grocery_item_withdrawals to meal_planner_writer;
create index if not exists grocery_item_withdrawals_created_by_idx on public.grocery_item_withdrawals (created_by);
create policy "Grocery item withdrawals are visible to household members" on public.grocery_item_withdrawals
  for select to authenticated
  using (household_id in (select private.member_household_ids()));
create policy "Members can remove their household's grocery item withdrawals" on public.grocery_item_withdrawals
  for delete to authenticated
  using (household_id in (select private.member_household_ids()));
create policy "Members can record grocery item withdrawals, or put back those of an undone write"
  on public.grocery_item_withdrawals
  for insert to authenticated
  with check (household_id in (select private.member_household_ids()) and (created_by = (select auth.uid()) or exists (
    select 1 from public.tool_invocations t
    where t.id = invocation_id and t.household_id = grocery_item_withdrawals.household_id and t.user_id = created_by)));
create policy "Members can move withdrawals between their household's items" on public.grocery_item_withdrawals
  for update to authenticated
  using (household_id in (select private.member_household_ids()))
  with check (household_id in (select private.member_household_ids()));

-- What a person's edit (grocery.update_item), a conversion's rounding or a restatement of the ledger
-- (private.grocery_ledger_restate) changed in an item's amount, signed, in the unit it was recorded in. History:
-- written once; moved only by a fold.
create table public.grocery_item_adjustments (
  id uuid primary key default gen_random_uuid(),
  grocery_item_id uuid not null,
  household_id uuid not null,
  quantity numeric not null check (quantity <> 0),
  unit text not null references public.units (code),
  reason text not null check (reason in ('update', 'conversion', 'backfill')),
  invocation_id uuid default nullif(pg_catalog.current_setting('meal_planner.invocation_id', true), '')::uuid,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  foreign key (household_id, grocery_item_id) references public.grocery_items (household_id, id) on delete cascade
);
create index grocery_item_adjustments_item_idx on public.grocery_item_adjustments (household_id, grocery_item_id);
create index grocery_item_adjustments_unit_idx on public.grocery_item_adjustments (unit);
create index grocery_item_adjustments_created_by_idx on public.grocery_item_adjustments (created_by);
create index grocery_item_adjustments_invocation_idx on public.grocery_item_adjustments (household_id, invocation_id)
  where invocation_id is not null;
revoke all on public.grocery_item_adjustments from public, anon, authenticated;
grant insert, delete, update (grocery_item_id) on public.grocery_item_adjustments to meal_planner_writer;
alter table public.grocery_item_adjustments enable row level security;
create policy "Grocery item adjustments are visible to household members" on public.grocery_item_adjustments
  for select to authenticated
  using (household_id in (select private.member_household_ids()));
create policy "Members can record adjustments, or put back an undone write's"
  on public.grocery_item_adjustments
  for insert to authenticated
  with check (household_id in (select private.member_household_ids()) and (created_by = (select auth.uid()) or exists (
    select 1 from public.tool_invocations t
    where t.id = invocation_id and t.household_id = grocery_item_adjustments.household_id and t.user_id = created_by)));
create policy "Members can move adjustments between their household's items" on public.grocery_item_adjustments
  for update to authenticated
  using (household_id in (select private.member_household_ids()))
  with check (household_id in (select private.member_household_ids()));
create policy "Members can remove their household's grocery item adjustments" on public.grocery_item_adjustments
  for delete to authenticated
  using (household_id in (select private.member_household_ids()));

-- Per item and kind (a count unit is a kind of its own), the ledger's net amount in the kind's base unit.
create function private.grocery_ledger_nets(p_household_id uuid, p_item_ids uuid[])
returns table (grocery_item_id uuid, dimension text, base_amount numeric)
language sql stable
set search_path = ''
as $$
  select e.item_id, case when u.factor is null then u.code else u.kind end, sum(e.quantity * coalesce(u.factor, 1))
  from (
    select s.grocery_item_id as item_id, s.quantity_added as quantity, s.unit from public.grocery_item_sources s
    where s.household_id = p_household_id and s.grocery_item_id = any(p_item_ids)
    union all
    select w.grocery_item_id, -w.quantity_removed, w.unit from public.grocery_item_withdrawals w
    where w.household_id = p_household_id and w.grocery_item_id = any(p_item_ids)
    union all
    select a.grocery_item_id, a.quantity, a.unit from public.grocery_item_adjustments a
    where a.household_id = p_household_id and a.grocery_item_id = any(p_item_ids)
  ) e
  join public.units u on u.code = e.unit
  group by 1, 2
$$;
grant execute on function private.grocery_ledger_nets(uuid,uuid[]) to authenticated;

-- The ledger of each item named (live or removed): its quantity, what its ledger rows sum to in its unit, the
-- net amounts left in kinds other than its unit's (in their base unit; null when none), and whether it holds.
create function private.grocery_ledger(p_household_id uuid, p_item_ids uuid[])
returns table (grocery_item_id uuid, quantity numeric, unit text, ledger_quantity numeric, other_kinds jsonb,
  holds boolean)
language sql stable
set search_path = ''
as $$
  with items as (
    select i.id, i.quantity, i.unit, case when u.factor is null then u.code else u.kind end as dimension,
      coalesce(u.factor, 1) as factor
    from public.grocery_items i join public.units u on u.code = i.unit
    where i.household_id = p_household_id and i.id = any(p_item_ids)
  ),
  nets as (select * from private.grocery_ledger_nets(p_household_id, p_item_ids))
  select it.id, it.quantity, it.unit,
    trim_scale(coalesce(own.base_amount, 0) / it.factor),
    others.amounts,
    coalesce(own.base_amount, 0) = it.quantity * it.factor and others.amounts is null
  from items it
  left join nets own on own.grocery_item_id = it.id and own.dimension = it.dimension
  left join lateral (
    select jsonb_object_agg(n.dimension, trim_scale(n.base_amount)) as amounts from nets n
    where n.grocery_item_id = it.id and n.dimension <> it.dimension and n.base_amount <> 0
  ) others on true
$$;
grant execute on function private.grocery_ledger(uuid,uuid[]) to authenticated;

-- The invariant: the live items of a list whose quantity differs from their ledger, with both figures. Empty when
-- the ledger holds. The tests (HTTP and pgTAP) call it after every write.
create function private.grocery_ledger_violations(p_list_id uuid)
returns table (grocery_item_id uuid, quantity numeric, unit text, ledger_quantity numeric, other_kinds jsonb)
language sql stable
set search_path = ''
as $$
  select l.grocery_item_id, l.quantity, l.unit, l.ledger_quantity, l.other_kinds
  from public.grocery_lists list
  cross join lateral private.grocery_ledger(list.household_id, array(
    select i.id from public.grocery_items i
    where i.household_id = list.household_id and i.grocery_list_id = list.id and i.deleted_at is null)) l
  where list.id = p_list_id and not l.holds
$$;

-- Records the adjustments that make an item's ledger equal its quantity: what was left in other kinds is
-- cancelled in their base unit, and the difference in its own kind is recorded in its unit when that is exact,
-- else in the base unit (ml or g), where it always is. A repair for lines whose amounts predate the ledger
-- (supabase/tests/64-grocery-ledger-backfill.sql); no tool calls it: every tool records its own part, so that a
-- tool that forgets one shows as a violation instead of being papered over.
create function private.grocery_ledger_restate(p_household_id uuid, p_item_ids uuid[], p_reason text) returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_count integer;
begin
  with items as (
    select i.id, i.household_id, i.quantity, i.unit, case when u.factor is null then u.code else u.kind end as dimension,
      coalesce(u.factor, 1) as factor
    from public.grocery_items i join public.units u on u.code = i.unit
    where i.household_id = p_household_id and i.id = any(p_item_ids)
  ),
  nets as (select * from private.grocery_ledger_nets(p_household_id, p_item_ids)),
  base_units as (
    select u.kind as dimension, u.code from public.units u where u.factor = 1
    union all
    select u.code, u.code from public.units u where u.factor is null
  ),
  wanted as (
    select it.id, it.household_id, -n.base_amount as base_amount, b.code as unit, 1::numeric as factor
    from items it
    join nets n on n.grocery_item_id = it.id and n.dimension <> it.dimension and n.base_amount <> 0
    join base_units b on b.dimension = n.dimension
    union all
    select it.id, it.household_id, it.quantity * it.factor - coalesce(own.base_amount, 0),
      case when ((it.quantity * it.factor - coalesce(own.base_amount, 0)) / it.factor) * it.factor
        = it.quantity * it.factor - coalesce(own.base_amount, 0) then it.unit else b.code end,
      case when ((it.quantity * it.factor - coalesce(own.base_amount, 0)) / it.factor) * it.factor
        = it.quantity * it.factor - coalesce(own.base_amount, 0) then it.factor else 1 end
    from items it
    left join nets own on own.grocery_item_id = it.id and own.dimension = it.dimension
    join base_units b on b.dimension = it.dimension
    where coalesce(own.base_amount, 0) <> it.quantity * it.factor
  )
  insert into public.grocery_item_adjustments (grocery_item_id, household_id, quantity, unit, reason)
  select w.id, w.household_id, trim_scale(w.base_amount / w.factor), w.unit, p_reason from wanted w;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

-- Where a line went: following merged_into_id from a removed line to the line that now holds its amounts.
create function private.grocery_line_merged_into(p_item public.grocery_items) returns public.grocery_items
language plpgsql stable
set search_path = ''
as $$
declare
  v_line public.grocery_items := p_item;
  v_hops integer := 0;
begin
  while v_line.merged_into_id is not null and v_hops < 1000 loop
    select * into v_line from public.grocery_items i
    where i.household_id = p_item.household_id and i.id = v_line.merged_into_id;
    v_hops := v_hops + 1;
  end loop;
  return v_line;
end;
$$;
grant execute on function private.grocery_line_merged_into(grocery_items) to authenticated;

-- Moves every ledger row of one line onto another (a fold, a conversion). Returns what moved, for undo:
-- {sources, withdrawals, adjustments}, each a list of ids.
create function private.move_ledger_rows(p_household_id uuid, p_from uuid[], p_to uuid) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_sources jsonb;
  v_withdrawals jsonb;
  v_adjustments jsonb;
begin
  with moved as (
    update public.grocery_item_sources s set grocery_item_id = p_to
    where s.household_id = p_household_id and s.grocery_item_id = any(p_from) and s.grocery_item_id <> p_to
    returning s.id
  )
  select coalesce(jsonb_agg(moved.id order by moved.id), '[]'::jsonb) into v_sources from moved;
  with moved as (
    update public.grocery_item_withdrawals w set grocery_item_id = p_to
    where w.household_id = p_household_id and w.grocery_item_id = any(p_from) and w.grocery_item_id <> p_to
    returning w.id
  )
  select coalesce(jsonb_agg(moved.id order by moved.id), '[]'::jsonb) into v_withdrawals from moved;
  with moved as (
    update public.grocery_item_adjustments a set grocery_item_id = p_to
    where a.household_id = p_household_id and a.grocery_item_id = any(p_from) and a.grocery_item_id <> p_to
    returning a.id
  )
  select coalesce(jsonb_agg(moved.id order by moved.id), '[]'::jsonb) into v_adjustments from moved;
  return jsonb_build_object('sources', v_sources, 'withdrawals', v_withdrawals, 'adjustments', v_adjustments);
end;
$$;
grant execute on function private.move_ledger_rows(uuid,uuid[],uuid) to authenticated;

-- The ledger rows of these lines, each with the line it is on now: what an undo puts back where it was.
create function private.ledger_rows_of(p_household_id uuid, p_item_ids uuid[]) returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object(
    'withdrawals', coalesce((select jsonb_agg(jsonb_build_object('id', w.id, 'grocery_item_id', w.grocery_item_id)
      order by w.id) from public.grocery_item_withdrawals w
      where w.household_id = p_household_id and w.grocery_item_id = any(p_item_ids)), '[]'::jsonb),
    'adjustments', coalesce((select jsonb_agg(jsonb_build_object('id', a.id, 'grocery_item_id', a.grocery_item_id)
      order by a.id) from public.grocery_item_adjustments a
      where a.household_id = p_household_id and a.grocery_item_id = any(p_item_ids)), '[]'::jsonb))
$$;
grant execute on function private.ledger_rows_of(uuid,uuid[]) to authenticated;

-- Puts withdrawals and adjustments back on the lines they were on (p_rows as ledger_rows_of gave them), when each
-- is on one of p_now_on; CONFLICT (p_label) when one has moved elsewhere since.
create function private.put_ledger_rows_back(p_household_id uuid, p_rows jsonb, p_now_on uuid[], p_label text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if (select count(*) from public.grocery_item_withdrawals w
      join jsonb_to_recordset(coalesce(p_rows -> 'withdrawals', '[]')) as was (id uuid, grocery_item_id uuid)
        on was.id = w.id
      where w.household_id = p_household_id and w.grocery_item_id = any(p_now_on))
     <> jsonb_array_length(coalesce(p_rows -> 'withdrawals', '[]'))
     or (select count(*) from public.grocery_item_adjustments a
      join jsonb_to_recordset(coalesce(p_rows -> 'adjustments', '[]')) as was (id uuid, grocery_item_id uuid)
        on was.id = a.id
      where a.household_id = p_household_id and a.grocery_item_id = any(p_now_on))
     <> jsonb_array_length(coalesce(p_rows -> 'adjustments', '[]')) then
    perform private.undo_conflict(format('the amounts of %s moved since', p_label));
  end if;
  update public.grocery_item_withdrawals w set grocery_item_id = was.grocery_item_id
  from jsonb_to_recordset(coalesce(p_rows -> 'withdrawals', '[]')) as was (id uuid, grocery_item_id uuid)
  where w.household_id = p_household_id and w.id = was.id and w.grocery_item_id <> was.grocery_item_id;
  update public.grocery_item_adjustments a set grocery_item_id = was.grocery_item_id
  from jsonb_to_recordset(coalesce(p_rows -> 'adjustments', '[]')) as was (id uuid, grocery_item_id uuid)
  where a.household_id = p_household_id and a.id = was.id and a.grocery_item_id <> was.grocery_item_id;
end;
$$;
grant execute on function private.put_ledger_rows_back(uuid,jsonb,uuid[],text) to authenticated;

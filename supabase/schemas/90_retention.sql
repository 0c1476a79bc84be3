set check_function_bodies = off;

-- In the private schema, which the Data API does not serve: it is bookkeeping of the pruning, not household data a
-- tool returns (the household tables of public each hold what a tool shows).
create table private.change_feed_horizons (
  household_id uuid not null references public.households (id) on delete cascade,
  -- The list whose removed items were pruned; null for the household's week (its removed meals).
  grocery_list_id uuid,
  -- The highest version among the rows pruned from this feed: a pull from a `since` below it may have missed one.
  pruned_version bigint not null check (pruned_version > 0),
  pruned_at timestamptz not null default now(),
  foreign key (household_id, grocery_list_id) references public.grocery_lists (household_id, id) on delete cascade,
  -- One row per list, and one (with a null list) per household's week; also the index of both foreign keys.
  constraint change_feed_horizons_feed_key unique nulls not distinct (household_id, grocery_list_id)
);
comment on table private.change_feed_horizons is
  'Per list (or, with grocery_list_id null, per household week): the highest version among pruned tombstones. '
  'grocery.changes / planner.changes refuse a since below it (409 re-read). Written only by private.prune_retention.';
-- Read by the change tools (the reader role; a write reads nothing here), under the members' policy as every
-- household table; written only by the pruning, which runs as the table's owner (pg_cron's job, the local
-- housekeeping) or service_role: no API role may change it.
revoke all on private.change_feed_horizons from public, anon, authenticated;
grant select on private.change_feed_horizons to meal_planner_reader, meal_planner_writer;
alter table private.change_feed_horizons enable row level security;
create policy "Change feed horizons are visible to the household's members" on private.change_feed_horizons
  for select to authenticated
  using (household_id in (select private.member_household_ids()));

create function private.prune_retention(
  p_horizon interval default '30 days',
  p_revisions_kept integer default 50,
  p_undo_window interval default '7 days'
) returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_cutoff timestamptz;
  v_lists integer;
  v_items integer;
  v_meals integer;
  v_series integer;
  v_recipes integer;
  v_revisions integer;
  v_invites integer;
begin
  -- history.undo reaches back as far as invocation records are kept (at least 24 hours, 7 days by default); nothing
  -- an undo may put back or revert to is pruned before that.
  if p_undo_window < interval '24 hours' then
    raise exception 'the undo window is at least 24 hours' using errcode = '22023';
  end if;
  if p_horizon < p_undo_window then
    raise exception 'removed rows are kept at least as long as the undo window (%)', p_undo_window
      using errcode = '22023';
  end if;
  if p_revisions_kept is null or p_revisions_kept < 1 then
    raise exception 'at least one revision of each recipe is kept' using errcode = '22023';
  end if;
  v_cutoff := now() - p_horizon;

  -- Removed lists first, with their items and the items' ledger rows (on delete cascade) and their feed horizon:
  -- a list is removed as a whole, so none of its rows is needed once it cannot be restored.
  delete from public.grocery_lists l where l.deleted_at < v_cutoff;
  get diagnostics v_lists = row_count;

  -- Removed items of the lists that stay. An item that a kept tombstone was merged into stays until that one goes
  -- (its merged_into_id is what the feed shows); the highest version deleted per list becomes its horizon.
  with gone as (
    delete from public.grocery_items i
    where i.deleted_at < v_cutoff
      and not exists (select from public.grocery_items merged
        where merged.household_id = i.household_id and merged.merged_into_id = i.id
          and not coalesce(merged.deleted_at < v_cutoff, false))
    returning i.household_id, i.grocery_list_id, i.version
  ), counted as (
    insert into private.change_feed_horizons as h (household_id, grocery_list_id, pruned_version)
    select g.household_id, g.grocery_list_id, max(g.version) from gone g
    group by g.household_id, g.grocery_list_id
    having max(g.version) > 0
    on conflict (household_id, grocery_list_id) do update
      set pruned_version = greatest(h.pruned_version, excluded.pruned_version), pruned_at = excluded.pruned_at
  )
  select count(*) into v_items from gone;

  -- Removed meals, unless a ledger row still names them (grocery.sync_plan withdraws a removed meal's contributions
  -- by its id); those go once the items holding them do. The week's horizon as the lists'.
  with gone as (
    delete from public.planner_meals m
    where m.deleted_at < v_cutoff
      and not exists (select from public.grocery_item_sources s
        where s.household_id = m.household_id and s.planner_meal_id = m.id)
      and not exists (select from public.grocery_item_withdrawals w
        where w.household_id = m.household_id and w.planner_meal_id = m.id)
    returning m.household_id, m.version
  ), counted as (
    insert into private.change_feed_horizons as h (household_id, grocery_list_id, pruned_version)
    select g.household_id, null, max(g.version) from gone g
    group by g.household_id
    having max(g.version) > 0
    on conflict (household_id, grocery_list_id) do update
      set pruned_version = greatest(h.pruned_version, excluded.pruned_version), pruned_at = excluded.pruned_at
  )
  select count(*) into v_meals from gone;

  -- Removed series no meal names any more (past meals of a series stay as history, and with them the series).
  delete from public.planner_meal_series s
  where s.deleted_at < v_cutoff
    and not exists (select from public.planner_meals m where m.household_id = s.household_id and m.series_id = s.id);
  get diagnostics v_series = row_count;

  -- Removed recipes nothing kept names: no meal or series (removed ones included) and no contribution to an item.
  -- Their lines and revisions go with them (on delete cascade).
  delete from public.recipes r
  where r.deleted_at < v_cutoff
    and not exists (select from public.planner_meals m where m.household_id = r.household_id and m.recipe_id = r.id)
    and not exists (select from public.planner_meal_series s
      where s.household_id = r.household_id and s.recipe_id = r.id)
    and not exists (select from public.grocery_item_sources s
      where s.household_id = r.household_id and s.recipe_id = r.id);
  get diagnostics v_recipes = row_count;

  -- Revisions beyond each recipe's newest p_revisions_kept (revisions are numbered 1, 2, … per recipe), once older
  -- than the undo window.
  delete from public.recipe_revisions v
  using (
    select r.household_id, r.recipe_id, max(r.revision) as newest
    from public.recipe_revisions r
    group by r.household_id, r.recipe_id
    having count(*) > p_revisions_kept
  ) per_recipe
  where v.household_id = per_recipe.household_id and v.recipe_id = per_recipe.recipe_id
    and v.revision <= per_recipe.newest - p_revisions_kept
    and v.created_at < now() - p_undo_window;
  get diagnostics v_revisions = row_count;

  -- Invites revoked or expired before the horizon: no one can join with them, and no undo can bring them back.
  delete from public.household_invites i where i.revoked_at < v_cutoff or i.expires_at < v_cutoff;
  get diagnostics v_invites = row_count;

  return jsonb_build_object('grocery_lists', v_lists, 'grocery_items', v_items, 'planner_meals', v_meals,
    'planner_meal_series', v_series, 'recipes', v_recipes, 'recipe_revisions', v_revisions,
    'household_invites', v_invites);
end;
$$;
grant execute on function private.prune_retention(interval,integer,interval) to service_role;

-- Daily with pg_cron where it is loaded, as prune-tool-invocations; the local stack runs the same function from
-- supabase/local/stack/housekeeping.ts instead.
do $$
begin
  if pg_catalog.current_setting('shared_preload_libraries', true) ~ '(^|[ ,])pg_cron($|[ ,])'
     and exists (select from pg_catalog.pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron with schema pg_catalog;
    perform cron.schedule('prune-retention', '37 3 * * *', $job$select private.prune_retention()$job$);
  end if;
end;
$$;

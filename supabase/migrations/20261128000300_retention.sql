-- ============================================================================
-- Retention: what is kept of removed rows, and for how long
-- ============================================================================
-- Live rows are capped (200 lists, 1000 items a list, 2000 recipes, …) but removal is soft, so the rows behind them
-- grew without end: every removed list, item, meal, series and recipe, every recipe revision, every expired invite.
-- Each kind now has a retention, enforced by private.prune_retention: daily by pg_cron on hosted Supabase (as
-- private.prune_invocations, 20261122000700_invocations.sql), at start and hourly by the local stack
-- (supabase/local/housekeeping.ts, which also expires the local Auth stand-in's rows: GoTrue does that itself on
-- hosted).
--
-- The horizon: 30 days. A removed grocery list, grocery item, planner meal, meal series or recipe is kept 30 days
-- after its removal (restore tools and history.undo work for all of that time; history.undo itself only reaches back
-- 7 days, the life of an invocation record) and then deleted, with what belongs to it (a list's items, an item's
-- ledger rows, a recipe's lines and revisions). A removed row is kept past the horizon while something that stays
-- still names it: a meal whose contributions are still on a grocery item (grocery.sync_plan withdraws a removed
-- meal's share by them), a series with meals, a recipe with meals, series or contributions, an item another kept
-- item was merged into (its tombstone's merged_into_id).
--
-- The change feed. A removed item or meal is the tombstone grocery.changes / planner.changes return to a client
-- pulling `since` a version; once it is deleted, a client whose `since` is older than it would never learn of the
-- removal. So each pruning records, per list and per household week, the highest version among the rows it deleted
-- (private.change_feed_horizons), and a pull from a `since` below it is refused with the existing 409 "re-read it"
-- (field since): the client re-reads with grocery.get_list / planner.list_meals and pulls from there. That is exact:
-- a client at `since` >= the recorded version had already seen every deleted row's last change, so it misses nothing
-- and is answered as before. `since` 0 (a client holding nothing, which needs no tombstones) is always answered. A
-- pruned list itself is gone: grocery.changes on it is a 404, as for any list the household does not have.
--
-- Recipe revisions: the newest 50 of each recipe are kept at any age; older ones once they are 7 days old (an undo of
-- recipe.update or recipe.revert, possible for 7 days, reverts to the revision that write recorded).
--
-- Invites: a revoked or expired invite is kept 30 days after its revoke or expiry (household.list_invites shows it
-- that long; the undo of a revoke, 7 days, finds it), then deleted.

-- ============================================================================
-- How far back each change feed still answers
-- ============================================================================
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

-- ============================================================================
-- The pruning
-- ============================================================================
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

grant execute on function private.prune_retention(interval, integer, interval) to service_role;

-- ============================================================================
-- grocery.changes and planner.changes refuse a `since` older than what was pruned
-- ============================================================================
-- As they were (20261125001510_aisles_and_buying.sql, 20261125001100_change_feed.sql), plus the horizon check.
create or replace function app.grocery_changes(p_household_id uuid, p_input jsonb)
 returns jsonb
 language plpgsql
 stable
 set search_path to ''
as $function$
declare
  v_list public.grocery_lists;
  v_since bigint := (p_input ->> 'since')::bigint;
  v_limit integer := coalesce((p_input ->> 'limit')::integer, 500);
  v_after jsonb := private.decode_cursor(p_input ->> 'cursor');
  v_page public.grocery_items[];
  v_pruned bigint;
begin
  select * into v_list from public.grocery_lists l
  where l.household_id = p_household_id and l.id = (p_input ->> 'grocery_list_id')::uuid;
  if v_list.id is null then
    raise exception 'grocery list not found' using errcode = 'MP404', column = 'grocery_list_id';
  end if;
  if v_since > v_list.version then
    raise exception 'since (%) is past this list''s version (%): it was not read from this list; re-read it with grocery.get_list',
      v_since, v_list.version using errcode = 'MP409', column = 'since';
  end if;
  -- Removed items are kept 30 days (private.prune_retention): a pull from before the last one pruned could miss a
  -- removal. Read in the same snapshot as the items, so a pruning commits either both or neither for this pull.
  select h.pruned_version into v_pruned from private.change_feed_horizons h
  where h.household_id = p_household_id and h.grocery_list_id = v_list.id;
  if v_since > 0 and v_since < v_pruned then
    raise exception 'since (%) is older than this list''s kept changes (removed items are kept 30 days; removals up to version % are gone): re-read it with grocery.get_list',
      v_since, v_pruned using errcode = 'MP409', column = 'since';
  end if;
  select array_agg(page order by page.version, page.id) into v_page
  from (
    select i.* from public.grocery_items i
    where i.grocery_list_id = v_list.id and i.household_id = p_household_id and i.version > v_since
      and (v_after is null or (i.version, i.id) > ((v_after ->> 'v')::bigint, (v_after ->> 'i')::uuid))
    order by i.version, i.id
    limit v_limit + 1
  ) page;
  return jsonb_build_object(
    'list', jsonb_build_object('id', v_list.id, 'name', v_list.name, 'deleted_at', v_list.deleted_at,
      'version', v_list.version),
    'items', coalesce((select jsonb_agg(private.grocery_item_with_sources_json(v_page[n]) order by n)
      from generate_series(1, least(coalesce(cardinality(v_page), 0), v_limit)) n
      where (v_page[n]).deleted_at is null), '[]'::jsonb),
    'removed', coalesce((select jsonb_agg(jsonb_build_object('id', (v_page[n]).id,
        'merged_into_id', (v_page[n]).merged_into_id) order by n)
      from generate_series(1, least(coalesce(cardinality(v_page), 0), v_limit)) n
      where (v_page[n]).deleted_at is not null), '[]'::jsonb),
    'version', v_list.version,
    'next_cursor', case when cardinality(v_page) > v_limit then private.encode_cursor(jsonb_build_object(
      'v', v_page[v_limit].version, 'i', v_page[v_limit].id)) end,
    'aisle_order', private.aisle_order_json(p_household_id));
end;
$function$;

create or replace function app.planner_changes(p_household_id uuid, p_input jsonb)
 returns jsonb
 language plpgsql
 stable
 set search_path to ''
as $function$
declare
  v_version bigint := (select h.planner_version from public.households h where h.id = p_household_id);
  v_since bigint := (p_input ->> 'since')::bigint;
  v_start date := (p_input ->> 'start_date')::date;
  v_end date := (p_input ->> 'end_date')::date;
  v_limit integer := coalesce((p_input ->> 'limit')::integer, 500);
  v_after jsonb := private.decode_cursor(p_input ->> 'cursor');
  v_page public.planner_meals[];
  v_pruned bigint;
begin
  perform private.check_plan_span(v_start, v_end);
  if v_since > v_version then
    raise exception 'since (%) is past this household''s week version (%): re-read the week with planner.list_meals',
      v_since, v_version using errcode = 'MP409', column = 'since';
  end if;
  -- Removed meals are kept 30 days (private.prune_retention); as in grocery.changes.
  select h.pruned_version into v_pruned from private.change_feed_horizons h
  where h.household_id = p_household_id and h.grocery_list_id is null;
  if v_since > 0 and v_since < v_pruned then
    raise exception 'since (%) is older than this household''s kept week changes (removed meals are kept 30 days; removals up to version % are gone): re-read the week with planner.list_meals',
      v_since, v_pruned using errcode = 'MP409', column = 'since';
  end if;
  select array_agg(page order by page.version, page.id) into v_page
  from (
    select m.* from public.planner_meals m
    where m.household_id = p_household_id and m.version > v_since
      and (v_after is null or (m.version, m.id) > ((v_after ->> 'v')::bigint, (v_after ->> 'i')::uuid))
    order by m.version, m.id
    limit v_limit + 1
  ) page;
  return jsonb_build_object(
    'meals', coalesce((select jsonb_agg(private.planner_meal_json(v_page[n], (select r.title from public.recipes r
        where r.household_id = p_household_id and r.id = (v_page[n]).recipe_id)) order by n)
      from generate_series(1, least(coalesce(cardinality(v_page), 0), v_limit)) n
      where (v_page[n]).deleted_at is null and (v_page[n]).date between v_start and v_end), '[]'::jsonb),
    'removed', coalesce((select jsonb_agg((v_page[n]).id order by n)
      from generate_series(1, least(coalesce(cardinality(v_page), 0), v_limit)) n
      where (v_page[n]).deleted_at is not null or (v_page[n]).date not between v_start and v_end), '[]'::jsonb),
    'version', v_version,
    'next_cursor', case when cardinality(v_page) > v_limit then private.encode_cursor(jsonb_build_object(
      'v', v_page[v_limit].version, 'i', v_page[v_limit].id)) end);
end;
$function$;

grant execute on function app.grocery_changes(uuid, jsonb), app.planner_changes(uuid, jsonb) to authenticated;

-- ============================================================================
-- The schedule on hosted Supabase
-- ============================================================================
-- Daily with pg_cron where it is loaded, as prune-tool-invocations; the local stack runs the same function from
-- supabase/local/housekeeping.ts instead.
do $$
begin
  if pg_catalog.current_setting('shared_preload_libraries', true) ~ '(^|[ ,])pg_cron($|[ ,])'
     and exists (select from pg_catalog.pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron with schema pg_catalog;
    perform cron.schedule('prune-retention', '37 3 * * *', $job$select private.prune_retention()$job$);
  end if;
end;
$$;

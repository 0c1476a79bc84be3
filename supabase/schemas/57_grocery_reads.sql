set check_function_bodies = off;

-- grocery.get_list's read. Per item, the ingredient is joined once for its name and category, and what to buy is
-- one row of public.ingredient_buying (the rule already chosen for the item's unit), joined; who ticked is looked up
-- in the members' names read once per call. The whole reply, with the list's version and the household's aisle order,
-- is built as json and stays json: private.invoke_json sends it as built (made jsonb, it was parsed, copied into the
-- envelope and printed again). The HTTP tests check that grocery.changes gives the same answer for every item.
-- Each item's ingredient and purchase rule are looked up by index, never by hashing the catalog: the generic plan
-- guesses a list's size from the database's average list, and where lists are long (the benchmark's hold 1,000
-- items) it hashed all 2,800 ingredients and 270 rules on every read, which took a third of a 50-item read's time.
-- Looking up a few hundred items one by one costs about what hashing the catalog does; a short list costs far less.
create or replace function private.grocery_list_as_read(p_household_id uuid, p_input jsonb) returns json
language plpgsql stable
set search_path = ''
set plan_cache_mode = force_generic_plan
set enable_hashjoin = off
set enable_mergejoin = off
as $$
declare
  v_list public.grocery_lists := private.live_grocery_list(p_household_id, (p_input ->> 'grocery_list_id')::uuid);
  v_items json;
  v_count integer;
  v_unchecked integer;
  v_names jsonb := private.member_names(p_household_id);
begin
  select
    coalesce(json_agg(json_build_object(
      'id', i.id,
      'ingredient_id', i.ingredient_id,
      'name', coalesce(i.name, ingredient.name),
      'quantity', i.quantity,
      'unit', i.unit,
      'prep_state', i.prep_state,
      'checked', i.checked,
      'checked_at', i.checked_at,
      'checked_by', i.checked_by,
      'checked_by_name', case when i.checked then v_names ->> i.checked_by::text end,
      'sources', sources.list,
      'category', ingredient.aisle,
      'buy', case
        when purchase.unit is not null then json_build_object('quantity', purchase.count, 'unit', purchase.unit,
          'wording', purchase.count::text || ' ' || case when purchase.count = 1 then purchase.singular
            else purchase.plural end)
        when whole.unit is not null then json_build_object('quantity', ceil(i.quantity), 'unit', i.unit,
          'wording', ceil(i.quantity)::text || ' ' || case when ceil(i.quantity) = 1 then i.unit
            when i.unit = 'whole' then 'whole' else i.unit || 's' end)
      end
    ) order by i.checked, i.created_at, i.id), '[]'::json),
    count(*),
    count(*) filter (where not i.checked)
  into v_items, v_count, v_unchecked
  from public.grocery_items i
  left join public.ingredients ingredient on ingredient.id = i.ingredient_id
  left join lateral (
    select ceil(i.quantity * rule.factor / rule.per_purchase) as count, rule.purchase_unit as unit, rule.singular,
      rule.plural
    from public.ingredient_buying rule
    where rule.ingredient_id = i.ingredient_id and rule.unit = i.unit
  ) purchase on true
  left join public.units_bought_whole whole on whole.unit = i.unit
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

  return json_build_object(
    'list', json_build_object(
      'id', v_list.id, 'name', v_list.name, 'item_count', v_count, 'unchecked_count', v_unchecked,
      'created_at', v_list.created_at, 'updated_at', v_list.updated_at),
    'items', v_items,
    'version', v_list.version,
    'aisle_order', private.aisle_order_json(p_household_id)
  );
end;
$$;
grant execute on function private.grocery_list_as_read(uuid,jsonb) to authenticated;

create or replace function app.grocery_get_list(p_household_id uuid, p_input jsonb) returns json
language plpgsql stable
set search_path = ''
as $$
begin
  return private.grocery_list_as_read(p_household_id, p_input);
end;
$$;

-- A live item as grocery.get_list shows it: its latest 20 sources, its category, what to buy, and who ticked it
-- (their display name, else their email; null once they left the household).
create or replace function private.grocery_item_with_sources_json(p_item public.grocery_items) returns jsonb
language sql stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'id', p_item.id,
    'ingredient_id', p_item.ingredient_id,
    'name', coalesce(p_item.name, (select ingredient.name from public.ingredients ingredient
      where ingredient.id = p_item.ingredient_id)),
    'quantity', p_item.quantity,
    'unit', p_item.unit,
    'prep_state', p_item.prep_state,
    'checked', p_item.checked,
    'checked_at', p_item.checked_at,
    'checked_by', p_item.checked_by,
    'checked_by_name', case when p_item.checked then private.member_name(p_item.household_id, p_item.checked_by) end,
    'sources', (select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
        'recipe_id', recent.recipe_id, 'planner_meal_id', recent.planner_meal_id,
        'quantity_added', recent.quantity_added, 'unit', recent.unit, 'created_at', recent.created_at)
        order by recent.created_at, recent.id), '[]'::jsonb)
      from (select s.* from public.grocery_item_sources s
            where s.household_id = p_item.household_id and s.grocery_item_id = p_item.id
            order by s.created_at desc, s.id desc limit 20) recent),
    'category', (select ingredient.aisle from public.ingredients ingredient
      where ingredient.id = p_item.ingredient_id),
    'buy', private.grocery_item_buy(p_item.ingredient_id, p_item.quantity, p_item.unit))
$$;
grant execute on function private.grocery_item_with_sources_json(grocery_items) to authenticated;

-- grocery.changes: the items of one list changed since a version, in pages. A `since` past the list's version, or
-- older than the removals the retention has kept (the horizon), is refused: the caller re-reads the list.
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
grant execute on function app.grocery_changes(uuid,jsonb) to authenticated;

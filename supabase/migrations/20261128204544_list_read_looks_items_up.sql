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

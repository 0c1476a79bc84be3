-- grocery.add_item hands a known ingredient to the merge as a one-line push;
-- the merge names its fields ingredients[0].…, which add_item's caller never
-- sent. Its errors now name add_item's own fields (ingredient_id, quantity).
create or replace function app.grocery_add_item(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_list public.grocery_lists := private.live_grocery_list(p_household_id, (p_input ->> 'grocery_list_id')::uuid);
  v_pushed jsonb;
  v_item jsonb;
  v_merged boolean;
  v_row public.grocery_items;
  v_message text;
  v_column text;
begin
  if p_input ->> 'ingredient_id' is not null then
    begin
      v_pushed := app.grocery_push_ingredients(p_household_id, jsonb_build_object(
        'grocery_list_id', v_list.id,
        'ingredients', jsonb_build_array(jsonb_strip_nulls(jsonb_build_object(
          'ingredient_id', p_input -> 'ingredient_id',
          'quantity', p_input -> 'quantity',
          'unit', p_input -> 'unit',
          'prep_state', p_input -> 'prep_state')))));
    exception when sqlstate 'MP400' then
      get stacked diagnostics v_message = message_text, v_column = column_name;
      raise exception '%', replace(v_message, 'ingredients[0].', '')
        using errcode = 'MP400', column = replace(v_column, 'ingredients[0].', '');
    end;
    v_merged := jsonb_array_length(v_pushed -> 'merged') > 0;
    v_item := coalesce(v_pushed #> '{merged,0}', v_pushed #> '{added,0}') - 'quantity_before' - 'quantity_after';
  else
    insert into public.grocery_items (grocery_list_id, household_id, name, quantity, unit, prep_state)
    values (v_list.id, p_household_id, btrim(p_input ->> 'name'), (p_input ->> 'quantity')::numeric,
      p_input ->> 'unit', p_input ->> 'prep_state')
    returning * into v_row;
    insert into public.grocery_item_sources (grocery_item_id, household_id, quantity_added, unit)
    values (v_row.id, p_household_id, v_row.quantity, v_row.unit);
    perform private.live_item_count(v_list.id);
    v_merged := false;
    v_item := private.grocery_item_json(v_row);
  end if;
  return jsonb_build_object(
    'grocery_item_id', v_item ->> 'id',
    'merged', v_merged,
    'item', v_item,
    'message', format('Added %s %s of %s to %s%s', p_input ->> 'quantity', v_item ->> 'unit', v_item ->> 'name',
      v_list.name, case when v_merged then ' (merged into the item already there)' else '' end)
  );
end;
$$;

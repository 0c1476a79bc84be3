set check_function_bodies = off;

-- grocery.add_text: lines a person typed, already read by the function (shared/ingredient-grammar: quantity, unit
-- or null, prep state, name and its folded candidates), looked up as recipe.parse_text looks names up
-- (app.recipe_parse_text, the one matcher) and merged as every add merges: the matched lines through
-- grocery.push_ingredients, the others as free items through grocery.add_item, in this one call and transaction.
-- A line without a unit takes the matched ingredient's count unit, else whole. Each line says where it landed.
create function app.grocery_add_text(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_list public.grocery_lists :=
    private.live_grocery_list_to_change(p_household_id, (p_input ->> 'grocery_list_id')::uuid);
  v_lines jsonb := coalesce(p_input -> 'lines', '[]'::jsonb);
  v_matches jsonb;
  v_line jsonb;
  v_match jsonb;
  v_read jsonb := '[]'::jsonb;
  v_push jsonb := '[]'::jsonb;
  v_pushed jsonb;
  v_added jsonb;
  v_item jsonb;
  v_unit text;
  v_message text;
  v_replies jsonb := '[]'::jsonb;
  v_index integer;
begin
  v_matches := app.recipe_parse_text(p_household_id, jsonb_build_object(
    'names', (select coalesce(jsonb_agg(l.line -> 'name' order by l.position), '[]'::jsonb)
      from jsonb_array_elements(v_lines) with ordinality as l(line, position)),
    'folded', (select coalesce(jsonb_agg(coalesce(l.line -> 'folded', '[]'::jsonb) order by l.position), '[]'::jsonb)
      from jsonb_array_elements(v_lines) with ordinality as l(line, position)))) -> 'matches';

  for v_index in 0 .. jsonb_array_length(v_lines) - 1 loop
    v_line := v_lines -> v_index;
    v_match := v_matches -> v_index;
    v_unit := coalesce(v_line ->> 'unit', case when v_match -> 'ingredient' <> 'null'::jsonb
      then v_match ->> 'count_unit' end, 'whole');
    v_read := v_read || jsonb_build_array(jsonb_build_object(
      'text', v_line ->> 'text',
      'name', coalesce(v_match #>> '{ingredient,name}', v_line ->> 'name'),
      'ingredient_id', v_match #> '{ingredient,id}',
      'quantity', (v_line ->> 'quantity')::numeric,
      'unit', v_unit,
      'prep_state', nullif(btrim(v_line ->> 'prep_state'), ''),
      'note', v_line -> 'note'));
  end loop;

  select coalesce(jsonb_agg(jsonb_build_object('ingredient_id', r.line -> 'ingredient_id', 'quantity',
      r.line -> 'quantity', 'unit', r.line -> 'unit', 'prep_state', r.line -> 'prep_state') order by r.position),
      '[]'::jsonb)
  into v_push
  from jsonb_array_elements(v_read) with ordinality as r(line, position)
  where r.line -> 'ingredient_id' <> 'null'::jsonb;

  begin
    if jsonb_array_length(v_push) > 0 then
      v_pushed := app.grocery_push_ingredients(p_household_id,
        jsonb_build_object('grocery_list_id', v_list.id, 'ingredients', v_push));
    end if;
    for v_index in 0 .. jsonb_array_length(v_read) - 1 loop
      v_line := v_read -> v_index;
      if v_line -> 'ingredient_id' = 'null'::jsonb then
        v_added := app.grocery_add_item(p_household_id, jsonb_build_object('grocery_list_id', v_list.id,
          'name', v_line -> 'name', 'quantity', v_line -> 'quantity', 'unit', v_line -> 'unit',
          'prep_state', v_line -> 'prep_state'));
        v_item := v_added -> 'item';
      else
        select m.item into v_item
        from jsonb_array_elements(coalesce(v_pushed -> 'added', '[]'::jsonb)
          || coalesce(v_pushed -> 'merged', '[]'::jsonb)) as m(item)
        where m.item ->> 'ingredient_id' = v_line ->> 'ingredient_id' and m.item ->> 'unit' = v_line ->> 'unit'
          and lower(btrim(m.item ->> 'prep_state')) is not distinct from lower(v_line ->> 'prep_state')
        limit 1;
      end if;
      v_replies := v_replies || jsonb_build_array(v_line || jsonb_build_object(
        'grocery_item_id', v_item -> 'id',
        'merged', case when v_line -> 'ingredient_id' = 'null'::jsonb then (v_added -> 'merged')
          else to_jsonb(exists (select from jsonb_array_elements(v_pushed -> 'merged') as m(item)
            where m.item ->> 'id' = v_item ->> 'id')) end));
    end loop;
  exception when sqlstate 'MP400' then
    -- push_ingredients and add_item name their own fields (ingredients[0].quantity); this tool's is text.
    get stacked diagnostics v_message = message_text;
    raise exception '%', v_message using errcode = 'MP400', column = 'text';
  end;

  return jsonb_build_object(
    'grocery_list_id', v_list.id,
    'lines', v_replies,
    'summary', jsonb_build_object(
      'lines_received', jsonb_array_length(v_replies),
      'items_added', (select count(distinct r.line ->> 'grocery_item_id') from jsonb_array_elements(v_replies) r(line)
        where not (r.line ->> 'merged')::boolean),
      -- A line that merged into an item an earlier line of this text added counts as that add.
      'items_merged', (select count(distinct r.line ->> 'grocery_item_id') from jsonb_array_elements(v_replies)
        r(line) where (r.line ->> 'merged')::boolean and not exists (
          select from jsonb_array_elements(v_replies) a(line)
          where a.line ->> 'grocery_item_id' = r.line ->> 'grocery_item_id' and not (a.line ->> 'merged')::boolean))),
    'item_count', private.live_item_count(v_list.id),
    'message', format('Added %s to %s', (
      select case when max(w.total) = 1 then min(w.words)
        else string_agg(w.words, ', ' order by w.position) filter (where w.position < least(w.total, 4))
          || ' and ' || case when max(w.total) > 3 then format('%s more', max(w.total) - 3)
            else (array_agg(w.words order by w.position desc))[1] end end
      from (
        -- A line typed with its amount says it in the shared words ("2 l milk", "3 onions"); one typed without
        -- ("onions") is said as typed, not as the 1 it was read as.
        select r.position, count(*) over () as total, case when r.line ->> 'text' ~ '^\s*[0-9½¼¾⅓⅔⅛]'
          then private.amount_words((r.line ->> 'quantity')::numeric, r.line ->> 'unit', r.line ->> 'name')
            || coalesce(' (' || (r.line ->> 'prep_state') || ')', '')
          else r.line ->> 'text' end as words
        from jsonb_array_elements(v_replies) with ordinality as r(line, position)
      ) w), v_list.name));
end;
$$;

-- An ingredient merges as grocery.push_ingredients merges a line: into the oldest unchecked, live item of the
-- list with the same ingredient, unit and prep state (trimmed and case-folded, null = null); so does a name that
-- is exactly an ingredient's (trimmed and case-folded, never fuzzy: the household's own first, then the
-- catalog). Only a name that matches nothing is a free item, and free items merge with an unchecked, live free
-- item of the same name, unit and prep state. The list is locked first, as push locks it, so concurrent adds
-- queue and the item cap holds. One item, so it is written directly rather than through push's set-based
-- statement (which, with the subtransaction that renamed its errors, cost 0.3 ms more per call).
create or replace function app.grocery_add_item(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_list public.grocery_lists :=
    private.live_grocery_list_to_change(p_household_id, (p_input ->> 'grocery_list_id')::uuid);
  v_ingredient_id uuid := (p_input ->> 'ingredient_id')::uuid;
  v_quantity numeric := (p_input ->> 'quantity')::numeric;
  v_unit text := p_input ->> 'unit';
  v_item jsonb;
  v_merged boolean;
  v_row public.grocery_items;
begin
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
    'message', format('Added %s to %s%s',
      private.amount_words((p_input ->> 'quantity')::numeric, v_row.unit, v_item ->> 'name'),
      v_list.name, case when v_merged then ' (merged into the item already there)' else '' end)
  );
end;
$$;

-- grocery.add_text: lines a person typed, already read by the function (shared/ingredient-grammar: quantity, unit
-- or null, prep state, name and its folded candidates), looked up as recipe.parse_text looks names up
-- (app.recipe_parse_text, the one matcher) and merged as every add merges: the matched lines through
-- grocery.push_ingredients, the others as free items through grocery.add_item, in this one call and transaction.
-- A line without a unit takes the matched ingredient's count unit, else whole. Each line says where it landed.
create or replace function app.grocery_add_text(p_household_id uuid, p_input jsonb) returns jsonb
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

-- A live list of the household, locked for the lines a write adds to it: one statement where a read and then a lock
-- were two. A list removed while the lock was awaited is no longer live when the row is read again under the lock, so
-- nothing is added to it. NOT_FOUND, as private.live_grocery_list, when the household has no such live list.
create or replace function private.live_grocery_list_to_change(p_household_id uuid, p_list_id uuid) returns public.grocery_lists
language plpgsql
set search_path = ''
as $$
declare
  v_list public.grocery_lists;
begin
  select * into v_list from public.grocery_lists l
  where l.id = p_list_id and l.household_id = p_household_id and l.deleted_at is null
  for no key update;
  if v_list.id is null then
    raise exception 'grocery list not found' using errcode = 'MP404', column = 'grocery_list_id';
  end if;
  return v_list;
end;
$$;

grant execute on function private.live_grocery_list_to_change(uuid,uuid) to authenticated;

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
  v_list public.grocery_lists := private.live_grocery_list(p_household_id, (p_input ->> 'grocery_list_id')::uuid);
  v_ingredient_id uuid := (p_input ->> 'ingredient_id')::uuid;
  v_quantity numeric := (p_input ->> 'quantity')::numeric;
  v_unit text := p_input ->> 'unit';
  v_item jsonb;
  v_merged boolean;
  v_row public.grocery_items;
begin
  perform from public.grocery_lists l where l.id = v_list.id for no key update;

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
  v_list public.grocery_lists := private.live_grocery_list(p_household_id, (p_input ->> 'grocery_list_id')::uuid);
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
  perform from public.grocery_lists l where l.id = v_list.id for no key update;
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

-- An amount of something as said: "2 cloves garlic", "3 onions", "½ lemon", "1 can tomatoes", "1¼ cups flour",
-- "1.25 kg potatoes"; just the measure ("3", "2 l") when the name is empty. As amounts.ts formatAmount.
create or replace function private.amount_words(p_quantity numeric, p_unit text, p_name text) returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  v_quantity numeric := p_quantity;
  v_unit text := p_unit;
  v_name text := coalesce(p_name, '');
  v_key text := pg_catalog.lower(coalesce(p_name, ''));
  v_plural boolean;
  v_number text;
  v_measure text;
  v_whole_words jsonb := '{"garlic": ["head", "heads"], "lettuce": ["head", "heads"], "broccoli": ["head", "heads"],
    "cauliflower": ["head", "heads"], "celery": ["head", "heads"]}';
  v_piece_words jsonb := '{"garlic": ["clove", "cloves"], "celery": ["stalk", "stalks"], "bread": ["slice", "slices"],
    "sandwich bread": ["slice", "slices"], "bacon": ["rasher", "rashers"]}';
begin
  -- Metric scales up a step when the larger unit needs at most two decimals: 1250 g → 1.25 kg.
  if v_unit in ('g', 'ml') and pg_catalog.round(v_quantity, 3) >= 1000 and pg_catalog.round(v_quantity, 3) % 10 = 0 then
    v_quantity := pg_catalog.round(v_quantity, 3) / 1000;
    v_unit := case v_unit when 'g' then 'kg' else 'l' end;
  end if;
  v_number := private.quantity_number(v_quantity, v_unit);
  v_plural := pg_catalog.round(v_quantity * 1000) > 1000;
  if v_unit = 'whole' then
    if v_whole_words ? v_key then
      v_measure := v_number || ' ' || (v_whole_words -> v_key ->> case when v_plural then 1 else 0 end);
    else
      v_measure := v_number;
      v_name := private.counted_name(v_name, v_plural);
    end if;
  elsif v_unit = 'piece' then
    if v_piece_words ? v_key then
      v_measure := v_number || ' ' || (v_piece_words -> v_key ->> case when v_plural then 1 else 0 end);
    elsif private.counted_name(v_name, true, true)::boolean then
      v_measure := v_number;
      v_name := case when v_plural then v_name else private.counted_name(v_name, false) end;
    else
      v_measure := v_number || case when v_plural then ' pieces' else ' piece' end;
    end if;
  else
    v_measure := v_number || ' ' || case when not v_plural then v_unit
      when v_unit in ('cup', 'piece', 'can', 'package') then v_unit || 's' else v_unit end;
    v_name := case v_unit
      when 'can' then pg_catalog.regexp_replace(v_name, '^(canned|tinned)\s+(?=\S)', '', 'i')
      when 'package' then pg_catalog.regexp_replace(v_name, '^(packaged|packet|pack of)\s+(?=\S)', '', 'i')
      else v_name end;
  end if;
  return case when v_name = '' then v_measure else v_measure || ' ' || v_name end;
end;
$$;

grant execute on function private.amount_words(numeric,text,text) to authenticated;

-- A name with the word it is counted by changed: the word before " of ", a comma or " (" ("head of garlic" →
-- "heads of garlic"), else the last word. p_plural: to the plural, else to the singular. p_test_only: only
-- whether that word is a plural already ('t' or 'f'), as amounts.ts isPluralName.
create or replace function private.counted_name(p_name text, p_plural boolean, p_test_only boolean default false) returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  v_cut integer := pg_catalog.regexp_instr(p_name, ' of |,| \(');
  v_head text := case when v_cut = 0 then p_name else pg_catalog.left(p_name, v_cut - 1) end;
  v_after text := case when v_cut = 0 then '' else pg_catalog.substr(p_name, v_cut) end;
  v_word text := (pg_catalog.regexp_match(v_head, '([A-Za-zÀ-ÿ]+)$'))[1];
  v_before text;
begin
  if p_test_only then
    return (v_word is not null and (pg_catalog.lower(v_word) = any (array['leaves', 'loaves', 'halves', 'knives',
      'tomatoes', 'potatoes', 'mangoes', 'radishes']) or pg_catalog.lower(v_word) ~ '[^su]s$'))::text;
  end if;
  if v_word is null then
    return p_name;
  end if;
  v_before := pg_catalog.left(v_head, pg_catalog.length(v_head) - pg_catalog.length(v_word));
  return v_before || case when p_plural then private.plural_word(v_word) else private.singular_word(v_word) end
    || v_after;
end;
$$;

grant execute on function private.counted_name(text,boolean,boolean) to authenticated;

-- Why a write of this tool (check_item, uncheck_item, update_item, remove_item) must not run, as a refusal; null
-- when it may. Locks the item's list, then the item, as private.live_grocery_item does (so the decision holds until
-- the write commits). An item of another household, an unknown one or one on a removed list gets null here: the
-- tool itself answers NOT_FOUND.
create or replace function private.grocery_item_write_refusal(p_household_id uuid, p_tool text, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_item_id uuid := (p_input ->> 'grocery_item_id')::uuid;
  v_seen bigint := (p_input ->> 'seen_version')::bigint;
  v_me uuid := auth.uid();
  v_list public.grocery_lists;
  v_item public.grocery_items;
  v_into public.grocery_items;
  v_name text;
  v_checked_by_other boolean;
  v_amount_by_other boolean;
  v_what text;
  v_ticked_by text;
  v_changed_by text;
begin
  select l.* into v_list from public.grocery_lists l
  where l.id = (select i.grocery_list_id from public.grocery_items i
                where i.id = v_item_id and i.household_id = p_household_id)
  for no key update;
  if v_list.id is null or v_list.deleted_at is not null then
    return null;
  end if;
  select i.* into v_item from public.grocery_items i
  where i.id = v_item_id and i.household_id = p_household_id
  for no key update;
  v_name := private.grocery_item_json(v_item) ->> 'name';

  if v_item.deleted_at is not null then
    v_into := private.grocery_line_merged_into(v_item);
    if v_item.merged_into_id is not null and v_into.deleted_at is null then
      return private.grocery_refusal('NOT_FOUND', format(
        '"%s" was merged into another line of %s: "%s", now %s. Nothing changed; apply it to that line if you still mean it.',
        v_name, v_list.name, private.grocery_item_json(v_into) ->> 'name',
        private.amount_words(v_into.quantity, v_into.unit, private.grocery_item_json(v_into) ->> 'name')),
        'grocery_item_id', jsonb_build_object('reason', 'merged', 'grocery_list_id', v_list.id,
          'version', v_list.version, 'item', private.grocery_item_detail_json(v_item)
            || jsonb_build_object('deleted_at', v_item.deleted_at),
          'merged_into', private.grocery_item_detail_json(v_into)));
    end if;
    return private.grocery_refusal('NOT_FOUND', format(
      '"%s" was removed from %s. Nothing changed.', v_name, v_list.name),
      'grocery_item_id', jsonb_build_object('reason', 'removed', 'grocery_list_id', v_list.id,
        'version', v_list.version, 'item', private.grocery_item_detail_json(v_item)
          || jsonb_build_object('deleted_at', v_item.deleted_at), 'merged_into', null));
  end if;

  if v_seen is null then
    return null;
  end if;
  if v_seen > v_list.version then
    raise exception 'seen_version (%) is past this list''s version (%): it was not read from this list; re-read it with grocery.get_list',
      v_seen, v_list.version using errcode = 'MP409', column = 'seen_version';
  end if;
  v_checked_by_other := v_item.checked_version > v_seen and v_item.checked_changed_by is distinct from v_me;
  v_amount_by_other := v_item.amount_version > v_seen and v_item.amount_changed_by is distinct from v_me;
  -- Who did it, by their display name (else their email) while they are a member: "someone else" otherwise.
  v_ticked_by := case when v_checked_by_other then
    coalesce(private.member_name(p_household_id, v_item.checked_changed_by), 'someone else') end;
  v_changed_by := case when v_amount_by_other then
    coalesce(private.member_name(p_household_id, v_item.amount_changed_by), 'someone else') end;
  v_what := case
    when p_tool = 'grocery.check_item' and not v_item.checked and v_checked_by_other then
      format('"%s" was unticked by %s after you last read %s; it stays unticked. Tick it again if you still mean it.',
        v_name, v_ticked_by, v_list.name)
    when p_tool in ('grocery.uncheck_item', 'grocery.remove_item') and v_item.checked and v_checked_by_other then
      format('"%s" was ticked by %s after you last read %s; it stays ticked. %s',
        v_name, v_ticked_by, v_list.name, case when p_tool = 'grocery.remove_item' then 'Remove it again if you still mean it.'
        else 'Untick it again if you still mean it.' end)
    when p_tool = 'grocery.remove_item' and not v_item.checked and v_checked_by_other then
      format('"%s" was unticked by %s after you last read %s; it stays on the list. Remove it again if you still mean it.',
        v_name, v_ticked_by, v_list.name)
    when p_tool in ('grocery.update_item', 'grocery.remove_item') and v_amount_by_other then
      format('"%s" was changed by %s after you last read %s: it is now %s%s. Nothing changed; %s it again if you still mean it.',
        v_name, v_changed_by, v_list.name, private.amount_words(v_item.quantity, v_item.unit, v_name),
        coalesce(', ' || v_item.prep_state, ''),
        case when p_tool = 'grocery.remove_item' then 'remove' else 'change' end)
  end;
  if v_what is null then
    return null;
  end if;
  return private.grocery_refusal('CONFLICT', v_what, 'seen_version', jsonb_build_object(
    'reason', case when v_checked_by_other and p_tool <> 'grocery.update_item' then 'checked_changed'
      else 'amount_changed' end,
    'grocery_list_id', v_list.id, 'version', v_list.version,
    'item', private.grocery_item_detail_json(v_item),
    'changed_by', case when v_checked_by_other and p_tool <> 'grocery.update_item' then v_item.checked_changed_by
      else v_item.amount_changed_by end,
    'changed_at_version', case when v_checked_by_other and p_tool <> 'grocery.update_item' then v_item.checked_version
      else v_item.amount_version end));
end;
$$;

-- Unchecking folds the line back into a matching unchecked line (see fold_into_matching_line), and says so.
-- `previous` keeps what history.undo needs to put the check back exactly: the line, who checked it and when,
-- and its ledger rows (which move with it when it folds).
create or replace function private.grocery_uncheck_item_unguarded(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_item public.grocery_items := private.live_grocery_item(p_household_id, (p_input ->> 'grocery_item_id')::uuid);
  v_previous jsonb := jsonb_build_object('item_id', v_item.id, 'checked_by', v_item.checked_by,
    'checked_at', v_item.checked_at, 'source_ids', '[]'::jsonb, 'withdrawal_ids', '[]'::jsonb,
    'adjustment_ids', '[]'::jsonb);
  v_into public.grocery_items;
  v_into_json jsonb;
begin
  if not v_item.checked then
    return jsonb_build_object('item', private.grocery_item_detail_json(v_item), 'folded_into_item_id', null,
      'previous', v_previous, 'message', 'The item was not checked; nothing changed.');
  end if;
  perform from public.grocery_lists l where l.id = v_item.grocery_list_id for no key update;
  v_previous := v_previous || jsonb_build_object(
    'source_ids', coalesce((select jsonb_agg(s.id order by s.id) from public.grocery_item_sources s
      where s.household_id = p_household_id and s.grocery_item_id = v_item.id), '[]'::jsonb),
    'withdrawal_ids', coalesce((select jsonb_agg(w.id order by w.id) from public.grocery_item_withdrawals w
      where w.household_id = p_household_id and w.grocery_item_id = v_item.id), '[]'::jsonb),
    'adjustment_ids', coalesce((select jsonb_agg(a.id order by a.id) from public.grocery_item_adjustments a
      where a.household_id = p_household_id and a.grocery_item_id = v_item.id), '[]'::jsonb));
  update public.grocery_items i set checked = false, checked_by = null, checked_at = null
  where i.id = v_item.id
  returning * into v_item;
  v_into := private.fold_into_matching_line(v_item);
  if v_into.id is null then
    return jsonb_build_object('item', private.grocery_item_detail_json(v_item), 'folded_into_item_id', null,
      'previous', v_previous, 'message', 'Unchecked.');
  end if;
  v_into_json := private.grocery_item_detail_json(v_into);
  return jsonb_build_object('item', v_into_json, 'folded_into_item_id', v_into.id,
    'previous', v_previous,
    'message', format('Unchecked and folded into the matching unchecked line, now %s.',
      private.amount_words(v_into.quantity, v_into.unit, v_into_json ->> 'name')));
end;
$$;

-- Quantity, unit and prep state, each when given: how a person resolves a unit mismatch (500 g and 1 lb
-- of rice: make the first 1.1 lb). The change of amount is recorded as an adjustment (the difference in the same
-- unit; a change of unit takes the old amount out in the old unit and puts the new one in, in the new), so the
-- ledger holds. An unchecked line that now has another line's merge key folds into it.
create or replace function private.grocery_update_item_unguarded(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_item public.grocery_items := private.live_grocery_item(p_household_id, (p_input ->> 'grocery_item_id')::uuid);
  v_before public.grocery_items := v_item;
  v_previous jsonb;
  v_into public.grocery_items;
  v_shown jsonb;
begin
  perform from public.grocery_lists l where l.id = v_item.grocery_list_id for no key update;
  v_previous := '{}'::jsonb;
  if p_input ? 'quantity' then v_previous := v_previous || jsonb_build_object('quantity', v_item.quantity); end if;
  if p_input ? 'unit' then v_previous := v_previous || jsonb_build_object('unit', v_item.unit); end if;
  if p_input ? 'prep_state' then
    v_previous := v_previous || jsonb_build_object('prep_state', v_item.prep_state);
  end if;
  update public.grocery_items i set
    quantity = case when p_input ? 'quantity' then (p_input ->> 'quantity')::numeric else i.quantity end,
    unit = case when p_input ? 'unit' then p_input ->> 'unit' else i.unit end,
    prep_state = case when p_input ? 'prep_state' then btrim(p_input ->> 'prep_state') else i.prep_state end
  where i.id = v_item.id
  returning * into v_item;
  insert into public.grocery_item_adjustments (grocery_item_id, household_id, quantity, unit, reason)
  select v_item.id, p_household_id, change.quantity, change.unit, 'update'
  from (values
    (case when v_item.unit = v_before.unit then v_item.quantity - v_before.quantity else -v_before.quantity end,
      v_before.unit),
    (case when v_item.unit = v_before.unit then 0 else v_item.quantity end, v_item.unit)
  ) as change (quantity, unit)
  where change.quantity <> 0;
  v_into := private.fold_into_matching_line(v_item);
  v_shown := private.grocery_item_detail_json(coalesce(v_into, v_item));
  return jsonb_build_object(
    'item', v_shown,
    'previous', v_previous,
    'folded_into_item_id', v_into.id,
    'message', case when v_into.id is null then 'Updated.'
      else format('Updated and folded into the matching unchecked line, now %s.',
        private.amount_words(v_into.quantity, v_into.unit, v_shown ->> 'name')) end);
end;
$$;

create or replace function private.history_summary(p_tool text, p_response jsonb) returns text
language plpgsql immutable
set search_path = ''
as $$
begin
  return coalesce(p_response ->> 'message', case p_tool
    when 'grocery.push_ingredients' then format('Pushed %s: %s added, %s merged.',
      private.counted((p_response #>> '{summary,lines_received}')::numeric, 'line'),
      private.counted((p_response #>> '{summary,items_added}')::numeric, 'item'),
      p_response #>> '{summary,items_merged}')
    when 'grocery.create_list' then format('Created the list "%s".', p_response ->> 'name')
    when 'grocery.rename_list' then format('Renamed the list "%s" to "%s".', p_response ->> 'previous_name',
      p_response #>> '{list,name}')
    when 'grocery.delete_list' then format('Deleted the list "%s".', p_response #>> '{list,name}')
    when 'grocery.restore_list' then format('Restored the list "%s".', p_response #>> '{list,name}')
    when 'grocery.check_item' then format('Checked %s.', p_response #>> '{item,name}')
    when 'grocery.apply_conversion' then format('Merged %s of %s into %s.',
      private.counted(jsonb_array_length(p_response -> 'merged_item_ids') + 1, 'line'), p_response #>> '{item,name}',
      private.amount_words((p_response #>> '{item,quantity}')::numeric, p_response #>> '{item,unit}',
        p_response #>> '{item,name}'))
    when 'grocery.remove_item' then format('Removed %s.', p_response #>> '{item,name}')
    when 'grocery.restore_item' then format('Restored %s.', p_response #>> '{item,name}')
    when 'grocery.update_item' then format('Updated %s.', p_response #>> '{item,name}')
    when 'grocery.clear_checked' then format('Cleared %s.',
      private.counted((p_response ->> 'removed_count')::numeric, 'checked item'))
    when 'recipe.create' then 'Created a recipe.'
    when 'recipe.update' then format('Updated the recipe "%s".', p_response #>> '{recipe,title}')
    when 'recipe.delete' then format('Deleted the recipe "%s".', p_response ->> 'title')
    when 'recipe.restore' then format('Restored the recipe "%s".', p_response #>> '{recipe,title}')
    when 'recipe.revert' then format('Reverted the recipe "%s" to revision %s.', p_response #>> '{recipe,title}',
      p_response ->> 'reverted_to_revision')
    when 'planner.remove_meal' then format('Removed %s from %s (%s).', p_response #>> '{meal,recipe_title}',
      p_response #>> '{meal,date}', p_response #>> '{meal,meal_type}')
    when 'planner.restore_meal' then format('Restored %s on %s (%s).', p_response #>> '{meal,recipe_title}',
      p_response #>> '{meal,date}', p_response #>> '{meal,meal_type}')
    when 'planner.update_meal' then format('Changed %s on %s (%s).', p_response #>> '{meal,recipe_title}',
      p_response #>> '{meal,date}', p_response #>> '{meal,meal_type}')
    when 'household.create_invite' then format('Created an invite code valid until %s.',
      left(p_response ->> 'expires_at', 10))
    when 'household.join' then case when (p_response ->> 'already_member')::boolean
      then format('Redeemed an invite to "%s" (already a member).', p_response ->> 'name')
      else format('Joined "%s" as a %s.', p_response ->> 'name', p_response ->> 'role') end
    when 'household.leave' then format('Left the household (was a %s).', p_response ->> 'role')
    when 'household.remove_member' then format('Removed a member (a %s).', p_response ->> 'role')
    when 'ingredient.create' then format('Created the ingredient "%s".', p_response ->> 'name')
  end, p_tool);
end;
$$;

-- The input a write's record keeps. A join's invite code is a secret that stays valid for others (an invite serves
-- until it expires): its record keeps a placeholder in its place, which the join's describer never reads.
-- grocery.add_text keeps what the person sent (the list and the text): the lines its tool read from the text and
-- handed to the SQL are derived (its describer reads the text again) and its undo reads its reply, not its input.
create or replace function private.kept_input(p_tool text, p_input jsonb) returns jsonb
language sql immutable
set search_path = ''
as $$
  select case
    when p_tool = 'household.join' and jsonb_typeof(p_input) = 'object' and p_input ? 'code'
      then p_input || '{"code": "not-kept"}'::jsonb
    when p_tool = 'grocery.add_text' and jsonb_typeof(p_input) = 'object' then p_input - 'lines'
    else p_input end
$$;

-- "onion" → "onions", "berry" → "berries", "loaf" → "loaves", "rice" → "rice": one word, as amounts.ts pluralWord.
create or replace function private.plural_word(p_word text) returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  v_lower text := pg_catalog.lower(p_word);
  v_irregular jsonb := '{"leaf": "leaves", "loaf": "loaves", "half": "halves", "knife": "knives",
    "tomato": "tomatoes", "potato": "potatoes", "mango": "mangoes", "radish": "radishes"}';
begin
  if v_lower = any (array['rice', 'milk', 'flour', 'water', 'butter', 'sugar', 'salt', 'oil', 'garlic', 'bread',
      'cheese', 'cream', 'yogurt', 'honey', 'celery', 'lettuce', 'broccoli', 'cauliflower', 'spinach', 'basil',
      'parsley', 'fish', 'corn', 'bacon']) then
    return p_word;
  elsif v_irregular ? v_lower then
    return v_irregular ->> v_lower;
  elsif v_lower ~ '[^aeiou]y$' then
    return pg_catalog.left(p_word, -1) || 'ies';
  elsif v_lower ~ '(s|x|z|ch|sh)$' then
    return case when v_lower ~ 's$' then p_word else p_word || 'es' end;
  end if;
  return p_word || 's';
end;
$$;

grant execute on function private.plural_word(text) to authenticated;

-- "½", "1¼", "2", "0.3", "1.25": fractions for cups, spoons and counts (½ ⅓ ⅔ ¼ ¾ ⅛ to 3 places), decimals without
-- trailing zeros for the rest; as amounts.ts formatQuantity.
create or replace function private.quantity_number(p_quantity numeric, p_unit text) returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  v_thousandths numeric := pg_catalog.round(p_quantity * 1000);
  v_whole numeric := pg_catalog.floor(v_thousandths / 1000);
  v_part integer := (v_thousandths - v_whole * 1000)::integer;
  v_glyph text := case v_part when 500 then '½' when 333 then '⅓' when 667 then '⅔' when 250 then '¼'
    when 750 then '¾' when 125 then '⅛' end;
begin
  if p_unit = any (array['cup', 'tbsp', 'tsp', 'whole', 'piece', 'can', 'package']) and (v_part = 0 or v_glyph is not null)
  then
    return case when v_part = 0 then v_whole::text when v_whole = 0 then v_glyph else v_whole::text || v_glyph end;
  end if;
  return pg_catalog.trim_scale(v_thousandths / 1000)::text;
end;
$$;

grant execute on function private.quantity_number(numeric,text) to authenticated;

-- "bagels" → "bagel", "bay leaves" → "bay leaf" (its last word), "hummus" → "hummus": as amounts.ts singularWord.
create or replace function private.singular_word(p_word text) returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  v_lower text := pg_catalog.lower(p_word);
  v_irregular jsonb := '{"leaves": "leaf", "loaves": "loaf", "halves": "half", "knives": "knife",
    "tomatoes": "tomato", "potatoes": "potato", "mangoes": "mango", "radishes": "radish"}';
begin
  if v_irregular ? v_lower then
    return v_irregular ->> v_lower;
  elsif v_lower ~ '[^aeiou]ies$' then
    return pg_catalog.left(p_word, -3) || 'y';
  elsif v_lower ~ '(x|z|ch|sh)es$' then
    return pg_catalog.left(p_word, -2);
  elsif v_lower ~ '[^su]s$' then
    return pg_catalog.left(p_word, -1);
  end if;
  return p_word;
end;
$$;

grant execute on function private.singular_word(text) to authenticated;

-- A removed item comes back on its (live) list as it was; an unchecked one folds into a matching line. A line
-- that went into another (a fold, a conversion) is not independent any more: its amounts are that line's, so it
-- is refused, naming the line. So is a line whose amounts are all gone (grocery.sync_plan withdrew them, or
-- history.undo took back the write that made it): nothing of it is left to restore.
create or replace function app.grocery_restore_item(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_item public.grocery_items;
  v_into public.grocery_items;
begin
  select i.* into v_item from public.grocery_items i
  where i.id = (p_input ->> 'grocery_item_id')::uuid and i.household_id = p_household_id;
  if v_item.id is null then
    raise exception 'grocery item not found' using errcode = 'MP404', column = 'grocery_item_id';
  elsif v_item.deleted_at is null then
    raise exception 'this item is not removed; nothing to restore' using errcode = 'MP409', column = 'grocery_item_id';
  end if;
  perform private.grocery_list_to_change(p_household_id, v_item.grocery_list_id, false);
  select i.* into v_item from public.grocery_items i where i.id = v_item.id for no key update;
  if v_item.merged_into_id is not null then
    v_into := private.grocery_line_merged_into(v_item);
    raise exception 'this line was merged into another line of the list (now %, id %): its amount is there; change that line instead',
      private.amount_words(v_into.quantity, v_into.unit,
        coalesce(v_into.name, (select i.name from public.ingredients i where i.id = v_into.ingredient_id))),
      v_into.id
      using errcode = 'MP409', column = 'grocery_item_id';
  elsif not (select l.holds from private.grocery_ledger(p_household_id, array[v_item.id]) l) then
    raise exception 'nothing of this line is left to restore: what it held was withdrawn by grocery.sync_plan, taken back by history.undo or merged into another line'
      using errcode = 'MP409', column = 'grocery_item_id';
  end if;
  update public.grocery_items i set deleted_at = null where i.id = v_item.id returning * into v_item;
  perform private.live_item_count(v_item.grocery_list_id);
  v_into := private.fold_into_matching_line(v_item);
  return jsonb_build_object('restored', true, 'item', private.grocery_item_detail_json(coalesce(v_into, v_item)),
    'folded_into_item_id', v_into.id);
end;
$$;

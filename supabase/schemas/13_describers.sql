set check_function_bodies = off;

-- A row an undo removed comes back (a redo) as it was, made by whoever made it: allowed only for a row that a
-- recorded write of the household by that very user made (its reply names the row at p_key).
create function private.made_by_write(p_household_id uuid, p_tool text, p_user_id uuid, p_key text, p_value text)
returns boolean
language sql stable
set search_path = ''
as $$
  select exists (
    select 1 from public.tool_invocations t
    where t.household_id = p_household_id and t.tool = p_tool and t.user_id = p_user_id
      and t.response ->> p_key = p_value
  );
$$;
grant execute on function private.made_by_write(uuid,text,uuid,text,text) to authenticated;

create function private.counted(p_count numeric, p_singular text, p_plural text default null) returns text
language sql immutable
set search_path = ''
as $$
  select p_count::text || ' ' || case when p_count = 1 then p_singular else coalesce(p_plural, p_singular || 's') end
$$;
grant execute on function private.counted(numeric,text,text) to authenticated;

-- Amounts in the sentences the SQL writes (a tool's message, a history summary), in the words of the shared client's
-- formatter (shared/client/amounts.ts, whose header states the rules): "3 onions", "2 cloves garlic", "1 can
-- tomatoes", "1¼ cups flour", "1.25 kg potatoes"; never "whole". tests/tools/amount-words.test.ts checks that the
-- two agree on every unit with quantities and names that reach each rule, so a change to one must be made to both.

-- "onion" → "onions", "berry" → "berries", "loaf" → "loaves", "rice" → "rice": one word, as amounts.ts pluralWord.
create function private.plural_word(p_word text) returns text
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

-- "bagels" → "bagel", "bay leaves" → "bay leaf" (its last word), "hummus" → "hummus": as amounts.ts singularWord.
create function private.singular_word(p_word text) returns text
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

-- A name with the word it is counted by changed: the word before " of ", a comma or " (" ("head of garlic" →
-- "heads of garlic"), else the last word. p_plural: to the plural, else to the singular. p_test_only: only
-- whether that word is a plural already ('t' or 'f'), as amounts.ts isPluralName.
create function private.counted_name(p_name text, p_plural boolean, p_test_only boolean default false) returns text
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

-- "½", "1¼", "2", "0.3", "1.25": fractions for cups, spoons and counts (½ ⅓ ⅔ ¼ ¾ ⅛ to 3 places), decimals without
-- trailing zeros for the rest; as amounts.ts formatQuantity.
create function private.quantity_number(p_quantity numeric, p_unit text) returns text
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

-- An amount of something as said: "2 cloves garlic", "3 onions", "½ lemon", "1 can tomatoes", "1¼ cups flour",
-- "1.25 kg potatoes"; just the measure ("3", "2 l") when the name is empty. As amounts.ts formatAmount.
create function private.amount_words(p_quantity numeric, p_unit text, p_name text) returns text
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

-- The input a write's record keeps. A join's invite code is a secret that stays valid for others (an invite serves
-- until it expires): its record keeps a placeholder in its place, which the join's describer never reads.
-- grocery.add_text keeps what the person sent (the list and the text): the lines its tool read from the text and
-- handed to the SQL are derived (its describer reads the text again) and its undo reads its reply, not its input.
create function private.kept_input(p_tool text, p_input jsonb) returns jsonb
language plpgsql immutable
set search_path = ''
as $$
begin
  -- plpgsql, as private.is_uuid: every recorded write runs it.
  return case
    when p_tool = 'household.join' and jsonb_typeof(p_input) = 'object' and p_input ? 'code'
      then p_input || '{"code": "not-kept"}'::jsonb
    when p_tool = 'grocery.add_text' and jsonb_typeof(p_input) = 'object' then p_input - 'lines'
    else p_input end;
end;
$$;
-- As private.invoke, which alone calls it: the functions' database role.
grant execute on function private.kept_input(text,jsonb) to service_role;

-- What a recorded write's describer reads: its input, or null when it was recorded without one. An undo is
-- described by the write it undid (its reply says which), also when its input named none ("the last write").
create function private.described_input(p_invocation public.tool_invocations) returns jsonb
language sql stable
set search_path = ''
as $$
  select case
    when p_invocation.input is null then null
    when p_invocation.tool = 'history.undo' and p_invocation.response ? 'undone_invocation_id' then
      p_invocation.input || jsonb_build_object('invocation_id', p_invocation.response -> 'undone_invocation_id')
    else p_invocation.input
  end
$$;
grant execute on function private.described_input(tool_invocations) to authenticated;

-- What a recorded write's reply says the rows were before it (a rename's previous name, a change's previous values):
-- names are read as they are now, so without it a sentence about a rename would name the list by its new name.
create function private.described_reply(p_invocation public.tool_invocations) returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_strip_nulls(jsonb_build_object('previous_name', p_invocation.response -> 'previous_name',
    'previous', p_invocation.response -> 'previous'))
$$;
grant execute on function private.described_reply(tool_invocations) to authenticated;

-- The names of the rows a sentence mentions, read as the caller under RLS (a row the caller cannot see is left
-- out, and the describer says "a list that no longer exists"). p_input: {lists, items, recipes, meals, ingredients,
-- members, series, invocations}, each an array of ids (at most 500 each); removed rows are named too (a sentence
-- about a removal names what was removed). Reply: the household's name and, per kind, an object keyed by id.
-- Each kind's rows are found by id = any of an array of the ids (an index condition on the primary key): as a
-- semi-join on ids cast from the JSON, which is not leakproof, row-level security left PostgreSQL 15 and 18 only the
-- household's index (every recipe of the household), and every major scanned all ingredients, every household's own.
create function app.describe_names(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_ids jsonb := jsonb_build_object();
  v_kind text;
begin
  foreach v_kind in array array['lists', 'items', 'recipes', 'meals', 'ingredients', 'members', 'series', 'invocations']
  loop
    v_ids := v_ids || jsonb_build_object(v_kind, coalesce((
      select jsonb_agg(distinct lower(value))
      from (select value from jsonb_array_elements_text(
        case when jsonb_typeof(p_input -> v_kind) = 'array' then p_input -> v_kind else '[]'::jsonb end) limit 500) ids
      where value ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'), '[]'::jsonb));
  end loop;
  return jsonb_build_object(
    'household', (select jsonb_build_object('name', h.name) from public.households h where h.id = p_household_id),
    'lists', (select coalesce(jsonb_object_agg(l.id, jsonb_build_object('name', l.name)), '{}')
      from public.grocery_lists l
      where l.household_id = p_household_id
        and l.id = any (array(select value::uuid from jsonb_array_elements_text(v_ids -> 'lists')))),
    -- Items, recipes and meals are read by id first and their household checked after (materialized): in the same
    -- scan, the generic plan PostgreSQL 15 keeps guessed the household small and read all of its rows through
    -- (household_id, id).
    'items', (with named as materialized (
        select i.id, i.name, i.grocery_list_id, i.ingredient_id, i.household_id from public.grocery_items i
        where i.id = any (array(select value::uuid from jsonb_array_elements_text(v_ids -> 'items'))))
      select coalesce(jsonb_object_agg(i.id, jsonb_build_object('name', coalesce(i.name, ingredient.name),
        'list_id', i.grocery_list_id, 'list_name', l.name)), '{}')
      from named i
      join public.grocery_lists l on l.id = i.grocery_list_id
      left join public.ingredients ingredient on ingredient.id = i.ingredient_id
      where i.household_id = p_household_id),
    'recipes', (with named as materialized (
        select r.id, r.title, r.household_id from public.recipes r
        where r.id = any (array(select value::uuid from jsonb_array_elements_text(v_ids -> 'recipes'))))
      select coalesce(jsonb_object_agg(r.id, jsonb_build_object('title', r.title)), '{}')
      from named r
      where r.household_id = p_household_id),
    'meals', (with named as materialized (
        select m.id, m.date, m.meal_type, m.recipe_id, m.household_id from public.planner_meals m
        where m.id = any (array(select value::uuid from jsonb_array_elements_text(v_ids -> 'meals'))))
      select coalesce(jsonb_object_agg(m.id, jsonb_build_object('date', m.date, 'meal_type', m.meal_type,
        'recipe_title', r.title)), '{}')
      from named m
      left join public.recipes r on r.id = m.recipe_id
      where m.household_id = p_household_id),
    'ingredients', (select coalesce(jsonb_object_agg(i.id, jsonb_build_object('name', i.name)), '{}')
      from public.ingredients i
      where i.id = any (array(select value::uuid from jsonb_array_elements_text(v_ids -> 'ingredients')))),
    'members', (select coalesce(jsonb_object_agg(member ->> 'user_id', jsonb_build_object('email', member ->> 'email',
        'display_name', member ->> 'display_name')), '{}')
      from jsonb_array_elements(private.household_members_json(p_household_id)) member
      where member ->> 'user_id' in (select jsonb_array_elements_text(v_ids -> 'members'))),
    'series', (select coalesce(jsonb_object_agg(s.id, jsonb_build_object('meal_type', s.meal_type,
        'recipe_title', r.title)), '{}')
      from public.planner_meal_series s
      left join public.recipes r on r.id = s.recipe_id
      where s.household_id = p_household_id
        and s.id = any (array(select value::uuid from jsonb_array_elements_text(v_ids -> 'series')))),
    'invocations', (select coalesce(jsonb_object_agg(t.id, jsonb_build_object('tool', t.tool,
        'input', private.described_input(t), 'recorded', private.described_reply(t),
        'summary', private.history_summary(t.tool, t.response))), '{}')
      from private.household_writes(p_household_id) t
      where t.id = any (array(select value::uuid from jsonb_array_elements_text(v_ids -> 'invocations'))))
  );
end;
$$;

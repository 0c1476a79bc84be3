-- grocery.add_text's SQL: typed lines, already read, take their names from recipe.parse_text's matcher (a plural
-- folds to its ingredient), a missing unit from the ingredient's count unit (else whole), and merge as a push and an
-- add merge; a name that matches nothing is a free item; another household's list is not found; a merge past the
-- bound is refused naming text; history.undo takes back only this call's contributions.
begin;
set local search_path to public, extensions, tests;
select plan(7);

select tests.create_user('alice@test');
select tests.create_user('bob@test');
create temporary table fixture on commit drop as
select tests.create_list(tests.household_of('alice@test'), 'Weekly') as list_id;
select tests.add_item(list_id, 'onion', 2, 'whole') is not null as added from fixture;
-- The onions came from a recorded push in the app; here from a row with its source, so the ledger holds.
insert into grocery_item_sources (grocery_item_id, household_id, quantity_added, unit)
select i.id, i.household_id, 2, 'whole' from grocery_items i join fixture f on f.list_id = i.grocery_list_id;

create function pg_temp.add_text(p_email text, p_lines jsonb) returns jsonb language sql as $$
  select tests.call_tool(p_email, 'grocery.add_text',
    jsonb_build_object('grocery_list_id', list_id, 'text', 'typed', 'lines', p_lines)) from fixture;
$$;
-- How a call was refused: its SQLSTATE, the field it names and its message.
create function pg_temp.refusal(p_email text, p_lines jsonb) returns text language plpgsql as $$
declare
  v_state text;
  v_column text;
  v_message text;
begin
  perform pg_temp.add_text(p_email, p_lines);
  return 'not refused';
exception when others then
  get stacked diagnostics v_state = returned_sqlstate, v_column = column_name, v_message = message_text;
  return format('%s %s: %s', v_state, v_column, v_message);
end;
$$;
create function pg_temp.line(p_name text, p_folded text[], p_quantity numeric, p_unit text) returns jsonb
language sql as $$
  select jsonb_build_object('text', case when p_unit is null and p_quantity = 1 then p_name
      else concat_ws(' ', trim_scale(p_quantity), p_unit, p_name) end, 'name', p_name, 'folded', to_jsonb(p_folded), 'quantity', p_quantity,
    'unit', p_unit, 'prep_state', null, 'note', null);
$$;

create temporary table added on commit drop as
select pg_temp.add_text('alice@test', jsonb_build_array(
  pg_temp.line('milk', array['milk'], 2, 'l'),
  pg_temp.line('onions', array['onion'], 1, null),
  pg_temp.line('zorblax', array['zorblax'], 1, null))) as response;

select is((select response -> 'data' ->> 'message' from added),
  'Added 2 l milk, onions and zorblax to Weekly', 'the reply says what was added as people say it: amounts in the shared words, lines typed without one as typed');
select results_eq('select tests.list_items(list_id) from fixture',
  $$values ('milk 2 l'), ('onion 3 whole'), ('zorblax 1 whole')$$,
  'onions merge into the onion line; milk from the catalog; zorblax as typed');
select is((select jsonb_path_query_array(response, '$.data.lines[*].merged') from added),
  '[false, true, false]'::jsonb, 'each line says whether it merged');
select is_empty('select tests.ledger_violations(list_id) from fixture', 'the ledger holds');

select is(pg_temp.refusal('bob@test', jsonb_build_array(pg_temp.line('milk', array['milk'], 1, 'l'))),
  'MP404 grocery_list_id: grocery list not found', 'another household''s list is not found');
select is(pg_temp.refusal('alice@test', jsonb_build_array(pg_temp.line('milk', array['milk'], 999999, 'l'))),
  'MP400 text: quantity would exceed 1000000 after merging', 'a merge past 1,000,000 is refused naming text');

select tests.call_tool('alice@test', 'history.undo', '{}') is not null as undone;
select results_eq('select tests.list_items(list_id) from fixture', $$values ('onion 2 whole')$$,
  'history.undo takes back exactly what it added');

select * from finish();
rollback;

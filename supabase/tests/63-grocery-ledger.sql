-- The grocery ledger: after a fold, an edit and a conversion every live item's quantity is its ledger's
-- (private.grocery_ledger_violations, through tests.ledger_violations); the edit and the conversion's rounding are
-- recorded as adjustments, exactly; a line folded or converted into another cannot be restored; a quantity changed
-- behind the ledger's back shows, with both figures.
begin;
set local search_path to public, extensions, tests;
select plan(10);

select tests.create_user('alice@test');
create temporary table fixture on commit drop as
select tests.create_list(tests.household_of('alice@test'), 'Weekly') as list_id;

create function pg_temp.call(p_tool text, p_input jsonb) returns jsonb language sql as $$
  select tests.call_tool('alice@test', p_tool, p_input) -> 'data';
$$;
create function pg_temp.add(p_quantity numeric, p_unit text) returns uuid language sql as $$
  select (pg_temp.call('grocery.add_item', jsonb_build_object('grocery_list_id', list_id,
    'ingredient_id', tests.ingredient('white rice'), 'quantity', p_quantity, 'unit', p_unit)) ->> 'grocery_item_id')::uuid
  from fixture;
$$;

create temporary table lines (name text primary key, id uuid) on commit drop;
insert into lines select 'first', pg_temp.add(2, 'cup');
do $$ begin perform pg_temp.call('grocery.check_item', jsonb_build_object('grocery_item_id', (select id from lines where name = 'first'))); end $$;
insert into lines select 'second', pg_temp.add(1, 'cup');
do $$ begin perform pg_temp.call('grocery.uncheck_item', jsonb_build_object('grocery_item_id', (select id from lines where name = 'first'))); end $$;

select results_eq('select tests.list_items(list_id) from fixture', $$values ('white rice 3 cup')$$,
  'unchecking folds 2 cup into the 1 cup line');
select is_empty('select tests.ledger_violations(list_id) from fixture', 'the fold moved the ledger rows: 3 = 2 + 1');
select is((select merged_into_id from grocery_items where id = (select id from lines where name = 'first')),
  (select id from lines where name = 'second'), 'the folded line is marked as merged into the other');
select throws_like(
  format($$select pg_temp.call('grocery.restore_item', '{"grocery_item_id": "%s"}')$$,
    (select id from lines where name = 'first')),
  'this line was merged into another line of the list (now 3 cups white rice, id %', 'and cannot be restored');

do $$ begin perform pg_temp.call('grocery.update_item', jsonb_build_object('grocery_item_id', (select id from lines where name = 'second'), 'quantity', 4)); end $$;
select is((select quantity from grocery_item_adjustments where grocery_item_id = (select id from lines where name = 'second')),
  1::numeric, 'an edit from 3 to 4 cup is an adjustment of 1 cup');

insert into lines select 'grams', pg_temp.add(500, 'g');
insert into lines select 'pound', pg_temp.add(1, 'lb');
-- In one transaction every line has one created_at: which line is kept is the reply's to say.
create temporary table conversion on commit drop as
select pg_temp.call('grocery.apply_conversion', jsonb_build_object('grocery_list_id', (select list_id from fixture),
  'item_ids', jsonb_build_array((select id from lines where name = 'grams'), (select id from lines where name = 'pound')),
  'unit', 'lb')) as reply;
select results_eq('select tests.list_items(list_id) from fixture', $$values ('white rice 2.102 lb'), ('white rice 4 cup')$$,
  '500 g + 1 lb = 2.102311… lb, stored as 2.102 lb');
select is((select quantity || ' ' || unit from grocery_item_adjustments where reason = 'conversion'
    and household_id = tests.household_of('alice@test')),
  (2.102 * 453.59237 - (500 + 453.59237))::text || ' g', 'the rounding is recorded in grams, where it is exact');
select is_empty('select tests.ledger_violations(list_id) from fixture', 'so the ledger holds after the conversion');
select throws_like(
  format($$select pg_temp.call('grocery.restore_item', '{"grocery_item_id": "%s"}')$$,
    (select reply #>> '{merged_item_ids,0}' from conversion)),
  'this line was merged into another line of the list (now 2.102 lb white rice, %', 'a converted line cannot be restored');

update grocery_items set quantity = 5 where id = (select id from lines where name = 'second');
select results_eq('select tests.ledger_violations(list_id) from fixture',
  format($$values ('%s 5 cup ≠ 4')$$, (select id from lines where name = 'second')),
  'a quantity changed behind the ledger''s back is reported with both figures');

select * from finish();
rollback;

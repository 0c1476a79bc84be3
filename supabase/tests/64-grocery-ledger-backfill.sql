-- The ledger's backfill (20261125000110): items written before the ledger was recorded (an edit that wrote no
-- row, a change of unit, a count unit) get the adjustments that make their ledger hold, exactly, and no more.
begin;
set local search_path to public, extensions, tests;
select plan(6);

select tests.create_user('alice@test');
create temporary table fixture on commit drop as
select tests.create_list(tests.household_of('alice@test'), 'Weekly') as list_id;
create temporary table lines (name text primary key, id uuid) on commit drop;
insert into lines
select 'edited', tests.add_item(list_id, 'white rice', 2, 'cup') from fixture union all
select 'converted', tests.add_item(list_id, 'white rice', 1.102, 'lb') from fixture union all
select 'restated', tests.add_item(list_id, 'onion', 3, 'whole') from fixture union all
select 'kept', tests.add_item(list_id, 'butter', 1, 'tbsp') from fixture;
-- As the tools left them before: an edit from 1 to 2 cup with no row; 500 g made 1.102 lb by hand; 250 g of onion
-- made 3 whole by hand; 1 tbsp pushed as it is.
insert into grocery_item_sources (grocery_item_id, household_id, quantity_added, unit, created_by)
select l.id, tests.household_of('alice@test'), q, u, tests.get_user_id('alice@test')
from lines l join (values ('edited', 1, 'cup'), ('converted', 500, 'g'), ('restated', 250, 'g'), ('kept', 1, 'tbsp'))
  as s (name, q, u) on s.name = l.name;

select is((select count(*)::integer from private.grocery_ledger_violations((select list_id from fixture))), 3,
  'three items do not hold before the backfill');
select is(private.grocery_ledger_restate(tests.household_of('alice@test'),
  array(select id from lines), 'backfill'), 4, 'four adjustments make them hold');
select is_empty('select tests.ledger_violations(list_id) from fixture', 'after which every item holds');
select set_eq($$select l.name || ' ' || a.quantity || ' ' || a.unit from grocery_item_adjustments a
    join lines l on l.id = a.grocery_item_id$$,
  array['edited 1 cup', 'converted -0.14120826 g', 'restated -250 g', 'restated 3 whole'],
  'each in the item''s unit when exact, else in grams; what was left in another kind cancelled');
select is(private.grocery_ledger_restate(tests.household_of('alice@test'), array(select id from lines), 'backfill'),
  0, 'a second backfill adds nothing');
select is((select count(*)::integer from grocery_item_adjustments a join lines l on l.id = a.grocery_item_id
  where l.name = 'kept'), 0, 'an item that held gets no row');

select * from finish();
rollback;

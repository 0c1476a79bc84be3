-- An item's stamps: every update sets updated_at and keeps created_at and created_by (except that created_by may be
-- cleared, as deleting its user does). The merge stamps its rows itself, and the trigger, which then has nothing
-- to add, skips them (its WHEN clause); any other update, or one that touches created_*, still meets it.
begin;
set local search_path to public, extensions, tests;
select plan(8);

select tests.create_user('alice@test');
select tests.create_user('bob@test');
create temporary table fixture on commit drop as
select tests.create_list(tests.household_of('alice@test'), 'Weekly') as list_id;

create function pg_temp.push(p_quantity numeric) returns jsonb language sql as $$
  select tests.call_tool('alice@test', 'grocery.push_ingredients', jsonb_build_object('grocery_list_id', list_id,
    'ingredients', jsonb_build_array(jsonb_build_object(
      'ingredient_id', tests.ingredient('white rice'), 'quantity', p_quantity, 'unit', 'cup'))))
  from fixture;
$$;

-- Moves the item's stamps an hour back, past the trigger (one transaction has one now()).
create function pg_temp.backdate() returns void language plpgsql as $$
begin
  alter table grocery_items disable trigger grocery_items_stamp_update;
  update grocery_items set created_at = now() - interval '1 hour', updated_at = now() - interval '1 hour'
  where grocery_list_id = (select list_id from fixture);
  alter table grocery_items enable trigger grocery_items_stamp_update;
end;
$$;

create function pg_temp.stamps() returns table (created_ago interval, updated_ago interval, created_by text)
language sql as $$
  -- updated_at is the time of the change (clock_timestamp(), since the change-feed migration), so at or after the
  -- transaction's now(): 0 means stamped by this transaction.
  select now() - i.created_at, greatest(now() - i.updated_at, '0'::interval),
    case i.created_by when tests.get_user_id('alice@test') then 'alice' when tests.get_user_id('bob@test') then 'bob' end
  from grocery_items i where i.grocery_list_id = (select list_id from fixture);
$$;

select pg_temp.push(1);
select results_eq('select * from pg_temp.stamps()', $$values ('0'::interval, '0'::interval, 'alice')$$,
  'a pushed item is created by its pusher, now');

select pg_temp.backdate();
select pg_temp.push(0.5);
select results_eq('select * from pg_temp.stamps()', $$values ('1 hour'::interval, '0'::interval, 'alice')$$,
  'a merge stamps updated_at and keeps created_at and created_by');
select results_eq('select tests.list_items(list_id) from fixture', $$values ('white rice 1.5 cup')$$,
  'and adds its quantity');

select pg_temp.backdate();
update grocery_items set quantity = 2 where grocery_list_id = (select list_id from fixture);
select results_eq('select * from pg_temp.stamps()', $$values ('1 hour'::interval, '0'::interval, 'alice')$$,
  'an update that does not stamp the row is stamped by the trigger');

select pg_temp.backdate();
update grocery_items set created_by = tests.get_user_id('bob@test'), created_at = now(), updated_at = now()
where grocery_list_id = (select list_id from fixture);
select results_eq('select * from pg_temp.stamps()', $$values ('1 hour'::interval, '0'::interval, 'alice')$$,
  'an update that stamps the row but rewrites who and when it was created keeps them');

update grocery_items set created_by = null, updated_at = now() - interval '1 day'
where grocery_list_id = (select list_id from fixture);
select is((select created_by from pg_temp.stamps()), null, 'created_by may be cleared (its user deleted)');
select is((select updated_ago from pg_temp.stamps()), '0'::interval, 'and the row is stamped now all the same');

-- A list's updated_at moves with its items, with no trigger of its own: the transaction's first change to a list
-- raises the list's version by updating its row, which stamps it. Forgetting the versions taken stands in for a new
-- transaction (the push above already took this list's).
alter table grocery_lists disable trigger grocery_lists_stamp_update;
update grocery_lists set updated_at = now() - interval '1 hour' where id = (select list_id from fixture);
alter table grocery_lists enable trigger grocery_lists_stamp_update;
select set_config('meal_planner.versions', '', true);
select tests.call_tool('alice@test', 'grocery.check_item', jsonb_build_object('grocery_item_id',
  (select i.id from grocery_items i where i.grocery_list_id = (select list_id from fixture))));
select is((select now() - l.updated_at from grocery_lists l where l.id = (select list_id from fixture)),
  '0'::interval, 'checking an item stamps its list');

select * from finish();
rollback;

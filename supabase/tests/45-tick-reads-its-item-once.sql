-- A tick (and an untick) decides whether to refuse and then writes from one read of the item and its list: the
-- function that may refuse locks both and hands the live item to the write. Before, the write read and locked both
-- again, each read a statement under row-level security, on the most frequent write in a shop. Counted in scans of
-- grocery_items and grocery_lists (sequential or by any of their indexes, tests.scans_so_far), so the test holds on
-- any machine: it never times anything. Scans rather than rows: each tick and untick of the same item leaves a row
-- version behind, which the index returns again until a vacuum.
begin;
set local search_path to public, extensions, tests;
select plan(6);

select ok(tests.create_user('shopper@tick-reads.test') is not null, 'a member to tick as');
create temporary table fixture on commit drop as
select tests.create_list(tests.household_of('shopper@tick-reads.test'), 'Weekly') as list_id;
insert into grocery_items (grocery_list_id, household_id, ingredient_id, quantity, unit)
select list_id, tests.household_of('shopper@tick-reads.test'), tests.ingredient('eggs'), 6, 'whole' from fixture;

create function pg_temp.scans_by(p_tool text) returns bigint[] language plpgsql as $$
declare
  v_items bigint := tests.scans_so_far(array['public.grocery_items'::regclass]);
  v_lists bigint := tests.scans_so_far(array['public.grocery_lists'::regclass]);
begin
  perform tests.call_tool('shopper@tick-reads.test', p_tool, jsonb_build_object('grocery_item_id',
    (select i.id from grocery_items i where i.grocery_list_id = (select list_id from fixture))));
  return array[tests.scans_so_far(array['public.grocery_items'::regclass]) - v_items,
    tests.scans_so_far(array['public.grocery_lists'::regclass]) - v_lists];
end;
$$;
-- Six ticks and unticks first, so that the functions' statements have settled on the plans they keep.
select count(pg_temp.scans_by(tool))
from generate_series(1, 6), (values ('grocery.check_item'), ('grocery.uncheck_item')) round(tool);
create temporary table measured on commit drop as
select pg_temp.scans_by('grocery.check_item') as tick, pg_temp.scans_by('grocery.uncheck_item') as untick;

select is((select checked from grocery_items where grocery_list_id = (select list_id from fixture)), false,
  'the item ticked and unticked, unticked last');
-- The item is scanned to find its list, to lock it and to update it, and once by its list (as before this change);
-- the list to lock it and to move its version. Read again to write, the item took 6 scans and the list 4.
select cmp_ok((select tick[1] from measured), '<=', 4::bigint,
  format('a tick scans grocery_items at most 4 times (%s)', (select tick[1] from measured)));
select cmp_ok((select tick[2] from measured), '<=', 2::bigint,
  format('and grocery_lists at most twice (%s)', (select tick[2] from measured)));
-- An untick also looks for a matching unticked line to fold into: 7 and 5 scans before.
select cmp_ok((select untick[1] from measured), '<=', 5::bigint,
  format('an untick scans grocery_items at most 5 times (%s)', (select untick[1] from measured)));
select cmp_ok((select untick[2] from measured), '<=', 2::bigint,
  format('and grocery_lists at most twice (%s)', (select untick[2] from measured)));

select * from finish();
rollback;

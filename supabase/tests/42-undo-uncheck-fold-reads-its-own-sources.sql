-- history.undo of an uncheck that folded the line into a matching one moves the line's source rows back by their keys:
-- a few rows, never every source row the household has. As a semi-join on the keys cast from the JSON of the write's
-- record (not leakproof), row-level security left the planner only the household's index. Counted in rows of
-- grocery_item_sources read (tests.rows_read_by_call: what the functions' own queries scan), so the test holds on any
-- machine and any database: it never times anything, and the dead rows earlier tests leave until a vacuum, which
-- made a count of buffers pass or fail by when autovacuum last ran, do not count.
begin;
set local search_path to public, extensions, tests;
select plan(4);

select ok(tests.create_user('cook@undo-fold.test') is not null, 'a member to tick and untick as');
create temporary table fixture on commit drop as
select tests.create_list(tests.household_of('cook@undo-fold.test'), 'Weekly') as list_id,
  tests.create_list(tests.household_of('cook@undo-fold.test'), 'Pantry') as pantry_id;
-- 100,000 source rows on a line of the household's other list, with their statistics: what a household that has pushed
-- for a while has. Written without their triggers, as a bulk load would, so that the test stays quick.
insert into grocery_items (grocery_list_id, household_id, name, quantity, unit)
select pantry_id, tests.household_of('cook@undo-fold.test'), 'flour', 100000, 'g' from fixture;
set local session_replication_role = replica;
insert into grocery_item_sources (grocery_item_id, household_id, quantity_added, unit)
select i.id, i.household_id, 1, 'g'
from grocery_items i, generate_series(1, 100000) g where i.grocery_list_id = (select pantry_id from fixture);
set local session_replication_role = origin;
analyze grocery_items;
analyze grocery_item_sources;

create function pg_temp.call(p_tool text, p_input jsonb) returns jsonb language sql as $$
  select tests.call_tool('cook@undo-fold.test', p_tool, p_input) -> 'data';
$$;
create function pg_temp.push(p_quantity numeric) returns uuid language sql as $$
  select (pg_temp.call('grocery.push_ingredients', jsonb_build_object('grocery_list_id', list_id,
    'ingredients', jsonb_build_array(jsonb_build_object('ingredient_id', tests.ingredient('eggs'),
      'quantity', p_quantity, 'unit', 'whole')))) #>> '{added,0,id}')::uuid
  from fixture
$$;
-- A ticked line of 3 eggs, another of 2 pushed beside it; unticking the first folds it into the second.
create function pg_temp.fold() returns uuid language plpgsql as $$
declare
  v_ticked uuid := pg_temp.push(3);
begin
  perform pg_temp.call('grocery.check_item', jsonb_build_object('grocery_item_id', v_ticked));
  perform pg_temp.push(2);
  perform pg_temp.call('grocery.uncheck_item', jsonb_build_object('grocery_item_id', v_ticked));
  return tests.latest_invocation('cook@undo-fold.test', 'grocery.uncheck_item');
end;
$$;
create function pg_temp.rows_read_by_undo(p_invocation_id uuid) returns bigint
language sql as $$
  select tests.rows_read_by_call('cook@undo-fold.test', 'history.undo',
    jsonb_build_object('invocation_id', p_invocation_id), 'public.grocery_item_sources')
$$;
-- Each round starts from an empty list: the list's lines from the round before are removed first.
create function pg_temp.round() returns bigint language plpgsql as $$
begin
  update grocery_items set deleted_at = now() where grocery_list_id = (select list_id from fixture)
    and deleted_at is null;
  return pg_temp.rows_read_by_undo(pg_temp.fold());
end;
$$;

-- Six folds and their undos first, so that the functions' statements have settled on the plans they keep.
select count(pg_temp.round()) from generate_series(1, 6);
create temporary table measured on commit drop as select pg_temp.round() as rows_read;

select results_eq('select tests.list_items(list_id) from fixture',
  $$values ('eggs 2 whole'), ('eggs 3 whole (checked)')$$,
  'the undo took the folded line back out of the other, ticked as it was');
select is((select count(*) from grocery_item_sources s where s.grocery_item_id in (
    select i.id from grocery_items i where i.grocery_list_id = (select list_id from fixture) and i.deleted_at is null)),
  2::bigint, 'with its source row back on it');
-- The undo reads the source rows of its two lines by key: about 6 (index entries included). Reading the household's
-- source rows through its index reads all 100,000 of them.
select cmp_ok((select rows_read from measured), '<=', 1000::bigint,
  'undoing the uncheck reads at most 1,000 source rows, not the household''s 100,000 other ones');

select * from finish();
rollback;

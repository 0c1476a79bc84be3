-- A stale uncheck: Alice read the list, Bob ticked milk, Alice's offline uncheck carrying the version she
-- read is refused, not applied. The item records who last changed its tick and its amount, at which version; the
-- refusal is a recorded reply (replayed under its key) and is not a write of the history.
begin;
set local search_path to public, extensions, tests;
select plan(9);

select tests.create_user('alice@offline.test'), tests.create_user('bob@offline.test');
select tests.add_member(tests.household_of('alice@offline.test'), 'bob@offline.test');
create temporary table fixture on commit drop as
select tests.household_of('alice@offline.test') as household_id,
  tests.create_list(tests.household_of('alice@offline.test'), 'Weekly') as list_id;

-- Each call as if in a transaction of its own: a transaction raises a list's version once (the change-feed
-- migration keeps the versions it took in meal_planner.versions), so that setting is cleared before each call.
create function pg_temp.call(p_email text, p_tool text, p_input jsonb, p_key text default null) returns jsonb
language sql as $$
  select set_config('meal_planner.versions', '', true);
  select tests.call_tool(p_email, p_tool, p_input, jsonb_build_object('household_id', household_id,
    'idempotency_key', p_key, 'input_hash', case when p_key is not null then md5(p_input::text) end))
  from fixture;
$$;

create temporary table milk on commit drop as
select (pg_temp.call('alice@offline.test', 'grocery.add_item', jsonb_build_object('grocery_list_id', list_id,
  'name', 'milk', 'quantity', 1, 'unit', 'l')) #>> '{data,grocery_item_id}')::uuid as id,
  null::bigint as seen
from fixture;
update milk set seen = (select l.version from grocery_lists l where l.id = (select list_id from fixture));

select pg_temp.call('bob@offline.test', 'grocery.check_item', jsonb_build_object('grocery_item_id', id)) from milk;
select results_eq(
  $$select i.checked_version = l.version, i.checked_changed_by = tests.get_user_id('bob@offline.test'),
      i.amount_version is null
    from grocery_items i join grocery_lists l on l.id = i.grocery_list_id where i.id = (select id from milk)$$,
  $$values (true, true, true)$$,
  'a tick records its version and who ticked; the amount is untouched');

create temporary table stale on commit drop as
select pg_temp.call('alice@offline.test', 'grocery.uncheck_item',
  jsonb_build_object('grocery_item_id', id, 'seen_version', seen), 'alice-uncheck-1') as reply
from milk;
select is((select reply #>> '{data,refusal,type}' from stale), 'CONFLICT', 'the stale uncheck is refused as a conflict');
select is((select reply #>> '{data,refusal,details,reason}' from stale), 'checked_changed', 'because of the later tick');
select ok((select checked from grocery_items where id = (select id from milk)), 'milk stays ticked');

select is(
  (select pg_temp.call('alice@offline.test', 'grocery.uncheck_item',
     jsonb_build_object('grocery_item_id', id, 'seen_version', seen), 'alice-uncheck-1') from milk),
  (select reply || '{"replayed": true}' from stale),
  'a retry with the same key replays the same refusal');
select ok(not exists (
    select 1 from private.household_writes((select household_id from fixture)) t
    where t.idempotency_key = 'alice-uncheck-1'),
  'a refusal is not a write of the history');

-- Alice's own later changes never make her writes stale: she ticks and edits, then unchecks with the old version.
select pg_temp.call('bob@offline.test', 'grocery.uncheck_item', jsonb_build_object('grocery_item_id', id)) from milk;
select pg_temp.call('alice@offline.test', 'grocery.update_item', jsonb_build_object('grocery_item_id', id,
  'quantity', 2)) from milk;
select pg_temp.call('alice@offline.test', 'grocery.check_item', jsonb_build_object('grocery_item_id', id)) from milk;
select results_eq(
  $$select i.amount_version = i.checked_version, i.amount_changed_by = tests.get_user_id('alice@offline.test')
    from grocery_items i where i.id = (select id from milk)$$,
  $$values (false, true)$$,
  'an edit records its own version and author');
select is(
  (select pg_temp.call('alice@offline.test', 'grocery.uncheck_item',
     jsonb_build_object('grocery_item_id', id, 'seen_version', seen)) #>> '{data,refusal}' from milk),
  null, 'her own tick does not conflict with her');
select ok(not (select checked from grocery_items where id = (select id from milk)), 'and the uncheck ran');

select * from finish();
rollback;

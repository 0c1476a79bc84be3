-- On hand: a household's marks are read and written by its members only; another household's member can neither
-- read, add, change nor remove them, not even through the tool's function; the API roles have no access at all.
begin;
set local search_path to public, extensions, tests;
select plan(11);

select tests.create_user('alice@test'), tests.create_user('bob@test'), tests.create_user('carol@test');
select tests.add_member(tests.household_of('alice@test'), 'carol@test');
insert into public.household_on_hand (household_id, ingredient_id, marked_by)
select tests.household_of('alice@test'), i.id, tests.get_user_id('alice@test')
from public.ingredients i where i.household_id is null and i.name in ('salt', 'black pepper');

select tests.authenticate_as('carol@test');
select is((select count(*) from household_on_hand), 2::bigint, 'a fellow member reads the household''s marks');
select is((app.household_list_on_hand(tests.household_of('alice@test'), '{}') ->> 'count')::integer, 2,
          'and lists them through the tool');

select tests.authenticate_as('bob@test');
select is((select count(*) from household_on_hand where household_id = tests.household_of('alice@test')), 0::bigint,
          'a member of another household reads none of them');
select is((app.household_list_on_hand(tests.household_of('alice@test'), '{}') ->> 'count')::integer, 0,
          'not even through the tool''s function');

select tests.write_as('bob@test');
select throws_ok($$insert into household_on_hand (household_id, ingredient_id)
  select tests.household_of('alice@test'), i.id from ingredients i where i.household_id is null and i.name = 'flour tortillas'$$,
  '42501', null, 'nor adds a mark to it');
select throws_ok($$select app.household_set_on_hand(tests.household_of('alice@test'), jsonb_build_object(
  'ingredient_id', (select i.id from ingredients i where i.household_id is null and i.name = 'butter'), 'on_hand', true))$$,
  '42501', null, 'nor through the tool''s function');
with changed as (update household_on_hand set marked_by = tests.get_user_id('bob@test')
  where household_id = tests.household_of('alice@test') returning 1)
select is((select count(*) from changed), 0::bigint, 'nor changes one');
with removed as (delete from household_on_hand where household_id = tests.household_of('alice@test') returning 1)
select is((select count(*) from removed), 0::bigint, 'nor removes one');
with moved as (update household_on_hand set household_id = tests.household_of('bob@test')
  where household_id = tests.household_of('alice@test') returning 1)
select is((select count(*) from moved), 0::bigint, 'nor moves one into their own household');

select tests.clear_authentication();
select is((select count(*) from household_on_hand where household_id = tests.household_of('alice@test')), 2::bigint,
          'the household''s marks are as they were');
select ok(not has_table_privilege('anon', 'public.household_on_hand', 'select')
          and not has_table_privilege('authenticated', 'public.household_on_hand', 'select')
          and not has_table_privilege('authenticated', 'public.household_on_hand', 'insert'),
          'the API roles can neither read nor write the marks');

select * from finish();
rollback;

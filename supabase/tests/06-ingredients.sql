begin;
set local search_path to public, extensions, tests;
select plan(9);

select tests.create_user('alice@test'), tests.create_user('bob@test');

select ok((select count(*) from public.ingredients where household_id is null) >= 300, 'the shared catalog has at least 300 ingredients');

select tests.write_as('alice@test');
select lives_ok(format($$insert into public.ingredients (household_id, name) values (%L, 'Grandma''s Spice Mix')$$,
                       tests.household_of('alice@test')),
                'a member adds an ingredient to their household');
select throws_ok(format($$insert into public.ingredients (household_id, name) values (%L, '  grandma''s spice MIX ')$$,
                        tests.household_of('alice@test')),
                 '23505', null, 'names are unique per household after trimming and case folding');
select throws_ok($$insert into public.ingredients (household_id, name) values (null, 'Dragon fruit')$$,
                 '42501', 'new row violates row-level security policy for table "ingredients"',
                 'a member cannot add to the shared catalog');
select throws_ok(format($$insert into public.ingredients (household_id, name) values (%L, 'Dragon fruit')$$,
                        tests.household_of('bob@test')),
                 '42501', 'new row violates row-level security policy for table "ingredients"',
                 'a member cannot add to another household');
select is((select count(*) from public.ingredients where name = 'white rice' and household_id is null), 1::bigint,
          'a member reads the catalog');
select is((select count(*) from public.ingredients where normalized_name = lower(btrim(' White Rice '))), 1::bigint,
          'lookups match exactly after trimming and case folding');
select is((select count(*) from public.ingredients where normalized_name = 'white ric'), 0::bigint,
          'lookups are never fuzzy');

select tests.write_as('bob@test');
select lives_ok(format($$insert into public.ingredients (household_id, name) values (%L, 'Grandma''s spice mix')$$,
                       tests.household_of('bob@test')),
                'another household may use the same name');

select * from finish();
rollback;

-- A quantity is greater than 0, at most 1,000,000 and has at most 3 decimals, in the database as in Zod:
-- 1e-320 was once stored as a 322-digit number.
begin;
set local search_path to public, extensions, tests;
select plan(6);

select tests.create_user('alice@test');
create temporary table fixture on commit drop as
select tests.create_list(tests.household_of('alice@test'), 'Weekly') as list_id;

select throws_ok($$select tests.add_item((select list_id from fixture), 'white rice', 1e-320, 'cup')$$, '23514', null,
                 'a subnormal quantity is refused');
select throws_ok($$select tests.add_item((select list_id from fixture), 'white rice', 0.0001, 'cup')$$, '23514', null,
                 'a fourth decimal is refused');
select throws_ok($$select tests.add_item((select list_id from fixture), 'white rice', 1000000.001, 'cup')$$, '23514', null,
                 'more than 1,000,000 is refused');
select throws_ok($$select tests.add_item((select list_id from fixture), 'white rice', 0, 'cup')$$, '23514', null,
                 'zero is refused');
select lives_ok($$select tests.add_item((select list_id from fixture), 'white rice', 0.125, 'cup')$$,
                'three decimals are kept');
select lives_ok($$select tests.add_item((select list_id from fixture), 'basil', 1000000.000, 'cup')$$,
                'as is exactly 1,000,000 written with trailing zeros');

select * from finish();
rollback;

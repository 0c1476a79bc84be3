begin;
set local search_path to public, extensions, tests;
select plan(6);

select results_eq(
  'select code, kind, factor from public.units order by kind, code',
  $$values
    ('can', 'count', null::numeric), ('package', 'count', null), ('piece', 'count', null), ('whole', 'count', null),
    ('cup', 'volume', 236.5882365), ('fl oz', 'volume', 29.5735295625), ('l', 'volume', 1000), ('ml', 'volume', 1),
    ('tbsp', 'volume', 14.78676478125), ('tsp', 'volume', 4.92892159375),
    ('g', 'weight', 1), ('kg', 'weight', 1000), ('lb', 'weight', 453.59237), ('oz', 'weight', 28.349523125)$$,
  'the units are exactly the fixed list, with exact factors to ml and g'
);
select is((select factor * 3 from public.units where code = 'tsp'), (select factor from public.units where code = 'tbsp'),
           'factors are exact: 3 tsp is 1 tbsp');

select tests.create_user('alice@test');
select tests.authenticate_as('alice@test');
select is((select count(*) from public.units), 14::bigint, 'a signed-in user reads the units');
select throws_ok($$insert into public.units values ('pinch', 'count', null)$$, '42501', 'permission denied for table units',
                 'a signed-in user cannot add units');
select throws_ok($$update public.units set factor = 250 where code = 'cup'$$, '42501', 'permission denied for table units',
                 'a signed-in user cannot change units');
select throws_ok($$delete from public.units where code = 'cup'$$, '42501', 'permission denied for table units',
                 'a signed-in user cannot delete units');

select * from finish();
rollback;

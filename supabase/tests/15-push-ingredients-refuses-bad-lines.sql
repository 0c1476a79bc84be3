-- A bad line anywhere refuses the whole batch: nothing of it remains.
begin;
set local search_path to public, extensions, tests;
select plan(7);

select tests.create_user('alice@test');
create temporary table fixture on commit drop as
select tests.create_list(tests.household_of('alice@test'), 'Weekly') as list_id,
       tests.household_of('alice@test') as household_id;
grant select on fixture to authenticated;
select tests.add_item(list_id, 'white rice', 1, 'cup') from fixture;

create function pg_temp.push(p_unit text, p_ingredient_id uuid, p_quantity jsonb default '1') returns text
language sql as $$
  select format('select app.grocery_push_ingredients(%L, %L)', household_id, jsonb_build_object(
    'grocery_list_id', list_id,
    'ingredients', jsonb_build_array(
      jsonb_build_object('ingredient_id', tests.ingredient('white rice'), 'quantity', 0.5, 'unit', 'cup'),
      jsonb_build_object('ingredient_id', tests.ingredient('basil'), 'quantity', 1, 'unit', 'package'),
      jsonb_build_object('ingredient_id', p_ingredient_id, 'quantity', p_quantity, 'unit', p_unit))))
  from fixture;
$$;
grant execute on function pg_temp.push(text, uuid, jsonb) to meal_planner_writer;

select tests.write_as('alice@test');
-- The shape of a line is Zod's to check before the call; what reaches the database still cannot get past
-- what only it knows (what exists in this household) or its constraints.
select throws_ok(pg_temp.push('whole', '00000000-0000-4000-8000-000000000000'), 'MP400',
                 'unknown ingredient 00000000-0000-4000-8000-000000000000', 'an unknown ingredient is refused');
select throws_ok(pg_temp.push('cups', tests.ingredient('onion')), '23503', null,
                 'an unknown unit is refused by its foreign key');
select throws_ok(pg_temp.push('whole', tests.ingredient('onion'), '0'), '23514', null,
                 'a quantity of 0 is refused by the constraint');
select throws_ok(pg_temp.push('whole', tests.ingredient('onion'), '0.0001'), '23514', null,
                 'as is a fourth decimal');

-- The error names the field, for the functions' error envelope.
create function pg_temp.error_field(p_sql text) returns text language plpgsql as $$
declare
  v_column text;
begin
  execute p_sql;
  return null;
exception when sqlstate 'MP400' then
  get stacked diagnostics v_column = column_name;
  return v_column;
end;
$$;
grant execute on function pg_temp.error_field(text) to meal_planner_writer;
select is(pg_temp.error_field(pg_temp.push('whole', '00000000-0000-4000-8000-000000000000')), 'ingredients[2].ingredient_id',
          'the error names the ingredient of the third line');

select tests.clear_authentication();
select results_eq('select tests.list_items(list_id) from fixture', $$values ('white rice 1 cup')$$,
                  'the list is as it was: no line of a refused batch remains');
select is((select count(*) from grocery_item_sources s join grocery_items i on i.id = s.grocery_item_id
            join fixture f on i.grocery_list_id = f.list_id),
          0::bigint, 'no source was recorded for the list');

select * from finish();
rollback;

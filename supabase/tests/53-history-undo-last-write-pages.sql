-- history.undo with no invocation_id takes the household's last write that is neither an undo nor undone. It reads
-- the history newest first, 50 rows at a time: the 27th undo below must read past 26 undos and 26 undone pushes.
begin;
set local search_path to public, extensions, tests;
select plan(4);

select tests.create_user('alice@test');
create temporary table fixture on commit drop as
select tests.create_list(tests.household_of('alice@test'), 'Weekly') as list_id;

create function pg_temp.push() returns jsonb language sql as $$
  select tests.call_tool('alice@test', 'grocery.push_ingredients', jsonb_build_object('grocery_list_id', list_id,
    'ingredients', jsonb_build_array(
      jsonb_build_object('ingredient_id', tests.ingredient('white rice'), 'quantity', 1, 'unit', 'cup'))))
  from fixture;
$$;

do $$
begin
  for push in 1..30 loop
    perform pg_temp.push();
  end loop;
end;
$$;
-- One transaction has one now(): a minute apart, the 30th push the newest, each undo (at now()) newer than all; when
-- each finished (recorded_at) moves with it.
update tool_invocations t set created_at = now() - (31 - numbered.position) * interval '1 minute',
  recorded_at = now() - (31 - numbered.position) * interval '1 minute'
from (
  select i.id, row_number() over (order by i.id) as position
  from tool_invocations i
  where i.household_id = tests.household_of('alice@test') and i.tool = 'grocery.push_ingredients'
) numbered
where t.id = numbered.id;

do $$
begin
  for undo in 1..27 loop
    perform tests.call_tool('alice@test', 'history.undo', '{}');
  end loop;
end;
$$;

select is((select count(*) from tool_invocations
           where household_id = tests.household_of('alice@test') and tool = 'history.undo'), 27::bigint,
  '27 undos ran');
select results_eq('select tests.list_items(list_id) from fixture', $$values ('white rice 3 cup')$$,
  'each took back one push');
select results_eq(
  $$select t.created_at from tool_invocations t
    where t.household_id = tests.household_of('alice@test') and t.tool = 'grocery.push_ingredients'
      and not private.invocation_undone(t)
    order by t.created_at$$,
  $$values (now() - interval '30 minutes'), (now() - interval '29 minutes'), (now() - interval '28 minutes')$$,
  'newest first: the three oldest pushes stand');
select throws_ok(
  $$select tests.call_tool('alice@test', 'history.undo', '{"invocation_id": "00000000-0000-0000-0000-000000000000"}')$$,
  'MP404', 'invocation not found', 'an unknown invocation is still NOT_FOUND');

select * from finish();
rollback;

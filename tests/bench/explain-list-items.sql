-- EXPLAIN of a member's read of one list's items, with 10,000 items across 100
-- households. Run against the local stack (deno task start), in a transaction
-- that rolls back:
--   psql postgresql://postgres:postgres@127.0.0.1:54322/postgres -f tests/bench/explain-list-items.sql
begin;
insert into auth.users (id, email) select gen_random_uuid(), 'explain' || g || '@example.com' from generate_series(1, 100) g;
insert into grocery_lists (household_id, name, created_by)
select m.household_id, 'Weekly', m.user_id
from household_members m join auth.users u on u.id = m.user_id where u.email like 'explain%@example.com';
insert into grocery_items (grocery_list_id, household_id, name, quantity, unit, created_by)
select l.id, l.household_id, 'item ' || g, g, 'g', l.created_by
from grocery_lists l join auth.users u on u.id = l.created_by, generate_series(1, 100) g
where u.email like 'explain%@example.com';
analyze grocery_items;
select l.id as list_id, u.id as user_id from grocery_lists l join auth.users u on u.id = l.created_by
where u.email = 'explain42@example.com' \gset
select set_config('request.jwt.claims', json_build_object('sub', :'user_id', 'role', 'authenticated')::text, true);
set local role authenticated;
explain (analyze, costs off, summary on)
select id, name, quantity, unit from grocery_items where grocery_list_id = :'list_id' and deleted_at is null;
rollback;

-- Writes only through the tools: on the platform the Data API runs as anon or authenticated, so neither
-- may insert, update, delete or truncate anything in public; only the writer role private.invoke takes
-- for a write tool may, and no API role can become it.
begin;
set local search_path to public, extensions, tests;
select plan(15);

select tests.create_user('alice@test'), tests.create_user('mallory@test');

select is(
  array(select format('%s %s on %s', r.role, p.privilege, c.oid::regclass)
        from pg_catalog.pg_class c
        cross join (values ('anon'), ('authenticated')) r(role)
        cross join (values ('INSERT'), ('UPDATE'), ('DELETE'), ('TRUNCATE')) p(privilege)
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'f')
          and has_table_privilege(r.role, c.oid, p.privilege)
        order by 1),
  '{}'::text[],
  'anon and authenticated can insert, update, delete or truncate no table of public'
);
select is(
  array(select format('%s %s on %s.%s', r.role, p.privilege, c.oid::regclass, a.attname)
        from pg_catalog.pg_class c
        join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        cross join (values ('anon'), ('authenticated')) r(role)
        cross join (values ('INSERT'), ('UPDATE')) p(privilege)
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'f')
          and has_column_privilege(r.role, c.oid, a.attnum, p.privilege)
        order by 1),
  '{}'::text[],
  'nor write any column of one'
);
select is(
  array(select format('%s %s on %s', r.role, p.privilege, c.oid::regclass)
        from pg_catalog.pg_class c
        cross join (values ('anon'), ('authenticated')) r(role)
        cross join (values ('USAGE'), ('UPDATE')) p(privilege)
        where c.relnamespace = 'public'::regnamespace and c.relkind = 'S'
          and has_sequence_privilege(r.role, c.oid, p.privilege)
        order by 1),
  '{}'::text[],
  'nor advance or set a sequence of public (nextval, setval)'
);
select ok(not pg_has_role('authenticator', 'meal_planner_writer', 'member')
          and not pg_has_role('authenticated', 'meal_planner_writer', 'member')
          and not pg_has_role('anon', 'meal_planner_writer', 'member'),
          'no API role can become the writer role');
select ok(pg_has_role('meal_planner_writer', 'authenticated', 'usage'),
          'the writer role has what authenticated has, so the same policies decide what a tool sees');
select ok(not has_function_privilege('authenticated', 'private.redeem_invite(text)', 'execute'),
          'the definer function that joins a household is the writer''s alone');

-- Rows mallory may change through a tool; before, the Data API let her change them directly too.
select tests.create_list(tests.household_of('mallory@test'), 'Mine');
select tests.add_item((select id from grocery_lists where household_id = tests.household_of('mallory@test')),
                      'onion', 1, 'whole');
insert into pending_actions (household_id, tool, input, status, created_by, decided_by, decided_at)
values (tests.household_of('mallory@test'), 'grocery.remove_item', '{}', 'confirmed',
        tests.get_user_id('mallory@test'), tests.get_user_id('mallory@test'), now());

-- What a signed-in user could do through the Data API, as the API runs it.
select tests.authenticate_as('mallory@test');
select throws_ok(format($$insert into household_members (household_id, user_id, role) values (%L, %L, 'owner')$$,
                        tests.household_of('mallory@test'), tests.get_user_id('alice@test')),
                 '42501', 'permission denied for table household_members',
                 'an owner cannot add a user to her household without their consent');
select throws_ok(format($$insert into household_members (household_id, user_id, role) values (%L, %L, 'owner')$$,
                        tests.household_of('alice@test'), tests.get_user_id('mallory@test')),
                 '42501', 'permission denied for table household_members',
                 'nor add herself to another household');
select throws_ok($$update pending_actions set status = 'pending', decided_by = null, decided_at = null$$,
                 '42501', 'permission denied for table pending_actions',
                 'nor reopen a confirmed pending action');
select throws_ok($$update pending_actions set tool = 'household.create_invite', input = '{}'$$,
                 '42501', 'permission denied for table pending_actions',
                 'nor swap the tool or input of one');
select throws_ok($$update grocery_items set quantity = 99$$,
                 '42501', 'permission denied for table grocery_items',
                 'nor set a grocery item''s quantity');
select throws_ok($$delete from recipes$$, '42501', 'permission denied for table recipes', 'nor delete recipes');
-- (SET ROLE is checked against the session's login role: the Data API's is authenticator, not a member.)
select throws_ok($$insert into tool_invocations (user_id, tool, input_hash, is_write) values (auth.uid(), 'x', 'x', true)$$,
                 '42501', 'permission denied for table tool_invocations', 'nor forge an invocation record');

select tests.clear_authentication();
select is((select array_agg(household_id) from household_members where user_id = tests.get_user_id('alice@test')),
          array[tests.household_of('alice@test')], 'alice is still only in her own household');
select results_eq(
  $$select a.status, i.quantity from pending_actions a, grocery_items i
    where a.household_id = tests.household_of('mallory@test') and i.household_id = a.household_id$$,
  $$values ('confirmed', 1::numeric)$$,
  'mallory''s action is still confirmed and her item still 1 whole');

select * from finish();
rollback;

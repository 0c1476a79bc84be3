-- Writes only through the tools: on the platform the Data API runs as anon or authenticated, so neither
-- may insert, update, delete or truncate anything in public; only the writer role private.invoke takes
-- for a write tool may, and no API role can become it.
begin;
set local search_path to public, extensions, tests;
select plan(10);

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
select ok(not pg_has_role('authenticator', 'meal_planner_writer', 'member')
          and not pg_has_role('authenticated', 'meal_planner_writer', 'member')
          and not pg_has_role('anon', 'meal_planner_writer', 'member'),
          'no API role can become the writer role');
select ok(pg_has_role('meal_planner_writer', 'authenticated', 'usage'),
          'the writer role has what authenticated has, so the same policies decide what a tool sees');

-- What a signed-in user could do through the Data API before, as the API runs it.
select tests.authenticate_as('mallory@test');
select throws_ok(format($$insert into household_members (household_id, user_id, role) values (%L, %L, 'owner')$$,
                        tests.household_of('alice@test'), tests.get_user_id('mallory@test')),
                 '42501', 'permission denied for table household_members',
                 'a user cannot add themselves (or anyone) to a household directly');
select throws_ok($$update pending_actions set status = 'pending', decided_at = null$$,
                 '42501', 'permission denied for table pending_actions',
                 'nor reopen or rewrite a pending action');
select throws_ok($$update grocery_items set quantity = 99$$,
                 '42501', 'permission denied for table grocery_items',
                 'nor set a grocery item''s quantity');
select throws_ok($$delete from recipes$$, '42501', 'permission denied for table recipes', 'nor delete recipes');
-- (SET ROLE is checked against the session's login role: the Data API's is authenticator, not a member.)
select throws_ok($$insert into tool_invocations (user_id, tool, input_hash, is_write) values (auth.uid(), 'x', 'x', true)$$,
                 '42501', 'permission denied for table tool_invocations', 'nor forge an invocation record');

select tests.clear_authentication();
select is((select count(*) from household_members where user_id = tests.get_user_id('mallory@test')), 1::bigint,
          'mallory is still only in her own household');

select * from finish();
rollback;

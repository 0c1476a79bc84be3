-- Supabase's Security and Performance Advisors report nothing to fix. The dashboard runs the public
-- lints of Supabase's splinter project; these checks are written from their documentation, for the rules our
-- schema could break, so the test command fails before a hosted project's advisors would warn.
begin;
set local search_path to public, extensions, tests;
select plan(9);

-- pg_graphql_anon_table_exposed, pg_graphql_authenticated_table_exposed (and the Data API): GraphQL introspection
-- lists every relation the calling role may SELECT any column of, even under RLS. The tools are the only read path.
select is(
  array(select format('%s may read %s', r.role, c.oid::regclass)
        from pg_catalog.pg_class c
        cross join (values ('anon'), ('authenticated')) r(role)
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'v', 'm', 'f')
          and exists (select from pg_catalog.pg_attribute a
                      where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                        and has_column_privilege(r.role, c.oid, a.attnum, 'SELECT'))
        order by 1),
  '{}'::text[],
  'anon and authenticated may read no column of any table or view of public'
);
select ok(has_table_privilege('meal_planner_reader', 'public.recipes', 'SELECT')
          and pg_has_role('meal_planner_reader', 'authenticated', 'usage'),
          'the reader role reads, as a member of authenticated, so the same policies decide');
select ok(not pg_has_role('authenticator', 'meal_planner_reader', 'member')
          and not pg_has_role('authenticated', 'meal_planner_reader', 'member')
          and not pg_has_role('anon', 'meal_planner_reader', 'member'),
          'no API role can become the reader role');

-- function_search_path_mutable: every function of ours (not an extension's) fixes its search_path.
select is(
  array(select p.oid::regprocedure::text
        from pg_catalog.pg_proc p
        where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace, 'app'::regnamespace)
          and not exists (select from pg_catalog.pg_depend d where d.objid = p.oid and d.deptype = 'e')
          and not exists (select from unnest(coalesce(p.proconfig, '{}')) setting where setting like 'search_path=%')
        order by 1),
  '{}'::text[],
  'every function of public, private and app sets its search_path'
);

-- multiple_permissive_policies: at most one permissive policy per table, role and action (ALL counts for each).
select is(
  array(select format('%s: %s %s (%s)', c.oid::regclass, r.role, a.action, string_agg(p.polname, ', ' order by p.polname))
        from pg_catalog.pg_policy p
        join pg_catalog.pg_class c on c.oid = p.polrelid
        cross join (values ('anon'), ('authenticated'), ('authenticator'), ('meal_planner_reader'),
                           ('meal_planner_writer')) r(role)
        cross join (values ('r', 'SELECT'), ('a', 'INSERT'), ('w', 'UPDATE'), ('d', 'DELETE')) a(command, action)
        where c.relnamespace = 'public'::regnamespace and p.polpermissive
          and (p.polcmd = a.command or p.polcmd = '*')
          and (p.polroles = '{0}' or exists (select from unnest(p.polroles) role_id
                                             where pg_has_role(r.role, role_id, 'member')))
        group by c.oid, r.role, a.action
        having count(*) > 1
        order by 1),
  '{}'::text[],
  'no table has two permissive policies for one role and action'
);

-- auth_rls_initplan: auth.uid(), auth.jwt() and auth.role() in a policy are wrapped in a subquery, so they are
-- evaluated once per statement rather than once per row.
select is(
  array(select format('%s: %s', c.oid::regclass, p.polname)
        from pg_catalog.pg_policy p join pg_catalog.pg_class c on c.oid = p.polrelid
        cross join lateral (values (pg_get_expr(p.polqual, p.polrelid)), (pg_get_expr(p.polwithcheck, p.polrelid))) e(expression)
        where c.relnamespace = 'public'::regnamespace
          and regexp_replace(e.expression, '\(\s*SELECT auth\.(uid|jwt|role)\(\) AS \w+\)', '', 'g') ~ 'auth\.(uid|jwt|role)\(\)'
        order by 1),
  '{}'::text[],
  'every policy calls auth.uid(), auth.jwt() and auth.role() through a subquery'
);

-- rls_disabled_in_public: every table the Data API could serve has row-level security on.
select is(
  array(select c.oid::regclass::text from pg_catalog.pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relrowsecurity
        order by 1),
  '{}'::text[],
  'row-level security is on for every table of public'
);

-- anon/authenticated_security_definer_function_executable: no security definer function the Data API exposes
-- (schema public) is executable by the API roles.
select is(
  array(select p.oid::regprocedure::text from pg_catalog.pg_proc p
        where p.pronamespace = 'public'::regnamespace and p.prosecdef
          and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute'))
        order by 1),
  '{}'::text[],
  'no security definer function of public is executable by anon or authenticated'
);

-- unindexed_foreign_keys (an INFO, and what makes deleting a user scan whole tables): every foreign key has an index
-- whose leading columns are its own, except those the migration names: the fixed units list, never deleted, and two
-- composite keys whose lookups the index on their second column serves.
select is(
  array(select format('%s (%s)', c.conrelid::regclass, c.conname)
        from pg_catalog.pg_constraint c
        where c.contype = 'f' and c.connamespace = 'public'::regnamespace
          and c.confrelid <> 'public.units'::regclass
          and c.conname not in ('grocery_items_household_id_grocery_list_id_fkey', 'pending_actions_conversation_fkey')
          and not exists (
            select from pg_catalog.pg_index i
            where i.indrelid = c.conrelid
              and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] operator(pg_catalog.@>) c.conkey
              and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] operator(pg_catalog.<@) c.conkey)
        order by 1),
  '{}'::text[],
  'every foreign key has a covering index'
);

select * from finish();
rollback;

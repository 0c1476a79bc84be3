-- Display names: a person's profile is read by themselves and by those who share a household with them, nobody
-- else; nobody writes another's; the API roles read it not at all; sign-up metadata gives a cleaned name.
begin;
set local search_path to public, extensions, tests;
select plan(12);

select tests.create_user('alice@test'), tests.create_user('bob@test'), tests.create_user('eve@test');
select tests.add_member(tests.household_of('alice@test'), 'bob@test');
insert into public.profiles (user_id, display_name)
values (tests.get_user_id('alice@test'), 'Alice'), (tests.get_user_id('bob@test'), 'Bob'),
       (tests.get_user_id('eve@test'), 'Eve');

select tests.authenticate_as('bob@test');
select is((select array_agg(display_name order by display_name) from profiles), array['Alice', 'Bob'],
          'a member reads their own name and their fellow member''s');
select tests.authenticate_as('eve@test');
select is((select array_agg(display_name order by display_name) from profiles), array['Eve'],
          'someone of another household reads only their own');
select is(private.member_name(tests.household_of('alice@test'), tests.get_user_id('alice@test')), null,
          'and no sentence names a member of a household they are not in');

set local role meal_planner_writer;
select set_config('request.jwt.claims', json_build_object('sub', tests.get_user_id('eve@test'), 'role',
  'authenticated')::text, true);
update profiles set display_name = 'Mallory' where user_id = tests.get_user_id('alice@test');
select tests.authenticate_as('alice@test');
select is((select display_name from profiles where user_id = tests.get_user_id('alice@test')), 'Alice',
          'nobody renames someone else (the row is not theirs to update)');
set local role meal_planner_writer;
select set_config('request.jwt.claims', json_build_object('sub', tests.get_user_id('eve@test'), 'role',
  'authenticated')::text, true);
select throws_ok($$insert into profiles (user_id, display_name) values (tests.get_user_id('bob@test'), 'Bobby')$$, '42501', null, 'nor writes a profile for someone else');
select tests.clear_authentication();

select ok(not has_table_privilege('anon', 'public.profiles', 'select')
          and not has_table_privilege('authenticated', 'public.profiles', 'select')
          and not has_table_privilege('authenticated', 'public.profiles', 'insert'),
          'the API roles can neither read nor write profiles');

select throws_ok($$update profiles set display_name = ' Alice ' where user_id = tests.get_user_id('alice@test')$$,
                 '23514', null, 'a name is stored trimmed');
select throws_ok($$update profiles set display_name = repeat('a', 61) where user_id = tests.get_user_id('alice@test')$$,
                 '23514', null, 'at most 60 characters');
select throws_ok($$update profiles set display_name = E'Al\tice' where user_id = tests.get_user_id('alice@test')$$,
                 '23514', null, 'no control characters');

insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, updated_at)
values (gen_random_uuid(), 'authenticated', 'authenticated', 'carol@test',
        jsonb_build_object('display_name', E'  Carol\n ' || repeat('x', 80)), now(), now());
select is((select display_name from profiles where user_id = tests.get_user_id('carol@test')),
          'Carol ' || repeat('x', 54), 'sign-up metadata gives a cleaned name, cut to 60');
insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, updated_at)
values (gen_random_uuid(), 'authenticated', 'authenticated', 'dan@test', '{"display_name": "  "}', now(), now());
select is((select count(*) from profiles where user_id = tests.get_user_id('dan@test')), 0::bigint,
          'a blank one gives none: the person shows by their email');
select tests.authenticate_as('alice@test');
select is((select jsonb_agg(m ->> 'display_name' order by m ->> 'email')
  from jsonb_array_elements(private.household_members_json(tests.household_of('alice@test'))) m),
  '["Alice", "Bob"]'::jsonb, 'household.get''s members carry their display names');

select * from finish();
rollback;

-- What an invite link's sign-up page reads before anyone signs in (private.read_invite_anonymously): the household's
-- name and the inviter's display name for a code that would let someone join now, nothing else; one refusal for a
-- code that never existed, was revoked, expired or is used up; a limit on failed reads per address; and no API
-- role may call it or read its counts.
begin;
set local search_path to public, extensions, tests;
select plan(13);

select tests.create_user('inviter@test'), tests.create_user('member@test');
select tests.add_member(tests.household_of('inviter@test'), 'member@test');
insert into profiles (user_id, display_name) values (tests.get_user_id('inviter@test'), 'Alice')
on conflict (user_id) do update set display_name = excluded.display_name;
update households set name = 'The Journeys' where id = tests.household_of('inviter@test');

create temporary table codes (kind text primary key, code text not null) on commit drop;
insert into codes
select kind, tests.call_tool('inviter@test', 'household.create_invite', '{"max_uses": 1}'::jsonb,
  jsonb_build_object('household_id', tests.household_of('inviter@test'), 'idempotency_key', 'invite-' || kind,
    'input_hash', 'hash-' || kind)) -> 'data' ->> 'code'
from unnest(array['valid', 'revoked', 'expired', 'used up']) kind;
update household_invites set revoked_at = now() where code = (select code from codes where kind = 'revoked');
update household_invites set expires_at = now() - interval '1 minute'
where code = (select code from codes where kind = 'expired');
update household_invites set use_count = 1 where code = (select code from codes where kind = 'used up');

select is(private.read_invite_anonymously((select code from codes where kind = 'valid'), '192.0.2.1'),
  '{"household_name": "The Journeys", "invited_by": "Alice"}'::jsonb,
  'a valid code reads the household''s name and the inviter''s display name, and nothing else');
select is(
  array(select private.read_invite_anonymously(c.code, '192.0.2.1')::text from codes c
        where c.kind <> 'valid' order by c.kind)
    || private.read_invite_anonymously('made-up-code-of-forty-three-characters-here', '192.0.2.1')::text,
  array_fill('{"refused": "not_found"}'::text, array[4]),
  'expired, revoked, used-up and made-up codes get one and the same refusal');
select is((select failures from private.invite_read_failures where bucket = 'address 192.0.2.1'), 4,
  'each failed read is counted for its address');

select is(
  (select count(*) from generate_series(1, 16) n
   where private.read_invite_anonymously('guess-' || n || '-of-a-code-nobody-made-here', '192.0.2.1')
     = '{"refused": "not_found"}'::jsonb),
  16::bigint, 'up to 20 failed reads from one address are refused as unknown');
select is(private.read_invite_anonymously((select code from codes where kind = 'valid'), '192.0.2.1') ->> 'refused',
  'rate_limited', 'after 20 failures, that address cannot read even a valid code');
select ok((private.read_invite_anonymously('guess-21-of-a-code-nobody-made-here', '192.0.2.1')
  ->> 'retry_after_seconds')::integer between 1 and 600, 'and is told when to try again, within the window');
select is(private.read_invite_anonymously((select code from codes where kind = 'valid'), '198.51.100.9'),
  '{"household_name": "The Journeys", "invited_by": "Alice"}'::jsonb, 'another address still reads it');
update private.invite_read_failures set window_started_at = now() - interval '11 minutes';
select is(private.read_invite_anonymously((select code from codes where kind = 'valid'), '192.0.2.1') ->> 'household_name',
  'The Journeys', 'once the window has passed, the address reads again');

insert into private.invite_read_failures (bucket, failures) values ('all', 500)
on conflict (bucket) do update set failures = 500;
select is(private.read_invite_anonymously((select code from codes where kind = 'valid'), '203.0.113.5') ->> 'refused',
  'rate_limited', 'after 500 failures in all, every address waits: a caller changing its address gains nothing');

select ok(not has_function_privilege('anon', 'private.read_invite_anonymously(text,text)', 'execute'),
  'anon cannot call it');
select ok(not has_function_privilege('authenticated', 'private.read_invite_anonymously(text,text)', 'execute'),
  'nor can authenticated');
select ok(has_function_privilege('service_role', 'private.read_invite_anonymously(text,text)', 'execute'),
  'service_role, as the functions may connect, can');
select is(
  array(select g.grantee::text from information_schema.role_table_grants g
        where g.table_schema = 'private' and g.table_name = 'invite_read_failures'
          and g.grantee in ('anon', 'authenticated', 'PUBLIC', 'meal_planner_reader', 'meal_planner_writer')),
  '{}'::text[], 'no API role has any privilege on the counts of failures');

select * from finish();
rollback;

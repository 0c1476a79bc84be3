-- What an invite link's sign-up page shows before anyone signs in: the failed reads of invite codes, counted per
-- caller address and in all (bucket 'all'), each over a window of 10 minutes. In the private schema, which the
-- Data API does not serve; no API role has any privilege on it and it has no policy: only
-- private.read_invite_anonymously, its owner's definer function, reads and writes it.
create table private.invite_read_failures (
  bucket text primary key check (char_length(bucket) between 1 and 80),
  window_started_at timestamptz not null default now(),
  failures integer not null default 1 check (failures > 0)
);
revoke all on private.invite_read_failures from public, anon, authenticated;
alter table private.invite_read_failures enable row level security;

-- The household's name and the display name of who made the link, for a code that would let someone join now;
-- nothing else (no ids, no members, no emails, no expiry). Unknown, revoked, expired and used-up codes get the
-- same refusal, so a reply never says which. The guard against guessing is the code itself: 43 characters from 32
-- random bytes (244 bits). The limit only bounds the tries: 20 failed reads per address and 500 in all per 10
-- minutes, after which every read (even of a valid code) is refused until the window ends. Run by the household
-- function for a caller with no session, so it is a definer function that only service_role (and its owner, the
-- functions' usual role) may execute; it answers refusals as values, so that the failure it counts is kept.
create function private.read_invite_anonymously(p_code text, p_address text) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  v_window constant interval := interval '10 minutes';
  v_address text := 'address ' || left(coalesce(nullif(btrim(p_address), ''), 'unknown'), 64);
  v_blocked_until timestamptz;
  v_invite public.household_invites;
begin
  delete from private.invite_read_failures f where f.window_started_at <= now() - v_window;
  select max(f.window_started_at + v_window) into v_blocked_until from private.invite_read_failures f
  where (f.bucket = v_address and f.failures >= 20) or (f.bucket = 'all' and f.failures >= 500);
  if v_blocked_until is not null then
    return jsonb_build_object('refused', 'rate_limited',
      'retry_after_seconds', greatest(1, ceil(extract(epoch from v_blocked_until - now())))::integer);
  end if;
  select * into v_invite from public.household_invites i where i.code = p_code;
  if v_invite.id is null or v_invite.revoked_at is not null or v_invite.expires_at <= now()
     or (v_invite.max_uses is not null and v_invite.use_count >= v_invite.max_uses) then
    insert into private.invite_read_failures as f (bucket) values (v_address), ('all')
    on conflict (bucket) do update set failures = f.failures + 1;
    return jsonb_build_object('refused', 'not_found');
  end if;
  return jsonb_build_object(
    'household_name', (select h.name from public.households h where h.id = v_invite.household_id),
    'invited_by', (select p.display_name from public.profiles p where p.user_id = v_invite.created_by));
end;
$$;
grant execute on function private.read_invite_anonymously(text,text) to service_role;

set check_function_bodies = off;

-- Whether the signed-in user belongs to the household a channel topic names. Security definer: the policy
-- runs as authenticated, which may read no table of public. A topic that names no household (or is not
-- `household:<uuid>`) admits nobody, without an error.
create function private.is_household_topic_member(p_topic text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.household_members m
    where m.user_id = (select auth.uid())
      and p_topic = 'household:' || m.household_id::text
  );
$$;
grant execute on function private.is_household_topic_member(text) to authenticated;

-- Sends one poke to the household's channel. The payload names what changed and its version (for example
-- {"list_id": "…", "version": 42}): a JSON object of at most 16 keys whose values are strings, numbers,
-- booleans or null, under 1 KB, so a row cannot travel in it. Security definer, owned by the migrations' role
-- (which bypasses row-level security on hosted as here), so that realtime.send's insert into realtime.messages
-- passes although no policy lets a client insert. The caller is a write tool, in its own transaction: a
-- rolled-back write sends nothing. Sending once per list per transaction is the caller's part.
create function private.poke_household(p_household_id uuid, p_payload jsonb) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  if p_household_id is null then
    raise exception 'poke_household needs a household id' using errcode = '22004';
  end if;
  if p_payload is null or jsonb_typeof(p_payload) <> 'object'
     or (select count(*) from jsonb_each(p_payload)) > 16
     or exists (select 1 from jsonb_each(p_payload) e where jsonb_typeof(e.value) in ('object', 'array'))
     or octet_length(p_payload::text) > 1024 then
    raise exception 'a poke carries ids and versions only: a flat JSON object of at most 16 scalar values, under 1 KB'
      using errcode = '22023';
  end if;
  perform realtime.send(p_payload, 'poke', 'household:' || p_household_id::text, true);
end;
$$;
-- The write tools run as meal_planner_writer (see private.invoke); nothing else needs to poke.
grant execute on function private.poke_household(uuid,jsonb) to meal_planner_writer;

create policy "Household members receive their household's broadcasts"
on realtime.messages
for select
to authenticated
using (
  realtime.messages.extension = 'broadcast'
  and (select private.is_household_topic_member((select realtime.topic())))
);

set check_function_bodies = off;

create table public.conversations (
  id uuid primary key default gen_random_uuid(),
  household_id uuid not null references public.households (id) on delete cascade,
  title text not null check (char_length(title) between 1 and 200),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (household_id, id)
);
create index conversations_household_id_idx on public.conversations (household_id, updated_at desc);
revoke all on public.conversations from public, anon, authenticated;
grant insert, update on public.conversations to meal_planner_writer;
alter table public.conversations enable row level security;
create index if not exists conversations_created_by_idx on public.conversations (created_by);
create trigger conversations_stamp_update before update on public.conversations
  for each row execute function private.stamp_update();
create policy "Conversations are visible to household members" on public.conversations
  for select to authenticated
  using (household_id in (select private.member_household_ids()));
create policy "Members can start conversations in their household" on public.conversations
  for insert to authenticated
  with check (household_id in (select private.member_household_ids()) and created_by = (select auth.uid()));
create policy "Members can update their household's conversations" on public.conversations
  for update to authenticated
  using (household_id in (select private.member_household_ids()))
  with check (household_id in (select private.member_household_ids()));

create function private.hold_pending_action_cap() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = 'pending' then
    perform private.hold_household_cap(new.household_id, 'pending actions');
  end if;
  return new;
end;
$$;
grant execute on function private.hold_pending_action_cap() to authenticated;

-- Write tools the assistant proposed, waiting for the user to confirm.
create table public.pending_actions (
  id uuid primary key default gen_random_uuid(),
  household_id uuid not null references public.households (id) on delete cascade,
  conversation_id uuid,
  tool text not null check (char_length(tool) between 1 and 100),
  input jsonb not null check (pg_column_size(input) <= 262144),
  status text not null default 'pending' check (status in ('pending', 'confirmed', 'rejected', 'expired')),
  result jsonb check (pg_column_size(result) <= 262144),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '24 hours',
  decided_by uuid references auth.users (id) on delete set null,
  decided_at timestamptz,
  -- The describer's sentence, written when the action is proposed (with the names as the proposer saw them): what the
  -- person confirms. Null for an action proposed without one.
  summary text check (char_length(summary) <= 1000),
  check (expires_at > created_at),
  -- A pending action belongs to a conversation of the same household, when it has one.
  constraint pending_actions_conversation_fkey foreign key (household_id, conversation_id) references public.conversations (household_id, id) on delete cascade
);
create index pending_actions_household_id_idx on public.pending_actions (household_id, created_at);
create index pending_actions_pending_idx on public.pending_actions (household_id, expires_at) where status = 'pending';
create index pending_actions_conversation_id_idx on public.pending_actions (conversation_id) where conversation_id is not null;
revoke all on public.pending_actions from public, anon, authenticated;
grant insert, update on public.pending_actions to meal_planner_writer;
alter table public.pending_actions enable row level security;
create index if not exists pending_actions_created_by_idx on public.pending_actions (created_by);
create index if not exists pending_actions_decided_by_idx on public.pending_actions (decided_by);
create policy "Pending actions are visible to household members" on public.pending_actions
  for select to authenticated
  using (household_id in (select private.member_household_ids()));
create policy "Members can propose actions in their household" on public.pending_actions
  for insert to authenticated
  with check (household_id in (select private.member_household_ids()) and created_by = (select auth.uid()));
create policy "Members can decide their household's pending actions" on public.pending_actions
  for update to authenticated
  using (household_id in (select private.member_household_ids()))
  with check (household_id in (select private.member_household_ids()));
create trigger pending_actions_household_cap before insert on public.pending_actions
  for each row execute function private.hold_pending_action_cap();

-- Messages in the Messages API's own shape (role and content blocks), so a
-- conversation can be sent back to the model as it was.
create table public.conversation_messages (
  id uuid primary key default gen_random_uuid(),
  -- Order of the conversation: messages written in one transaction share a created_at.
  sequence bigint generated by default as identity,
  conversation_id uuid not null,
  household_id uuid not null,
  role text not null check (role in ('user', 'assistant')),
  content jsonb not null check (jsonb_typeof(content) = 'array' and pg_column_size(content) <= 1048576),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  foreign key (household_id, conversation_id) references public.conversations (household_id, id) on delete cascade
);
create index conversation_messages_conversation_idx on public.conversation_messages (household_id, conversation_id, sequence);
revoke all on public.conversation_messages from public, anon, authenticated;
grant insert on public.conversation_messages to meal_planner_writer;
-- Supabase's defaults give the API roles every privilege on a new sequence in public (nextval and setval
-- are writes); the identity column needs none to insert.
revoke all on sequence public.conversation_messages_sequence_seq from public, anon, authenticated;
alter table public.conversation_messages enable row level security;
-- GoTrue deletes a user with `delete from auth.users`. Their rows stay with their household, with the user's
-- reference set to null (created_by, checked_by, decided_by: on delete set null); their memberships and their own
-- invocation records (idempotency keys and the audit of their calls) go with them (on delete cascade). Each of
-- those references is looked up by the user's id, so each gets an index: without one, deleting a user scans every
-- such table whole. (The two references to public.units are left without one: units are a fixed list, never
-- deleted or renamed, and an index would only cost every pushed line a write. The two composite references,
-- grocery_items to its list and pending_actions to its conversation, are served by the indexes on grocery_list_id
-- and conversation_id.)
create index if not exists conversation_messages_created_by_idx on public.conversation_messages (created_by);
create policy "Conversation messages are visible to household members" on public.conversation_messages
  for select to authenticated
  using (household_id in (select private.member_household_ids()));
create policy "Members can add messages to their household's conversations" on public.conversation_messages
  for insert to authenticated
  with check (household_id in (select private.member_household_ids()) and created_by = (select auth.uid()));

-- A pending action as the assistant's tools show it, with the describer's summary.
create or replace function private.pending_action_json(p_action public.pending_actions) returns jsonb
language plpgsql stable
set search_path = ''
as $$
begin
  return jsonb_build_object(
    'id', p_action.id,
    'tool', p_action.tool,
    'input', p_action.input,
    'summary', p_action.summary,
    'status', case when p_action.status = 'pending' and p_action.expires_at <= now() then 'expired' else p_action.status end,
    'conversation_id', p_action.conversation_id,
    'result', p_action.result,
    'created_at', p_action.created_at,
    'expires_at', p_action.expires_at,
    'decided_at', p_action.decided_at
  );
end;
$$;
-- The helpers the tools and policies call as the signed-in user (functions are executable by no one
-- by default: see 00_foundation.sql).
grant execute on function private.pending_action_json(pending_actions) to authenticated;

-- assistant.begin_turn, with two caps: a household starts at most 200
-- conversations a rolling day, and a conversation holds at most 1000 messages (checked as a turn begins, so a
-- turn under way is never cut: it may end a round limit's worth of messages past it).
create or replace function app.assistant_begin_turn(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_conversation public.conversations;
  v_history jsonb;
  v_history_start timestamptz;
  v_outcomes jsonb;
  v_message_limit constant integer := 1000;
begin
  if p_input ->> 'conversation_id' is null then
    perform private.hold_household_cap(p_household_id, 'conversations a day');
    insert into public.conversations (household_id, title)
    values (p_household_id, left(btrim(regexp_replace(p_input ->> 'message', '\s+', ' ', 'g')), 80))
    returning * into v_conversation;
  else
    select * into v_conversation from public.conversations c
    where c.id = (p_input ->> 'conversation_id')::uuid and c.household_id = p_household_id
    for no key update;
    if v_conversation.id is null then
      raise exception 'conversation not found' using errcode = 'MP404', column = 'conversation_id';
    end if;
    if (select count(*) from public.conversation_messages m
        where m.household_id = p_household_id and m.conversation_id = v_conversation.id) >= v_message_limit then
      raise exception 'a conversation holds at most % messages, and this one is full; start a new conversation (leave out conversation_id)',
        v_message_limit
        using errcode = 'MP409', column = 'conversation_id', hint = format('limit: %s messages a conversation', v_message_limit);
    end if;
    update public.conversations c set updated_at = now() where c.id = v_conversation.id;
  end if;

  insert into public.conversation_messages (conversation_id, household_id, role, content)
  values (v_conversation.id, p_household_id, 'user',
    jsonb_build_array(jsonb_build_object('type', 'text', 'text', p_input ->> 'message')));

  select coalesce(jsonb_agg(jsonb_build_object('role', recent.role, 'content', recent.content,
      'created_at', recent.created_at) order by recent.sequence), '[]'),
    min(recent.created_at)
  into v_history, v_history_start
  from (
    select m.sequence, m.role, m.content, m.created_at from public.conversation_messages m
    where m.household_id = p_household_id and m.conversation_id = v_conversation.id
    order by m.sequence desc
    limit coalesce((p_input ->> 'history_limit')::integer, 60)
  ) recent;

  select coalesce(jsonb_agg(private.pending_action_json(decided) order by coalesce(decided.decided_at, decided.expires_at)), '[]')
  into v_outcomes
  from (
    select * from public.pending_actions a
    where a.household_id = p_household_id and a.conversation_id = v_conversation.id
      and (a.status <> 'pending' or a.expires_at <= now())
      and coalesce(a.decided_at, a.expires_at) > v_history_start
    order by coalesce(a.decided_at, a.expires_at) desc
    limit 50
  ) decided;

  return jsonb_build_object(
    'conversation_id', v_conversation.id,
    'history', v_history,
    'action_outcomes', v_outcomes,
    'household', (select jsonb_build_object('id', h.id, 'name', h.name) from public.households h where h.id = p_household_id)
  );
end;
$$;

create function app.assistant_save_messages(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
begin
  insert into public.conversation_messages (conversation_id, household_id, role, content)
  select (p_input ->> 'conversation_id')::uuid, p_household_id, m.value ->> 'role', m.value -> 'content'
  from jsonb_array_elements(p_input -> 'messages') with ordinality m
  order by m.ordinality;
  return jsonb_build_object('saved', jsonb_array_length(p_input -> 'messages'));
end;
$$;

-- assistant.propose_action: records the action to confirm, with the proposal's summary.
create or replace function app.assistant_propose_action(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_action public.pending_actions;
begin
  insert into public.pending_actions (household_id, conversation_id, tool, input, summary, expires_at)
  values (p_household_id, (p_input ->> 'conversation_id')::uuid, p_input ->> 'tool', p_input -> 'input',
    p_input ->> 'summary',
    now() + coalesce((p_input ->> 'expires_in_seconds')::integer, 86400) * interval '1 second')
  returning * into v_action;
  return private.pending_action_json(v_action);
end;
$$;

-- A conversation's messages in pages, oldest first (limit 1–100, 100 when absent; cursor: the previous page's
-- next_cursor), with the pending actions proposed while the page's messages were written (from its first
-- message to the next page's first), so a reply stays bounded however long the conversation grew.
create or replace function app.assistant_get_conversation(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_conversation public.conversations;
  v_limit integer := coalesce((p_input ->> 'limit')::integer, 100);
  v_after jsonb := private.decode_cursor(p_input ->> 'cursor');
  v_page public.conversation_messages[];
  v_next public.conversation_messages;
begin
  if v_after is not null and coalesce(v_after ->> 's', '') !~ '^[0-9]{1,18}$' then
    raise exception 'cursor is not one this conversation returned; pass next_cursor back unchanged'
      using errcode = 'MP400', column = 'cursor';
  end if;
  select * into v_conversation from public.conversations c
  where c.id = (p_input ->> 'conversation_id')::uuid and c.household_id in (select private.member_household_ids());
  if v_conversation.id is null then
    raise exception 'conversation not found' using errcode = 'MP404', column = 'conversation_id';
  end if;
  v_page := array(
    select m from public.conversation_messages m
    where m.household_id = v_conversation.household_id and m.conversation_id = v_conversation.id
      and (v_after is null or m.sequence > (v_after ->> 's')::bigint)
    order by m.sequence
    limit v_limit + 1);
  if cardinality(v_page) > v_limit then
    v_next := v_page[v_limit + 1];
    v_page := v_page[1:v_limit];
  end if;
  return jsonb_build_object(
    'id', v_conversation.id,
    'household_id', v_conversation.household_id,
    'title', v_conversation.title,
    'created_at', v_conversation.created_at,
    'messages', coalesce((
      select jsonb_agg(jsonb_build_object('role', m.role, 'content', m.content, 'created_at', m.created_at)
        order by m.sequence)
      from unnest(v_page) m
    ), '[]'),
    'pending_actions', coalesce((
      select jsonb_agg(private.pending_action_json(a) order by a.created_at, a.id)
      from public.pending_actions a
      where a.household_id = v_conversation.household_id and a.conversation_id = v_conversation.id
        and (v_after is null or a.created_at >= v_page[1].created_at)
        and (v_next.id is null or a.created_at < v_next.created_at)
    ), '[]'),
    'next_cursor', case when v_next.id is not null then
      private.encode_cursor(jsonb_build_object('s', v_page[v_limit].sequence)) end
  );
end;
$$;

-- The pending actions, newest first, in pages (limit 1–100, 100 when absent; cursor: the previous page's
-- next_cursor), as every list read.
create or replace function app.assistant_list_actions(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_status text := p_input ->> 'status';
  v_limit integer := coalesce((p_input ->> 'limit')::integer, 100);
  v_after jsonb := private.decode_cursor(p_input ->> 'cursor');
  v_page public.pending_actions[];
  v_last public.pending_actions;
begin
  if v_after is not null and not (v_after ? 'c' and v_after ? 'i') then
    raise exception 'cursor is not one this listing returned; pass next_cursor back unchanged'
      using errcode = 'MP400', column = 'cursor';
  end if;
  v_page := array(
    select a from public.pending_actions a
    where a.household_id in (select private.member_household_ids())
      and (v_status is null
        or (v_status = 'pending' and a.status = 'pending' and a.expires_at > now())
        or (v_status = 'expired' and (a.status = 'expired' or (a.status = 'pending' and a.expires_at <= now())))
        or (v_status in ('confirmed', 'rejected') and a.status = v_status))
      and (v_after is null or a.created_at < (v_after ->> 'c')::timestamptz
        or (a.created_at = (v_after ->> 'c')::timestamptz and a.id > (v_after ->> 'i')::uuid))
    order by a.created_at desc, a.id
    limit v_limit + 1);
  if cardinality(v_page) > v_limit then
    v_last := v_page[v_limit];
    v_page := v_page[1:v_limit];
  end if;
  return jsonb_build_object(
    'actions', coalesce((select jsonb_agg(private.pending_action_json(a) order by a.created_at desc, a.id)
      from unnest(v_page) a), '[]'::jsonb),
    'next_cursor', case when v_last.id is not null then
      private.encode_cursor(jsonb_build_object('c', v_last.created_at, 'i', v_last.id)) end);
end;
$$;

-- Locks the action for a decision. Returns it with `decidable` false when it
-- was already decided (or expired), so a second confirm returns the first result.
create function app.assistant_lock_action(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_action public.pending_actions;
begin
  select * into v_action from public.pending_actions a
  where a.id = (p_input ->> 'action_id')::uuid and a.household_id in (select private.member_household_ids())
  for no key update;
  if v_action.id is null then
    raise exception 'pending action not found' using errcode = 'MP404', column = 'action_id';
  end if;
  if v_action.status = 'pending' and v_action.expires_at <= now() then
    update public.pending_actions a set status = 'expired' where a.id = v_action.id returning * into v_action;
  end if;
  return jsonb_build_object('action', private.pending_action_json(v_action), 'household_id', v_action.household_id,
    'decidable', v_action.status = 'pending');
end;
$$;

create function app.assistant_decide_action(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_action public.pending_actions;
begin
  update public.pending_actions a set
    status = p_input ->> 'status',
    result = p_input -> 'result',
    decided_by = (select auth.uid()),
    decided_at = now()
  where a.id = (p_input ->> 'action_id')::uuid and a.status = 'pending'
  returning * into v_action;
  if v_action.id is null then
    raise exception 'pending action not found or already decided' using errcode = 'MP409', column = 'action_id';
  end if;
  return private.pending_action_json(v_action);
end;
$$;

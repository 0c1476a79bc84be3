-- ============================================================================
-- Caps on the other rows a client can create (issue 5): household ingredients, pending actions, members,
-- conversations and their messages; the pending-actions listing in pages
-- ============================================================================

-- private.hold_household_cap as before (20261122000100_foundation.sql), with the new kinds and, for each,
-- what to do about it. Counts that grow with time (conversations) count a rolling day, never a lifetime.
create or replace function private.hold_household_cap(p_household_id uuid, p_kind text) returns void
language plpgsql
set search_path = ''
as $$
declare
  v_limit integer;
  v_count bigint;
  v_remedy text := 'remove some first';
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended(p_kind || ':' || p_household_id::text, 0));
  case p_kind
  when 'grocery lists' then
    v_limit := 200;
    select count(*) into v_count from public.grocery_lists l
    where l.household_id = p_household_id and l.deleted_at is null;
  when 'recipes' then
    v_limit := 2000;
    select count(*) into v_count from public.recipes r
    where r.household_id = p_household_id and r.deleted_at is null;
  when 'live invites' then
    v_limit := 20;
    select count(*) into v_count from public.household_invites i
    where i.household_id = p_household_id and i.expires_at > now() and (i.max_uses is null or i.use_count < i.max_uses);
  when 'household ingredients' then
    v_limit := 2000;
    v_remedy := 'use the catalog''s or an existing one (ingredient.search)';
    select count(*) into v_count from public.ingredients i where i.household_id = p_household_id;
  when 'pending actions' then
    v_limit := 100;
    v_remedy := 'confirm or reject some first (GET /assistant/actions?status=pending)';
    select count(*) into v_count from public.pending_actions a
    where a.household_id = p_household_id and a.status = 'pending' and a.expires_at > now();
  when 'members' then
    v_limit := 50;
    v_remedy := 'an owner can remove a member first';
    select count(*) into v_count from public.household_members m where m.household_id = p_household_id;
  when 'conversations a day' then
    v_limit := 200;
    v_remedy := 'continue an existing conversation (conversation_id) or try again tomorrow';
    select count(*) into v_count from public.conversations c
    where c.household_id = p_household_id and c.created_at > now() - interval '24 hours';
  end case;
  if v_count >= v_limit then
    raise exception 'a household holds at most % %; %', v_limit, p_kind, v_remedy
      using errcode = 'MP409', hint = format('limit: %s %s', v_limit, p_kind);
  end if;
end;
$$;

-- Caps held by triggers, so that every way a row is made counts (the tool, a confirmed action, an undo).
create function private.hold_ingredient_cap() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.household_id is not null then
    perform private.hold_household_cap(new.household_id, 'household ingredients');
  end if;
  return new;
end;
$$;

create trigger ingredients_household_cap before insert on public.ingredients
  for each row execute function private.hold_ingredient_cap();

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

create trigger pending_actions_household_cap before insert on public.pending_actions
  for each row execute function private.hold_pending_action_cap();

-- A member joining counts the household's members and the user's households. Definer: a joining user is not
-- yet a member, and row-level security would hide the rows to count (private.redeem_invite is definer too).
create function private.hold_member_caps() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_limit constant integer := 50;
begin
  perform private.hold_household_cap(new.household_id, 'members');
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('households:' || new.user_id::text, 0));
  if (select count(*) from public.household_members m where m.user_id = new.user_id) >= v_limit then
    raise exception 'a user belongs to at most % households; leave one first (household.leave)', v_limit
      using errcode = 'MP409', hint = format('limit: %s households a user', v_limit);
  end if;
  return new;
end;
$$;

create trigger household_members_caps before insert on public.household_members
  for each row execute function private.hold_member_caps();

revoke all on function private.hold_member_caps() from public;
grant execute on function private.hold_ingredient_cap(), private.hold_pending_action_cap(), private.hold_member_caps()
  to authenticated;

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

-- A turn as before (20261122000800_assistant.sql), with two caps: a household starts at most 200
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

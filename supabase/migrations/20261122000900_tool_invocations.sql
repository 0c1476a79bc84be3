-- Idempotency and audit. Only private.invoke writes here, as the functions'
-- database role; members may read their own and their households' rows.
create table public.tool_invocations (
  id uuid primary key default gen_random_uuid(),
  household_id uuid references public.households (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  tool text not null check (char_length(tool) between 1 and 100),
  idempotency_key text check (char_length(idempotency_key) between 1 and 255),
  input_hash text not null check (char_length(input_hash) between 1 and 200),
  response jsonb,
  is_write boolean not null,
  created_at timestamptz not null default now()
);
create unique index tool_invocations_idempotency_key on public.tool_invocations (user_id, idempotency_key)
  where idempotency_key is not null;
create index tool_invocations_user_id_idx on public.tool_invocations (user_id, created_at);
create index tool_invocations_household_id_idx on public.tool_invocations (household_id, created_at);
create index tool_invocations_created_at_idx on public.tool_invocations (created_at);

revoke all on public.tool_invocations from public, anon, authenticated;
grant select on public.tool_invocations to authenticated;

alter table public.tool_invocations enable row level security;

create policy "Invocations are visible to their user and household members" on public.tool_invocations
  for select to authenticated
  using (user_id = (select auth.uid()) or household_id in (select private.member_household_ids()));

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
  check (expires_at > created_at)
);
create index pending_actions_household_id_idx on public.pending_actions (household_id, created_at);
create index pending_actions_pending_idx on public.pending_actions (household_id, expires_at) where status = 'pending';
create index pending_actions_conversation_id_idx on public.pending_actions (conversation_id) where conversation_id is not null;

revoke all on public.pending_actions from public, anon, authenticated;
grant select, insert, update on public.pending_actions to authenticated;

alter table public.pending_actions enable row level security;

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

create table public.households (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 1 and 200),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index households_created_by_idx on public.households (created_by);
create trigger households_stamp_update before update on public.households
  for each row execute function private.stamp_update();

create table public.household_members (
  household_id uuid not null references public.households (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null default 'member' check (role in ('owner', 'member')),
  created_at timestamptz not null default now(),
  primary key (household_id, user_id)
);
create index household_members_user_id_idx on public.household_members (user_id);

-- Policies call these as (select private.…(household_id)). Security definer
-- lets them read household_members without recursing into its own policies.
create function private.is_household_member(p_household_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.household_members m
    where m.household_id = p_household_id and m.user_id = (select auth.uid())
  );
$$;

create function private.is_household_owner(p_household_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.household_members m
    where m.household_id = p_household_id and m.user_id = (select auth.uid()) and m.role = 'owner'
  );
$$;
-- Policies use these as `household_id in (select private.member_household_ids())`:
-- with no argument from the row, Postgres runs the subquery once per statement
-- (a hashed subplan) instead of calling a function for every row. As a filter
-- it leaves the choice of index to the query's own conditions (a list, a
-- recipe, a household), which the tools always give; `= any (array(…))` made
-- the planner guess at the array and pick the household index over better ones.
-- plpgsql rather than sql: a security definer SQL function is never inlined
-- and is planned again at every call, while plpgsql keeps its plan per session.
create function private.member_household_ids() returns setof uuid
language plpgsql stable security definer
set search_path = ''
as $$
begin
  return query select m.household_id from public.household_members m where m.user_id = (select auth.uid());
end;
$$;

create function private.owned_household_ids() returns setof uuid
language plpgsql stable security definer
set search_path = ''
as $$
begin
  return query
  select m.household_id from public.household_members m where m.user_id = (select auth.uid()) and m.role = 'owner';
end;
$$;
revoke all on function private.is_household_member(uuid), private.is_household_owner(uuid),
  private.member_household_ids(), private.owned_household_ids() from public, anon;
grant execute on function private.is_household_member(uuid), private.is_household_owner(uuid),
  private.member_household_ids(), private.owned_household_ids() to authenticated;

revoke all on public.households from public, anon, authenticated;
-- No delete: a household is left by its members, not dropped through the API.
grant select, insert, update on public.households to authenticated;
alter table public.households enable row level security;
-- The creator may read the row it just inserted (insert … returning) before the
-- trigger below has made it a member.
create policy "Households are visible to their members and creator" on public.households
  for select to authenticated
  using (id in (select private.member_household_ids()) or created_by = (select auth.uid()));
create policy "Users can create households they own" on public.households
  for insert to authenticated
  with check (created_by = (select auth.uid()));
create policy "Owners can rename their households" on public.households
  for update to authenticated
  using (id in (select private.owned_household_ids()))
  with check (id in (select private.owned_household_ids()));

revoke all on public.household_members from public, anon, authenticated;
grant select, insert, update, delete on public.household_members to authenticated;
alter table public.household_members enable row level security;
create policy "Members are visible to fellow members" on public.household_members
  for select to authenticated
  using (household_id in (select private.member_household_ids()));
create policy "Owners can add members" on public.household_members
  for insert to authenticated
  with check (household_id in (select private.owned_household_ids()));
create policy "Owners can change member roles" on public.household_members
  for update to authenticated
  using (household_id in (select private.owned_household_ids()))
  with check (household_id in (select private.owned_household_ids()));
create policy "Owners can remove members and members can leave" on public.household_members
  for delete to authenticated
  using (household_id in (select private.owned_household_ids()) or user_id = (select auth.uid()));

create table public.household_invites (
  id uuid primary key default gen_random_uuid(),
  household_id uuid not null references public.households (id) on delete cascade,
  code text not null unique check (char_length(code) between 8 and 64),
  expires_at timestamptz not null default now() + interval '7 days',
  max_uses integer check (max_uses > 0),
  use_count integer not null default 0 check (use_count >= 0 and use_count <= coalesce(max_uses, use_count)),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index household_invites_household_id_idx on public.household_invites (household_id);

revoke all on public.household_invites from public, anon, authenticated;
grant select, insert, update, delete on public.household_invites to authenticated;
alter table public.household_invites enable row level security;
create policy "Invites are visible to household members" on public.household_invites
  for select to authenticated
  using (household_id in (select private.member_household_ids()));
create policy "Owners can create invites" on public.household_invites
  for insert to authenticated
  with check (household_id in (select private.owned_household_ids()) and created_by = (select auth.uid()));
create policy "Owners can change invites" on public.household_invites
  for update to authenticated
  using (household_id in (select private.owned_household_ids()))
  with check (household_id in (select private.owned_household_ids()));
create policy "Owners can delete invites" on public.household_invites
  for delete to authenticated
  using (household_id in (select private.owned_household_ids()));

create function private.add_household_creator_as_owner() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.created_by is not null then
    insert into public.household_members (household_id, user_id, role)
    values (new.id, new.created_by, 'owner')
    on conflict (household_id, user_id) do nothing;
  end if;
  return new;
end;
$$;
revoke all on function private.add_household_creator_as_owner() from public, anon, authenticated;
create trigger households_add_creator_as_owner after insert on public.households
  for each row execute function private.add_household_creator_as_owner();

create function private.create_personal_household() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.households (name, created_by)
  values (coalesce(nullif(left(btrim(new.raw_user_meta_data ->> 'household_name'), 200), ''), 'My household'), new.id);
  return new;
end;
$$;
revoke all on function private.create_personal_household() from public, anon, authenticated;
create trigger on_auth_user_created_create_personal_household after insert on auth.users
  for each row execute function private.create_personal_household();

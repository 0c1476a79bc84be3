-- ============================================================================
-- A sign-up with an invite to a full household gets a household of its own
-- ============================================================================
-- A sign-up whose invite_code names a household that already holds its 50 members (private.hold_member_caps) raised
-- from the auth.users trigger, so the whole sign-up failed: nothing was created and the person read a 500 ("Database
-- error saving new user" from hosted Auth, "unexpected_failure" locally), with no word about the invite. Now the
-- join is tried on its own: when a cap refuses it (MP409), nothing of the join is kept (no member row, the invite's
-- use not counted, no household.join record) and the person gets a household of their own, as with a revoked,
-- expired or used-up code (20261125001500_invite_links.sql). The account exists; the app, which holds the code, calls
-- household.join with it after the sign-up and reads why the invite was not used (a 409 naming the members' cap).
-- Deciding this in the trigger holds on hosted Auth too, where the sign-up is GoTrue's and only the trigger is ours.
--
-- private.create_personal_household: as in 20261125001500_invite_links.sql but for the join's exception block;
-- `create or replace` keeps the owner and the grants, and the function keeps its empty search_path.

create or replace function private.create_personal_household() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_invite public.household_invites;
begin
  select * into v_invite from public.household_invites i
  where i.code = btrim(new.raw_user_meta_data ->> 'invite_code') and i.expires_at > now() and i.revoked_at is null
    and (i.max_uses is null or i.use_count < i.max_uses)
  for update;
  if v_invite.id is not null then
    begin
      insert into public.household_members (household_id, user_id, role, is_default)
      values (v_invite.household_id, new.id, 'member', true);
      update public.household_invites i set use_count = i.use_count + 1 where i.id = v_invite.id;
      -- As household.join records itself (a user-scope write: no household of its own, the household in its reply).
      insert into public.tool_invocations (household_id, user_id, tool, is_write, response)
      values (null, new.id, 'household.join', true, jsonb_build_object(
        'household_id', v_invite.household_id, 'invite_id', v_invite.id,
        'name', (select h.name from public.households h where h.id = v_invite.household_id),
        'role', 'member', 'already_member', false, 'became_default', true, 'previous_default_household_id', null));
      return new;
    exception when sqlstate 'MP409' then
      -- A cap refused the join (the household is full): rolled back to here, and a household of its own below.
      null;
    end;
  end if;
  insert into public.households (name, created_by)
  values (coalesce(nullif(left(btrim(new.raw_user_meta_data ->> 'household_name'), 200), ''), 'My household'), new.id);
  return new;
end;
$$;

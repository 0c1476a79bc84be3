-- ============================================================================
-- A change of a household's aisle order pokes the household, so open lists regroup at once
-- ============================================================================
-- grocery.get_list and grocery.changes answer the household's aisle order with every read, but setting it
-- (household.set_aisle_order, and its undo) changes no list, so no list poke went out and other members kept the old
-- order until their next pull. A poke { kind: 'aisle_order' } now goes to the household's private channel with each
-- change of the order; a client pulls its list (the order comes with the pull). Like every poke, it carries no row.

create function private.poke_aisle_order_changed() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.poke_household(coalesce(new.household_id, old.household_id), jsonb_build_object('kind', 'aisle_order'));
  return null;
end;
$$;

revoke all on function private.poke_aisle_order_changed() from public;

create trigger household_aisle_orders_poke
after insert or update or delete on public.household_aisle_orders
for each row execute function private.poke_aisle_order_changed();

-- Who was removed from a household, and by whom: private.departure_words reads a removal's record by the member
-- it removed (its reply's user_id), to tell a removed member in words instead of "household not found". Partial:
-- only removals, a few rows a household.
create index tool_invocations_removals_idx on public.tool_invocations ((response ->> 'user_id'), created_at)
  where tool = 'household.remove_member';

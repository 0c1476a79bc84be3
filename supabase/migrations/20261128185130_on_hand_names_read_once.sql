-- The household's on-hand ingredients, by name, with who marked each: what household.list_on_hand returns. Who
-- marked each is looked up in the members' names read once, not twice per mark (up to 500 of them).
create or replace function private.on_hand_json(p_household_id uuid) returns jsonb
language sql stable
set search_path = ''
as $$
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
      'ingredient_id', o.ingredient_id, 'ingredient_name', i.name,
      'marked_by_name', names.map ->> o.marked_by::text, 'marked_at', o.marked_at)
    order by i.normalized_name, i.id), '[]'::jsonb)
  from public.household_on_hand o
  join public.ingredients i on i.id = o.ingredient_id
  cross join (select private.member_names(p_household_id) as map) names
  where o.household_id = p_household_id
$$;

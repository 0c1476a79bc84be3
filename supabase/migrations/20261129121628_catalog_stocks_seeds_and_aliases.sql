-- The catalog's files (supabase/schemas/data/*.csv) as of this migration, written by
-- deno task db:catalog-migration:
--   ingredients: 1 added or changed, 0 removed
--   ingredient_aliases: 14 added or changed, 0 removed

insert into public.ingredients (name, category, count_unit, aisle, created_by)
select v.name, v.category, v.count_unit, v.aisle, null
from (values
  ('pork stock', 'pantry', null, 'pantry')
) as v (name, category, count_unit, aisle)
on conflict ((coalesce(household_id, '00000000-0000-0000-0000-000000000000'::uuid)), normalized_name)
do update set category = excluded.category, count_unit = excluded.count_unit, aisle = excluded.aisle;

insert into public.ingredient_aliases (ingredient_id, alias, note, count_unit)
select i.id, v.alias, v.note, v.count_unit
from (values
  ('annatto seeds', 'achiote', null, null),
  ('achiote seeds', 'achiote', null, null),
  ('allpurpose flour', 'all-purpose flour', null, null),
  ('dashi stock', 'dashi', null, null),
  ('prawn stock', 'seafood stock', 'prawn', null),
  ('shrimp stock', 'seafood stock', 'shrimp', null),
  ('shellfish stock', 'seafood stock', 'shellfish', null),
  ('lobster stock', 'seafood stock', 'lobster', null),
  ('gluten', 'vital wheat gluten', null, null),
  ('peasant bread', 'bread', 'peasant', null),
  ('baked ham', 'ham', 'baked', null),
  ('kiwis', 'kiwi', null, null),
  ('ground beef round', 'ground beef', 'round', null),
  ('ham stock', 'pork stock', 'ham', null)
) as v (alias, ingredient, note, count_unit)
join public.ingredients i on i.household_id is null and i.name = v.ingredient
on conflict (folded_alias) do update set ingredient_id = excluded.ingredient_id, alias = excluded.alias, note = excluded.note, count_unit = excluded.count_unit;

select private.assert_catalog_integrity();

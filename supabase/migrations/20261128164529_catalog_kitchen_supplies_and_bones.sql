-- The catalog's files (supabase/schemas/data/*.csv) as of this migration, written by
-- deno task db:catalog-migration:
--   ingredients: 7 added or changed, 0 removed
--   ingredient_aliases: 15 added or changed, 0 removed

insert into public.ingredients (name, category, count_unit, aisle, created_by)
select v.name, v.category, v.count_unit, v.aisle, null
from (values
  ('aluminum foil', 'frozen and other', null, 'household'),
  ('fish bones', 'meat and seafood', null, 'seafood'),
  ('kitchen twine', 'frozen and other', null, 'household'),
  ('parchment paper', 'frozen and other', null, 'household'),
  ('pork bones', 'meat and seafood', null, 'meat'),
  ('skewers', 'frozen and other', 'piece', 'household'),
  ('toothpicks', 'frozen and other', 'piece', 'household')
) as v (name, category, count_unit, aisle)
on conflict ((coalesce(household_id, '00000000-0000-0000-0000-000000000000'::uuid)), normalized_name)
do update set category = excluded.category, count_unit = excluded.count_unit, aisle = excluded.aisle;

insert into public.ingredient_aliases (ingredient_id, alias, note, count_unit)
select i.id, v.alias, v.note, v.count_unit
from (values
  ('wooden skewers', 'skewers', null, null),
  ('bamboo skewers', 'skewers', null, null),
  ('metal skewers', 'skewers', null, null),
  ('cocktail sticks', 'toothpicks', null, null),
  ('baking paper', 'parchment paper', null, null),
  ('greaseproof paper', 'parchment paper', null, null),
  ('baking parchment', 'parchment paper', null, null),
  ('parchment', 'parchment paper', null, null),
  ('aluminium foil', 'aluminum foil', null, null),
  ('tin foil', 'aluminum foil', null, null),
  ('foil', 'aluminum foil', null, null),
  ('butcher''s twine', 'kitchen twine', null, null),
  ('kitchen string', 'kitchen twine', null, null),
  ('chicken bones', 'chicken carcass', null, null),
  ('fish frames', 'fish bones', null, null)
) as v (alias, ingredient, note, count_unit)
join public.ingredients i on i.household_id is null and i.name = v.ingredient
on conflict (folded_alias) do update set ingredient_id = excluded.ingredient_id, alias = excluded.alias, note = excluded.note, count_unit = excluded.count_unit;

select private.assert_catalog_integrity();

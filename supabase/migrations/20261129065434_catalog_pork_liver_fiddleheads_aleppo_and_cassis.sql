-- The catalog's files (supabase/schemas/data/*.csv) as of this migration, written by
-- deno task db:catalog-migration:
--   ingredients: 1 added or changed, 0 removed
--   ingredient_aliases: 12 added or changed, 0 removed

insert into public.ingredients (name, category, count_unit, aisle, created_by)
select v.name, v.category, v.count_unit, v.aisle, null
from (values
  ('pork liver', 'meat and seafood', null, 'meat')
) as v (name, category, count_unit, aisle)
on conflict ((coalesce(household_id, '00000000-0000-0000-0000-000000000000'::uuid)), normalized_name)
do update set category = excluded.category, count_unit = excluded.count_unit, aisle = excluded.aisle;

insert into public.ingredient_aliases (ingredient_id, alias, note, count_unit)
select i.id, v.alias, v.note, v.count_unit
from (values
  ('pork lard', 'lard', null, null),
  ('fiddlehead ferns', 'fiddleheads', null, null),
  ('hoagie buns', 'hoagie rolls', null, null),
  ('peperoncini', 'pepperoncini', null, null),
  ('aleppo chile flakes', 'aleppo pepper', null, null),
  ('aleppo chili flakes', 'aleppo pepper', null, null),
  ('aleppo pepper flakes', 'aleppo pepper', null, null),
  ('7-up', 'lemon-lime soda', null, null),
  ('salt-packed anchovies', 'anchovies', 'salt-packed', null),
  ('lingonberry preserves', 'lingonberry jam', null, null),
  ('cassis', 'creme de cassis', null, null),
  ('pigs'' liver', 'pork liver', null, null)
) as v (alias, ingredient, note, count_unit)
join public.ingredients i on i.household_id is null and i.name = v.ingredient
on conflict (folded_alias) do update set ingredient_id = excluded.ingredient_id, alias = excluded.alias, note = excluded.note, count_unit = excluded.count_unit;

select private.assert_catalog_integrity();

-- The catalog's files (supabase/schemas/data/*.csv) as of this migration, written by
-- deno task db:catalog-migration:
--   ingredients: 1 added or changed, 0 removed
--   ingredient_aliases: 9 added or changed, 0 removed

insert into public.ingredients (name, category, count_unit, aisle, created_by)
select v.name, v.category, v.count_unit, v.aisle, null
from (values
  ('peach jam', 'pantry', null, 'pantry')
) as v (name, category, count_unit, aisle)
on conflict ((coalesce(household_id, '00000000-0000-0000-0000-000000000000'::uuid)), normalized_name)
do update set category = excluded.category, count_unit = excluded.count_unit, aisle = excluded.aisle;

insert into public.ingredient_aliases (ingredient_id, alias, note, count_unit)
select i.id, v.alias, v.note, v.count_unit
from (values
  ('peach preserves', 'peach jam', null, null),
  ('paw-paw', 'papaya', null, null),
  ('pawpaw', 'papaya', null, null),
  ('guinea hen', 'guinea fowl', null, null),
  ('guinea hen breast', 'guinea fowl', 'breasts', 'piece'),
  ('mutton chop', 'mutton', 'chops', 'piece'),
  ('rigani', 'dried oregano', 'rigani', null),
  ('gluten-free all-purpose flour blend', 'gluten-free flour', null, null),
  ('cointreau liqueur', 'triple sec', 'Cointreau', null)
) as v (alias, ingredient, note, count_unit)
join public.ingredients i on i.household_id is null and i.name = v.ingredient
on conflict (folded_alias) do update set ingredient_id = excluded.ingredient_id, alias = excluded.alias, note = excluded.note, count_unit = excluded.count_unit;

select private.assert_catalog_integrity();

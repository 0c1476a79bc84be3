-- The catalog's files (supabase/schemas/data/*.csv) as of this migration, written by
-- deno task db:catalog-migration:
--   ingredient_aliases: 14 added or changed, 0 removed

insert into public.ingredient_aliases (ingredient_id, alias, note, count_unit)
select i.id, v.alias, v.note, v.count_unit
from (values
  ('pastry case', 'tart shell', null, null),
  ('tart case', 'tart shell', null, null),
  ('shortcrust pastry case', 'tart shell', 'shortcrust', null),
  ('sweet pastry case', 'tart shell', 'sweet pastry', null),
  ('sweet shortcrust pastry case', 'tart shell', 'sweet shortcrust', null),
  ('frank''s redhot sauce', 'hot sauce', 'Frank''s RedHot', null),
  ('mochiko flour', 'glutinous rice flour', 'mochiko', null),
  ('arachide oil', 'peanut oil', null, null),
  ('mustard seed oil', 'mustard oil', null, null),
  ('cashew nut butter', 'cashew butter', null, null),
  ('gluten-free baking flour', 'gluten-free flour', null, null),
  ('gluten-free all-purpose baking flour', 'gluten-free flour', null, null),
  ('1-to-1 gluten-free flour', 'gluten-free flour', '1-to-1', null),
  ('gluten-free 1-to-1 baking flour', 'gluten-free flour', '1-to-1', null)
) as v (alias, ingredient, note, count_unit)
join public.ingredients i on i.household_id is null and i.name = v.ingredient
on conflict (folded_alias) do update set ingredient_id = excluded.ingredient_id, alias = excluded.alias, note = excluded.note, count_unit = excluded.count_unit;

select private.assert_catalog_integrity();

-- The catalog's files (supabase/schemas/data/*.csv) as of this migration, written by
-- deno task db:catalog-migration:
--   ingredients: 9 added or changed, 0 removed
--   ingredient_aliases: 21 added or changed, 0 removed

insert into public.ingredients (name, category, count_unit, aisle, created_by)
select v.name, v.category, v.count_unit, v.aisle, null
from (values
  ('burger seasoning', 'spices', null, 'spices'),
  ('sichuan pepper oil', 'pantry', null, 'pantry'),
  ('matzo cake meal', 'pantry', null, 'pantry'),
  ('mint chocolate chips', 'pantry', null, 'pantry'),
  ('peach schnapps', 'pantry', null, 'drinks'),
  ('pear brandy', 'pantry', null, 'drinks'),
  ('plum brandy', 'pantry', null, 'drinks'),
  ('pecorino toscano', 'dairy and eggs', null, 'dairy'),
  ('writing icing', 'pantry', null, 'pantry')
) as v (name, category, count_unit, aisle)
on conflict ((coalesce(household_id, '00000000-0000-0000-0000-000000000000'::uuid)), normalized_name)
do update set category = excluded.category, count_unit = excluded.count_unit, aisle = excluded.aisle;

insert into public.ingredient_aliases (ingredient_id, alias, note, count_unit)
select i.id, v.alias, v.note, v.count_unit
from (values
  ('spice rub', 'bbq rub', null, null),
  ('rub', 'bbq rub', null, null),
  ('meat rub', 'bbq rub', null, null),
  ('chili rub', 'bbq rub', null, null),
  ('steak rub', 'steak seasoning', null, null),
  ('hamburger seasoning', 'burger seasoning', null, null),
  ('sichuan peppercorn oil', 'sichuan pepper oil', null, null),
  ('szechuan pepper oil', 'sichuan pepper oil', null, null),
  ('szechuan peppercorn oil', 'sichuan pepper oil', null, null),
  ('prosciutto ham', 'prosciutto', null, null),
  ('heavy sweet cream', 'heavy cream', null, null),
  ('honey dijon mustard', 'honey mustard', null, null),
  ('poire william', 'pear brandy', null, null),
  ('slivovitz', 'plum brandy', null, null),
  ('strained yogurt', 'greek yogurt', null, null),
  ('strained yoghurt', 'greek yogurt', null, null),
  ('salt-packed capers', 'capers', 'salt-packed', null),
  ('sesame seed buns', 'hamburger buns', 'sesame seed', null),
  ('icing pens', 'writing icing', null, null),
  ('mint chips', 'mint chocolate chips', null, null),
  ('matzah cake meal', 'matzo cake meal', null, null)
) as v (alias, ingredient, note, count_unit)
join public.ingredients i on i.household_id is null and i.name = v.ingredient
on conflict (folded_alias) do update set ingredient_id = excluded.ingredient_id, alias = excluded.alias, note = excluded.note, count_unit = excluded.count_unit;

select private.assert_catalog_integrity();

-- The catalog's files (supabase/schemas/data/*.csv) as of this migration, written by
-- deno task db:catalog-migration:
--   ingredients: 1 added or changed, 0 removed
--   ingredient_aliases: 16 added or changed, 0 removed

insert into public.ingredients (name, category, count_unit, aisle, created_by)
select v.name, v.category, v.count_unit, v.aisle, null
from (values
  ('calcium chloride', 'pantry', null, 'pantry')
) as v (name, category, count_unit, aisle)
on conflict ((coalesce(household_id, '00000000-0000-0000-0000-000000000000'::uuid)), normalized_name)
do update set category = excluded.category, count_unit = excluded.count_unit, aisle = excluded.aisle;

insert into public.ingredient_aliases (ingredient_id, alias, note, count_unit)
select i.id, v.alias, v.note, v.count_unit
from (values
  ('sriracha hot chili sauce', 'sriracha', null, null),
  ('sriracha chili sauce', 'sriracha', null, null),
  ('holiday sprinkles', 'sprinkles', 'holiday', null),
  ('christmas sprinkles', 'sprinkles', 'Christmas', null),
  ('rainbow sprinkles', 'sprinkles', 'rainbow', null),
  ('whole masoor', 'brown lentils', 'whole masoor', null),
  ('sabut masoor', 'brown lentils', 'sabut masoor', null),
  ('dairy-free cream cheese', 'vegan cream cheese', null, null),
  ('vegan parmesan cheese', 'vegan parmesan', null, null),
  ('vegan cheddar', 'vegan cheese', 'cheddar', null),
  ('vegan cheddar cheese', 'vegan cheese', 'cheddar', null),
  ('vegan stick butter', 'vegan butter', 'stick', null),
  ('vegan vanilla ice cream', 'dairy-free ice cream', 'vanilla', null),
  ('gluten-free all-purpose flour', 'gluten-free flour', null, null),
  ('pickle crisp', 'calcium chloride', null, null),
  ('pickle crisp granules', 'calcium chloride', null, null)
) as v (alias, ingredient, note, count_unit)
join public.ingredients i on i.household_id is null and i.name = v.ingredient
on conflict (folded_alias) do update set ingredient_id = excluded.ingredient_id, alias = excluded.alias, note = excluded.note, count_unit = excluded.count_unit;

select private.assert_catalog_integrity();

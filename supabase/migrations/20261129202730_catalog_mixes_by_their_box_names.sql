-- The catalog's files (supabase/schemas/data/*.csv) as of this migration, written by
-- deno task db:catalog-migration:
--   ingredient_aliases: 22 added or changed, 0 removed

insert into public.ingredient_aliases (ingredient_id, alias, note, count_unit)
select i.id, v.alias, v.note, v.count_unit
from (values
  ('french vanilla cake mix', 'cake mix', 'french vanilla', null),
  ('strawberry cake mix', 'cake mix', 'strawberry', null),
  ('chocolate fudge cake mix', 'cake mix', 'chocolate fudge', null),
  ('corn bread mix', 'cornbread mix', null, null),
  ('salad mix', 'mixed greens', null, null),
  ('mesclun salad mix', 'mixed greens', 'mesclun', null),
  ('spring lettuce mix', 'mixed greens', 'spring lettuce', null),
  ('herb salad mix', 'mixed greens', 'herb salad', null),
  ('cole slaw mix', 'coleslaw mix', null, null),
  ('broccoli slaw mix', 'broccoli slaw', null, null),
  ('instant pistachio pudding mix', 'instant pudding', 'pistachio', null),
  ('instant chocolate fudge pudding mix', 'instant pudding', 'chocolate fudge', null),
  ('sweetened cocoa mix', 'hot chocolate mix', null, null),
  ('chicken gravy mix', 'gravy mix', 'chicken', null),
  ('pancake and baking mix', 'baking mix', null, null),
  ('baharat spice mix', 'baharat', null, null),
  ('dukkah spice mix', 'dukkah', null, null),
  ('chaat masala spice mix', 'chaat masala', null, null),
  ('tandoori masala spice mix', 'tandoori masala', null, null),
  ('onion soup and dip mix', 'onion soup mix', null, null),
  ('ranch dressing and seasoning mix', 'ranch seasoning', null, null),
  ('ranch salad and seasoning mix', 'ranch seasoning', null, null)
) as v (alias, ingredient, note, count_unit)
join public.ingredients i on i.household_id is null and i.name = v.ingredient
on conflict (folded_alias) do update set ingredient_id = excluded.ingredient_id, alias = excluded.alias, note = excluded.note, count_unit = excluded.count_unit;

select private.assert_catalog_integrity();

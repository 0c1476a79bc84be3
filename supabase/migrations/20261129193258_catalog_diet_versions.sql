-- The catalog's files (supabase/schemas/data/*.csv) as of this migration, written by
-- deno task db:catalog-migration:
--   ingredients: 11 added or changed, 0 removed
--   ingredient_aliases: 27 added or changed, 0 removed

insert into public.ingredients (name, category, count_unit, aisle, created_by)
select v.name, v.category, v.count_unit, v.aisle, null
from (values
  ('dairy-free chocolate chips', 'pantry', null, 'pantry'),
  ('dairy-free chocolate', 'pantry', null, 'pantry'),
  ('gluten-free oats', 'pantry', null, 'pantry'),
  ('vegan sour cream', 'dairy and eggs', null, 'dairy'),
  ('vegan worcestershire sauce', 'pantry', null, 'pantry'),
  ('vegetarian sausages', 'frozen and other', null, 'deli'),
  ('dairy-free cream', 'dairy and eggs', null, 'dairy'),
  ('gluten-free self-rising flour', 'pantry', null, 'pantry'),
  ('vegan fish sauce', 'pantry', null, 'pantry'),
  ('vegan marshmallows', 'pantry', null, 'pantry'),
  ('gluten-free breadcrumbs', 'pantry', null, 'pantry')
) as v (name, category, count_unit, aisle)
on conflict ((coalesce(household_id, '00000000-0000-0000-0000-000000000000'::uuid)), normalized_name)
do update set category = excluded.category, count_unit = excluded.count_unit, aisle = excluded.aisle;

insert into public.ingredient_aliases (ingredient_id, alias, note, count_unit)
select i.id, v.alias, v.note, v.count_unit
from (values
  ('vegan chocolate chips', 'dairy-free chocolate chips', 'vegan', null),
  ('vegan semi-sweet chocolate chips', 'dairy-free chocolate chips', 'vegan semi-sweet', null),
  ('dairy-free dark chocolate chips', 'dairy-free chocolate chips', 'dark', null),
  ('dairy-free mini chocolate chips', 'dairy-free chocolate chips', 'mini', null),
  ('vegan chocolate', 'dairy-free chocolate', 'vegan', null),
  ('dairy-free dark chocolate', 'dairy-free chocolate', 'dark', null),
  ('vegan dark chocolate', 'dairy-free chocolate', 'vegan dark', null),
  ('gluten-free rolled oats', 'gluten-free oats', 'rolled', null),
  ('dairy-free sour cream', 'vegan sour cream', null, null),
  ('vegan sausages', 'vegetarian sausages', 'vegan', null),
  ('plant-based sausages', 'vegetarian sausages', 'plant-based', null),
  ('meatless sausages', 'vegetarian sausages', null, null),
  ('meat-free sausages', 'vegetarian sausages', null, null),
  ('dairy-free whipping cream', 'dairy-free cream', 'whipping', null),
  ('vegan cream', 'dairy-free cream', 'vegan', null),
  ('vegan whipping cream', 'dairy-free cream', 'vegan whipping', null),
  ('dairy-free heavy cream', 'dairy-free cream', 'heavy', null),
  ('gluten-free self-raising flour', 'gluten-free self-rising flour', null, null),
  ('plant-based marshmallows', 'vegan marshmallows', 'plant-based', null),
  ('plant-based mini marshmallows', 'vegan marshmallows', 'plant-based mini', null),
  ('vegan mini marshmallows', 'vegan marshmallows', 'mini', null),
  ('gluten-free bread crumbs', 'gluten-free breadcrumbs', null, null),
  ('gluten-free elbow pasta', 'gluten-free pasta', 'elbow', null),
  ('gluten-free penne', 'gluten-free pasta', 'penne', null),
  ('gluten-free penne pasta', 'gluten-free pasta', 'penne', null),
  ('gluten-free spaghetti', 'gluten-free pasta', 'spaghetti', null),
  ('gluten-free macaroni', 'gluten-free pasta', 'macaroni', null)
) as v (alias, ingredient, note, count_unit)
join public.ingredients i on i.household_id is null and i.name = v.ingredient
on conflict (folded_alias) do update set ingredient_id = excluded.ingredient_id, alias = excluded.alias, note = excluded.note, count_unit = excluded.count_unit;

select private.assert_catalog_integrity();

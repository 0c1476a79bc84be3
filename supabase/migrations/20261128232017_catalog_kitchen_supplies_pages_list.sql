-- The catalog's files (supabase/schemas/data/*.csv) as of this migration, written by
-- deno task db:catalog-migration:
--   ingredients: 7 added or changed, 0 removed
--   ingredient_aliases: 18 added or changed, 0 removed

insert into public.ingredients (name, category, count_unit, aisle, created_by)
select v.name, v.category, v.count_unit, v.aisle, null
from (values
  ('cheesecloth', 'frozen and other', null, 'household'),
  ('cupcake liners', 'frozen and other', 'piece', 'household'),
  ('paper towels', 'frozen and other', null, 'household'),
  ('plastic wrap', 'frozen and other', null, 'household'),
  ('popsicle sticks', 'frozen and other', 'piece', 'household'),
  ('wax paper', 'frozen and other', null, 'household'),
  ('zip-top bags', 'frozen and other', 'piece', 'household')
) as v (name, category, count_unit, aisle)
on conflict ((coalesce(household_id, '00000000-0000-0000-0000-000000000000'::uuid)), normalized_name)
do update set category = excluded.category, count_unit = excluded.count_unit, aisle = excluded.aisle;

insert into public.ingredient_aliases (ingredient_id, alias, note, count_unit)
select i.id, v.alias, v.note, v.count_unit
from (values
  ('muslin', 'cheesecloth', null, null),
  ('cling film', 'plastic wrap', null, null),
  ('clingfilm', 'plastic wrap', null, null),
  ('saran wrap', 'plastic wrap', null, null),
  ('kitchen paper', 'paper towels', null, null),
  ('kitchen roll', 'paper towels', null, null),
  ('muffin liners', 'cupcake liners', null, null),
  ('muffin cases', 'cupcake liners', null, null),
  ('cupcake cases', 'cupcake liners', null, null),
  ('paper cases', 'cupcake liners', null, null),
  ('baking cups', 'cupcake liners', null, null),
  ('waxed paper', 'wax paper', null, null),
  ('ziploc bags', 'zip-top bags', null, null),
  ('resealable plastic bags', 'zip-top bags', null, null),
  ('freezer bags', 'zip-top bags', null, null),
  ('ice pop sticks', 'popsicle sticks', null, null),
  ('lolly sticks', 'popsicle sticks', null, null),
  ('craft sticks', 'popsicle sticks', null, null)
) as v (alias, ingredient, note, count_unit)
join public.ingredients i on i.household_id is null and i.name = v.ingredient
on conflict (folded_alias) do update set ingredient_id = excluded.ingredient_id, alias = excluded.alias, note = excluded.note, count_unit = excluded.count_unit;

select private.assert_catalog_integrity();

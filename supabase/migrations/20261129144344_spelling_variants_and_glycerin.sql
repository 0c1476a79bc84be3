-- The catalog's files (supabase/schemas/data/*.csv) as of this migration, written by
-- deno task db:catalog-migration:
--   ingredients: 1 added or changed, 0 removed
--   ingredient_aliases: 13 added or changed, 0 removed

insert into public.ingredients (name, category, count_unit, aisle, created_by)
select v.name, v.category, v.count_unit, v.aisle, null
from (values
  ('glycerin', 'pantry', null, 'pantry')
) as v (name, category, count_unit, aisle)
on conflict ((coalesce(household_id, '00000000-0000-0000-0000-000000000000'::uuid)), normalized_name)
do update set category = excluded.category, count_unit = excluded.count_unit, aisle = excluded.aisle;

insert into public.ingredient_aliases (ingredient_id, alias, note, count_unit)
select i.id, v.alias, v.note, v.count_unit
from (values
  ('glycerine', 'glycerin', null, null),
  ('vegetable glycerine', 'glycerin', null, null),
  ('vegetable glycerin', 'glycerin', null, null),
  ('ox tongue', 'beef tongue', null, null),
  ('onglet', 'hanger steak', null, null),
  ('onglet steak', 'hanger steak', null, null),
  ('sultana raisins', 'golden raisins', null, null),
  ('black eye beans', 'black-eyed peas', null, null),
  ('wanton wrappers', 'wonton wrappers', null, null),
  ('cantaloupe melon', 'cantaloupe', null, null),
  ('ginger nut biscuits', 'gingersnaps', null, null),
  ('sea salt crystals', 'sea salt', null, null),
  ('chicken thigh meat', 'chicken thigh', null, null)
) as v (alias, ingredient, note, count_unit)
join public.ingredients i on i.household_id is null and i.name = v.ingredient
on conflict (folded_alias) do update set ingredient_id = excluded.ingredient_id, alias = excluded.alias, note = excluded.note, count_unit = excluded.count_unit;

select private.assert_catalog_integrity();

-- The catalog's files (supabase/schemas/data/*.csv) as of this migration, written by
-- deno task db:catalog-migration:
--   ingredients: 7 added or changed, 0 removed
--   ingredient_aliases: 12 added or changed, 0 removed

insert into public.ingredients (name, category, count_unit, aisle, created_by)
select v.name, v.category, v.count_unit, v.aisle, null
from (values
  ('beef kidneys', 'meat and seafood', null, 'meat'),
  ('chicken giblets', 'meat and seafood', null, 'meat'),
  ('chocolate buttons', 'pantry', null, 'pantry'),
  ('duck liver', 'meat and seafood', null, 'meat'),
  ('lamb rump', 'meat and seafood', null, 'meat'),
  ('sweetbreads', 'meat and seafood', null, 'meat'),
  ('veal kidneys', 'meat and seafood', null, 'meat')
) as v (name, category, count_unit, aisle)
on conflict ((coalesce(household_id, '00000000-0000-0000-0000-000000000000'::uuid)), normalized_name)
do update set category = excluded.category, count_unit = excluded.count_unit, aisle = excluded.aisle;

insert into public.ingredient_aliases (ingredient_id, alias, note, count_unit)
select i.id, v.alias, v.note, v.count_unit
from (values
  ('chicken bouillon granules', 'chicken bouillon', 'granules', null),
  ('beef skirt', 'skirt steak', null, null),
  ('beef marrow', 'bone marrow', null, null),
  ('pork spareribs', 'spare ribs', null, null),
  ('spareribs', 'spare ribs', null, null),
  ('pork sausagemeat', 'ground sausage', null, null),
  ('lamb sweetbreads', 'sweetbreads', 'lamb', null),
  ('veal sweetbreads', 'sweetbreads', 'veal', null),
  ('pork scratchings', 'pork rinds', null, null),
  ('lamb chump', 'lamb rump', 'chump', null),
  ('chicken winglets', 'chicken wings', null, null),
  ('chocolate and hazelnut spread', 'hazelnut spread', null, null)
) as v (alias, ingredient, note, count_unit)
join public.ingredients i on i.household_id is null and i.name = v.ingredient
on conflict (folded_alias) do update set ingredient_id = excluded.ingredient_id, alias = excluded.alias, note = excluded.note, count_unit = excluded.count_unit;

select private.assert_catalog_integrity();

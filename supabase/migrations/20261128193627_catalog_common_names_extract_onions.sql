-- The catalog's files (supabase/schemas/data/*.csv) as of this migration, written by
-- deno task db:catalog-migration:
--   ingredients: 2 added or changed, 0 removed
--   ingredient_aliases: 7 added or changed, 0 removed
--   ingredient_purchase_units: 1 added or changed, 0 removed

insert into public.ingredients (name, category, count_unit, aisle, created_by)
select v.name, v.category, v.count_unit, v.aisle, null
from (values
  ('boiling onions', 'produce', 'whole', 'produce'),
  ('pistachio extract', 'pantry', null, 'pantry')
) as v (name, category, count_unit, aisle)
on conflict ((coalesce(household_id, '00000000-0000-0000-0000-000000000000'::uuid)), normalized_name)
do update set category = excluded.category, count_unit = excluded.count_unit, aisle = excluded.aisle;

insert into public.ingredient_aliases (ingredient_id, alias, note, count_unit)
select i.id, v.alias, v.note, v.count_unit
from (values
  ('boiler onions', 'boiling onions', null, null),
  ('chicken drumettes', 'chicken wings', 'drumettes', null),
  ('beef fat', 'beef tallow', null, null),
  ('pickle liquid', 'pickle juice', null, null),
  ('burgundy wine', 'red wine', 'burgundy', null),
  ('dill havarti', 'havarti', 'dill', null),
  ('creme de menthe liqueur', 'creme de menthe', null, null)
) as v (alias, ingredient, note, count_unit)
join public.ingredients i on i.household_id is null and i.name = v.ingredient
on conflict (folded_alias) do update set ingredient_id = excluded.ingredient_id, alias = excluded.alias, note = excluded.note, count_unit = excluded.count_unit;

insert into public.ingredient_purchase_units (ingredient_id, need_unit, per_purchase, purchase_unit, singular, plural)
select i.id, v.need_unit, v.per_purchase::numeric, v.purchase_unit, v.singular, v.plural
from (values
  ('boiling onions', 'whole', '1', 'whole', null, null)
) as v (ingredient, need_unit, per_purchase, purchase_unit, singular, plural)
join public.ingredients i on i.household_id is null and i.name = v.ingredient
on conflict (ingredient_id, need_unit) do update set per_purchase = excluded.per_purchase, purchase_unit = excluded.purchase_unit, singular = excluded.singular, plural = excluded.plural;

select private.assert_catalog_integrity();

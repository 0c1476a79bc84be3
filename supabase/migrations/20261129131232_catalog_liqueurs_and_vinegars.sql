-- The catalog's files (supabase/schemas/data/*.csv) as of this migration, written by
-- deno task db:catalog-migration:
--   ingredients: 9 added or changed, 0 removed
--   ingredient_aliases: 10 added or changed, 0 removed

insert into public.ingredients (name, category, count_unit, aisle, created_by)
select v.name, v.category, v.count_unit, v.aisle, null
from (values
  ('blackberry liqueur', 'pantry', null, 'drinks'),
  ('cherry liqueur', 'pantry', null, 'drinks'),
  ('ginger wine', 'pantry', null, 'drinks'),
  ('honey vinegar', 'pantry', null, 'pantry'),
  ('moscatel vinegar', 'pantry', null, 'pantry'),
  ('passion fruit liqueur', 'pantry', null, 'drinks'),
  ('peach liqueur', 'pantry', null, 'drinks'),
  ('strawberry liqueur', 'pantry', null, 'drinks'),
  ('walnut vinegar', 'pantry', null, 'pantry')
) as v (name, category, count_unit, aisle)
on conflict ((coalesce(household_id, '00000000-0000-0000-0000-000000000000'::uuid)), normalized_name)
do update set category = excluded.category, count_unit = excluded.count_unit, aisle = excluded.aisle;

insert into public.ingredient_aliases (ingredient_id, alias, note, count_unit)
select i.id, v.alias, v.note, v.count_unit
from (values
  ('blackcurrant liqueur', 'creme de cassis', null, null),
  ('creme de mure', 'blackberry liqueur', null, null),
  ('aniseed liqueur', 'anisette', null, null),
  ('anise liqueur', 'anisette', null, null),
  ('anise-flavoured liqueur', 'anisette', null, null),
  ('anise-flavored liqueur', 'anisette', null, null),
  ('coffee-flavored liqueur', 'kahlua', null, null),
  ('coffee-flavoured liqueur', 'kahlua', null, null),
  ('raspberry-flavored liqueur', 'raspberry liqueur', null, null),
  ('raspberry-flavoured liqueur', 'raspberry liqueur', null, null)
) as v (alias, ingredient, note, count_unit)
join public.ingredients i on i.household_id is null and i.name = v.ingredient
on conflict (folded_alias) do update set ingredient_id = excluded.ingredient_id, alias = excluded.alias, note = excluded.note, count_unit = excluded.count_unit;

select private.assert_catalog_integrity();

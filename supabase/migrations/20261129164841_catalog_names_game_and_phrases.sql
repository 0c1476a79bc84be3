-- The catalog's files (supabase/schemas/data/*.csv) as of this migration, written by
-- deno task db:catalog-migration:
--   ingredients: 18 added or changed, 0 removed
--   ingredient_aliases: 20 added or changed, 0 removed
--   ingredient_purchase_units: 1 added or changed, 0 removed

insert into public.ingredients (name, category, count_unit, aisle, created_by)
select v.name, v.category, v.count_unit, v.aisle, null
from (values
  ('brill', 'meat and seafood', 'piece', 'seafood'),
  ('caul fat', 'meat and seafood', null, 'meat'),
  ('chinese greens', 'produce', null, 'produce'),
  ('chipotle sauce', 'pantry', null, 'pantry'),
  ('cream crackers', 'pantry', 'piece', 'pantry'),
  ('damson jam', 'pantry', null, 'pantry'),
  ('falafel', 'frozen and other', 'piece', 'deli'),
  ('lamb belly', 'meat and seafood', null, 'meat'),
  ('lemon oil', 'pantry', null, 'pantry'),
  ('mushroom ketchup', 'pantry', null, 'pantry'),
  ('pickled chilies', 'pantry', null, 'pantry'),
  ('plum jam', 'pantry', null, 'pantry'),
  ('popping candy', 'pantry', null, 'pantry'),
  ('sea trout', 'meat and seafood', 'piece', 'seafood'),
  ('sucanat', 'pantry', null, 'pantry'),
  ('suckling pig', 'meat and seafood', 'whole', 'meat'),
  ('tagliarini', 'pantry', null, 'pantry'),
  ('winkles', 'meat and seafood', null, 'seafood')
) as v (name, category, count_unit, aisle)
on conflict ((coalesce(household_id, '00000000-0000-0000-0000-000000000000'::uuid)), normalized_name)
do update set category = excluded.category, count_unit = excluded.count_unit, aisle = excluded.aisle;

insert into public.ingredient_aliases (ingredient_id, alias, note, count_unit)
select i.id, v.alias, v.note, v.count_unit
from (values
  ('thyme honey', 'honey', 'thyme', null),
  ('chicken meat', 'chicken', null, null),
  ('garlic and ginger paste', 'ginger garlic paste', null, null),
  ('garlic ginger paste', 'ginger garlic paste', null, null),
  ('beef sausage', 'sausage', 'beef', null),
  ('toulouse sausage', 'sausage', 'Toulouse', null),
  ('chocolate curls', 'chocolate', null, null),
  ('earth balance spread', 'vegan butter', null, null),
  ('mutton shoulder', 'mutton', 'shoulder', null),
  ('mutton leg', 'mutton', 'leg', null),
  ('amaretto liquor', 'amaretto', null, null),
  ('tamarind puree', 'tamarind paste', null, null),
  ('vermicelli noodles', 'vermicelli', null, null),
  ('carnaroli risotto rice', 'carnaroli rice', null, null),
  ('monkfish cheeks', 'monkfish', 'cheeks', null),
  ('guinea fowl breast', 'guinea fowl', 'breasts', 'piece'),
  ('partridge breast', 'partridge', 'breasts', 'piece'),
  ('hot-smoked trout', 'smoked trout', null, null),
  ('dim sum wrappers', 'dumpling wrappers', null, null),
  ('cider brandy', 'apple brandy', null, null)
) as v (alias, ingredient, note, count_unit)
join public.ingredients i on i.household_id is null and i.name = v.ingredient
on conflict (folded_alias) do update set ingredient_id = excluded.ingredient_id, alias = excluded.alias, note = excluded.note, count_unit = excluded.count_unit;

insert into public.ingredient_purchase_units (ingredient_id, need_unit, per_purchase, purchase_unit, singular, plural)
select i.id, v.need_unit, v.per_purchase::numeric, v.purchase_unit, v.singular, v.plural
from (values
  ('suckling pig', 'whole', '1', 'whole', null, null)
) as v (ingredient, need_unit, per_purchase, purchase_unit, singular, plural)
join public.ingredients i on i.household_id is null and i.name = v.ingredient
on conflict (ingredient_id, need_unit) do update set per_purchase = excluded.per_purchase, purchase_unit = excluded.purchase_unit, singular = excluded.singular, plural = excluded.plural;

select private.assert_catalog_integrity();

-- The catalog's files (supabase/schemas/data/*.csv) as of this migration, written by
-- deno task db:catalog-migration:
--   ingredients: 7 added or changed, 0 removed
--   ingredient_aliases: 46 added or changed, 0 removed

insert into public.ingredients (name, category, count_unit, aisle, created_by)
select v.name, v.category, v.count_unit, v.aisle, null
from (values
  ('chocolate digestive biscuits', 'pantry', 'piece', 'pantry'),
  ('crab claws', 'meat and seafood', 'piece', 'seafood'),
  ('gurnard', 'meat and seafood', 'piece', 'seafood'),
  ('ling', 'meat and seafood', null, 'seafood'),
  ('orange oil', 'pantry', null, 'pantry'),
  ('peach nectar', 'pantry', null, 'drinks'),
  ('soy flour', 'pantry', null, 'pantry')
) as v (name, category, count_unit, aisle)
on conflict ((coalesce(household_id, '00000000-0000-0000-0000-000000000000'::uuid)), normalized_name)
do update set category = excluded.category, count_unit = excluded.count_unit, aisle = excluded.aisle;

insert into public.ingredient_aliases (ingredient_id, alias, note, count_unit)
select i.id, v.alias, v.note, v.count_unit
from (values
  ('dried vermicelli rice noodles', 'rice vermicelli', null, null),
  ('vermicelli rice noodles', 'rice vermicelli', null, null),
  ('rice vermicelli noodles', 'rice vermicelli', null, null),
  ('gammon joint', 'ham', 'gammon joint', null),
  ('kirsch liqueur', 'kirsch', null, null),
  ('white vine vinegar', 'white wine vinegar', null, null),
  ('pig''s caul', 'caul fat', null, null),
  ('cola drink', 'cola', null, null),
  ('snake beans', 'long beans', null, null),
  ('saffron stamens', 'saffron', null, null),
  ('salsify roots', 'salsify', null, null),
  ('lemon essence', 'lemon extract', null, null),
  ('apricot conserve', 'apricot jam', null, null),
  ('chocolate digestives', 'chocolate digestive biscuits', null, null),
  ('cantuccini biscuits', 'biscotti', null, null),
  ('cantuccini', 'biscotti', null, null),
  ('beef brisket joint', 'beef brisket', null, null),
  ('rabbit leg', 'rabbit', 'legs', 'piece'),
  ('pheasant thigh', 'pheasant', 'thighs', 'piece'),
  ('cooked crab claws', 'crab claws', 'cooked', null),
  ('currant jelly', 'redcurrant jelly', null, null),
  ('cavalo nero', 'kale', 'cavolo nero', null),
  ('cassis liqueur', 'creme de cassis', null, null),
  ('juniper seeds', 'juniper berries', null, null),
  ('kielbasa sausage', 'kielbasa', null, null),
  ('hamburger rolls', 'hamburger buns', null, null),
  ('akamiso', 'red miso', null, null),
  ('usukuchi shoyu', 'light soy sauce', null, null),
  ('pinenuts', 'pine nuts', null, null),
  ('mesclun mix', 'mixed greens', null, null),
  ('egg pappardelle', 'pappardelle', null, null),
  ('tahina', 'tahini', null, null),
  ('buckwheat soba noodles', 'soba noodles', null, null),
  ('old-fashioned oatmeal', 'rolled oats', null, null),
  ('dairy sour cream', 'sour cream', null, null),
  ('broccoli di rape', 'broccoli rabe', null, null),
  ('country style bread', 'bread', 'country-style', null),
  ('panko japanese breadcrumbs', 'panko', null, null),
  ('pork medallions', 'pork tenderloin', 'medallions', null),
  ('duck crown', 'duck', 'crown', null),
  ('caramel condensed milk', 'dulce de leche', null, null),
  ('cox''s orange pippin apple', 'apple', 'Cox''s Orange Pippin', null),
  ('gurnard fillet', 'gurnard', 'fillets', 'piece'),
  ('ling fillet', 'ling', 'fillets', null),
  ('pandan leaf', 'pandan leaves', null, 'piece'),
  ('turkish sweet red pepper paste', 'turkish pepper paste', null, null)
) as v (alias, ingredient, note, count_unit)
join public.ingredients i on i.household_id is null and i.name = v.ingredient
on conflict (folded_alias) do update set ingredient_id = excluded.ingredient_id, alias = excluded.alias, note = excluded.note, count_unit = excluded.count_unit;

select private.assert_catalog_integrity();

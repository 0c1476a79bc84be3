-- The catalog's files (supabase/schemas/data/*.csv) as of this migration, written by
-- deno task db:catalog-migration:
--   ingredients: 7 added or changed, 0 removed
--   ingredient_aliases: 40 added or changed, 0 removed

insert into public.ingredients (name, category, count_unit, aisle, created_by)
select v.name, v.category, v.count_unit, v.aisle, null
from (values
  ('chicken consomme', 'pantry', null, 'pantry'),
  ('goat curd', 'dairy and eggs', null, 'dairy'),
  ('granary bread', 'pantry', null, 'bakery'),
  ('hoki', 'meat and seafood', 'piece', 'seafood'),
  ('plum chutney', 'pantry', null, 'pantry'),
  ('soy yogurt', 'frozen and other', null, 'dairy'),
  ('trifle sponges', 'pantry', 'piece', 'bakery')
) as v (name, category, count_unit, aisle)
on conflict ((coalesce(household_id, '00000000-0000-0000-0000-000000000000'::uuid)), normalized_name)
do update set category = excluded.category, count_unit = excluded.count_unit, aisle = excluded.aisle;

insert into public.ingredient_aliases (ingredient_id, alias, note, count_unit)
select i.id, v.alias, v.note, v.count_unit
from (values
  ('self-raising white flour', 'self-rising flour', null, null),
  ('goose breast', 'goose', 'breasts', 'piece'),
  ('pheasant leg', 'pheasant', 'legs', 'piece'),
  ('grouse breast', 'grouse', 'breasts', 'piece'),
  ('venison shoulder', 'venison', 'shoulder', null),
  ('venison sausage', 'sausage', 'venison', null),
  ('bavette steak', 'flank steak', null, null),
  ('bavette', 'flank steak', null, null),
  ('beef topside', 'top round', null, null),
  ('topside', 'top round', null, null),
  ('pancetta lardons', 'pancetta', 'lardons', null),
  ('lager beer', 'lager', null, null),
  ('riesling wine', 'white wine', 'Riesling', null),
  ('sambuca liqueur', 'sambuca', null, null),
  ('bourbon whisky', 'bourbon', null, null),
  ('soya yogurt', 'soy yogurt', null, null),
  ('sugar paste', 'fondant', null, null),
  ('sugar paste icing', 'fondant', null, null),
  ('ratafia biscuits', 'amaretti', null, null),
  ('burrata mozzarella', 'burrata', null, null),
  ('pennette', 'penne', 'pennette', null),
  ('shichimi pepper', 'shichimi togarashi', null, null),
  ('kai lan', 'gai lan', null, null),
  ('chinese broccoli', 'gai lan', null, null),
  ('mouli', 'daikon', null, null),
  ('malden salt', 'maldon salt', null, null),
  ('black olive paste', 'tapenade', null, null),
  ('edible lavender', 'dried lavender', null, null),
  ('iberico ham', 'jamon iberico', null, null),
  ('chesapeake seasoning', 'old bay seasoning', null, null),
  ('fruits of the forest', 'mixed berries', null, null),
  ('frozen fruits of the forest', 'frozen berries', null, null),
  ('bitter chocolate', 'bittersweet chocolate', null, null),
  ('duckling', 'duck', null, null),
  ('rabbit meat', 'rabbit', null, null),
  ('smoked undyed haddock', 'smoked haddock', 'undyed', null),
  ('cherry vine tomato', 'cherry tomato', 'on the vine', null),
  ('thai fragrant rice', 'jasmine rice', null, null),
  ('sundried tomato pesto', 'sun-dried tomato pesto', null, null),
  ('soya yoghurt', 'soy yogurt', null, null)
) as v (alias, ingredient, note, count_unit)
join public.ingredients i on i.household_id is null and i.name = v.ingredient
on conflict (folded_alias) do update set ingredient_id = excluded.ingredient_id, alias = excluded.alias, note = excluded.note, count_unit = excluded.count_unit;

select private.assert_catalog_integrity();

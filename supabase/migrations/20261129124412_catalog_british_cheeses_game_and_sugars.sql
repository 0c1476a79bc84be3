-- The catalog's files (supabase/schemas/data/*.csv) as of this migration, written by
-- deno task db:catalog-migration:
--   ingredients: 21 added or changed, 0 removed
--   ingredient_aliases: 14 added or changed, 0 removed
--   ingredient_purchase_units: 2 added or changed, 0 removed

insert into public.ingredients (name, category, count_unit, aisle, created_by)
select v.name, v.category, v.count_unit, v.aisle, null
from (values
  ('anchovy essence', 'pantry', null, 'pantry'),
  ('beet juice', 'pantry', null, 'drinks'),
  ('blackcurrant puree', 'pantry', null, 'pantry'),
  ('christmas pudding', 'pantry', null, 'pantry'),
  ('coconut liqueur', 'pantry', null, 'drinks'),
  ('curd cheese', 'dairy and eggs', null, 'dairy'),
  ('fine oatmeal', 'pantry', null, 'pantry'),
  ('fondant icing sugar', 'pantry', null, 'pantry'),
  ('fudge', 'pantry', null, 'pantry'),
  ('grey mullet', 'meat and seafood', null, 'seafood'),
  ('grouse', 'meat and seafood', 'whole', 'meat'),
  ('lincolnshire poacher cheese', 'dairy and eggs', null, 'dairy'),
  ('madeira cake', 'pantry', null, 'bakery'),
  ('medium oatmeal', 'pantry', null, 'pantry'),
  ('mineral water', 'frozen and other', null, 'drinks'),
  ('nasturtium leaves', 'produce', null, 'produce'),
  ('partridge', 'meat and seafood', 'whole', 'meat'),
  ('passion fruit puree', 'pantry', null, 'pantry'),
  ('preserving sugar', 'pantry', null, 'pantry'),
  ('reblochon', 'dairy and eggs', null, 'dairy'),
  ('sea aster', 'produce', null, 'produce')
) as v (name, category, count_unit, aisle)
on conflict ((coalesce(household_id, '00000000-0000-0000-0000-000000000000'::uuid)), normalized_name)
do update set category = excluded.category, count_unit = excluded.count_unit, aisle = excluded.aisle;

insert into public.ingredient_aliases (ingredient_id, alias, note, count_unit)
select i.id, v.alias, v.note, v.count_unit
from (values
  ('reblochon cheese', 'reblochon', null, null),
  ('grey mullet fillets', 'grey mullet', null, null),
  ('pork fat', 'fatback', null, null),
  ('lime marmalade', 'marmalade', 'lime', null),
  ('sauternes', 'dessert wine', 'Sauternes', null),
  ('beetroot juice', 'beet juice', null, null),
  ('ginger juice', 'ginger', 'juice', null),
  ('pigeon breast', 'squab', 'breast', null),
  ('squab pigeon', 'squab', null, null),
  ('nasturtium flowers', 'edible flowers', 'nasturtium', null),
  ('lavender flowers', 'dried lavender', null, null),
  ('mango puree', 'mango pulp', null, null),
  ('arbroath smokie', 'smoked haddock', 'Arbroath smokie', null),
  ('arbroath smokies', 'smoked haddock', 'Arbroath smokies', null)
) as v (alias, ingredient, note, count_unit)
join public.ingredients i on i.household_id is null and i.name = v.ingredient
on conflict (folded_alias) do update set ingredient_id = excluded.ingredient_id, alias = excluded.alias, note = excluded.note, count_unit = excluded.count_unit;

insert into public.ingredient_purchase_units (ingredient_id, need_unit, per_purchase, purchase_unit, singular, plural)
select i.id, v.need_unit, v.per_purchase::numeric, v.purchase_unit, v.singular, v.plural
from (values
  ('grouse', 'whole', '1', 'whole', null, null),
  ('partridge', 'whole', '1', 'whole', null, null)
) as v (ingredient, need_unit, per_purchase, purchase_unit, singular, plural)
join public.ingredients i on i.household_id is null and i.name = v.ingredient
on conflict (ingredient_id, need_unit) do update set per_purchase = excluded.per_purchase, purchase_unit = excluded.purchase_unit, singular = excluded.singular, plural = excluded.plural;

select private.assert_catalog_integrity();

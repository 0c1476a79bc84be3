-- The catalog's files (supabase/schemas/data/*.csv) as of this migration, written by
-- deno task db:catalog-migration:
--   ingredients: 1 added or changed, 0 removed
--   ingredient_aliases: 44 added or changed, 0 removed
--   ingredient_purchase_units: 1 added or changed, 0 removed

insert into public.ingredients (name, category, count_unit, aisle, created_by)
select v.name, v.category, v.count_unit, v.aisle, null
from (values
  ('romano pepper', 'produce', 'whole', 'produce')
) as v (name, category, count_unit, aisle)
on conflict ((coalesce(household_id, '00000000-0000-0000-0000-000000000000'::uuid)), normalized_name)
do update set category = excluded.category, count_unit = excluded.count_unit, aisle = excluded.aisle;

insert into public.ingredient_aliases (ingredient_id, alias, note, count_unit)
select i.id, v.alias, v.note, v.count_unit
from (values
  ('romero pepper', 'romano pepper', null, null),
  ('sweet pointed pepper', 'romano pepper', null, null),
  ('pointed red pepper', 'romano pepper', null, null),
  ('cabernet sauvignon vinegar', 'red wine vinegar', 'cabernet sauvignon', null),
  ('chardonnay vinegar', 'white wine vinegar', 'chardonnay', null),
  ('gluten-free baking powder', 'baking powder', 'gluten-free', null),
  ('coffee essence', 'coffee extract', null, null),
  ('ginger and garlic paste', 'ginger garlic paste', null, null),
  ('horseradish cream', 'horseradish sauce', null, null),
  ('palm fruit oil shortening', 'shortening', 'palm fruit oil', null),
  ('organic palm fruit oil shortening', 'shortening', 'organic palm fruit oil', null),
  ('palm shortening', 'shortening', 'palm', null),
  ('baking spread', 'margarine', null, null),
  ('pheasant breast', 'pheasant', 'breasts', 'piece'),
  ('nonpareil capers', 'capers', 'nonpareil', null),
  ('ginger biscuits', 'gingersnaps', null, null),
  ('butterbeans', 'butter beans', null, null),
  ('tabasco brand pepper sauce', 'tabasco', null, null),
  ('tabasco red pepper sauce', 'tabasco', null, null),
  ('ready-to-roll white icing', 'fondant', 'white', null),
  ('ready-rolled icing', 'fondant', null, null),
  ('shortbread biscuits', 'shortbread', null, null),
  ('komezu', 'rice vinegar', 'komezu', null),
  ('lobster meat', 'lobster', 'meat', null),
  ('choi sum', 'choy sum', null, null),
  ('wasabi powder', 'wasabi', 'powder', null),
  ('salmon caviar', 'salmon roe', null, null),
  ('rocket salad', 'arugula', null, null),
  ('vanilla custard', 'custard', 'vanilla', null),
  ('pork back fat', 'fatback', null, null),
  ('back fat', 'fatback', null, null),
  ('mixed spice powder', 'mixed spice', null, null),
  ('chicken mini-fillets', 'chicken tenders', null, null),
  ('undyed smoked haddock', 'smoked haddock', 'undyed', null),
  ('umeboshi paste', 'umeboshi', 'paste', null),
  ('tomate verde', 'tomatillo', null, null),
  ('sweetcorn cob', 'corn on the cob', null, null),
  ('stock syrup', 'simple syrup', null, null),
  ('pink fir apple potatoes', 'fingerling potato', 'pink fir apple', null),
  ('peppermint essence', 'peppermint extract', null, null),
  ('orange-flavoured liqueur', 'triple sec', null, null),
  ('orange-flavored liqueur', 'triple sec', null, null),
  ('port salut cheese', 'port salut', null, null),
  ('rosemary needles', 'rosemary', null, null)
) as v (alias, ingredient, note, count_unit)
join public.ingredients i on i.household_id is null and i.name = v.ingredient
on conflict (folded_alias) do update set ingredient_id = excluded.ingredient_id, alias = excluded.alias, note = excluded.note, count_unit = excluded.count_unit;

insert into public.ingredient_purchase_units (ingredient_id, need_unit, per_purchase, purchase_unit, singular, plural)
select i.id, v.need_unit, v.per_purchase::numeric, v.purchase_unit, v.singular, v.plural
from (values
  ('romano pepper', 'whole', '1', 'whole', null, null)
) as v (ingredient, need_unit, per_purchase, purchase_unit, singular, plural)
join public.ingredients i on i.household_id is null and i.name = v.ingredient
on conflict (ingredient_id, need_unit) do update set per_purchase = excluded.per_purchase, purchase_unit = excluded.purchase_unit, singular = excluded.singular, plural = excluded.plural;

select private.assert_catalog_integrity();

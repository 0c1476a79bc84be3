-- The catalog's files (supabase/schemas/data/*.csv) as of this migration, written by
-- deno task db:catalog-migration:
--   ingredient_aliases: 25 added or changed, 0 removed

insert into public.ingredient_aliases (ingredient_id, alias, note, count_unit)
select i.id, v.alias, v.note, v.count_unit
from (values
  ('focaccia bread', 'focaccia', null, null),
  ('triple sec liqueur', 'triple sec', null, null),
  ('garlic croutons', 'croutons', 'garlic', null),
  ('baby greens', 'salad greens', 'baby', null),
  ('pad thai rice noodles', 'rice noodles', 'pad thai', null),
  ('belacan shrimp paste', 'shrimp paste', 'belacan', null),
  ('melon liqueur', 'midori', null, null),
  ('green chile enchilada sauce', 'enchilada sauce', 'green chile', null),
  ('pumpernickel bread', 'pumpernickel', null, null),
  ('pumpernickel party bread', 'pumpernickel', 'party', null),
  ('chocolate almond bark', 'almond bark', 'chocolate', null),
  ('bow ties', 'bow tie pasta', null, null),
  ('sazon seasoning', 'sazon', null, null),
  ('sazon seasoning blend', 'sazon', null, null),
  ('cherry grenadine syrup', 'grenadine', 'cherry', null),
  ('mahimahi', 'mahi mahi', null, null),
  ('mahimahi fillet', 'mahi mahi', null, null),
  ('gray sole', 'sole', 'gray', null),
  ('grey sole', 'sole', 'grey', null),
  ('fat-free egg product', 'egg substitute', null, null),
  ('egg product', 'egg substitute', null, null),
  ('raspberry sorbet', 'sorbet', 'raspberry', null),
  ('chocolate kiss candies', 'chocolate kisses', null, null),
  ('berbere seasoning', 'berbere', null, null),
  ('sweet pickle slices', 'pickles', 'sweet', null)
) as v (alias, ingredient, note, count_unit)
join public.ingredients i on i.household_id is null and i.name = v.ingredient
on conflict (folded_alias) do update set ingredient_id = excluded.ingredient_id, alias = excluded.alias, note = excluded.note, count_unit = excluded.count_unit;

select private.assert_catalog_integrity();

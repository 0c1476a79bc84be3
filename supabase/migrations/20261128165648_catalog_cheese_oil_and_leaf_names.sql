-- The catalog's files (supabase/schemas/data/*.csv) as of this migration, written by
-- deno task db:catalog-migration:
--   ingredient_aliases: 13 added or changed, 0 removed

insert into public.ingredient_aliases (ingredient_id, alias, note, count_unit)
select i.id, v.alias, v.note, v.count_unit
from (values
  ('parmigiano cheese', 'parmesan', null, null),
  ('jack cheese', 'monterey jack', null, null),
  ('emmentaler cheese', 'emmental', null, null),
  ('extra virgin oil', 'extra virgin olive oil', null, null),
  ('salad oil', 'vegetable oil', null, null),
  ('grape seed oil', 'grapeseed oil', null, null),
  ('garlic-infused oil', 'garlic oil', null, null),
  ('garlic-infused olive oil', 'garlic oil', null, null),
  ('dandelion leaves', 'dandelion greens', null, null),
  ('chinese leaves', 'napa cabbage', null, null),
  ('baby gem lettuce', 'lettuce', null, null),
  ('baby gem', 'lettuce', null, null),
  ('little gem', 'lettuce', null, null)
) as v (alias, ingredient, note, count_unit)
join public.ingredients i on i.household_id is null and i.name = v.ingredient
on conflict (folded_alias) do update set ingredient_id = excluded.ingredient_id, alias = excluded.alias, note = excluded.note, count_unit = excluded.count_unit;

select private.assert_catalog_integrity();

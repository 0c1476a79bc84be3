-- The catalog's files (supabase/schemas/data/*.csv) as of this migration, written by
-- deno task db:catalog-migration:
--   ingredient_aliases: 19 added or changed, 0 removed

insert into public.ingredient_aliases (ingredient_id, alias, note, count_unit)
select i.id, v.alias, v.note, v.count_unit
from (values
  ('green salad', 'salad greens', null, null),
  ('mixed green salad', 'mixed greens', null, null),
  ('mixed salad', 'mixed greens', null, null),
  ('leafy green salad', 'salad greens', null, null),
  ('green leaf salad', 'salad greens', null, null),
  ('baby leaf salad', 'salad greens', 'baby leaf', null),
  ('field greens', 'mixed greens', 'field', null),
  ('mixed field greens', 'mixed greens', 'field', null),
  ('seasonal salad leaves', 'salad greens', 'seasonal', null),
  ('scrod', 'cod', 'scrod', null),
  ('scrod fillets', 'cod', 'scrod', null),
  ('pacific halibut', 'halibut', 'pacific', null),
  ('jasmine white rice', 'jasmine rice', null, null),
  ('shortgrain rice', 'short-grain rice', null, null),
  ('bomba rice', 'paella rice', 'bomba', null),
  ('vialone nano rice', 'arborio rice', 'vialone nano', null),
  ('vialone nano', 'arborio rice', 'vialone nano', null),
  ('catfish fillets', 'catfish', null, null),
  ('farm-raised catfish fillets', 'catfish', 'farm-raised', null)
) as v (alias, ingredient, note, count_unit)
join public.ingredients i on i.household_id is null and i.name = v.ingredient
on conflict (folded_alias) do update set ingredient_id = excluded.ingredient_id, alias = excluded.alias, note = excluded.note, count_unit = excluded.count_unit;

select private.assert_catalog_integrity();

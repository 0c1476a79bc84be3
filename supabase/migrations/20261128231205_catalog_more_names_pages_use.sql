-- The catalog's files (supabase/schemas/data/*.csv) as of this migration, written by
-- deno task db:catalog-migration:
--   ingredient_aliases: 16 added or changed, 0 removed

insert into public.ingredient_aliases (ingredient_id, alias, note, count_unit)
select i.id, v.alias, v.note, v.count_unit
from (values
  ('herbs de provence', 'herbes de provence', null, null),
  ('pimenton dulce', 'sweet paprika', null, null),
  ('pimenton picante', 'hot paprika', null, null),
  ('asafoetida powder', 'asafoetida', null, null),
  ('asafetida powder', 'asafoetida', null, null),
  ('hing powder', 'asafoetida', null, null),
  ('savory', 'summer savory', null, null),
  ('seasalt', 'sea salt', null, null),
  ('flake salt', 'flaky sea salt', null, null),
  ('finishing salt', 'flaky sea salt', 'finishing', null),
  ('furikake seasoning', 'furikake', null, null),
  ('za''atar seasoning', 'za''atar', null, null),
  ('fusilli pasta', 'fusilli', null, null),
  ('grana cheese', 'grana padano', null, null),
  ('yogurt cheese', 'labneh', null, null),
  ('pepperoncini peppers', 'pepperoncini', null, null)
) as v (alias, ingredient, note, count_unit)
join public.ingredients i on i.household_id is null and i.name = v.ingredient
on conflict (folded_alias) do update set ingredient_id = excluded.ingredient_id, alias = excluded.alias, note = excluded.note, count_unit = excluded.count_unit;

select private.assert_catalog_integrity();

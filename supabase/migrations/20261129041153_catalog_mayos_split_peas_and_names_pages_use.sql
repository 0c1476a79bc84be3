-- The catalog's files (supabase/schemas/data/*.csv) as of this migration, written by
-- deno task db:catalog-migration:
--   ingredient_aliases: 28 added or changed, 0 removed

insert into public.ingredient_aliases (ingredient_id, alias, note, count_unit)
select i.id, v.alias, v.note, v.count_unit
from (values
  ('italian herb seasoning', 'italian seasoning', null, null),
  ('red pepper powder', 'gochugaru', null, null),
  ('korean red pepper powder', 'gochugaru', null, null),
  ('light oil', 'vegetable oil', null, null),
  ('avocado mayonnaise', 'mayonnaise', 'avocado oil', null),
  ('avocado oil mayonnaise', 'mayonnaise', 'avocado oil', null),
  ('avocado mayo', 'mayonnaise', 'avocado oil', null),
  ('olive oil mayonnaise', 'mayonnaise', 'olive oil', null),
  ('olive oil mayo', 'mayonnaise', 'olive oil', null),
  ('vanilla bean powder', 'vanilla powder', null, null),
  ('chocolate malt powder', 'malted milk powder', 'chocolate', null),
  ('split green peas', 'split peas', 'green', null),
  ('green split peas', 'split peas', 'green', null),
  ('mozzarella ciliegine', 'bocconcini', null, null),
  ('manicotti shells', 'manicotti', null, null),
  ('manicotti tubes', 'manicotti', null, null),
  ('manicotti pasta', 'manicotti', null, null),
  ('dashi no moto', 'dashi powder', null, null),
  ('kombu tsuyu', 'mentsuyu', null, null),
  ('arcadian greens', 'mixed greens', null, null),
  ('arcadian harvest', 'mixed greens', null, null),
  ('chocolate candy coating', 'almond bark', 'chocolate', null),
  ('vanilla candy coating', 'almond bark', 'vanilla', null),
  ('candy coating', 'almond bark', null, null),
  ('preserves', 'fruit preserves', null, null),
  ('andouille', 'andouille sausage', null, null),
  ('vanilla whey protein', 'protein powder', 'vanilla', null),
  ('chocolate whey protein', 'protein powder', 'chocolate', null)
) as v (alias, ingredient, note, count_unit)
join public.ingredients i on i.household_id is null and i.name = v.ingredient
on conflict (folded_alias) do update set ingredient_id = excluded.ingredient_id, alias = excluded.alias, note = excluded.note, count_unit = excluded.count_unit;

select private.assert_catalog_integrity();

-- The catalog's files (supabase/schemas/data/*.csv) as of this migration, written by
-- deno task db:catalog-migration:
--   ingredient_aliases: 18 added or changed, 0 removed

insert into public.ingredient_aliases (ingredient_id, alias, note, count_unit)
select i.id, v.alias, v.note, v.count_unit
from (values
  ('bird chiles', 'thai chili', 'bird', null),
  ('bird chilies', 'thai chili', 'bird', null),
  ('birdseye chiles', 'thai chili', 'bird''s eye', null),
  ('birdseye chilies', 'thai chili', 'bird''s eye', null),
  ('bird''s eye pepper', 'thai chili', 'bird''s eye', null),
  ('thai bird peppers', 'thai chili', null, null),
  ('bird pepper chilies', 'thai chili', 'bird', null),
  ('chile de arbol peppers', 'arbol chilies', null, null),
  ('dried red new mexican chiles', 'new mexico chilies', null, null),
  ('new mexican chiles', 'new mexico chilies', null, null),
  ('new mexico chiles', 'new mexico chilies', null, null),
  ('new mexican chile pepper pods', 'new mexico chilies', 'pods', null),
  ('aji amarillo chilies', 'aji amarillo', null, null),
  ('aji amarillo chiles', 'aji amarillo', null, null),
  ('yellow wax peppers', 'hungarian wax peppers', 'yellow wax', null),
  ('yellow wax chiles', 'hungarian wax peppers', 'yellow wax', null),
  ('pasilla de oaxaca chiles', 'pasilla chilies', 'de oaxaca', null),
  ('oil-preserved calabrian chiles', 'calabrian chilies', 'oil-preserved', null)
) as v (alias, ingredient, note, count_unit)
join public.ingredients i on i.household_id is null and i.name = v.ingredient
on conflict (folded_alias) do update set ingredient_id = excluded.ingredient_id, alias = excluded.alias, note = excluded.note, count_unit = excluded.count_unit;

select private.assert_catalog_integrity();

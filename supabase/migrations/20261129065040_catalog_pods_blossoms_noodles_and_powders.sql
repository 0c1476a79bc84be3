-- The catalog's files (supabase/schemas/data/*.csv) as of this migration, written by
-- deno task db:catalog-migration:
--   ingredient_aliases: 13 added or changed, 0 removed

insert into public.ingredient_aliases (ingredient_id, alias, note, count_unit)
select i.id, v.alias, v.note, v.count_unit
from (values
  ('dill pickle juice', 'pickle juice', 'dill', null),
  ('instant coffee powder', 'instant coffee', null, null),
  ('vanilla bean pod', 'vanilla bean', null, null),
  ('black cardamom pod', 'black cardamom', null, null),
  ('zucchini blossoms', 'squash blossoms', 'zucchini', null),
  ('courgette blossoms', 'squash blossoms', 'courgette', null),
  ('chow fun', 'wide rice noodles', 'chow fun', null),
  ('chow fun noodles', 'wide rice noodles', 'chow fun', null),
  ('maifun', 'rice vermicelli', 'maifun', null),
  ('maifun noodles', 'rice vermicelli', 'maifun', null),
  ('mei fun', 'rice vermicelli', 'mei fun', null),
  ('mei fun noodles', 'rice vermicelli', 'mei fun', null),
  ('matcha green tea powder', 'matcha powder', null, null)
) as v (alias, ingredient, note, count_unit)
join public.ingredients i on i.household_id is null and i.name = v.ingredient
on conflict (folded_alias) do update set ingredient_id = excluded.ingredient_id, alias = excluded.alias, note = excluded.note, count_unit = excluded.count_unit;

select private.assert_catalog_integrity();

-- The catalog's files (supabase/schemas/data/*.csv) as of this migration, written by
-- deno task db:catalog-migration:
--   ingredients: 1 added or changed, 0 removed
--   ingredient_aliases: 22 added or changed, 0 removed

insert into public.ingredients (name, category, count_unit, aisle, created_by)
select v.name, v.category, v.count_unit, v.aisle, null
from (values
  ('rotelle', 'pantry', null, 'pantry')
) as v (name, category, count_unit, aisle)
on conflict ((coalesce(household_id, '00000000-0000-0000-0000-000000000000'::uuid)), normalized_name)
do update set category = excluded.category, count_unit = excluded.count_unit, aisle = excluded.aisle;

insert into public.ingredient_aliases (ingredient_id, alias, note, count_unit)
select i.id, v.alias, v.note, v.count_unit
from (values
  ('pennette pasta', 'penne', 'pennette', null),
  ('tubetti pasta', 'tubetti', null, null),
  ('tubettini', 'tubetti', 'tubettini', null),
  ('tubettini pasta', 'tubetti', 'tubettini', null),
  ('rigatoncini', 'rigatoni', 'rigatoncini', null),
  ('rigatoncini pasta', 'rigatoni', 'rigatoncini', null),
  ('rotelle pasta', 'rotelle', null, null),
  ('wagon wheel pasta', 'rotelle', null, null),
  ('wagon wheels', 'rotelle', null, null),
  ('ruote', 'rotelle', null, null),
  ('radiatore', 'radiatori', null, null),
  ('radiatore pasta', 'radiatori', null, null),
  ('tagliolini pasta', 'tagliolini', null, null),
  ('tagliarini pasta', 'tagliarini', null, null),
  ('taglierini pasta', 'tagliolini', null, null),
  ('short pasta', 'pasta', 'short', null),
  ('long pasta', 'pasta', 'long', null),
  ('tubular pasta', 'pasta', 'tubular', null),
  ('short tubular pasta', 'pasta', 'short tubular', null),
  ('soup pasta', 'pasta', 'soup', null),
  ('small soup pasta', 'pasta', 'small soup', null),
  ('egg pasta', 'pasta', 'egg', null)
) as v (alias, ingredient, note, count_unit)
join public.ingredients i on i.household_id is null and i.name = v.ingredient
on conflict (folded_alias) do update set ingredient_id = excluded.ingredient_id, alias = excluded.alias, note = excluded.note, count_unit = excluded.count_unit;

select private.assert_catalog_integrity();

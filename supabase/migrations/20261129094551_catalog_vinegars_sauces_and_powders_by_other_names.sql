-- The catalog's files (supabase/schemas/data/*.csv) as of this migration, written by
-- deno task db:catalog-migration:
--   ingredient_aliases: 16 added or changed, 0 removed

insert into public.ingredient_aliases (ingredient_id, alias, note, count_unit)
select i.id, v.alias, v.note, v.count_unit
from (values
  ('sherry wine vinegar', 'sherry vinegar', null, null),
  ('jerez vinegar', 'sherry vinegar', null, null),
  ('green cardamom powder', 'cardamom', 'green', null),
  ('cayenne powder', 'cayenne pepper', null, null),
  ('saffron powder', 'saffron', 'powder', null),
  ('tamari sauce', 'tamari', null, null),
  ('sweet chilli dipping sauce', 'sweet chili sauce', null, null),
  ('sweet chili dipping sauce', 'sweet chili sauce', null, null),
  ('tomato-based pasta sauce', 'pasta sauce', null, null),
  ('garlic and herb cream cheese', 'cream cheese', 'garlic and herb', null),
  ('sheep''s milk feta cheese', 'feta cheese', 'sheep''s milk', null),
  ('sheep''s milk feta', 'feta cheese', 'sheep''s milk', null),
  ('stevia powder', 'stevia', null, null),
  ('gluten-free soy sauce', 'soy sauce', 'gluten-free', null),
  ('japanese rice vinegar', 'rice vinegar', null, null),
  ('sushi vinegar', 'seasoned rice vinegar', null, null)
) as v (alias, ingredient, note, count_unit)
join public.ingredients i on i.household_id is null and i.name = v.ingredient
on conflict (folded_alias) do update set ingredient_id = excluded.ingredient_id, alias = excluded.alias, note = excluded.note, count_unit = excluded.count_unit;

select private.assert_catalog_integrity();

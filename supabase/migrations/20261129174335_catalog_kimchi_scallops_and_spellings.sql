-- The catalog's files (supabase/schemas/data/*.csv) as of this migration, written by
-- deno task db:catalog-migration:
--   ingredient_aliases: 11 added or changed, 0 removed

insert into public.ingredient_aliases (ingredient_id, alias, note, count_unit)
select i.id, v.alias, v.note, v.count_unit
from (values
  ('egg tagliatelle', 'tagliatelle', null, null),
  ('bacon drippings', 'bacon fat', null, null),
  ('boudoir biscuits', 'ladyfingers', null, null),
  ('scallop meat', 'scallops', null, null),
  ('cabbage kimchi', 'kimchi', null, null),
  ('guinea fowl crown', 'guinea fowl', 'crown', null),
  ('burrata mozzarella cheese', 'burrata', null, null),
  ('sprouted moong beans', 'bean sprouts', null, null),
  ('stewing hen', 'chicken', 'stewing hen', null),
  ('boiling fowl', 'chicken', 'boiling fowl', null),
  ('turneric', 'turmeric', null, null)
) as v (alias, ingredient, note, count_unit)
join public.ingredients i on i.household_id is null and i.name = v.ingredient
on conflict (folded_alias) do update set ingredient_id = excluded.ingredient_id, alias = excluded.alias, note = excluded.note, count_unit = excluded.count_unit;

select private.assert_catalog_integrity();

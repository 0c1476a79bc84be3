-- The catalog's files (supabase/schemas/data/*.csv) as of this migration, written by
-- deno task db:catalog-migration:
--   ingredient_aliases: 32 added or changed, 0 removed

insert into public.ingredient_aliases (ingredient_id, alias, note, count_unit)
select i.id, v.alias, v.note, v.count_unit
from (values
  ('cheddar-monterey jack cheese', 'cheddar jack cheese', null, null),
  ('cheddar-monterey jack cheese blend', 'cheddar jack cheese', null, null),
  ('monterey jack and cheddar cheese blend', 'cheddar jack cheese', null, null),
  ('colby-monterey jack cheese blend', 'colby jack cheese', null, null),
  ('colby and monterey jack cheese', 'colby jack cheese', null, null),
  ('co-jack cheese', 'colby jack cheese', null, null),
  ('mexican-style cheese blend', 'mexican cheese blend', null, null),
  ('mexican style four cheese', 'mexican cheese blend', null, null),
  ('mexican style 4 cheese blend', 'mexican cheese blend', null, null),
  ('italian six-cheese blend', 'italian cheese blend', null, null),
  ('italian 6-cheese blend', 'italian cheese blend', null, null),
  ('four-cheese italian blend', 'italian cheese blend', null, null),
  ('italian four cheese blend', 'italian cheese blend', null, null),
  ('pizza cheese blend', 'italian cheese blend', 'pizza blend', null),
  ('pizza blend cheese', 'italian cheese blend', 'pizza blend', null),
  ('balsamic vinaigrette dressing', 'vinaigrette', 'balsamic', null),
  ('vinaigrette dressing', 'vinaigrette', null, null),
  ('italian-style dressing', 'italian dressing', null, null),
  ('cole slaw dressing', 'coleslaw dressing', null, null),
  ('miracle whip dressing', 'miracle whip', null, null),
  ('whipped dessert topping', 'whipped topping', null, null),
  ('non-dairy whipped topping', 'whipped topping', null, null),
  ('hot fudge topping', 'hot fudge sauce', null, null),
  ('butterscotch topping', 'butterscotch sauce', null, null),
  ('process cheese food', 'velveeta', null, null),
  ('prepared cheese product', 'velveeta', null, null),
  ('pasteurized prepared cheese product', 'velveeta', null, null),
  ('tomato-vegetable juice cocktail', 'vegetable juice', null, null),
  ('vegetable juice cocktail', 'vegetable juice', null, null),
  ('tomato and clam juice cocktail', 'clamato', null, null),
  ('goat-milk feta cheese', 'feta cheese', 'goat''s milk', null),
  ('chevre cheese', 'goat cheese', null, null)
) as v (alias, ingredient, note, count_unit)
join public.ingredients i on i.household_id is null and i.name = v.ingredient
on conflict (folded_alias) do update set ingredient_id = excluded.ingredient_id, alias = excluded.alias, note = excluded.note, count_unit = excluded.count_unit;

select private.assert_catalog_integrity();

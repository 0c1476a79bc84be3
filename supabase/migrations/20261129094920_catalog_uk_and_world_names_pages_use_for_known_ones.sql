-- The catalog's files (supabase/schemas/data/*.csv) as of this migration, written by
-- deno task db:catalog-migration:
--   ingredient_aliases: 48 added or changed, 0 removed

insert into public.ingredient_aliases (ingredient_id, alias, note, count_unit)
select i.id, v.alias, v.note, v.count_unit
from (values
  ('oat flakes', 'rolled oats', null, null),
  ('nori seaweed', 'nori', null, null),
  ('molasses sugar', 'muscovado sugar', 'molasses', null),
  ('mixed leaf salad', 'mixed greens', null, null),
  ('king edward', 'potato', 'king edward', null),
  ('guinness stout', 'stout', 'guinness', null),
  ('goat cheese log', 'goat cheese', 'log', null),
  ('gingernut biscuits', 'gingersnaps', null, null),
  ('cep mushrooms', 'porcini mushroom', 'ceps', null),
  ('pinhead oatmeal', 'steel-cut oats', 'pinhead', null),
  ('quick-cooking oatmeal', 'quick oats', null, null),
  ('dairy-free margarine', 'margarine', 'dairy-free', null),
  ('vegan margarine', 'margarine', 'vegan', null),
  ('dairy-free shortening', 'shortening', 'dairy-free', null),
  ('wakame seaweed', 'wakame', null, null),
  ('chinese rice wine', 'shaoxing wine', null, null),
  ('chipotle chiles en adobo', 'chipotle in adobo', null, null),
  ('cajun spice seasoning', 'cajun seasoning', null, null),
  ('beef rump', 'rump steak', null, null),
  ('apple pectin', 'pectin', null, null),
  ('yellow beans', 'wax beans', null, null),
  ('un-dyed smoked haddock', 'smoked haddock', 'undyed', null),
  ('turnip tops', 'turnip greens', null, null),
  ('soybean sprouts', 'bean sprouts', 'soybean', null),
  ('soya bean sprouts', 'bean sprouts', 'soya bean', null),
  ('girolles', 'chanterelle mushroom', 'girolles', null),
  ('girolle mushrooms', 'chanterelle mushroom', 'girolles', null),
  ('semi-sweet chocolate morsels', 'semisweet chocolate chips', null, null),
  ('chocolate morsels', 'semisweet chocolate chips', null, null),
  ('ras-el-hanout spice mix', 'ras el hanout', null, null),
  ('peperoncino flakes', 'red pepper flakes', null, null),
  ('pancetta rashers', 'pancetta', 'rashers', null),
  ('orange-fleshed sweet potatoes', 'sweet potato', 'orange-fleshed', null),
  ('olive oil cooking spray', 'cooking spray', 'olive oil', null),
  ('nuoc nam', 'fish sauce', null, null),
  ('nibbed sugar', 'pearl sugar', null, null),
  ('mesclun greens', 'mixed greens', 'mesclun', null),
  ('micro greens', 'microgreens', null, null),
  ('merguez sausages', 'merguez', null, null),
  ('konbu', 'kombu', null, null),
  ('kombu seaweed', 'kombu', null, null),
  ('homogenized milk', 'whole milk', null, null),
  ('granny smith', 'granny smith apple', null, null),
  ('french stick', 'baguette', null, null),
  ('fizzy water', 'sparkling water', null, null),
  ('fish fumet', 'fish stock', null, null),
  ('framboise', 'raspberry liqueur', 'framboise', null),
  ('dried cep mushrooms', 'dried porcini', 'ceps', null)
) as v (alias, ingredient, note, count_unit)
join public.ingredients i on i.household_id is null and i.name = v.ingredient
on conflict (folded_alias) do update set ingredient_id = excluded.ingredient_id, alias = excluded.alias, note = excluded.note, count_unit = excluded.count_unit;

select private.assert_catalog_integrity();

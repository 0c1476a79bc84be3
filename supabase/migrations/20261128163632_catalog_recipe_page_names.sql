-- The catalog's files (supabase/schemas/data/*.csv) as of this migration, written by
-- deno task db:catalog-migration:
--   ingredients: 7 added or changed, 0 removed
--   ingredient_aliases: 74 added or changed, 0 removed

insert into public.ingredients (name, category, count_unit, aisle, created_by)
select v.name, v.category, v.count_unit, v.aisle, null
from (values
  ('beef dripping', 'meat and seafood', null, 'meat'),
  ('chili sauce', 'pantry', null, 'pantry'),
  ('cress', 'produce', null, 'produce'),
  ('lamb stock', 'pantry', null, 'pantry'),
  ('mixed fresh herbs', 'produce', null, 'produce'),
  ('mixed seeds', 'pantry', null, 'pantry'),
  ('red mullet', 'meat and seafood', 'piece', 'seafood')
) as v (name, category, count_unit, aisle)
on conflict ((coalesce(household_id, '00000000-0000-0000-0000-000000000000'::uuid)), normalized_name)
do update set category = excluded.category, count_unit = excluded.count_unit, aisle = excluded.aisle;

insert into public.ingredient_aliases (ingredient_id, alias, note, count_unit)
select i.id, v.alias, v.note, v.count_unit
from (values
  ('parma ham', 'prosciutto', null, null),
  ('turmeric powder', 'turmeric', null, null),
  ('chile powder', 'chili powder', null, null),
  ('wasabi paste', 'wasabi', null, null),
  ('tamarind pulp', 'tamarind', null, null),
  ('sugar syrup', 'simple syrup', null, null),
  ('dry cider', 'hard cider', null, null),
  ('bacon lardons', 'lardons', null, null),
  ('crabmeat', 'crab meat', null, null),
  ('lump crabmeat', 'lump crab meat', null, null),
  ('chicory', 'belgian endive', null, null),
  ('red chicory', 'radicchio', null, null),
  ('braising steak', 'chuck steak', null, null),
  ('sweet butter', 'unsalted butter', null, null),
  ('chorizo sausage', 'chorizo', null, null),
  ('frisee lettuce', 'frisee', null, null),
  ('glucose', 'glucose syrup', null, null),
  ('bulgar wheat', 'bulgur', null, null),
  ('hot chili sauce', 'hot sauce', null, null),
  ('hot chilli sauce', 'hot sauce', null, null),
  ('hot red pepper sauce', 'hot sauce', null, null),
  ('cobnuts', 'hazelnuts', null, null),
  ('tamari soy sauce', 'tamari', null, null),
  ('kiwi fruit', 'kiwi', null, null),
  ('beef shin', 'beef shank', null, null),
  ('espresso coffee', 'espresso', null, null),
  ('bourbon whiskey', 'bourbon', null, null),
  ('amaretto liqueur', 'amaretto', null, null),
  ('almond liqueur', 'amaretto', null, null),
  ('limoncello liqueur', 'limoncello', null, null),
  ('asafetida', 'asafoetida', null, null),
  ('madeira wine', 'madeira', null, null),
  ('port wine', 'port', null, null),
  ('matzoh meal', 'matzo meal', null, null),
  ('sausagemeat', 'ground sausage', null, null),
  ('pork sausage meat', 'ground sausage', null, null),
  ('hoi sin sauce', 'hoisin sauce', null, null),
  ('pimenton', 'smoked paprika', null, null),
  ('maldon', 'maldon salt', null, null),
  ('chinese leaf', 'napa cabbage', null, null),
  ('sambal', 'sambal oelek', null, null),
  ('chat masala', 'chaat masala', null, null),
  ('garlic mayonnaise', 'aioli', null, null),
  ('arborio risotto rice', 'arborio rice', null, null),
  ('corn bread', 'cornbread', null, null),
  ('beef tomato', 'tomato', null, null),
  ('amaretti biscuits', 'amaretti', null, null),
  ('salad leaves', 'salad greens', null, null),
  ('mixed salad leaves', 'mixed greens', null, null),
  ('mixed salad greens', 'mixed greens', null, null),
  ('mixed baby greens', 'mixed greens', null, null),
  ('mixed leaves', 'mixed greens', null, null),
  ('coriander cress', 'cress', null, null),
  ('mustard cress', 'cress', null, null),
  ('mustard and cress', 'cress', null, null),
  ('basil cress', 'cress', null, null),
  ('watercress sprouts', 'cress', null, null),
  ('fresh herbs', 'mixed fresh herbs', null, null),
  ('herbs', 'mixed fresh herbs', null, null),
  ('fresh mixed herbs', 'mixed fresh herbs', null, null),
  ('baby new potatoes', 'new potato', null, null),
  ('chilli sauce', 'chili sauce', null, null),
  ('scotch bonnet chilli', 'habanero', null, null),
  ('scotch bonnet chile', 'habanero', null, null),
  ('red mullet fillets', 'red mullet', null, null),
  ('taleggio cheese', 'taleggio', null, null),
  ('wensleydale cheese', 'wensleydale', null, null),
  ('dolcelatte cheese', 'gorgonzola', null, null),
  ('ricotta salata cheese', 'ricotta salata', null, null),
  ('quark cheese', 'quark', null, null),
  ('comte cheese', 'comte', null, null),
  ('edam cheese', 'edam', null, null),
  ('red leicester cheese', 'red leicester', null, null),
  ('double gloucester cheese', 'double gloucester', null, null)
) as v (alias, ingredient, note, count_unit)
join public.ingredients i on i.household_id is null and i.name = v.ingredient
on conflict (folded_alias) do update set ingredient_id = excluded.ingredient_id, alias = excluded.alias, note = excluded.note, count_unit = excluded.count_unit;

select private.assert_catalog_integrity();

-- The catalog's files (supabase/schemas/data/*.csv) as of this migration, written by
-- deno task db:catalog-migration:
--   ingredients: 8 added or changed, 0 removed
--   ingredient_aliases: 54 added or changed, 0 removed

insert into public.ingredients (name, category, count_unit, aisle, created_by)
select v.name, v.category, v.count_unit, v.aisle, null
from (values
  ('black garlic', 'produce', null, 'produce'),
  ('coconut nectar', 'pantry', null, 'pantry'),
  ('filé powder', 'spices', null, 'spices'),
  ('hazelnut butter', 'pantry', null, 'pantry'),
  ('hazelnut milk', 'frozen and other', null, 'dairy'),
  ('plum wine', 'pantry', null, 'drinks'),
  ('port salut', 'dairy and eggs', null, 'dairy'),
  ('yuzu kosho', 'pantry', null, 'pantry')
) as v (name, category, count_unit, aisle)
on conflict ((coalesce(household_id, '00000000-0000-0000-0000-000000000000'::uuid)), normalized_name)
do update set category = excluded.category, count_unit = excluded.count_unit, aisle = excluded.aisle;

insert into public.ingredient_aliases (ingredient_id, alias, note, count_unit)
select i.id, v.alias, v.note, v.count_unit
from (values
  ('spaghetti pasta', 'spaghetti', null, null),
  ('tagliatelle pasta', 'tagliatelle', null, null),
  ('pappardelle pasta', 'pappardelle', null, null),
  ('ziti pasta', 'ziti', null, null),
  ('rotini pasta', 'rotini', null, null),
  ('gemelli pasta', 'gemelli', null, null),
  ('bucatini pasta', 'bucatini', null, null),
  ('capellini pasta', 'capellini', null, null),
  ('vermicelli pasta', 'vermicelli', null, null),
  ('ditalini pasta', 'ditalini', null, null),
  ('lasagna pasta', 'lasagna noodles', null, null),
  ('lasagne pasta', 'lasagna noodles', null, null),
  ('tortellini pasta', 'tortellini', null, null),
  ('ravioli pasta', 'ravioli', null, null),
  ('cavatelli pasta', 'cavatelli', null, null),
  ('orecchiette pasta', 'orecchiette', null, null),
  ('cavatappi pasta', 'cavatappi', null, null),
  ('campanelle pasta', 'campanelle', null, null),
  ('casarecce pasta', 'casarecce', null, null),
  ('radiatori pasta', 'radiatori', null, null),
  ('trofie pasta', 'trofie', null, null),
  ('strozzapreti pasta', 'strozzapreti', null, null),
  ('mafaldine pasta', 'mafaldine', null, null),
  ('paccheri pasta', 'paccheri', null, null),
  ('fregola pasta', 'fregola', null, null),
  ('mostaccioli pasta', 'mostaccioli', null, null),
  ('cannelloni pasta', 'cannelloni', null, null),
  ('conchiglie pasta', 'shells', null, null),
  ('conchiglioni pasta', 'jumbo pasta shells', null, null),
  ('acini di pepe pasta', 'acini de pepe', null, null),
  ('dry savory', 'summer savory', 'dried', null),
  ('horseradish puree', 'prepared horseradish', null, null),
  ('peppermint flavouring', 'peppermint extract', null, null),
  ('peppermint flavoring', 'peppermint extract', null, null),
  ('blachan', 'shrimp paste', null, null),
  ('sweet italian fennel sausage', 'sweet italian sausage', 'fennel', null),
  ('tortilla wrap', 'flour tortillas', null, null),
  ('wasabi horseradish', 'wasabi', null, null),
  ('kibbled onion', 'dried onion flakes', null, null),
  ('sirloin beef', 'sirloin steak', null, null),
  ('veal escalope', 'veal cutlet', null, null),
  ('solid white albacore', 'canned tuna', 'albacore', null),
  ('solid white albacore tuna', 'canned tuna', 'albacore', null),
  ('gumbo file', 'filé powder', null, null),
  ('gumbo file powder', 'filé powder', null, null),
  ('one-minute oats', 'quick oats', null, null),
  ('1-minute oats', 'quick oats', null, null),
  ('quick 1-minute oats', 'quick oats', null, null),
  ('crinkle cut fries', 'french fries', 'crinkle-cut', null),
  ('barley miso', 'miso', 'barley', null),
  ('umeboshi plum', 'umeboshi', null, null),
  ('fresh truffle', 'black truffle', null, null),
  ('winter truffle', 'black truffle', null, null),
  ('fresh winter truffle', 'black truffle', null, null)
) as v (alias, ingredient, note, count_unit)
join public.ingredients i on i.household_id is null and i.name = v.ingredient
on conflict (folded_alias) do update set ingredient_id = excluded.ingredient_id, alias = excluded.alias, note = excluded.note, count_unit = excluded.count_unit;

select private.assert_catalog_integrity();

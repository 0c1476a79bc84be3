-- Aisles and what to buy: every catalog entry has an aisle of the fixed list, and what to buy follows the
-- catalog's purchase units exactly (converted by the units' exact factors within a kind), else the units bought whole.
begin;
set local search_path to public, extensions, tests;
select plan(13);

select is((select count(*) from public.ingredients where household_id is null and aisle is null), 0::bigint,
  'every catalog entry has an aisle');
select throws_ok($$insert into public.ingredients (name, category, aisle) values ('moon cheese', 'dairy and eggs', 'moon')$$,
  '23503', null, 'an aisle is one of the list');
select throws_ok($$insert into public.ingredients (name, category) values ('moon cheese', 'dairy and eggs')$$,
  '23514', null, 'a catalog entry has an aisle');

create function pg_temp.buy(p_name text, p_quantity numeric, p_unit text) returns jsonb
language sql as $$
  select private.grocery_item_buy((select i.id from public.ingredients i
    where i.household_id is null and i.normalized_name = p_name), p_quantity, p_unit)
$$;

select is(pg_temp.buy('garlic', 3, 'piece'), '{"quantity": 1, "unit": "whole", "wording": "1 head"}',
  '3 cloves of garlic: 1 head');
select is(pg_temp.buy('garlic', 11, 'piece'), '{"quantity": 2, "unit": "whole", "wording": "2 heads"}',
  '11 cloves of garlic: 2 heads of 10');
select is(pg_temp.buy('butter', 250, 'g'), '{"quantity": 1, "unit": "package", "wording": "1 pack of 250 g"}',
  '250 g of butter: exactly 1 pack');
select is(pg_temp.buy('butter', 8.8, 'oz'), '{"quantity": 1, "unit": "package", "wording": "1 pack of 250 g"}',
  '8.8 oz (249.48 g) of butter: 1 pack, converted exactly');
select is(pg_temp.buy('butter', 8.82, 'oz'), '{"quantity": 2, "unit": "package", "wording": "2 packs of 250 g"}',
  '8.82 oz (250.04 g) of butter: just over a pack, 2 packs');
select is(pg_temp.buy('butter', 1, 'tbsp'), null, 'butter by the spoon: no density, so only the exact need');
select is(pg_temp.buy('chickpeas', 2.5, 'can'), '{"quantity": 3, "unit": "can", "wording": "3 cans"}',
  '2.5 can: 3 cans');
select is(private.grocery_item_buy(null, 1.2, 'package'), '{"quantity": 2, "unit": "package", "wording": "2 packages"}',
  'a free-text item in packages: whole packages');
select is(pg_temp.buy('eggs', 3, 'whole'), '{"quantity": 3, "unit": "whole", "wording": "3 whole"}',
  '3 eggs: 3 eggs');
select is(pg_temp.buy('white rice', 1.5, 'cup'), null, 'rice by the cup: only the exact need');

select * from finish();
rollback;

-- The catalog's names stay exact lookups: every name and alias folds to one ingredient only, every
-- catalog entry has an aisle, and the regional and shelf names read as the ingredient they name.
begin;
set local search_path to public, extensions, tests;
select plan(9);

select is((select count(*) from (
  select folded_name from public.ingredients where household_id is null group by folded_name having count(*) > 1
) clashes), 0::bigint, 'no two catalog entries fold to one name');
select is((select count(*) from public.ingredient_aliases a
  join public.ingredients i on i.household_id is null and i.folded_name = a.folded_alias), 0::bigint,
  'no alias folds onto a catalog entry''s name (not its own, not another''s)');
select is((select count(*) from public.ingredients where household_id is null and aisle is null), 0::bigint,
  'every catalog entry has an aisle');
select is((select count(*) from public.ingredients i where i.household_id is null and i.count_unit = 'whole'
  and i.normalized_name not in ('egg whites', 'egg yolk', 'head of garlic', 'head of lettuce', 'garlic')
  and not exists (select from public.ingredient_purchase_units p where p.ingredient_id = i.id and p.need_unit = 'whole')),
  0::bigint, 'what is counted in whole ones is bought in whole ones');

create function pg_temp.alias_of(p_alias text) returns text language sql stable as $$
  select i.name from public.ingredient_aliases a join public.ingredients i on i.id = a.ingredient_id
  where a.folded_alias = private.fold_ingredient_name(p_alias)
$$;
select is(pg_temp.alias_of('Green Capsicum'), 'green bell pepper', 'a regional name reads as the ingredient');
select is(pg_temp.alias_of('pepper'), 'black pepper', '"pepper" in an ingredient list is black pepper');
select is(pg_temp.alias_of('dry mustard'), 'mustard powder', 'a form bought apart is its own ingredient');
select is((select count_unit from public.ingredients where household_id is null and normalized_name = 'peppercorns'),
  'piece', 'counted spices have their count unit');
select is((select count_unit from public.ingredients where household_id is null and normalized_name = 'salmon'),
  'piece', 'fish is counted in pieces (fillets)');

select * from finish();
rollback;

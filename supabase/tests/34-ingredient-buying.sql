-- public.ingredient_buying is derived from the rules of how catalog ingredients are sold: for every ingredient and
-- unit it holds the rule the rules choose (the line's own unit first, then one of the same weight or volume kind),
-- it follows a change of the rules at once, and signed-in users may read it but not write it.
begin;
set local search_path to public, extensions, tests;
select plan(7);

-- The choice as the rules state it, made here per ingredient and unit without the table.
create temporary view chosen as
  select i.id as ingredient_id, line.code as unit, (
    select row(coalesce(line.factor / need.factor, 1), rule.per_purchase, rule.purchase_unit)::text
    from public.ingredient_purchase_units rule
    join public.units need on need.code = rule.need_unit
    where rule.ingredient_id = i.id and (rule.need_unit = line.code or (need.kind = line.kind and need.kind <> 'count'))
    order by rule.need_unit = line.code desc, rule.need_unit
    limit 1
  ) as choice
  from public.ingredients i cross join public.units line;

select is((select count(*) from chosen c
  full join public.ingredient_buying b on b.ingredient_id = c.ingredient_id and b.unit = c.unit
  where c.choice is distinct from (case when b.unit is null then null
    else row(b.factor, b.per_purchase, b.purchase_unit)::text end)
    and (c.choice is not null or b.unit is not null)), 0::bigint,
  'every ingredient and unit buys what the rules choose, and nothing else is held');
select ok((select count(*) from public.ingredient_buying) > 0, 'the catalog''s rules are in it');

-- A new rule is followed at once.
insert into public.ingredient_purchase_units (ingredient_id, need_unit, per_purchase, purchase_unit, singular, plural)
select id, 'g', 500, 'package', 'bag', 'bags' from public.ingredients
where household_id is null and normalized_name = 'red lentils'
on conflict (ingredient_id, need_unit) do update set per_purchase = 500, purchase_unit = 'package',
  singular = 'bag', plural = 'bags';
select is((select b.purchase_unit || ' ' || b.plural from public.ingredient_buying b
  join public.ingredients i on i.id = b.ingredient_id
  where i.household_id is null and i.normalized_name = 'red lentils' and b.unit = 'kg'),
  'package bags', 'a rule added for grams is what a line in kilograms buys, at once');
select is(private.grocery_item_buy((select id from public.ingredients where household_id is null
  and normalized_name = 'red lentils'), 1.2, 'kg') ->> 'wording', '3 bags', '1.2 kg of red lentils is 3 bags of 500 g');

-- Readable by a member, not writable.
select ok(tests.create_user('buying-reader@example.com') is not null, 'a signed-in user to read as');
select tests.authenticate_as('buying-reader@example.com');
select ok((select count(*) from public.ingredient_buying) > 0, 'a signed-in reader reads it');
select tests.write_as('buying-reader@example.com');
select throws_ok($$delete from public.ingredient_buying where true$$, '42501', null, 'no tool role may change it');
select tests.clear_authentication();

select * from finish();
rollback;

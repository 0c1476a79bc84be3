-- The catalog's files (supabase/schemas/data/*.csv) as of this migration, written by
-- deno task db:catalog-migration:
--   ingredient_aliases: 25 added or changed, 0 removed

insert into public.ingredient_aliases (ingredient_id, alias, note, count_unit)
select i.id, v.alias, v.note, v.count_unit
from (values
  ('yolk', 'egg yolk', null, null),
  ('marrow bones', 'beef bones', 'marrow', null),
  ('beef marrow bones', 'beef bones', 'marrow', null),
  ('flatleaf parsley', 'flat-leaf parsley', null, null),
  ('haloumi', 'halloumi', null, null),
  ('haloumi cheese', 'halloumi', null, null),
  ('soymilk', 'soy milk', null, null),
  ('bowtie pasta', 'bow tie pasta', null, null),
  ('agar powder', 'agar agar', 'powder', null),
  ('agar agar powder', 'agar agar', 'powder', null),
  ('cardamom powder', 'cardamom', null, null),
  ('queso fresco cheese', 'queso fresco', null, null),
  ('sugar lumps', 'sugar cubes', null, null),
  ('sugarpaste', 'fondant', null, null),
  ('fondant icing', 'fondant', null, null),
  ('ready-to-roll icing', 'fondant', null, null),
  ('food colouring paste', 'gel food coloring', null, null),
  ('food coloring paste', 'gel food coloring', null, null),
  ('chocolate drops', 'chocolate chips', null, null),
  ('white chocolate drops', 'white chocolate chips', null, null),
  ('dark chocolate drops', 'dark chocolate chips', null, null),
  ('milk chocolate drops', 'milk chocolate chips', null, null),
  ('crisp rice cereal', 'rice krispies', null, null),
  ('chicken maryland', 'chicken legs', 'maryland', null),
  ('chinkiang black vinegar', 'black vinegar', null, null)
) as v (alias, ingredient, note, count_unit)
join public.ingredients i on i.household_id is null and i.name = v.ingredient
on conflict (folded_alias) do update set ingredient_id = excluded.ingredient_id, alias = excluded.alias, note = excluded.note, count_unit = excluded.count_unit;

select private.assert_catalog_integrity();

-- ============================================================================
-- Catalog: general cooking vocabulary it still lacked (issue 23, part 2, continued)
-- ============================================================================
-- Data only; the matching functions are as they were. Curated shelf by shelf from general cooking vocabulary, not
-- from the misses of any page sample: the Indian pantry by its Hindi names (besan, jeera, hing, masoor dal), Mexican
-- chiles and cheeses by name, East and Southeast Asian and Middle Eastern names (nam pla, katsuobushi, pul biber),
-- British and Australian names (scotch fillet, eye fillet, sausage meat, linseed), cuts, fish, condiments, liqueurs
-- and pasta shapes. Every name was checked against the catalog's names and aliases before it was added; matching
-- stays exact: each alias is a name the same thing is called by, folded as names are.

-- 1. Everyday ingredients the catalog did not have, each with its aisle and, where it is counted, its count unit.
insert into public.ingredients (name, category, created_by, aisle, count_unit)
select v.name, v.category, null, v.aisle, v.count_unit
from (values
  ('poha', 'pantry', 'pantry', null),
  ('black chickpeas', 'pantry', 'pantry', null),
  ('kokum', 'spices', 'spices', null),
  ('queso blanco', 'dairy and eggs', 'dairy', null),
  ('queso añejo', 'dairy and eggs', 'dairy', null),
  ('pasilla chilies', 'pantry', 'pantry', 'piece'),
  ('epazote', 'produce', 'produce', null),
  ('mexican oregano', 'spices', 'spices', null),
  ('piloncillo', 'pantry', 'pantry', null),
  ('hominy', 'pantry', 'pantry', null),
  ('tajin', 'spices', 'spices', null),
  ('achiote paste', 'pantry', 'pantry', null),
  ('mole paste', 'pantry', 'pantry', null),
  ('chinese sausage', 'meat and seafood', 'meat', 'piece'),
  ('tofu puffs', 'frozen and other', 'deli', 'piece'),
  ('yuzu juice', 'pantry', 'pantry', null),
  ('umeboshi', 'pantry', 'pantry', 'piece'),
  ('pandan leaves', 'produce', 'produce', 'piece'),
  ('gai lan', 'produce', 'produce', null),
  ('choy sum', 'produce', 'produce', null),
  ('wood ear mushrooms', 'produce', 'produce', null),
  ('fermented black beans', 'pantry', 'pantry', null),
  ('preserved lemons', 'pantry', 'pantry', 'piece'),
  ('mahleb', 'spices', 'spices', null),
  ('zhoug', 'pantry', 'pantry', null),
  ('kataifi', 'frozen and other', 'frozen', null),
  ('glucose syrup', 'pantry', 'pantry', null),
  ('mixed peel', 'pantry', 'pantry', null),
  ('buffalo mozzarella', 'dairy and eggs', 'dairy', null),
  ('comte', 'dairy and eggs', 'dairy', null),
  ('taleggio', 'dairy and eggs', 'dairy', null),
  ('edam', 'dairy and eggs', 'dairy', null),
  ('red leicester', 'dairy and eggs', 'dairy', null),
  ('raclette cheese', 'dairy and eggs', 'dairy', null),
  ('colby cheese', 'dairy and eggs', 'dairy', null),
  ('dulce de leche', 'pantry', 'pantry', null),
  ('lamb''s lettuce', 'produce', 'produce', null),
  ('padron peppers', 'produce', 'produce', 'whole'),
  ('cubanelle pepper', 'produce', 'produce', 'whole'),
  ('ramps', 'produce', 'produce', 'piece'),
  ('wild garlic', 'produce', 'produce', null),
  ('fiddleheads', 'produce', 'produce', null),
  ('sunchokes', 'produce', 'produce', null),
  ('mizuna', 'produce', 'produce', null),
  ('dandelion greens', 'produce', 'produce', null),
  ('starfruit', 'produce', 'produce', 'whole'),
  ('blackcurrants', 'produce', 'produce', null),
  ('redcurrants', 'produce', 'produce', null),
  ('asian pear', 'produce', 'produce', 'whole'),
  ('elderflower cordial', 'pantry', 'drinks', null),
  ('lime cordial', 'pantry', 'drinks', null),
  ('rump steak', 'meat and seafood', 'meat', 'piece'),
  ('filet mignon', 'meat and seafood', 'meat', 'piece'),
  ('beef cheeks', 'meat and seafood', 'meat', 'piece'),
  ('flat iron steak', 'meat and seafood', 'meat', 'piece'),
  ('porterhouse steak', 'meat and seafood', 'meat', 'piece'),
  ('picanha', 'meat and seafood', 'meat', null),
  ('cornish hen', 'meat and seafood', 'meat', 'whole'),
  ('duck legs', 'meat and seafood', 'meat', 'piece'),
  ('soppressata', 'meat and seafood', 'deli', null),
  ('mortadella', 'meat and seafood', 'deli', null),
  ('capicola', 'meat and seafood', 'deli', null),
  ('nduja', 'meat and seafood', 'deli', null),
  ('speck', 'meat and seafood', 'deli', null),
  ('serrano ham', 'meat and seafood', 'deli', null),
  ('bresaola', 'meat and seafood', 'deli', null),
  ('merguez', 'meat and seafood', 'meat', 'piece'),
  ('black pudding', 'meat and seafood', 'meat', null),
  ('chipolatas', 'meat and seafood', 'meat', 'piece'),
  ('tripe', 'meat and seafood', 'meat', null),
  ('barramundi', 'meat and seafood', 'seafood', 'piece'),
  ('hake', 'meat and seafood', 'seafood', 'piece'),
  ('sea bream', 'meat and seafood', 'seafood', 'piece'),
  ('yellowtail', 'meat and seafood', 'seafood', null),
  ('sablefish', 'meat and seafood', 'seafood', 'piece'),
  ('grouper', 'meat and seafood', 'seafood', 'piece'),
  ('whitebait', 'meat and seafood', 'seafood', null),
  ('salt cod', 'meat and seafood', 'seafood', null),
  ('kippers', 'meat and seafood', 'seafood', 'piece'),
  ('eel', 'meat and seafood', 'seafood', null),
  ('salmon roe', 'meat and seafood', 'seafood', null),
  ('brown sauce', 'pantry', 'pantry', null),
  ('english mustard', 'pantry', 'pantry', null),
  ('salad cream', 'pantry', 'pantry', null),
  ('piccalilli', 'pantry', 'pantry', null),
  ('marmite', 'pantry', 'pantry', null),
  ('vegemite', 'pantry', 'pantry', null),
  ('mint sauce', 'pantry', 'pantry', null),
  ('mint jelly', 'pantry', 'pantry', null),
  ('tartar sauce', 'pantry', 'pantry', null),
  ('cocktail sauce', 'pantry', 'pantry', null),
  ('aioli', 'pantry', 'pantry', null),
  ('kewpie mayonnaise', 'pantry', 'pantry', null),
  ('peri peri sauce', 'pantry', 'pantry', null),
  ('chimichurri', 'pantry', 'pantry', null),
  ('maggi seasoning', 'pantry', 'pantry', null),
  ('tapenade', 'pantry', 'pantry', null),
  ('baby corn', 'pantry', 'pantry', 'piece'),
  ('pickled beets', 'pantry', 'pantry', null),
  ('candlenuts', 'pantry', 'pantry', 'piece'),
  ('marcona almonds', 'pantry', 'pantry', null),
  ('madeira', 'pantry', 'drinks', null),
  ('calvados', 'pantry', 'drinks', null),
  ('kirsch', 'pantry', 'drinks', null),
  ('frangelico', 'pantry', 'drinks', null),
  ('limoncello', 'pantry', 'drinks', null),
  ('mezcal', 'pantry', 'drinks', null),
  ('campari', 'pantry', 'drinks', null),
  ('aperol', 'pantry', 'drinks', null),
  ('creme de cassis', 'pantry', 'drinks', null),
  ('root beer', 'pantry', 'drinks', null),
  ('lemon-lime soda', 'pantry', 'drinks', null),
  ('rosé wine', 'pantry', 'drinks', null),
  ('mixed spice', 'spices', 'spices', null),
  ('paccheri', 'pantry', 'pantry', null),
  ('cavatappi', 'pantry', 'pantry', null),
  ('gemelli', 'pantry', 'pantry', null),
  ('fregola', 'pantry', 'pantry', null),
  ('acini de pepe', 'pantry', 'pantry', null),
  ('hokkien noodles', 'pantry', 'pantry', null),
  ('somen noodles', 'pantry', 'pantry', null),
  ('shirataki noodles', 'pantry', 'pantry', null),
  ('arepa flour', 'pantry', 'pantry', null),
  ('carnaroli rice', 'pantry', 'pantry', null),
  ('chapati', 'pantry', 'bakery', 'piece'),
  ('roti', 'pantry', 'bakery', 'piece'),
  ('paratha', 'frozen and other', 'frozen', 'piece'),
  ('crumpets', 'pantry', 'bakery', 'piece'),
  ('pumpernickel', 'pantry', 'bakery', null),
  ('matzo', 'pantry', 'pantry', 'piece'),
  ('matzo meal', 'pantry', 'pantry', null),
  ('amaretti', 'pantry', 'pantry', 'piece'),
  ('shortbread', 'pantry', 'pantry', 'piece'),
  ('vital wheat gluten', 'pantry', 'pantry', null)
) as v(name, category, aisle, count_unit);

-- What is counted in whole ones is bought in whole ones, as for the catalog's other such rows.
insert into public.ingredient_purchase_units (ingredient_id, need_unit, per_purchase, purchase_unit)
select i.id, 'whole', 1, 'whole' from public.ingredients i
where i.household_id is null and i.count_unit = 'whole' and i.normalized_name in (
  'padron peppers', 'cubanelle pepper', 'starfruit', 'asian pear', 'cornish hen'
)
on conflict (ingredient_id, need_unit) do nothing;

-- 2. Count units for catalog ingredients that are counted but had none ("2 andouille sausages", "1 flank steak").
update public.ingredients set count_unit = 'piece'
where household_id is null and count_unit is null and normalized_name in (
  'andouille sausage', 'hot italian sausage', 'sweet italian sausage', 'pork sausage', 'turkey sausage',
  'breakfast sausage', 'flank steak', 'skirt steak', 'hanger steak', 'osso buco', 'striped bass', 'pike',
  'smoked mackerel', 'tiger prawns', 'morel mushroom'
);
update public.ingredients set count_unit = 'whole'
where household_id is null and count_unit is null and normalized_name in ('pork tenderloin', 'cassava', 'lotus root');
insert into public.ingredient_purchase_units (ingredient_id, need_unit, per_purchase, purchase_unit)
select i.id, 'whole', 1, 'whole' from public.ingredients i
where i.household_id is null and i.count_unit = 'whole' and i.normalized_name in ('pork tenderloin', 'cassava', 'lotus root')
on conflict (ingredient_id, need_unit) do nothing;

-- 3. Other names. (alias, ingredient, note kept in the line's note, count unit when the alias is counted apart.)
create temporary table new_aliases (alias text, target text, note text, count_unit text) on commit drop;
insert into new_aliases (alias, target, note, count_unit) values
  ('besan', 'chickpea flour', null, null),
  ('gram flour', 'chickpea flour', null, null),
  ('masoor dal', 'red lentils', null, null),
  ('arhar dal', 'toor dal', null, null),
  ('tuvar dal', 'toor dal', null, null),
  ('toovar dal', 'toor dal', null, null),
  ('rajma', 'kidney beans', null, null),
  ('sooji', 'semolina', null, null),
  ('suji', 'semolina', null, null),
  ('maida', 'all-purpose flour', null, null),
  ('jeera', 'cumin seeds', null, null),
  ('haldi', 'turmeric', null, null),
  ('hing', 'asafoetida', null, null),
  ('kasuri methi', 'kasoori methi', null, null),
  ('dhania powder', 'ground coriander', null, null),
  ('dahi', 'plain yogurt', null, null),
  ('elaichi', 'green cardamom', null, null),
  ('saunf', 'fennel seeds', null, null),
  ('carom seeds', 'ajwain', null, null),
  ('kalonji', 'nigella seeds', null, null),
  ('black onion seeds', 'nigella seeds', null, null),
  ('amchoor', 'amchur', null, null),
  ('mango powder', 'amchur', null, null),
  ('imli', 'tamarind', null, null),
  ('gur', 'jaggery', null, null),
  ('kala namak', 'black salt', null, null),
  ('methi seeds', 'fenugreek seeds', null, null),
  ('chile de arbol', 'arbol chilies', null, null),
  ('ancho chile', 'ancho chilies', null, null),
  ('guajillo chile', 'guajillo chilies', null, null),
  ('annatto', 'achiote', null, null),
  ('queso oaxaca', 'oaxaca cheese', null, null),
  ('nam pla', 'fish sauce', null, null),
  ('bean thread noodles', 'glass noodles', null, null),
  ('cellophane noodles', 'glass noodles', null, null),
  ('rice stick noodles', 'rice noodles', null, null),
  ('katsuobushi', 'bonito flakes', null, null),
  ('mochiko', 'glutinous rice flour', null, null),
  ('sweet rice flour', 'glutinous rice flour', null, null),
  ('korean chili flakes', 'gochugaru', null, null),
  ('korean red pepper flakes', 'gochugaru', null, null),
  ('korean chili powder', 'gochugaru', null, null),
  ('belacan', 'shrimp paste', null, null),
  ('monosodium glutamate', 'msg', null, null),
  ('potsticker wrappers', 'dumpling wrappers', null, null),
  ('bean curd', 'tofu', null, null),
  ('ketjap manis', 'kecap manis', null, null),
  ('bulgur wheat', 'bulgur', null, null),
  ('bulghur', 'bulgur', null, null),
  ('pul biber', 'aleppo pepper', null, null),
  ('orange flower water', 'orange blossom water', null, null),
  ('rosewater', 'rose water', null, null),
  ('vine leaves', 'grape leaves', null, null),
  ('israeli couscous', 'pearl couscous', null, null),
  ('candied cherries', 'glace cherries', null, null),
  ('fast action yeast', 'instant yeast', null, null),
  ('gelatine', 'gelatin', null, null),
  ('gelatine leaves', 'gelatin sheets', null, null),
  ('agar', 'agar agar', null, null),
  ('liquid glucose', 'glucose syrup', null, null),
  ('natural yogurt', 'plain yogurt', null, null),
  ('full-fat milk', 'whole milk', null, null),
  ('butternut pumpkin', 'butternut squash', null, null),
  ('rockmelon', 'cantaloupe', null, null),
  ('witlof', 'belgian endive', null, null),
  ('eschalot', 'shallot', null, null),
  ('passionfruit', 'passion fruit', null, null),
  ('tenderstem broccoli', 'broccolini', null, null),
  ('yuca', 'cassava', null, null),
  ('jerusalem artichokes', 'sunchokes', null, null),
  ('minced chicken', 'ground chicken', null, null),
  ('veal mince', 'ground veal', null, null),
  ('scotch fillet', 'ribeye steak', null, null),
  ('eye fillet', 'beef tenderloin', null, null),
  ('cornish game hen', 'cornish hen', null, null),
  ('lamb rack', 'rack of lamb', null, null),
  ('sausage meat', 'ground sausage', null, null),
  ('bulk sausage', 'ground sausage', null, null),
  ('frankfurters', 'hot dogs', null, null),
  ('wieners', 'hot dogs', null, null),
  ('dublin bay prawns', 'langoustines', null, null),
  ('ikura', 'salmon roe', null, null),
  ('black cod', 'sablefish', null, null),
  ('dorade', 'sea bream', null, null),
  ('hamachi', 'yellowtail', null, null),
  ('bacalao', 'salt cod', null, null),
  ('unagi', 'eel', null, null),
  ('tinned tuna', 'canned tuna', null, null),
  ('hp sauce', 'brown sauce', null, null),
  ('catsup', 'ketchup', null, null),
  ('agave syrup', 'agave nectar', null, null),
  ('japanese mayonnaise', 'kewpie mayonnaise', null, null),
  ('filberts', 'hazelnuts', null, null),
  ('groundnuts', 'peanuts', null, null),
  ('linseed', 'flaxseed', null, null),
  ('almond flakes', 'sliced almonds', null, null),
  ('marsala', 'marsala wine', null, null),
  ('garlic granules', 'granulated garlic', null, null),
  ('piment d''espelette', 'espelette pepper', null, null),
  ('gyoza skins', 'dumpling wrappers', null, null),
  ('lasagne noodles', 'lasagna noodles', null, null),
  ('conchiglie', 'shells', null, null),
  ('rice paper wrappers', 'rice paper', null, null),
  ('glutinous rice', 'sticky rice', null, null),
  ('sweet rice', 'sticky rice', null, null),
  ('wholemeal bread', 'whole wheat bread', null, null),
  ('savoiardi', 'ladyfingers', null, null),
  ('sponge fingers', 'ladyfingers', null, null),
  ('ginger nuts', 'gingersnaps', null, null),
  ('sub rolls', 'hoagie rolls', null, null),
  ('dinosaur kale', 'kale', null, null),
  ('masarepa', 'arepa flour', null, null),
  ('ramsons', 'wild garlic', null, null),
  ('shirataki', 'shirataki noodles', null, null),
  ('kewpie mayo', 'kewpie mayonnaise', null, null);

insert into public.ingredient_aliases (ingredient_id, alias, note, count_unit)
select i.id, v.alias, v.note, v.count_unit
from new_aliases v
join public.ingredients i on i.household_id is null and i.normalized_name = v.target;

-- What the lookups rely on, checked as the catalog's migration checks it: every alias found its ingredient, no
-- alias folds to an entry's name or another alias, and no two entries fold to one name.
do $$
declare
  v_missing text;
  v_clash text;
begin
  select string_agg(v.alias || ' → ' || v.target, ', ') into v_missing
  from new_aliases v
  where not exists (select from public.ingredients i where i.household_id is null and i.normalized_name = v.target);
  if v_missing is not null then
    raise exception 'an alias names no catalog ingredient: %', v_missing;
  end if;
  select string_agg(folded, ', ') into v_clash from (
    select i.folded_name as folded from public.ingredients i where i.household_id is null
    group by i.folded_name having count(*) > 1
    union all
    select a.folded_alias from public.ingredient_aliases a
    join public.ingredients i on i.household_id is null and i.folded_name = a.folded_alias
  ) clashes;
  if v_clash is not null then
    raise exception 'catalog names fold to one another: %', v_clash;
  end if;
  if exists (select from public.ingredients where household_id is null and aisle is null) then
    raise exception 'a catalog entry has no aisle';
  end if;
end;
$$;

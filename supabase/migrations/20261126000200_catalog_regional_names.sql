-- ============================================================================
-- Catalog: regional and shelf names, everyday entries it lacked, count units (issue 23, part 2)
-- ============================================================================
-- Data only; the matching functions are as they were. Curated from general cooking vocabulary: the names the same
-- thing goes by in British, Australian, Indian and American kitchens ("green capsicum", "english spinach", "castor
-- sugar", "skimmed milk"), the forms it is bought in ("dry mustard" is mustard powder, not mustard), and the things
-- that are counted ("4 peppercorns", "2 salmon fillets", "1 rack of lamb") with the unit they are counted in.
-- Matching stays exact: each alias is a name the ingredient is called by, folded as names are.

-- 1. Everyday ingredients the catalog did not have, each with its aisle and, where it is counted, its count unit.
insert into public.ingredients (name, category, created_by, aisle, count_unit)
select v.name, v.category, null, v.aisle, v.count_unit
from (values
  ('meyer lemon', 'produce', 'produce', 'whole'),
  ('key lime', 'produce', 'produce', 'whole'),
  ('melon', 'produce', 'produce', 'whole'),
  ('taro', 'produce', 'produce', 'whole'),
  ('bitter melon', 'produce', 'produce', 'whole'),
  ('squash blossoms', 'produce', 'produce', 'piece'),
  ('microgreens', 'produce', 'produce', null),
  ('maitake mushroom', 'produce', 'produce', null),
  ('king oyster mushroom', 'produce', 'produce', 'whole'),
  ('pepperoncini', 'pantry', 'pantry', 'piece'),
  ('prunes', 'pantry', 'pantry', 'piece'),
  ('yeast', 'pantry', 'pantry', null),
  ('caramel sauce', 'pantry', 'pantry', null),
  ('chocolate syrup', 'pantry', 'pantry', null),
  ('chocolate sauce', 'pantry', 'pantry', null),
  ('pomegranate molasses', 'pantry', 'pantry', null),
  ('pearl couscous', 'pantry', 'pantry', null),
  ('fig jam', 'pantry', 'pantry', null),
  ('candy melts', 'pantry', 'pantry', null),
  ('candy canes', 'pantry', 'pantry', 'piece'),
  ('peppermint candies', 'pantry', 'pantry', 'piece'),
  ('rock sugar', 'pantry', 'pantry', null),
  ('palm sugar', 'pantry', 'pantry', null),
  ('jaggery', 'pantry', 'pantry', null),
  ('tapioca pearls', 'pantry', 'pantry', null),
  ('marzipan', 'pantry', 'pantry', null),
  ('almond paste', 'pantry', 'pantry', null),
  ('tamarind', 'pantry', 'pantry', null),
  ('tamarind paste', 'pantry', 'pantry', null),
  ('doubanjiang', 'pantry', 'pantry', null),
  ('onion soup mix', 'pantry', 'pantry', null),
  ('dried shrimp', 'meat and seafood', 'pantry', null),
  ('adobo seasoning', 'spices', 'spices', null),
  ('sazon', 'spices', 'spices', null),
  ('grenadine', 'pantry', 'drinks', null),
  ('bitters', 'pantry', 'drinks', null),
  ('irish cream liqueur', 'pantry', 'drinks', null),
  ('farmer cheese', 'dairy and eggs', 'dairy', null),
  ('mexican crema', 'dairy and eggs', 'dairy', null),
  ('whipped topping', 'frozen and other', 'frozen', null),
  ('coffee creamer', 'dairy and eggs', 'dairy', null),
  ('tri-tip', 'meat and seafood', 'meat', null),
  ('pizza crust', 'pantry', 'bakery', 'whole'),
  ('saltine crackers', 'pantry', 'pantry', 'piece'),
  ('caramels', 'pantry', 'pantry', 'piece'),
  ('clam juice', 'pantry', 'pantry', null)
) as v(name, category, aisle, count_unit);

-- What is counted in whole ones is bought in whole ones, as for the catalog's other such rows.
insert into public.ingredient_purchase_units (ingredient_id, need_unit, per_purchase, purchase_unit)
select i.id, 'whole', 1, 'whole' from public.ingredients i
where i.household_id is null and i.count_unit = 'whole' and i.normalized_name in (
  'meyer lemon', 'key lime', 'melon', 'taro', 'bitter melon', 'king oyster mushroom', 'pizza crust'
);

-- 2. Count units for catalog ingredients that are counted but had none ("4 peppercorns", "2 salmon fillets").
-- Fish is counted in pieces (fillets, steaks); whole animals and heads of leaves in whole ones.
update public.ingredients set count_unit = 'piece'
where household_id is null and count_unit is null and normalized_name in (
  'peppercorns', 'black peppercorns', 'pink peppercorns', 'whole cloves', 'ice cubes', 'chipotle chilies',
  'beef short ribs', 'short ribs', 'duck breast', 'turkey legs', 'chicken legs', 'lamb shank', 'veal cutlet',
  'ham hock', 'steak', 'sirloin steak', 'ribeye steak', 'new york strip steak', 't-bone steak', 'tuna steak',
  'salmon', 'cod', 'halibut', 'tilapia', 'white fish', 'trout', 'rainbow trout', 'sea bass', 'haddock', 'mahi mahi',
  'swordfish', 'snapper', 'red snapper', 'sole', 'flounder', 'catfish', 'arctic char', 'pollock', 'perch',
  'monkfish', 'branzino', 'mackerel', 'herring', 'lemongrass', 'rhubarb', 'lychee', 'raspberry', 'blackberry',
  'pretzels', 'crackers', 'digestive biscuits', 'vanilla wafers', 'nori', 'dried figs', 'string cheese',
  'hoagie rolls', 'flatbread', 'lavash', 'chestnuts', 'bratwurst'
);
update public.ingredients set count_unit = 'whole'
where household_id is null and count_unit is null and normalized_name in (
  'squid', 'octopus', 'lobster', 'crab', 'quail', 'duck', 'goose', 'rabbit', 'rack of lamb', 'chicken', 'turkey',
  'green cabbage', 'red cabbage', 'napa cabbage', 'savoy cabbage', 'iceberg lettuce', 'butter lettuce',
  'bibb lettuce', 'radicchio', 'escarole', 'rutabaga', 'yam', 'chayote', 'green tomato', 'celeriac',
  'parsley root', 'chipotle pepper', 'ciabatta', 'challah', 'focaccia', 'french bread', 'italian bread',
  'pie shell', 'tart shell', 'pie crust', 'frozen pie crust', 'graham cracker crust'
);
insert into public.ingredient_purchase_units (ingredient_id, need_unit, per_purchase, purchase_unit)
select i.id, 'whole', 1, 'whole' from public.ingredients i
where i.household_id is null and i.count_unit = 'whole' and i.normalized_name in (
  'squid', 'octopus', 'lobster', 'crab', 'quail', 'duck', 'goose', 'rabbit', 'rack of lamb', 'chicken', 'turkey',
  'green cabbage', 'red cabbage', 'napa cabbage', 'savoy cabbage', 'iceberg lettuce', 'butter lettuce',
  'bibb lettuce', 'radicchio', 'escarole', 'rutabaga', 'yam', 'chayote', 'green tomato', 'celeriac',
  'parsley root', 'chipotle pepper', 'ciabatta', 'challah', 'focaccia', 'french bread', 'italian bread',
  'pie shell', 'tart shell', 'pie crust', 'frozen pie crust', 'graham cracker crust'
)
on conflict (ingredient_id, need_unit) do nothing;

-- 3. Other names. (alias, ingredient, note kept in the line's note, count unit when the alias is counted apart.)
create temporary table new_aliases (alias text, target text, note text, count_unit text) on commit drop;
insert into new_aliases (alias, target, note, count_unit) values
  -- "pepper" in an ingredient list is black pepper (a counted pepper is read apart: see ingredient-name.ts).
  ('pepper', 'black pepper', null, null),
  ('cracked pepper', 'black pepper', null, null),
  ('black pepper corns', 'black peppercorns', null, null),
  ('hot pepper', 'chili pepper', null, null),
  ('hot chili pepper', 'chili pepper', null, null),
  ('mixed peppers', 'bell pepper', null, null),
  ('roasted peppers', 'roasted red peppers', null, null),
  -- Capsicum, chillies and their spellings.
  ('green capsicum', 'green bell pepper', null, null),
  ('yellow capsicum', 'yellow bell pepper', null, null),
  ('orange capsicum', 'orange bell pepper', null, null),
  ('chillies', 'chili pepper', null, null),
  ('red chilies', 'red chili', null, null),
  ('green chilies', 'green chili', null, null),
  ('thai chilies', 'thai chili', null, null),
  ('thai chillies', 'thai chili', null, null),
  ('bird''s eye chili', 'thai chili', null, null),
  ('bird''s eye chilli', 'thai chili', null, null),
  ('bird''s eye chillies', 'thai chili', null, null),
  ('dried chili', 'dried chilies', null, null),
  ('dried chile', 'dried chilies', null, null),
  ('dried chillies', 'dried chilies', null, null),
  ('dried red chillies', 'dried red chilies', null, null),
  ('dried red chili', 'dried red chilies', null, null),
  ('crushed chili', 'red pepper flakes', null, null),
  ('crushed chilies', 'red pepper flakes', null, null),
  ('crushed chilli', 'red pepper flakes', null, null),
  ('crushed chillies', 'red pepper flakes', null, null),
  ('red chili pepper flakes', 'red pepper flakes', null, null),
  ('red chilli pepper flakes', 'red pepper flakes', null, null),
  ('chipotle chilies in adobo sauce', 'chipotle in adobo', null, null),
  ('chipotle chillies in adobo sauce', 'chipotle in adobo', null, null),
  ('sweet chilli sauce', 'sweet chili sauce', null, null),
  ('chilli oil', 'chili oil', null, null),
  ('chilli paste', 'chili paste', null, null),
  ('chilli crisp', 'chili crisp', null, null),
  ('chilli garlic sauce', 'chili garlic sauce', null, null),
  ('aleppo', 'aleppo pepper', null, null),
  -- Regional names of produce.
  ('english spinach', 'spinach', null, null),
  ('silverbeet', 'swiss chard', null, null),
  ('silver beet', 'swiss chard', null, null),
  ('rainbow chard', 'chard', null, null),
  ('fresh coriander', 'cilantro', null, null),
  ('coriander sprigs', 'cilantro', null, null),
  ('coriander stems', 'cilantro', null, null),
  ('chinese parsley', 'cilantro', null, null),
  ('italian flat leaf parsley', 'flat-leaf parsley', null, null),
  ('continental parsley', 'flat-leaf parsley', null, null),
  ('mange tout', 'snow peas', null, null),
  ('broad beans', 'fava beans', null, null),
  ('haricot beans', 'navy beans', null, null),
  ('purple onion', 'red onion', null, null),
  ('salad onions', 'green onion', null, null),
  ('baby potatoes', 'new potato', null, null),
  ('yukon gold', 'yukon gold potato', null, null),
  ('russet', 'russet potato', null, null),
  ('red skin potatoes', 'red potato', null, null),
  ('king edward potatoes', 'potato', null, null),
  ('kumara', 'sweet potato', null, null),
  ('brinjal', 'eggplant', null, null),
  ('san marzano tomatoes', 'whole tomatoes', null, null),
  ('tomatoes on the vine', 'tomato', null, null),
  ('lemon grass', 'lemongrass', null, null),
  ('makrut lime leaves', 'kaffir lime leaves', null, null),
  ('lime leaves', 'kaffir lime leaves', null, null),
  ('beansprouts', 'bean sprouts', null, null),
  ('pak choi', 'bok choy', null, null),
  ('pak choy', 'bok choy', null, null),
  ('chinese cabbage', 'napa cabbage', null, null),
  ('daikon radish', 'daikon', null, null),
  ('mooli', 'daikon', null, null),
  ('shiitake', 'shiitake mushroom', null, null),
  ('cremini', 'cremini mushroom', null, null),
  ('portobello', 'portobello mushroom', null, null),
  ('enoki', 'enoki mushroom', null, null),
  ('porcini', 'porcini mushroom', null, null),
  ('morels', 'morel mushroom', null, null),
  ('chanterelles', 'chanterelle mushroom', null, null),
  ('dried shiitake mushrooms', 'dried shiitake', null, null),
  ('dried porcini mushrooms', 'dried porcini', null, null),
  ('edamame beans', 'edamame', null, null),
  ('honeydew', 'honeydew melon', null, null),
  ('berries', 'mixed berries', null, null),
  ('tart cherries', 'sour cherries', null, null),
  ('garlic head', 'head of garlic', null, null),
  ('crushed pineapple', 'canned pineapple', 'crushed', null),
  ('dried coconut', 'unsweetened coconut', null, null),
  ('dry coconut', 'unsweetened coconut', null, null),
  ('dried ginger', 'ground ginger', null, null),
  ('dried tomatoes', 'sun-dried tomatoes', null, null),
  ('dried onion', 'dried onion flakes', null, null),
  -- Sugars, flours and the baking shelf.
  ('castor sugar', 'caster sugar', null, null),
  ('white caster sugar', 'caster sugar', null, null),
  ('demerara', 'demerara sugar', null, null),
  ('turbinado', 'turbinado sugar', null, null),
  ('sugar in the raw', 'turbinado sugar', null, null),
  ('dark brown soft sugar', 'dark brown sugar', null, null),
  ('soft dark brown sugar', 'dark brown sugar', null, null),
  ('light brown soft sugar', 'light brown sugar', null, null),
  ('soft light brown sugar', 'light brown sugar', null, null),
  ('golden brown sugar', 'light brown sugar', null, null),
  ('soft brown sugar', 'brown sugar', null, null),
  ('coconut palm sugar', 'coconut sugar', null, null),
  ('black treacle', 'treacle', null, null),
  ('strong flour', 'bread flour', null, null),
  ('strong white flour', 'bread flour', null, null),
  ('wholewheat flour', 'whole wheat flour', null, null),
  ('white whole wheat flour', 'whole wheat flour', null, null),
  ('atta', 'whole wheat flour', null, null),
  ('chapati flour', 'whole wheat flour', null, null),
  ('plain chocolate', 'dark chocolate', null, null),
  ('dark chocolate chunks', 'dark chocolate chips', null, null),
  ('choc chips', 'chocolate chips', null, null),
  ('nonpareils', 'sprinkles', null, null),
  ('corn flakes', 'cornflakes', null, null),
  ('chocolate sandwich cookies', 'oreo cookies', null, null),
  ('arrowroot powder', 'arrowroot', null, null),
  ('bicarb', 'baking soda', null, null),
  ('fig preserves', 'fig jam', null, null),
  ('chocolate shavings', 'chocolate', null, null),
  -- Dairy.
  ('skimmed milk', 'skim milk', null, null),
  ('semi-skimmed milk', 'low-fat milk', null, null),
  ('full cream milk', 'whole milk', null, null),
  ('dry milk', 'powdered milk', null, null),
  ('dried milk', 'powdered milk', null, null),
  ('milk powder', 'powdered milk', null, null),
  ('nonfat dry milk', 'powdered milk', null, null),
  ('pouring cream', 'single cream', null, null),
  ('greek style yogurt', 'greek yogurt', null, null),
  ('greek style yoghurt', 'greek yogurt', null, null),
  ('whole milk ricotta', 'ricotta', 'whole milk', null),
  ('whole milk mozzarella', 'mozzarella', 'whole milk', null),
  ('whole milk yogurt', 'yogurt', 'whole milk', null),
  ('light cream cheese', 'cream cheese', 'light', null),
  ('emmentaler', 'emmental', null, null),
  ('parmigiano', 'parmesan', null, null),
  ('grana padano cheese', 'grana padano', null, null),
  ('pepper jack', 'pepper jack cheese', null, null),
  ('colby jack', 'colby jack cheese', null, null),
  ('mexican blend cheese', 'mexican cheese blend', null, null),
  ('mexican cheese', 'mexican cheese blend', null, null),
  ('cotija', 'cotija cheese', null, null),
  ('neufchatel cheese', 'neufchatel', null, null),
  ('crema', 'mexican crema', null, null),
  ('cool whip', 'whipped topping', null, null),
  -- Meat and fish.
  ('king prawns', 'prawns', null, null),
  ('mince', 'ground beef', null, null),
  ('gammon', 'ham', null, null),
  ('brisket', 'beef brisket', null, null),
  ('beef chuck roast', 'chuck roast', null, null),
  ('beef tri tip', 'tri-tip', null, null),
  ('sirloin', 'sirloin steak', null, null),
  ('ribeye', 'ribeye steak', null, null),
  ('rib eye steak', 'ribeye steak', null, null),
  ('pork butt', 'pork shoulder', null, null),
  ('boston butt', 'pork shoulder', null, null),
  ('leg of lamb', 'leg of lamb', null, null),
  ('lamb leg', 'leg of lamb', null, null),
  ('stewing beef', 'beef stew meat', null, null),
  ('chicken cutlets', 'chicken breast', 'cutlets', 'piece'),
  -- Sauces, condiments, seasonings, drinks.
  ('dry mustard', 'mustard powder', null, null),
  ('ground mustard', 'mustard powder', null, null),
  ('wholegrain mustard', 'whole grain mustard', null, null),
  ('grainy mustard', 'whole grain mustard', null, null),
  ('coarse grain mustard', 'whole grain mustard', null, null),
  ('hoisin', 'hoisin sauce', null, null),
  ('light soy', 'light soy sauce', null, null),
  ('dark soy', 'dark soy sauce', null, null),
  ('dark sesame oil', 'toasted sesame oil', null, null),
  ('worcester sauce', 'worcestershire sauce', null, null),
  ('barbeque sauce', 'barbecue sauce', null, null),
  ('chili bean paste', 'doubanjiang', null, null),
  ('chicken bouillon powder', 'chicken bouillon', null, null),
  ('vegetable stock powder', 'vegetable bouillon', null, null),
  ('vegetable bouillon powder', 'vegetable bouillon', null, null),
  ('ranch dressing mix', 'ranch seasoning', null, null),
  ('himalayan pink salt', 'himalayan salt', null, null),
  ('pink himalayan sea salt', 'himalayan salt', null, null),
  ('irish cream', 'irish cream liqueur', null, null),
  ('coffee liqueur', 'kahlua', null, null),
  ('orange liqueur', 'triple sec', null, null),
  ('cointreau', 'triple sec', null, null),
  ('white rum', 'rum', null, null),
  ('canola', 'canola oil', null, null),
  ('spray oil', 'cooking spray', null, null),
  ('oil spray', 'cooking spray', null, null),
  -- Bread.
  ('bread rolls', 'dinner rolls', null, null),
  ('brioche bread', 'brioche', null, null),
  ('country bread', 'bread', null, null),
  ('ciabatta bread', 'ciabatta', null, null),
  ('french baguette', 'baguette', null, null),
  ('sourdough', 'sourdough bread', null, null),
  ('pita pockets', 'pita bread', null, null),
  -- More shelf names.
  ('shaoxing', 'shaoxing wine', null, null),
  ('italian vinaigrette', 'italian dressing', null, null),
  ('red enchilada sauce', 'enchilada sauce', null, null),
  ('cheese tortellini', 'tortellini', null, null),
  ('whole berry cranberry sauce', 'cranberry sauce', null, null),
  ('food colouring', 'food coloring', null, null),
  ('gel food colouring', 'gel food coloring', null, null),
  ('oreos', 'oreo cookies', null, null),
  ('everything but the bagel seasoning', 'everything bagel seasoning', null, null),
  ('baileys', 'irish cream liqueur', null, null),
  ('baileys irish cream', 'irish cream liqueur', null, null),
  ('extra sharp cheddar cheese', 'sharp cheddar cheese', 'extra sharp', null),
  ('extra sharp cheddar', 'sharp cheddar cheese', 'extra sharp', null),
  ('curly kale', 'kale', null, null),
  ('japanese eggplant', 'eggplant', null, null),
  ('red grapes', 'grape', null, null),
  ('green grapes', 'grape', null, null),
  ('red chili pepper', 'red chili', null, null),
  ('thai chili pepper', 'thai chili', null, null),
  ('poblano chili pepper', 'poblano pepper', null, null),
  ('poblano chile', 'poblano pepper', null, null),
  ('poblano', 'poblano pepper', null, null),
  ('red jalapeño', 'jalapeño', 'red', null),
  ('red jalapeño pepper', 'jalapeño', 'red', null),
  ('potato gnocchi', 'gnocchi', null, null),
  ('macaroni noodles', 'macaroni', null, null),
  ('instant vanilla pudding', 'instant pudding', null, null),
  ('instant vanilla pudding mix', 'instant pudding', null, null),
  ('instant chocolate pudding', 'instant pudding', null, null),
  ('vanilla pudding mix', 'pudding mix', null, null),
  ('parsley flakes', 'dried parsley', null, null),
  ('nutritional yeast flakes', 'nutritional yeast', null, null),
  ('black pepper powder', 'black pepper', null, null),
  ('vegetable cooking oil', 'vegetable oil', null, null),
  ('coho salmon', 'salmon', 'coho', null),
  ('sockeye salmon', 'salmon', 'sockeye', null),
  ('atlantic salmon', 'salmon', 'atlantic', null),
  ('king salmon', 'salmon', 'king', null),
  ('cashew nuts', 'cashews', null, null),
  ('chili crunch', 'chili crisp', null, null),
  ('french fried onions', 'crispy fried onions', null, null),
  ('arrowroot flour', 'arrowroot', null, null),
  ('arrowroot starch', 'arrowroot', null, null),
  ('crushed chili pepper', 'red pepper flakes', null, null),
  ('crushed red chili pepper', 'red pepper flakes', null, null),
  ('dry red chili', 'dried red chilies', null, null),
  ('dry red chilies', 'dried red chilies', null, null),
  ('dry red chillies', 'dried red chilies', null, null),
  ('dry chili', 'dried chilies', null, null),
  ('dry chilies', 'dried chilies', null, null),
  ('dry chillies', 'dried chilies', null, null),
  ('saltines', 'saltine crackers', null, null),
  ('tri tip roast', 'tri-tip', null, null);
-- "leg of lamb" is the entry itself: not an alias.
delete from new_aliases where alias = target;

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

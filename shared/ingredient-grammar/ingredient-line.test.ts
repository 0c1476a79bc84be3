import assert from "node:assert/strict";
import fc from "fast-check";
import { parseIngredientLine } from "./ingredient-line.ts";

// [line, quantity, quantity_text, unit, prep_state, name, note, problems]: written by hand from real recipes.
type Row = [string, number | null, string | null, string | null, string | null, string, string | null, string[]?];

const table: Row[] = [
  // Forms real recipe pages carry.
  ["1 and 1/2 cups milk", 1.5, "1 1/2", "cup", null, "milk", null],
  ["1 14-ounce can coconut milk", 1, "1", "can", null, "coconut milk", "14-ounce"],
  ["1 heaping cup flour", 1, "1", "cup", null, "flour", "heaping"],
  ["150g/5½oz plain flour", 150, "150", "g", null, "plain flour", "5 1/2oz"],
  ["four eggs", 4, "4", null, null, "eggs", null, ["no_unit"]],
  // A decimal comma, as much of Europe writes it; three digits after a comma are thousands.
  ["0,5 kg potatoes", 0.5, "0.5", "kg", null, "potatoes", null],
  ["2,5 cups flour", 2.5, "2.5", "cup", null, "flour", null],
  ["1,000 g flour", 1000, "1000", "g", null, "flour", null],
  // A comma typed between the number and its unit, or before a measure added to it.
  ["1½, cups heavy cream", 1.5, "1 1/2", "cup", null, "heavy cream", null],
  ["¼, cup water", 0.25, "1/4", "cup", null, "water", null],
  ["1 cup, plus 2 tablespoons olive oil", 18, "1 cup plus 2 tablespoons", "tbsp", null, "olive oil", null],
  // Scandinavian spoons: Norwegian "ss" and "ts", Swedish "msk" and "tsk".
  ["4 ss olive oil", 4, "4", "tbsp", null, "olive oil", null],
  ["1 ts salt", 1, "1", "tsp", null, "salt", null],
  ["2 msk butter", 2, "2", "tbsp", null, "butter", null],
  // A parenthesis left open: what follows it is the aside all the same.
  ["2 spring onions (sliced in half", 2, "2", null, null, "spring onions", "sliced in half", ["no_unit"]],
  ["1 cup rice (about 200 g", 1, "1", "cup", null, "rice", "about 200 g"],
  // Left open right after the unit, the aside is only the measure it starts with: the name is inside.
  ["1 cup (235 ml sour milk", 1, "1", "cup", null, "sour milk", "235 ml"],
  ["½ cup (1 stick unsalted butter", 0.5, "1/2", "cup", null, "unsalted butter", "1 stick"],
  // Opened with one bracket, closed with the other.
  ["1 cup (4 ounces] walnut halves", 1, "1", "cup", null, "walnut halves", "4 ounces"],
  ["juice of 1 lemon", 1, "1", null, null, "lemon", "juice", ["no_unit"]],
  ["3 sprigs fresh thyme", 3, "3", "piece", null, "fresh thyme", "sprigs"],
  ["6 boneless, skinless chicken breasts", 6, "6", null, null, "boneless skinless chicken breasts", null, ["no_unit"]],
  ["1 onion finely chopped", 1, "1", null, "chopped", "onion", null, ["no_unit"]],
  ["2 large heads of broccoli", 2, "2", "whole", null, "broccoli", "large heads"],
  ["+ 2 tablespoons water", 2, "2", "tbsp", null, "water", null],
  ["zest of half a lime", 0.5, "1/2", null, null, "lime", "zest", ["no_unit"]],
  ["butter at room temp", null, null, null, null, "butter", "at room temp", ["no_quantity"]],
  ["2 cups rice", 2, "2", "cup", null, "rice", null],
  ["1 cup all-purpose flour", 1, "1", "cup", null, "all-purpose flour", null],
  ["1/2 cup sugar", 0.5, "1/2", "cup", null, "sugar", null],
  ["1 1/2 cups milk", 1.5, "1 1/2", "cup", null, "milk", null],
  ["½ cup butter, melted", 0.5, "1/2", "cup", "melted", "butter", null],
  ["1½ cups water", 1.5, "1 1/2", "cup", null, "water", null],
  ["¾ cup brown sugar", 0.75, "3/4", "cup", null, "brown sugar", null],
  ["¼ tsp salt", 0.25, "1/4", "tsp", null, "salt", null],
  ["⅓ cup olive oil", 0.333, "1/3", "cup", null, "olive oil", null, ["rounded"]],
  ["⅔ cup cream", 0.667, "2/3", "cup", null, "cream", null, ["rounded"]],
  ["⅛ teaspoon cayenne pepper", 0.125, "1/8", "tsp", null, "cayenne pepper", null],
  ["2 tablespoons olive oil", 2, "2", "tbsp", null, "olive oil", null],
  ["1 tablespoon honey", 1, "1", "tbsp", null, "honey", null],
  ["3 Tbsp butter", 3, "3", "tbsp", null, "butter", null],
  ["1 T soy sauce", 1, "1", "tbsp", null, "soy sauce", null],
  ["1 t vanilla extract", 1, "1", "tsp", null, "vanilla extract", null],
  ["2 tbs lemon juice", 2, "2", "tbsp", null, "lemon juice", null],
  ["1 tbsp. cornstarch", 1, "1", "tbsp", null, "cornstarch", null],
  ["2 teaspoons baking powder", 2, "2", "tsp", null, "baking powder", null],
  ["1 tsp. ground cumin", 1, "1", "tsp", null, "ground cumin", null],
  ["2 c. flour", 2, "2", "cup", null, "flour", null],
  ["3 c chicken broth", 3, "3", "cup", null, "chicken broth", null],
  ["500 g pasta", 500, "500", "g", null, "pasta", null],
  ["500g spaghetti", 500, "500", "g", null, "spaghetti", null],
  ["200 grams dark chocolate, chopped", 200, "200", "g", "chopped", "dark chocolate", null],
  ["1 gram saffron", 1, "1", "g", null, "saffron", null],
  ["1 kg potatoes, peeled and cubed", 1, "1", "kg", "peeled and cubed", "potatoes", null],
  ["1.5 kg beef chuck", 1.5, "1.5", "kg", null, "beef chuck", null],
  ["2 kilograms apples", 2, "2", "kg", null, "apples", null],
  ["250 ml milk", 250, "250", "ml", null, "milk", null],
  ["250ml double cream", 250, "250", "ml", null, "double cream", null],
  ["100 millilitres white wine", 100, "100", "ml", null, "white wine", null],
  ["1 l vegetable stock", 1, "1", "l", null, "vegetable stock", null],
  ["2 liters water", 2, "2", "l", null, "water", null],
  ["1 litre chicken stock", 1, "1", "l", null, "chicken stock", null],
  ["8 fl oz coconut milk", 8, "8", "fl oz", null, "coconut milk", null],
  ["4 fluid ounces orange juice", 4, "4", "fl oz", null, "orange juice", null],
  ["6 fl. oz. heavy cream", 6, "6", "fl oz", null, "heavy cream", null],
  ["1 lb ground beef", 1, "1", "lb", null, "ground beef", null],
  ["2 lbs chicken thighs", 2, "2", "lb", null, "chicken thighs", null],
  ["1 pound shrimp, peeled and deveined", 1, "1", "lb", "peeled and deveined", "shrimp", null],
  ["0.5 lb bacon, diced", 0.5, "0.5", "lb", "diced", "bacon", null],
  [".5 lb ham", 0.5, ".5", "lb", null, "ham", null],
  ["8 oz cream cheese, softened", 8, "8", "oz", "softened", "cream cheese", null],
  ["4 ounces feta cheese, crumbled", 4, "4", "oz", "crumbled", "feta cheese", null],
  ["12 ounces pasta", 12, "12", "oz", null, "pasta", null],
  ["1 (14 oz) can diced tomatoes", 1, "1", "can", "diced", "tomatoes", "14 oz"],
  ["2 cans black beans, drained and rinsed", 2, "2", "can", "drained and rinsed", "black beans", null],
  ["1 can coconut milk", 1, "1", "can", null, "coconut milk", null],
  ["1 tin chopped tomatoes", 1, "1", "can", "chopped", "tomatoes", null],
  ["1 package cream cheese", 1, "1", "package", null, "cream cheese", null],
  ["2 packages frozen spinach", 2, "2", "package", null, "frozen spinach", null],
  ["1 pkg yeast", 1, "1", "package", null, "yeast", null],
  ["1 packet taco seasoning", 1, "1", "package", null, "taco seasoning", null],
  ["1 whole chicken", 1, "1", "whole", null, "chicken", null],
  ["3 pieces ginger", 3, "3", "piece", null, "ginger", null],
  ["2 pcs star anise", 2, "2", "piece", null, "star anise", null],
  ["2 onions, chopped", 2, "2", null, "chopped", "onions", null, ["no_unit"]],
  ["1 onion, finely chopped", 1, "1", null, "chopped", "onion", null, ["no_unit"]],
  ["3 cloves garlic, minced", 3, "3", "piece", "minced", "garlic", "cloves", []],
  ["2 carrots, peeled and diced", 2, "2", null, "peeled and diced", "carrots", null, ["no_unit"]],
  ["1 cup chopped walnuts", 1, "1", "cup", "chopped", "walnuts", null],
  ["1 cup finely grated parmesan", 1, "1", "cup", "grated", "parmesan", null],
  ["2 cups shredded mozzarella", 2, "2", "cup", "shredded", "mozzarella", null],
  ["1 cup sliced mushrooms", 1, "1", "cup", "sliced", "mushrooms", null],
  ["1/4 cup minced shallots", 0.25, "1/4", "cup", "minced", "shallots", null],
  ["2 eggs, beaten", 2, "2", null, "beaten", "eggs", null, ["no_unit"]],
  ["3 large eggs", 3, "3", null, null, "large eggs", null, ["no_unit"]],
  ["1 avocado, pitted and sliced", 1, "1", null, "pitted and sliced", "avocado", null, ["no_unit"]],
  ["1 lemon, juiced", 1, "1", null, "juiced", "lemon", null, ["no_unit"]],
  ["1 lime, zested and juiced", 1, "1", null, "zested and juiced", "lime", null, ["no_unit"]],
  ["2 cups of flour", 2, "2", "cup", null, "flour", null],
  ["1 cup of sugar, divided", 1, "1", "cup", null, "sugar", "divided"],
  ["2-3 cloves garlic", 3, "2-3", "piece", null, "garlic", "2-3 cloves", ["range"]],
  ["2 - 3 tbsp olive oil", 3, "2 - 3", "tbsp", null, "olive oil", "2 - 3 tbsp", ["range"]],
  ["1–2 cups stock", 2, "1–2", "cup", null, "stock", "1–2 cups", ["range"]],
  ["2 to 3 cups spinach", 3, "2 to 3", "cup", null, "spinach", "2 to 3 cups", ["range"]],
  ["1/2-1 tsp chili flakes", 1, "1/2-1", "tsp", null, "chili flakes", "1/2-1 tsp", ["range"]],
  ["1/4-1/3 cup pecans", 0.333, "1/4-1/3", "cup", null, "pecans", "1/4-1/3 cup", ["range", "rounded"]],
  ["3-2 tbsp sugar", null, "3-2", "tbsp", null, "sugar", null, ["range"]],
  ["1 pinch salt", null, null, null, null, "salt", "1 pinch", ["no_quantity"]],
  ["2 drops almond essence", null, null, null, null, "almond essence", "2 drops", ["no_quantity"]],
  ["5 dashes Worcestershire sauce", null, null, null, null, "Worcestershire sauce", "5 dashes", ["no_quantity"]],
  ["1 tiny pinch salt (to taste)", null, null, null, null, "salt", "to taste; 1 tiny pinch", ["no_quantity"]],
  ["2 handfuls of spinach", null, null, null, null, "spinach", "2 handfuls", ["no_quantity"]],
  ["2/3 + 1/4 cup chocolate chips", 0.917, "2/3 + 1/4", "cup", null, "chocolate chips", null, ["rounded"]],
  ["1/4 + 1/8 teaspoon fine sea salt", 0.375, "1/4 + 1/8", "tsp", null, "fine sea salt", null],
  ["1, 14 oz can of sweetened condensed milk", 1, "1", "can", null, "sweetened condensed milk", "14 oz"],
  ["4 packed cups fresh strawberries", 4, "4", "cup", null, "fresh strawberries", "packed"],
  ["1 tbsp minced garlic or 1 tbsp jarred garlic", 1, "1", "tbsp", "minced", "garlic", "or 1 tbsp jarred garlic"],
  ["3 green scallions or 1 shallot (diced)", 3, "3", null, null, "green scallions", "diced; or 1 shallot", [
    "no_unit",
  ]],
  ["Zest and juice of a large orange", 1, "1", null, null, "large orange", "zest and juice", ["no_unit"]],
  ["1 each bay leaves", 1, "1", null, null, "bay leaves", null, ["no_unit"]],
  ["2 tbsp thickly sliced chives", 2, "2", "tbsp", "sliced", "chives", null],
  ["2 x 400 g / 14 oz can of plum tomatoes", 2, "2", "can", null, "plum tomatoes", "400 g / 14 oz"],
  ["1 14½-ounce can tomato puree", 1, "1", "can", null, "tomato puree", "14 1/2-ounce"],
  ["¾ brick (6 ounces) cream cheese", 0.75, "3/4", "package", null, "cream cheese", "6 ounces; brick"],
  ["4 pounds crisp, sweet apples (8 large), rinsed", 4, "4", "lb", "rinsed", "crisp sweet apples", "8 large"],
  ["1 large red, yellow, or orange bell pepper", 1, "1", null, null, "large red yellow or orange bell pepper", null, [
    "no_unit",
  ]],
  ["2-3 tbsp / 30-45 ml olive oil", 3, "2-3", "tbsp", null, "olive oil", "2-3 tbsp; 30-45 ml", ["range"]],
  ["8 oz. weight cream cheese", 8, "8", "oz", null, "cream cheese", null],
  [
    "1 1/4 cups granulated sugar; I used cane sugar",
    1.25,
    "1 1/4",
    "cup",
    null,
    "granulated sugar",
    "I used cane sugar",
  ],
  ["2 onions, chopped; divided", 2, "2", null, "chopped", "onions", "divided", ["no_unit"]],
  ["1 quart water", 4, "1", "cup", null, "water", "1 quart", []],
  ["1 1/2 gallons chicken stock", 24, "1 1/2", "cup", null, "chicken stock", "1 1/2 gallons", []],
  // Short forms, and the metric measures that are whole numbers of millilitres; a third of a quart from the fraction.
  // The name before its amount.
  ["Rice – 2 cups", 2, "2", "cup", null, "Rice", null],
  ["Onion - 1 large, chopped", 1, "1", null, "chopped", "large Onion", null, ["no_unit"]],
  ["Flour: 2 cups", 2, "2", "cup", null, "Flour", null],
  ["Sugar 100g", 100, "100", "g", null, "Sugar", null],
  ["Coconut milk - 1 can (400 ml)", 1, "1", "can", null, "Coconut milk", "400 ml"],
  ["Eggs x 3", 3, "3", null, null, "Eggs", null, ["no_unit"]],
  ["3 x eggs", 3, "3", null, null, "eggs", null, ["no_unit"]],
  ["Salt - to taste", null, null, null, null, "Salt", "to taste", ["no_quantity"]],
  ["1 scoop vanilla protein powder", null, null, null, null, "vanilla protein powder", "1 scoop", ["no_quantity"]],
  ["3 squares dark chocolate", 3, "3", "piece", null, "dark chocolate", "squares"],
  ["3 tbsp bourbon for soaking the raisins", 3, "3", "tbsp", null, "bourbon", "for soaking the raisins"],
  ["For garnish: fresh cilantro", null, null, null, null, "fresh cilantro", "for garnish", ["no_quantity"]],
  ["to garnish: 2 tbsp chives", 2, "2", "tbsp", null, "chives", "to garnish"],
  ["2 qt. water", 8, "2", "cup", null, "water", "2 qt.", []],
  ["1 gal milk", 16, "1", "cup", null, "milk", "1 gal", []],
  ["1.5 dl cream", 150, "1.5", "ml", null, "cream", "1.5 dl", []],
  ["2 centilitres rum", 20, "2", "ml", null, "rum", "2 centilitres", []],
  ["1/3 quart milk", 1.333, "1/3", "cup", null, "milk", "1/3 quart", ["rounded"]],
  ["1 pt. heavy cream", 1, "1", null, null, "heavy cream", "pt.", ["no_unit"]],
  ["2 pints milk", 2, "2", null, null, "milk", "pints", ["no_unit"]],
  ["salt and pepper to taste", null, null, null, null, "salt and pepper", "to taste", ["no_quantity"]],
  ["Salt, to taste", null, null, null, null, "Salt", "to taste", ["no_quantity"]],
  ["a pinch of nutmeg", null, null, null, null, "nutmeg", "pinch", ["no_quantity"]],
  ["fresh basil leaves, for garnish", null, null, null, null, "fresh basil leaves", "for garnish", ["no_quantity"]],
  ["- 2 cups rice", 2, "2", "cup", null, "rice", null],
  ["• 1 tsp salt", 1, "1", "tsp", null, "salt", null],
  ["* 3 tbsp butter", 3, "3", "tbsp", null, "butter", null],
  ["▢ 1 cup milk", 1, "1", "cup", null, "milk", null],
  ["  2   cups   rice  ", 2, "2", "cup", null, "rice", null],
  ["1 cup rice (uncooked)", 1, "1", "cup", null, "rice", "uncooked"],
  ["2 cups broccoli florets (about 1 head)", 2, "2", "cup", null, "broccoli florets", "about 1 head"],
  ["1 tbsp butter (optional)", 1, "1", "tbsp", null, "butter", "optional"],
  ["1 TBSP SUGAR", 1, "1", "tbsp", null, "SUGAR", null],
  ["2 CUPS FLOUR", 2, "2", "cup", null, "FLOUR", null],
  ["1 cup toasted almonds", 1, "1", "cup", "toasted", "almonds", null],
  ["3 tomatoes, seeded and diced", 3, "3", null, "seeded and diced", "tomatoes", null, ["no_unit"]],
  ["1 cup butter, softened to room temperature", 1, "1", "cup", "softened", "butter", "to room temperature"],
  ["1 cup crushed tomatoes", 1, "1", "cup", null, "crushed tomatoes", null],
  ["1/0 cup sugar", null, "1/0", "cup", null, "sugar", null, ["no_quantity"]],
  ["0 g sugar", null, "0", "g", null, "sugar", null, ["no_quantity"]],
  ["2 cups", 2, "2", "cup", null, "", null, ["no_name"]],
  ["1 bunch cilantro, chopped", 1, "1", "whole", "chopped", "cilantro", "bunch", []],
];

Deno.test(`parseIngredientLine reads ${table.length} real-world lines as expected`, () => {
  assert.ok(table.length >= 80);
  for (const [line, quantity, quantityText, unit, prepState, name, note, problems = []] of table) {
    const parsed = parseIngredientLine(line);
    assert.deepEqual(
      {
        quantity: parsed.quantity,
        quantity_text: parsed.quantity_text,
        unit: parsed.unit,
        prep_state: parsed.prep_state,
        name: parsed.name,
        note: parsed.note,
        problems: parsed.problems,
      },
      { quantity, quantity_text: quantityText, unit, prep_state: prepState, name, note, problems },
      line,
    );
    assert.equal(parsed.original, line);
  }
});

Deno.test("parseIngredientLine reads a range as its upper bound, never its average", () => {
  const parsed = parseIngredientLine("2-3 tbsp sugar");
  assert.equal(parsed.quantity, 3);
  assert.equal(parsed.quantity_text, "2-3");
  assert.ok(parsed.problems.includes("range"));
});

Deno.test("parseIngredientLine never throws and always keeps the original line", () => {
  const pieces = fc.constantFrom(
    "1",
    "1/2",
    "½",
    "1 1/2",
    "2-3",
    ".",
    "/",
    "0",
    "cup",
    "tbsp",
    "T",
    "fl",
    "oz",
    "(",
    ")",
    "[",
    "]",
    ",",
    "chopped",
    "finely",
    "and",
    "of",
    "onion",
    " ",
    "-",
    "•",
    "\u2044",
    "⅓",
    "to",
  );
  const line = fc.oneof(fc.string(), fc.array(pieces, { maxLength: 12 }).map((parts) => parts.join(" ")));
  fc.assert(
    fc.property(line, (text) => {
      const parsed = parseIngredientLine(text);
      assert.equal(parsed.original, text);
      if (parsed.quantity !== null) assert.ok(parsed.quantity > 0 && Number.isFinite(parsed.quantity));
    }),
    { numRuns: 2000 },
  );
});

// Size phrases, measures that add up, sizes of what holds it, labels and phrases said after the name. Each of
// these read the wrong name or amount before.
const sizesAndPhrases: Row[] = [
  ["2 inch ginger root", 1, "1", "piece", null, "ginger root", "2 inch"],
  ["1 1-inch knob ginger", 1, "1", "piece", null, "ginger", "1-inch; knob"],
  [
    "1 thumb-sized piece of ginger (roughly chopped)",
    1,
    "1",
    "piece",
    null,
    "ginger",
    "roughly chopped; thumb-sized piece",
  ],
  ["10cm piece ginger, sliced", 1, "1", "piece", "sliced", "ginger", "10 cm piece"],
  // A weight of a piece of it: the piece is the note's ("500g block puff pastry" stays one block).
  ["3kg piece of pork belly", 3, "3", "kg", null, "pork belly", "piece"],
  ["500g block puff pastry", 1, "1", "package", null, "puff pastry", "500 g"],
  // "in" before a piece word is inches, an aside between them or not.
  ["½ in (2.5cm) piece fresh ginger", 1, "1", "piece", null, "fresh ginger", "2.5cm; 1/2 in piece"],
  ["6 inch flour tortillas", null, null, null, null, "flour tortillas", "6 inch", ["no_quantity"]],
  // The length in two measures, then a stick, cube, stalk or strip of it: one piece, its length in the note.
  ["8.5cm/3in stick cinnamon", 1, "1", "piece", null, "cinnamon", "8.5 cm/3in stick"],
  ["12cm/5in stalk lemongrass", 1, "1", "piece", null, "lemongrass", "12 cm/5in stalk"],
  ["2cm/½in cube of butter", 1, "1", "piece", null, "butter", "2 cm/1/2in cube"],
  ["25cm/10in ready-made sponge flan case", null, null, null, null, "ready-made sponge flan case", "25 cm/10in", [
    "no_quantity",
  ]],
  ["8 8-inch flour tortillas ((see recipe))", 8, "8", null, null, "flour tortillas", "see recipe; 8-inch", ["no_unit"]],
  // A zero before "as required" is a page's template for no amount: none is read ("0 salt" keeps its zero, to ask).
  ["0 As required salt", null, null, null, null, "salt", "as required", ["no_quantity"]],
  ["0 salt", null, "0", null, null, "salt", null, ["no_quantity", "no_unit"]],
  // "if necessary", "if desired", "if you like…" after the name, as "to taste" is.
  ["Salt if necessary", null, null, null, null, "Salt", "if necessary", ["no_quantity"]],
  ["1/8 teaspoon salt if desired", 0.125, "1/8", "tsp", null, "salt", "if desired"],
  ["1 tsp chili flakes if you like it spicy", 1, "1", "tsp", null, "chili flakes", "if you like it spicy"],
  // A size before a counting word with no count is one of it, as "14-ounce can" is one can.
  ["12-ounce bag chocolate chips", 1, "1", "package", null, "chocolate chips", "12-ounce; bag"],
  ["1 small log of fresh goat cheese", 1, "1", "package", null, "fresh goat cheese", "small log"],
  ["1 2-inch length of leek", 1, "1", "piece", null, "leek", "2-inch; length"],
  // A counting word before "or" and another word counts neither; "pot roast" is no pot of roast.
  ["Chunks or peelings of carrot", null, null, null, null, "Chunks or peelings of carrot", null, ["no_quantity"]],
  ["4 rib or loin chops, 1 1/2 inches thick", 4, "4", null, null, "rib or loin chops", "1 1/2 inches thick", [
    "no_unit",
  ]],
  ["4- to 5-pound pot roast of beef", 1, "1", null, null, "pot roast of beef", "4- to 5-pound", ["no_unit"]],
  ["salt, as much as you like", null, null, null, null, "salt", "as much as you like", ["no_quantity"]],
  ["1 cup + 2 tablespoons water", 18, "1 cup + 2 tablespoons", "tbsp", null, "water", null],
  ["2/3 cup + 1 tablespoon flour", 11.667, "2/3 cup + 1 tablespoon", "tbsp", null, "flour", null, ["rounded"]],
  ["1 lb + 4 oz ground beef", 20, "1 lb + 4 oz", "oz", null, "ground beef", null],
  ["1 x 14 oz can plum tomatoes", 1, "1", "can", null, "plum tomatoes", "14 oz"],
  ["200 gms flour", 200, "200", "g", null, "flour", null],
  ["15 oz can pumpkin purée", 1, "1", "can", null, "pumpkin purée", "15 oz"],
  ["400 g / 14 oz can of chickpeas*", 1, "1", "can", null, "chickpeas", "14 oz; 400 g"],
  ["400-gram tin crushed tomatoes", 1, "1", "can", null, "crushed tomatoes", "400-gram"],
  ["Optional Glaze: ½ cup powdered sugar", 0.5, "1/2", "cup", null, "powdered sugar", "optional glaze"],
  ["1 egg yolk beaten with 1 Tbsp water", 1, "1", null, null, "egg yolk", "beaten with 1 Tbsp water", ["no_unit"]],
  ["1 (28 ounce) can whole tomatoes with juice", 1, "1", "can", null, "whole tomatoes", "28 ounce; with juice"],
  ["2 tablespoons capers in brine", 2, "2", "tbsp", null, "capers", "in brine"],
  ["1 medium head of broccoli approx. 400grams", 1, "1", "whole", null, "broccoli", "medium head; approx. 400grams"],
  ["1/2 cup chocolate chunks + 2 tbsp", 0.5, "1/2", "cup", null, "chocolate chunks", "+ 2 tbsp"],
  ["2 garlic cloves crushed", 2, "2", null, null, "garlic cloves", "crushed", ["no_unit"]],
  ["juice of1/2 lemon", 0.5, "1/2", null, null, "lemon", "juice", ["no_unit"]],
  ["1½ cup chopped or shredded cooked chicken", 1.5, "1 1/2", "cup", "chopped and shredded", "cooked chicken", null],
  ["scant 1/2 teaspoon ground ginger", 0.5, "1/2", "tsp", null, "ground ginger", "scant"],
  ["4 cups penne or other short pasta", 4, "4", "cup", null, "penne", "or other short pasta"],
  ["1/2 cup Plain, non-fat Greek yogurt", 0.5, "1/2", "cup", null, "Plain non-fat Greek yogurt", null],
  ["1 cup milk of choice", 1, "1", "cup", null, "milk", "of choice"],
  ["500 ml 2 cups milk", 500, "500", "ml", null, "milk", "2 cups"],
  ["1 stick + 6 tablespoons unsalted butter", 1, "1", "piece", null, "unsalted butter", "stick; + 6 tablespoons"],
  ["400 ml coconut milk– preferably boxed", 400, "400", "ml", null, "coconut milk", "preferably boxed"],
  ["1 tsp xanthan gum- optional", 1, "1", "tsp", null, "xanthan gum", "optional"],
  ["1 tbsp cheese- feta", 1, "1", "tbsp", null, "cheese- feta", null],
  ["16 ounces large shrimp -raw, peeled", 16, "16", "oz", "peeled", "large shrimp", "raw"],
  ["Optional: powdered sugar to dust on top", null, null, null, null, "powdered sugar", "optional; to dust on top", [
    "no_quantity",
  ]],
  ["A few sprigs of spring onion\u2063", null, null, null, null, "spring onion", "few sprigs", ["no_quantity"]],
];

Deno.test("parseIngredientLine keeps sizes, added measures, holders and phrases after the name out of the name", () => {
  for (const [line, quantity, quantityText, unit, prepState, name, note, problems = []] of sizesAndPhrases) {
    const parsed = parseIngredientLine(line);
    assert.deepEqual(
      {
        quantity: parsed.quantity,
        quantity_text: parsed.quantity_text,
        unit: parsed.unit,
        prep_state: parsed.prep_state,
        name: parsed.name,
        note: parsed.note,
        problems: parsed.problems,
      },
      { quantity, quantity_text: quantityText, unit, prep_state: prepState, name, note, problems },
      line,
    );
  }
});

Deno.test("parseIngredientLine finds the name after prep words and a comma, or inside the parentheses", () => {
  const cases: [string, string, string | null][] = [
    ["1/2 cup sliced, toasted almonds", "almonds", null],
    ["2 cups chopped, cooked chicken", "cooked chicken", null],
    ["1 onion, chopped", "onion", null],
    ["200 gms (1 cup of white sugar)", "white sugar", null],
    ["Scant 2/3 cup (60g) (old-fashioned rolled oats)", "old-fashioned rolled oats", "scant; 60g"],
    // A remark in parentheses is no name: the line still has none.
    ["1 cup (optional)", "", "optional"],
    ["1 cup (softened)", "", "softened"],
  ];
  for (const [line, name, note] of cases) {
    const parsed = parseIngredientLine(line);
    assert.deepEqual({ name: parsed.name, note: parsed.note }, { name, note }, line);
  }
});

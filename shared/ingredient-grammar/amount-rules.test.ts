// The product rules for amounts that are no plain number of one of the 14 units, one table of cases each: a range
// shops for its upper bound and keeps the range in the note; a counting word counts in the catalog's count unit or
// pieces and stays in the note; an amount nobody buys by ("to taste", a pinch, "a few", "some") makes a line with no
// amount, its words in the note.
import assert from "node:assert/strict";
import { parseIngredientLine } from "./ingredient-line.ts";
import { saysNoAmount } from "../recipe-reading/recipe-draft.ts";

// [line, quantity, unit, name, note]
type Case = [string, number | null, string | null, string, string | null];

function check(cases: Case[], problems: (line: ReturnType<typeof parseIngredientLine>) => void = () => {}) {
  for (const [text, quantity, unit, name, note] of cases) {
    const line = parseIngredientLine(text);
    assert.deepEqual(
      { quantity: line.quantity, unit: line.unit, name: line.name, note: line.note },
      { quantity, unit, name, note },
      text,
    );
    problems(line);
  }
}

Deno.test("a range shops for its upper bound, the range as written leading the note, and is flagged", () => {
  check([
    ["2-3 tbsp olive oil", 3, "tbsp", "olive oil", "2-3 tbsp"],
    ["2–3 cloves garlic, minced", 3, "piece", "garlic", "2–3 cloves"],
    ["2 to 3 cloves garlic", 3, "piece", "garlic", "2 to 3 cloves"],
    ["1/2 to 1 tsp salt", 1, "tsp", "salt", "1/2 to 1 tsp"],
    ["2 or 3 tomatoes", 3, null, "tomatoes", "2 or 3"],
    ["4-6 chicken thighs", 6, null, "chicken thighs", "4-6"],
    ["3-4 slices bacon", 4, "piece", "bacon", "3-4 slices"],
  ], (line) => assert.ok(line.problems.includes("range"), line.original));
  // A range of a measure that is so many cups exactly: the upper bound in cups, the range in the note.
  check([["1-2 quarts water", 8, "cup", "water", "1-2 quarts"]]);
  // A range that does not rise is no amount read: the line asks.
  const falling = parseIngredientLine("3-2 cups flour");
  assert.equal(falling.quantity, null);
  assert.equal(falling.quantity_text, "3-2");
});

Deno.test("a counting word counts the thing, the word kept in the note; 'a' before it is one", () => {
  check([
    ["3 sprigs thyme", 3, "piece", "thyme", "sprigs"],
    ["2 slices bread", 2, "piece", "bread", "slices"],
    ["2 stalks celery", 2, "piece", "celery", "stalks"],
    ["1 clove garlic", 1, "piece", "garlic", "clove"],
    ["1 knob butter", 1, "piece", "butter", "knob"],
    ["1 bunch parsley", 1, "whole", "parsley", "bunch"],
    ["2 heads garlic", 2, "whole", "garlic", "heads"],
    ["1 ear corn", 1, "piece", "corn", "ear"],
    ["a knob of butter", 1, "piece", "butter", "knob"],
    ["a head of garlic", 1, "whole", "garlic", "head"],
    ["a clove of garlic", 1, "piece", "garlic", "clove"],
    ["2.5cm/1in piece fresh root ginger", 1, "piece", "fresh root ginger", "2.5 cm/1in piece"],
    ["a couple of eggs", 2, null, "eggs", null],
    ["an onion", 1, null, "onion", null],
    ["a large lemon", 1, null, "large lemon", null],
    ["1 large or 2 small pomegranates", 1, null, "pomegranates", "large, or 2 small"],
    ["~11 cloves garlic, minced", 11, "piece", "garlic", "~; cloves"],
    ["2 sm sprigs of rosemary", 2, "piece", "rosemary", "sm sprigs"],
    ["1 nub of ginger", 1, "piece", "ginger", "nub"],
    ["2 links sausage", 2, "piece", "sausage", "links"],
    ["1 slab of bacon", 1, "piece", "bacon", "slab"],
    ["1 tray of mushrooms", 1, "package", "mushrooms", "tray"],
    ["1 jug of milk", 1, "package", "milk", "jug"],
    ["1 sack of potatoes", 1, "package", "potatoes", "sack"],
    ["1 pot of ricotta cheese", 1, "package", "ricotta cheese", "pot"],
  ]);
});

Deno.test("an amount nobody buys by makes a line with no amount, its words in the note, complete as it is", () => {
  check([
    ["salt to taste", null, null, "salt", "to taste"],
    ["a pinch of salt", null, null, "salt", "pinch"],
    ["1-2 pinches salt", null, null, "salt", "1-2 pinches"],
    ["pinch of nutmeg", null, null, "nutmeg", "pinch"],
    ["dash of hot sauce", null, null, "hot sauce", "dash"],
    ["2 dashes bitters", null, null, "bitters", "2 dashes"],
    ["1 handful spinach", null, null, "spinach", "1 handful"],
    ["1 to 2 handfuls spinach", null, null, "spinach", "1 to 2 handfuls"],
    ["a splash of milk", null, null, "milk", "splash"],
    ["a dollop of yogurt", null, null, "yogurt", "dollop"],
    ["a good sprinkling of ground turmeric", null, null, "ground turmeric", "a good sprinkling"],
    ["a healthy pinch of salt", null, null, "salt", "a healthy pinch"],
    ["1 pat of butter", null, null, "butter", "1 pat"],
    ["a large glass of red wine", null, null, "red wine", "a large glass"],
    ["2 glasses of white wine", null, null, "white wine", "2 glasses"],
    ["grating of mace", null, null, "mace", "grating"],
    ["a few sprigs thyme", null, null, "thyme", "few sprigs"],
    ["several sprigs of mint", null, null, "mint", "several sprigs"],
    ["few drops vanilla extract", null, null, "vanilla extract", "few drops"],
    ["a few basil leaves", null, null, "basil leaves", "a few"],
    ["some parsley", null, null, "parsley", "some"],
    ["a little milk", null, null, "milk", "a little"],
    ["a touch of cinnamon", null, null, "cinnamon", "a touch of"],
    ["lots of black pepper", null, null, "black pepper", "lots of"],
    ["a large handful of spinach", null, null, "spinach", "a large handful"],
    ["olive oil (optional)", null, null, "olive oil", "optional"],
    ["1 recipe peanut sauce", null, null, "peanut sauce", "1 recipe"],
    ["½ batch puff pastry", null, null, "puff pastry", "1/2 batch"],
  ], (line) => assert.ok(saysNoAmount(line), line.original));
  // A bare name says nothing of its amount: it stays a line to look at.
  assert.equal(saysNoAmount(parseIngredientLine("flour")), false);
});

Deno.test("a measure said twice, or the size of each one, goes to the note; the amount or the count stays", () => {
  check([
    ["4 x 200g/7oz salmon fillets", 4, null, "salmon fillets", "200g/7oz"],
    ["1 x 1.5kg/3lb 5oz chicken", 1, null, "chicken", "1.5kg/3lb 5oz"],
    ["a squeeze of lime", null, null, "lime", "squeeze"],
    ["1 x 300g/10½oz smoked haddock fillet", 1, null, "smoked haddock fillet", "300g/10 1/2oz"],
    ["800g/1lb 12¼oz pears, cut into wedges", 800, "g", "pears", "1lb 12 1/4oz; cut into wedges"],
    ["600ml/1 pint 1fl oz double cream", 600, "ml", "double cream", "1 pint 1fl oz"],
    ["4 portions of salmon fillet", 4, "piece", "salmon fillet", "portions"],
    ["1 orange, peeled and cut into wedges", 1, null, "orange", "cut into wedges"],
    ["2 tsp ground ginger 10 mL", 2, "tsp", "ground ginger", "10 mL"],
    ["2 x 150-200g/5½-7oz halibut steaks", 2, null, "halibut steaks", "150-200g/5 1/2-7oz"],
    ["7g/¼oz sachet of fast-action dried yeast", 1, "package", "fast-action dried yeast", "1/4oz; 7 g"],
    ["8 scallops in the shell", 8, null, "scallops", "in the shell"],
    ["2 x 400g/14oz cans apricots in natural juice", 2, "can", "apricots", "400g/14oz; in natural juice"],
    ["1in/2.5cm piece fresh root ginger", 1, "piece", "fresh root ginger", "1 in/2.5cm piece"],
    // Ranges said twice, the old measure in pounds and ounces at both ends.
    ["2-2.2kg/4lb 8oz-5lb boneless turkey breast", 2.2, "kg", "boneless turkey breast", "2-2.2 kg; 4lb 8oz-5lb"],
    ["1 x 1.5-2kg/3lb 5oz-4lb 6oz free-range chicken", 1, null, "free-range chicken", "1.5-2kg/3lb 5oz-4lb 6oz"],
  ]);
});

Deno.test("a dozen is twelve of the thing, a range of dozens its upper bound; 'or more' and 'or so' go to the note", () => {
  check([
    ["1 dozen eggs", 12, null, "eggs", "1 dozen"],
    ["2 dozen small red potatoes", 24, null, "small red potatoes", "2 dozen"],
    ["1/2 dozen large eggs", 6, null, "large eggs", "1/2 dozen"],
    ["3 dozen of clams, scrubbed", 36, null, "clams", "3 dozen; scrubbed"],
    ["2 or more tablespoons soy sauce", 2, "tbsp", "soy sauce", "or more"],
    ["3 or so cloves garlic", 3, "piece", "garlic", "or so; cloves"],
  ], (line) => assert.deepEqual(line.problems.filter((problem) => problem !== "no_unit"), [], line.original));
  // A range of dozens: the upper bound counted, the range in the note.
  check([["2 to 3 dozen small potatoes", 36, null, "small potatoes", "24-36; 2 to 3 dozen"]], (line) => {
    assert.equal(line.quantity_text, "24-36");
    assert.ok(line.problems.includes("range"));
  });
  // "dozen" that is not said after an amount is no multiplier: "or" before a second amount stays a range.
  check([["2 or 3 eggs", 3, null, "eggs", "2 or 3"]]);
});

import assert from "node:assert/strict";
import fc from "fast-check";
import { units } from "./tools-client.generated.ts";
import {
  type Amount,
  formatAmount,
  formatFor,
  formatPurchase,
  formatServes,
  pluralName,
  singularName,
} from "./amounts.ts";

// Every unit × {1, 2, a fraction, a large amount}: the words a person would say.
const everyUnit: Record<(typeof units)[number], [string, [number, string][]]> = {
  cup: ["flour", [[1, "1 cup flour"], [2, "2 cups flour"], [1.25, "1¼ cups flour"], [12, "12 cups flour"]]],
  tbsp: ["olive oil", [[1, "1 tbsp olive oil"], [2, "2 tbsp olive oil"], [0.5, "½ tbsp olive oil"], [
    20,
    "20 tbsp olive oil",
  ]]],
  tsp: ["salt", [[1, "1 tsp salt"], [2, "2 tsp salt"], [0.333, "⅓ tsp salt"], [1.5, "1½ tsp salt"]]],
  ml: ["milk", [[1, "1 ml milk"], [2, "2 ml milk"], [0.5, "0.5 ml milk"], [1500, "1.5 l milk"]]],
  l: ["water", [[1, "1 l water"], [2, "2 l water"], [0.75, "0.75 l water"], [2000, "2000 l water"]]],
  "fl oz": ["cream", [[1, "1 fl oz cream"], [2, "2 fl oz cream"], [0.5, "0.5 fl oz cream"], [
    1000,
    "1000 fl oz cream",
  ]]],
  lb: ["beef", [[1, "1 lb beef"], [2, "2 lb beef"], [0.5, "0.5 lb beef"], [1000, "1000 lb beef"]]],
  oz: ["cheddar", [[1, "1 oz cheddar"], [2, "2 oz cheddar"], [0.25, "0.25 oz cheddar"], [32, "32 oz cheddar"]]],
  g: ["butter", [[1, "1 g butter"], [2, "2 g butter"], [0.5, "0.5 g butter"], [1250, "1.25 kg butter"]]],
  kg: ["potato", [[1, "1 kg potato"], [2, "2 kg potato"], [0.5, "0.5 kg potato"], [1250, "1250 kg potato"]]],
  whole: ["onion", [[1, "1 onion"], [2, "2 onions"], [0.5, "½ onion"], [2.5, "2½ onions"]]],
  piece: ["garlic", [[1, "1 clove garlic"], [2, "2 cloves garlic"], [0.5, "½ clove garlic"], [
    12,
    "12 cloves garlic",
  ]]],
  can: ["canned tomatoes", [[1, "1 can tomatoes"], [2, "2 cans tomatoes"], [0.5, "½ can tomatoes"], [
    2.5,
    "2½ cans tomatoes",
  ]]],
  package: ["tortillas", [[1, "1 package tortillas"], [2, "2 packages tortillas"], [0.25, "¼ package tortillas"], [
    10,
    "10 packages tortillas",
  ]]],
};

Deno.test("every unit reads as people say it at 1, 2, a fraction and a large amount", () => {
  for (const unit of units) {
    const [name, cases] = everyUnit[unit];
    for (const [quantity, expected] of cases) {
      assert.equal(formatAmount({ quantity, unit, name }), expected, `${quantity} ${unit} ${name}`);
    }
  }
});

// The rules one by one.
const cases: [Amount, string][] = [
  // whole: the name is the unit, plural above 1
  [{ quantity: 3, unit: "whole", name: "onion" }, "3 onions"],
  [{ quantity: 2, unit: "whole", name: "carrot" }, "2 carrots"],
  [{ quantity: 0.5, unit: "whole", name: "lemon" }, "½ lemon"],
  [{ quantity: 2, unit: "whole", name: "tomato" }, "2 tomatoes"],
  [{ quantity: 4, unit: "whole", name: "potato" }, "4 potatoes"],
  [{ quantity: 2, unit: "whole", name: "loaf" }, "2 loaves"],
  [{ quantity: 3, unit: "whole", name: "blackberry" }, "3 blackberries"],
  [{ quantity: 2, unit: "whole", name: "red onion" }, "2 red onions"],
  [{ quantity: 2, unit: "whole", name: "head of lettuce" }, "2 heads of lettuce"],
  [{ quantity: 2, unit: "whole", name: "peach" }, "2 peaches"],
  [{ quantity: 6, unit: "whole", name: "eggs" }, "6 eggs"],
  [{ quantity: 1, unit: "whole", name: "eggs" }, "1 egg"],
  [{ quantity: 1, unit: "whole", name: "garlic" }, "1 head garlic"],
  [{ quantity: 2, unit: "whole", name: "garlic" }, "2 heads garlic"],
  [{ quantity: 2, unit: "whole", name: "key" }, "2 keys"],
  [{ quantity: 2.4, unit: "whole", name: "lime" }, "2.4 limes"],
  // piece: the counting word, a plural name counted directly, else "pieces"
  [{ quantity: 2, unit: "piece", name: "ginger" }, "2 pieces ginger"],
  [{ quantity: 1, unit: "piece", name: "ginger" }, "1 piece ginger"],
  [{ quantity: 3, unit: "piece", name: "celery" }, "3 stalks celery"],
  [{ quantity: 4, unit: "piece", name: "bagels" }, "4 bagels"],
  [{ quantity: 1, unit: "piece", name: "bagels" }, "1 bagel"],
  [{ quantity: 1, unit: "piece", name: "bay leaves" }, "1 bay leaf"],
  [{ quantity: 1, unit: "piece", name: "anchovies" }, "1 anchovy"],
  [{ quantity: 2, unit: "piece", name: "hummus" }, "2 pieces hummus"],
  // can and package: a word of the name that repeats the container goes
  [{ quantity: 1, unit: "can", name: "chopped tomatoes" }, "1 can chopped tomatoes"],
  [{ quantity: 2, unit: "can", name: "tinned sardines" }, "2 cans sardines"],
  [{ quantity: 1, unit: "package", name: "packaged noodles" }, "1 package noodles"],
  [{ quantity: 1, unit: "can", name: "canned" }, "1 can canned"],
  // measures leave the name alone; uncountables never take an s
  [{ quantity: 2, unit: "cup", name: "rice" }, "2 cups rice"],
  [{ quantity: 0.5, unit: "cup", name: "milk" }, "½ cup milk"],
  [{ quantity: 1.75, unit: "cup", name: "sugar" }, "1¾ cups sugar"],
  [{ quantity: 0.667, unit: "cup", name: "water" }, "⅔ cup water"],
  [{ quantity: 0.125, unit: "tsp", name: "cayenne" }, "⅛ tsp cayenne"],
  [{ quantity: 0.3, unit: "cup", name: "oats" }, "0.3 cup oats"],
  [{ quantity: 0.33, unit: "cup", name: "oats" }, "0.33 cup oats"],
  // metric scales up only to two decimals, never across systems
  [{ quantity: 1000, unit: "g", name: "flour" }, "1 kg flour"],
  [{ quantity: 1234, unit: "g", name: "flour" }, "1234 g flour"],
  [{ quantity: 999, unit: "ml", name: "stock" }, "999 ml stock"],
  [{ quantity: 2250, unit: "ml", name: "stock" }, "2.25 l stock"],
  [{ quantity: 1.5, unit: "kg", name: "lamb" }, "1.5 kg lamb"],
  [{ quantity: 16, unit: "oz", name: "pasta" }, "16 oz pasta"],
  // float noise from arithmetic is rounded to the API's 3 decimals
  [{ quantity: 0.1 + 0.2, unit: "l", name: "milk" }, "0.3 l milk"],
  [{ quantity: 0.1 + 0.2, unit: "cup", name: "milk" }, "0.3 cup milk"],
  [{ quantity: 1 / 3, unit: "cup", name: "milk" }, "⅓ cup milk"],
  [{ quantity: 2.675, unit: "kg", name: "flour" }, "2.675 kg flour"],
];

Deno.test("the rules, case by case", () => {
  for (const [amount, expected] of cases) {
    assert.equal(formatAmount(amount), expected, JSON.stringify(amount));
  }
});

Deno.test("plural and singular names", () => {
  assert.equal(pluralName("berry"), "berries");
  assert.equal(pluralName("leaf"), "leaves");
  assert.equal(pluralName("flour"), "flour");
  assert.equal(pluralName("rice"), "rice");
  assert.equal(pluralName("milk"), "milk");
  assert.equal(pluralName("box"), "boxes");
  assert.equal(pluralName("tomatoes"), "tomatoes");
  assert.equal(singularName("tomatoes"), "tomato");
  assert.equal(singularName("leaves"), "leaf");
  assert.equal(singularName("onion"), "onion");
  assert.equal(singularName("asparagus"), "asparagus");
});

Deno.test("what to buy reads like the amount, in the catalog's own words where it has them", () => {
  assert.equal(formatPurchase({ quantity: 3, unit: "whole", wording: "3 whole" }, "onion"), "buy 3 onions");
  assert.equal(formatPurchase({ quantity: 1, unit: "whole", wording: "1 whole" }, "onion"), "buy 1 onion");
  assert.equal(
    formatPurchase({ quantity: 3, unit: "can", wording: "3 cans" }, "canned tomatoes"),
    "buy 3 cans tomatoes",
  );
  assert.equal(
    formatPurchase({ quantity: 1, unit: "package", wording: "1 package" }, "tortillas"),
    "buy 1 package tortillas",
  );
  assert.equal(formatPurchase({ quantity: 1, unit: "whole", wording: "1 head" }, "garlic"), "buy 1 head garlic");
  assert.equal(
    formatPurchase({ quantity: 2, unit: "package", wording: "2 packs of 250 g" }, "butter"),
    "buy 2 packs of 250 g butter",
  );
  assert.equal(formatPurchase({ quantity: 2, unit: "piece", wording: "2 tea bags" }, "tea"), "buy 2 tea bags");
});

Deno.test("servings", () => {
  assert.equal(formatServes(4), "Serves 4");
  assert.equal(formatServes(null), "");
  assert.equal(formatFor(6), "for 6");
});

const nameArbitrary = fc.oneof(
  fc.constantFrom("onion", "garlic", "canned tomatoes", "flour", "bagels", "bay leaves", "a", "x y", "rice", ""),
  fc.string({ maxLength: 12 }),
);

Deno.test("no output says whole, NaN or undefined, or carries a float tail", () => {
  fc.assert(
    fc.property(
      fc.double({ min: 0.001, max: 1_000_000, noNaN: true }),
      fc.constantFrom(...units),
      nameArbitrary,
      (quantity, unit, name) => {
        const text = formatAmount({ quantity, unit, name });
        const words = name.includes("whole") ? text.replace(name, "") : text;
        assert.ok(!/\bwhole\b/.test(words), text);
        assert.ok(!/NaN|undefined|Infinity|null/.test(text.replace(name, "")), text);
        assert.ok(!/\d\.\d{4,}/.test(text), text);
        assert.ok(!/e[+-]\d/.test(text.replace(name, "")), text);
      },
    ),
    { numRuns: 2000 },
  );
});

Deno.test("quantities the API holds (3 decimals) never read with more than 3 decimals", () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 1_000_000_000 }), fc.constantFrom(...units), (thousandths, unit) => {
      const text = formatAmount({ quantity: thousandths / 1000, unit, name: "thing" });
      assert.ok(/^\d+(?:\.\d{1,3})?[½⅓⅔¼¾⅛]? |^[½⅓⅔¼¾⅛] /.test(text), text);
    }),
    { numRuns: 2000 },
  );
});

// Shapes of a line any recipe site writes, each a table of cases: describing words before a comma, sizes said as a
// range with a suspended hyphen, the amount said in several measures or with more of it that does not add up,
// alternatives joined by "and/or", and a unit letter that starts a word ("T-bone").
import assert from "node:assert/strict";
import { parseIngredientLine } from "./ingredient-line.ts";
import { nameCandidates } from "./ingredient-name.ts";

// [line, quantity, unit, name, note]
type Case = [string, number | null, string | null, string, string | null];

function check(cases: Case[]) {
  for (const [text, quantity, unit, name, note] of cases) {
    const line = parseIngredientLine(text);
    assert.deepEqual(
      { quantity: line.quantity, unit: line.unit, name: line.name, note: line.note },
      { quantity, unit, name, note },
      text,
    );
  }
}

Deno.test("a comma after describing words only does not end the name", () => {
  check([
    ["3 cups cooked, mashed pumpkin", 3, "cup", "cooked mashed pumpkin", null],
    ["¼ cup roasted, salted pepitas", 0.25, "cup", "roasted salted pepitas", null],
    ["5 cups unbleached, all-purpose flour", 5, "cup", "unbleached all-purpose flour", null],
    ["400g/14oz flaked, deboned hot-smoked salmon", 400, "g", "flaked deboned hot-smoked salmon", "14oz"],
    ["¼ cup finely diced red, yellow, or orange bell pepper", 0.25, "cup", "red yellow or orange bell pepper", null],
    ["2 tbsp roughly chopped, fresh flatleaf parsley", 2, "tbsp", "fresh flatleaf parsley", null],
    ["1 medium size, ripe tomato, peeled", 1, null, "medium size ripe tomato", null],
    // A size among them.
    ["3 long, red chillies", 3, null, "long red chillies", null],
    ["2 fat, floury potatoes", 2, null, "fat floury potatoes", null],
    // Nothing before the comma: the name follows it.
    ["3 tablespoons, minced fresh cilantro", 3, "tbsp", "fresh cilantro", null],
  ]);
  // A name before the comma still ends there, even one ending in "ed" ("seed") or the fruit named by a colour.
  check([
    ["1 cup chicken, cooked and shredded", 1, "cup", "chicken", "cooked"],
    ["1 lb seed, roasted", 1, "lb", "seed", "roasted"],
    ["1 orange, peeled", 1, null, "orange", null],
  ]);
});

Deno.test("a size said as a range with a suspended hyphen, or after an 'x' touching it, goes to the note", () => {
  check([
    ["1 15- to 16-ounce box white cake mix", 1, "package", "white cake mix", "15- to 16-ounce; box"],
    ["1 3- to 4-lb rabbit, cut into 6-8 pieces", 1, null, "rabbit", "3- to 4-lb; cut into 6-8 pieces"],
    ["Eight 6- or 7-inch dessert crêpes", 8, null, "dessert crêpes", "6- or 7-inch"],
    ["2 x 250-300g/9-10½oz sea bass fillets", 2, null, "sea bass fillets", "250-300g/9-10 1/2oz"],
    ["1x110g/4oz thin salmon fillet", 1, null, "thin salmon fillet", "110g/4oz"],
  ]);
});

Deno.test("the amount said in several measures, or with more that does not add up, keeps its first measure", () => {
  check([
    ["¾ cup/5.3 ounces/150 grams sugar", 0.75, "cup", "sugar", "5.3 ounces; 150 grams"],
    ["30g/1oz/1/4 cup flour", 30, "g", "flour", "1oz; 1/4 cup"],
    ["1/3 cup plus about 4 tablespoons olive oil", 0.333, "cup", "olive oil", "plus about 4 tablespoons"],
    ["2 teaspoons plus 1 large pinch black pepper", 2, "tsp", "black pepper", "plus 1 large pinch"],
    ["6 tablespoons or more extra virgin olive oil", 6, "tbsp", "extra virgin olive oil", "or more"],
  ]);
  // Two measures that add up exactly are still summed.
  check([["1 cup + 2 tablespoons milk", 18, "tbsp", "milk", null]]);
});

Deno.test("a unit letter joined to a word by a hyphen is no unit", () => {
  check([
    ["4 T-bone steaks", 4, null, "T-bone steaks", null],
    ["1 T butter", 1, "tbsp", "butter", null],
  ]);
});

// [name as read, a candidate it must reach]
const alternatives: [string, string][] = [
  // "and/or" names alternatives as "or" does.
  ["dried adzuki and/or kidney beans", "adzuki beans"],
  ["walnut halves and/or pieces", "walnut"],
  // A word after describing words shares the last alternative's head noun.
  ["strong dark chicken or veal stock", "chicken stock"],
  ["reduced-sodium chicken or vegetable stock", "chicken stock"],
];

for (const [name, expected] of alternatives) {
  Deno.test(`nameCandidates reads "${name}" as "${expected}"`, () => {
    const names = nameCandidates(name).map((candidate) => candidate.name.toLowerCase());
    assert.ok(names.includes(expected), `${name}: ${JSON.stringify(names)}`);
  });
}

Deno.test("the first alternative is tried as it is before the head noun is shared, and never when it ends in it", () => {
  const jalapeno = nameCandidates("large jalapeño or serrano chilies").map((candidate) => candidate.name);
  assert.ok(jalapeno.indexOf("jalapeño") >= 0, JSON.stringify(jalapeno));
  const ginger = nameCandidates("fresh ginger or ginger paste").map((candidate) => candidate.name);
  assert.ok(!ginger.includes("fresh ginger paste") && !ginger.includes("ginger paste ginger"), JSON.stringify(ginger));
  assert.ok(ginger.indexOf("ginger") < ginger.indexOf("ginger paste"), JSON.stringify(ginger));
});

Deno.test("seeds and leaves of a thing are the thing; a size abbreviated; what it is packed in; a share of milk", () => {
  check([
    ["seeds from 5 cardamom pods, crushed", 5, null, "cardamom pods", "seeds; crushed"],
    ["Seeds scraped from ½ vanilla bean", 0.5, null, "vanilla bean", "seeds scraped"],
    // "a few sprigs" stay no amount to buy by.
    ["leaves from a few sprigs of dill", null, null, "dill", "leaves; few sprigs"],
    ["6 sm or 4 medium radishes", 6, null, "radishes", "sm, or 4 medium"],
    ["One 28-ounce can plum tomatoes in puree", 1, "can", "plum tomatoes", "28-ounce; in puree"],
    ["12 white anchovies in vinegar", 12, null, "white anchovies", "in vinegar"],
    ["1/2 cup whole or 2% milk", 0.5, "cup", "whole or 2% milk", null],
  ]);
  // Another amount of something else is still a remark.
  check([["2 cups water or 1 cup stock", 2, "cup", "water", "or 1 cup stock"]]);
});

Deno.test("a chilli named by its kind after describing words is the kind", () => {
  for (const [name, kind] of [["large jalapeno chile", "jalapeno"], ["small habanero chile", "habanero"]]) {
    const found = nameCandidates(name).find((candidate) => candidate.name === kind);
    assert.ok(found, `${name}: ${JSON.stringify(nameCandidates(name).map((candidate) => candidate.name))}`);
    assert.equal(found.dropped[0], name.split(" ")[0]);
  }
  // A word of taste is still no kind.
  assert.ok(!nameCandidates("large sweet chilli").some((candidate) => candidate.name === "sweet"));
});

Deno.test("a word that is no ingredient, then 'or other' things, names a kind of those things", () => {
  check([
    ["Kosher or other salt", null, null, "Kosher salt", "or other salt"],
    [
      "½ cup grapeseed or other mild-flavored vegetable oil",
      0.5,
      "cup",
      "grapeseed oil",
      "or other mild-flavored vegetable oil",
    ],
    ["Grapeseed or other oil for frying", null, null, "Grapeseed oil", "for frying; or other oil"],
  ]);
  // A word that is an ingredient of its own stays as it is.
  check([
    ["4 oz Gruyère or other melting cheese", 4, "oz", "Gruyère", "or other melting cheese"],
    ["1 cup quinoa or other grain of your choice", 1, "cup", "quinoa", "or other grain of your choice"],
  ]);
});

Deno.test("the rind and juice of a fruit, a second measure's bare number, 'plus a pinch', an en dash in a word", () => {
  check([
    ["grated rind and juice of 1 lemon", 1, null, "lemon", "grated rind and juice"],
    ["Freshly grated zest of 1 orange", 1, null, "orange", "freshly grated zest"],
    ["Freshly squeezed juice of 1/2 lemon", 0.5, null, "lemon", "freshly squeezed juice"],
    ["Juice and finely grated zest of ½ lemon", 0.5, null, "lemon", "juice and finely grated zest"],
    ["50g/1¾ cornflour", 50, "g", "cornflour", "1 3/4"],
    ["2 to 2½ lb/1 to 1.25 kg russet potatoes", 2.5, "lb", "russet potatoes", "2 to 2 1/2 lb; 1 to 1.25 kg"],
    ["¼ teaspoon smoked paprika plus a pinch for garnish", 0.25, "tsp", "smoked paprika", "plus a pinch for garnish"],
    ["2 medium–sized green tomatoes", 2, null, "medium-sized green tomatoes", null],
    ["¼ cup chopped, pitted Niçoise or other black olives", 0.25, "cup", "Niçoise olives", "or other black olives"],
  ]);
  // A dash between words with spaces is still a remark.
  check([["coconut milk – preferably boxed", null, null, "coconut milk", "preferably boxed"]]);
});

Deno.test("'whole' before a grain is no unit; 'couple of' is two; a fraction with a stray space", () => {
  check([
    ["2 whole wheat tortillas", 2, null, "whole wheat tortillas", null],
    ["1 whole grain bun", 1, null, "whole grain bun", null],
    ["1 whole chicken", 1, "whole", "chicken", null],
    ["couple of drops of maple extract", null, null, "maple extract", "2 drops"],
    ["1 /2 banana", 0.5, null, "banana", null],
  ]);
});

Deno.test("a one-word first alternative is tried alone after it shares a chilli, and a head that makes kinds", () => {
  const names = (name: string) => nameCandidates(name).map((candidate) => candidate.name);
  const chilies = names("jalapeño or serrano chilies");
  assert.ok(chilies.indexOf("jalapeño chilies") < chilies.indexOf("jalapeño"), JSON.stringify(chilies));
  assert.ok(chilies.indexOf("jalapeño") < chilies.indexOf("serrano chilies"), JSON.stringify(chilies));
  // Elsewhere the word before a head may name a thing of its own: no grape for grape tomatoes.
  assert.ok(!names("grape or baby cherry tomatoes").includes("grape"));
  // "rice or all purpose flour" is rice flour; "pretzel or coarse salt" is pretzel salt, never pretzels.
  assert.ok(names("rice or all purpose flour").includes("rice flour"));
  assert.ok(!names("rice or all purpose flour").includes("rice"));
  assert.ok(!names("pretzel or coarse salt").includes("pretzel"));
  // "green or yellow split peas" are split peas, never green peas.
  assert.ok(!names("green or yellow split peas").includes("green peas"));
});

Deno.test("a fraction whose slash the encoding lost, word numbers in a range, kernels and peel of a thing", () => {
  check([
    ["1?2 cup grape jelly", 0.5, "cup", "grape jelly", null],
    ["Four to six slices French bread", 6, "piece", "French bread", "4 to 6 slices"],
    ["Kernels cut from 2 ears of corn", 2, "piece", "corn", "kernels cut; ears"],
    ["Peel of one lemon", 1, null, "lemon", "peel"],
    ["1 c grated, not shredded, parmesan cheese", 1, "cup", "not shredded parmesan cheese", null],
    ["1 tsp grated orange zest plus juice of 1 orange", 1, "tsp", "orange zest", "plus juice of 1 orange"],
    ["Two 4–pound chickens", 2, null, "chickens", "4–pound"],
    ["Four 1-inch-thick slices brioche", 4, null, "slices brioche", "1-inch-thick"],
  ]);
});

Deno.test("a list of kinds after commas, the last after 'or', names alternatives of one thing", () => {
  check([
    [
      "2 c low-sodium vegetable, chicken, or beef broth",
      2,
      "cup",
      "low-sodium vegetable or chicken or beef broth",
      null,
    ],
    // (A kind that is an ingredient of its own keeps its name: "cannellini".)
    ["1 can navy, cannellini, or other white beans", 1, "can", "navy or cannellini", "or other white beans"],
  ]);
  const names = nameCandidates("low-sodium vegetable or chicken or beef broth").map((candidate) => candidate.name);
  assert.ok(names.includes("vegetable broth"), JSON.stringify(names));
  // How it is prepared, another amount or a describing word after the commas is no list of kinds.
  check([
    ["1 clove garlic, minced or pressed", 1, "piece", "garlic", "clove; pressed"],
    ["1 head cauliflower, broken or cut into florets", 1, "whole", "cauliflower", "head; cut into florets; broken"],
    ["15 garlic cloves, peeled, or 3 shallots", 15, null, "garlic cloves", "or 3 shallots"],
  ]);
  const chicken = parseIngredientLine("1 pound boneless, skinless chicken or turkey breasts");
  assert.equal(chicken.name, "boneless skinless chicken or turkey breasts");
});

Deno.test("a fraction sign keeps the space before it; a unit after a vague amount; the name before its amount", () => {
  check([
    ["Honey ½ cup (169 grams)", 0.5, "cup", "Honey", "169 grams"],
    ["Salt 1 teaspoon (4 grams)", 1, "tsp", "Salt", "4 grams"],
    ["2 tomatoes, cut in ¼-inch slices", 2, null, "tomatoes", "cut in 1/4-inch slices"],
    ["a few ounces of Parmesan, grated", null, null, "Parmesan", "a few ounces"],
  ]);
  const pepper = nameCandidates("serrano chili peppers").map((candidate) => candidate.name);
  assert.ok(pepper.includes("serrano peppers"), JSON.stringify(pepper));
});

Deno.test("the rest of an herb said with its leaves, and how much each eater has, are remarks", () => {
  check([
    ["1 cup cilantro leaves and tender stems, chopped", 1, "cup", "cilantro leaves", "and tender stems, chopped"],
    ["1-2 eggs per person", 2, null, "eggs", "1-2; per person"],
  ]);
  // "pork fat" said the other way round is no fat pork.
  assert.ok(!nameCandidates("pork fat").some((candidate) => candidate.name === "pork"));
});

Deno.test("a plural said both ways, 'item(s)' and a capital i typed for the l of 'lb'", () => {
  check([
    ["2 cup(s) flour", 2, "cup", "flour", null],
    ["3 clove(s) garlic", 3, "piece", "garlic", "cloves"],
    ["1 item(s), large Egg", 1, null, "large Egg", null],
    ["2 Ib ground beef", 2, "lb", "ground beef", null],
  ]);
  // A lower-case "ib" stays a word of the name.
  assert.equal(parseIngredientLine("2 ib beef").unit, null);
});

Deno.test("two amounts of one thing in two sizes or kinds: the first amount of it, the sizes in the note", () => {
  check([
    ["1 large or 2 medium-size onions, chopped", 1, null, "onions", "large, or 2 medium-size"],
    ["1 fat or 2 smaller garlic cloves, finely grated or minced", 1, null, "garlic cloves", "fat, or 2 smaller"],
    ["1 small or ½ medium-large red onion", 1, null, "red onion", "small, or 1/2 medium-large"],
    ["1 large or 2, small red onions, thinly sliced", 1, null, "red onions", "large, or 2 small"],
    ["40 large or 30 jumbo shrimp, peeled and deveined", 40, null, "shrimp", "large, or 30 jumbo"],
    // Said with its kind, the thing is the first kind of it: green cardamom, not black.
    ["6 green or 3 black cardamom pods", 6, null, "green cardamom pods", "or 3 black"],
    ["3 fresh or 6 dried kaffir lime leaves", 3, null, "fresh kaffir lime leaves", "or 6 dried"],
    ["½ ounce dried or 12 fresh morel mushrooms", 0.5, "oz", "dried morel mushrooms", "or 12 fresh"],
  ]);
  // Sizes, then a counting word: the first count of it ("2 thick slices", or "5 thin" ones).
  check([
    ["2 thick or 5 thin slices ham", 2, "piece", "ham", "thick, or 5 thin; slices"],
    ["½ long or 1 short stick cinnamon", 0.5, "piece", "cinnamon", "long, or 1 short; stick"],
    ["2 very large or 3 small eggs", 2, null, "eggs", "very large, or 3 small"],
  ]);
  // Another thing after "or" is another amount, as before.
  check([["1 scallion or 1 shallot", 1, null, "scallion", "or 1 shallot"]]);
});

Deno.test("a hedge after a counting word ('a pinch or two of', 'a rib or two of') is the note's, not the name's", () => {
  check([
    ["a pinch or two of kosher salt", null, null, "kosher salt", "pinch or two"],
    ["a dollop or so of smooth mustard", null, null, "smooth mustard", "dollop or so"],
    ["A rib or two of celery", 1, "piece", "celery", "rib or two"],
    ["5 dashes or more of aromatic bitters", null, null, "aromatic bitters", "5 dashes or more"],
  ]);
});

Deno.test("spoonfuls, the dessertspoon and short forms older and British recipes use", () => {
  check([
    ["2 tablespoonfuls sugar", 2, "tbsp", "sugar", null],
    ["1 heaped teaspoonful baking powder", 1, "tsp", "baking powder", "heaped"],
    ["2 Tblsps butter", 2, "tbsp", "butter", null],
    ["1 ltr milk", 1, "l", "milk", null],
    ["1 pkt yeast", 1, "package", "yeast", null],
    // A dessertspoon is 10 ml, two teaspoons exactly; the measure as written stays in the note.
    ["1 dessertspoon sugar", 2, "tsp", "sugar", "1 dessertspoon"],
    ["2 dsp honey", 4, "tsp", "honey", "2 dsp"],
    ["1 heaped dessertspoonful cocoa", 2, "tsp", "cocoa", "heaped; 1 dessertspoonful"],
  ]);
  // "lt" stays a word: "1 lt brown sugar" is light.
  assert.equal(parseIngredientLine("1 lt brown sugar").unit, null);
});

Deno.test("a long unit word with one typo is that unit; a short one is not guessed", () => {
  check([
    ["2 tablespoos chili powder", 2, "tbsp", "chili powder", null],
    ["2 teasoons vanilla extract", 2, "tsp", "vanilla extract", null],
    ["3 tablspoons olive oil", 3, "tbsp", "olive oil", null],
    ["1 teaspon salt", 1, "tsp", "salt", null],
    ["1 teaspooon salt", 1, "tsp", "salt", null],
    ["2 tabelspoons flour", 2, "tbsp", "flour", null],
    ["2 kilogramms potatoes", 2, "kg", "potatoes", null],
  ]);
  // Two typos, a short unit one letter off ("cubs", "ounes"), or "packaged" (a package is one letter away) stay words
  // of the name.
  for (const line of ["2 tablspons flour", "2 cubs sugar", "3 ounes cheese", "4 packaged meringue nests"]) {
    assert.equal(parseIngredientLine(line).unit, null, line);
  }
});

Deno.test("a unit said twice, short and long, is said once", () => {
  check([
    ["1 ¼ tsp teaspoons baking powder", 1.25, "tsp", "baking powder", null],
    ["¼ c cup heavy cream, plus more for topping", 0.25, "cup", "heavy cream", "plus more for topping"],
    ["1 ½ tbsp tablespoons Pure Magic dry rub", 1.5, "tbsp", "Pure Magic dry rub", null],
    ["2 lb pounds fava beans", 2, "lb", "fava beans", null],
  ]);
  // "whole" may start the name: it is not taken for the unit said again.
  assert.equal(parseIngredientLine("1 whole whole chicken").name, "whole chicken");
});

Deno.test("'up to', 'at least', 'additional' and how it is packed, before the amount, are the note's", () => {
  check([
    ["Up to 6 cups bread flour", 6, "cup", "bread flour", "up to"],
    ["at least 4 tbsp olive oil", 4, "tbsp", "olive oil", "at least"],
    [
      "Additional 1 tablespoon granulated sugar, for sprinkling",
      1,
      "tbsp",
      "granulated sugar",
      "additional; for sprinkling",
    ],
    [
      "Slightly rounded 1/8 teaspoon crushed saffron threads",
      0.125,
      "tsp",
      "crushed saffron threads",
      "slightly rounded",
    ],
    ["Lightly packed ½ cup ground almonds", 0.5, "cup", "ground almonds", "lightly packed"],
  ]);
});

Deno.test("a size range typed with en dashes, and blades of mace", () => {
  check([
    ["2 x 150–200g/5½–7oz sea bass fillets", 2, null, "sea bass fillets", "150–200g/5 1/2–7oz"],
    ["1 blade of mace", 1, "piece", "mace", "blade"],
    ["4 blades mace, or ¼ teaspoon ground mace", 4, "piece", "mace", "blades; or 1/4 teaspoon ground mace"],
    // A blade is counted only of mace: "blade steak" is a cut.
    ["2 blade steaks", 2, null, "blade steaks", null],
  ]);
});

Deno.test("'a' before the size of the thing is one of it", () => {
  check([
    ["A 3-pound chicken", 1, null, "chicken", "3-pound"],
    ["A 5½-lb ready-to-cook duckling", 1, null, "ready-to-cook duckling", "5 1/2-lb"],
    ["A ¾-pound whiting, cleaned, head on", 1, null, "whiting", "3/4-pound; cleaned, head on"],
  ]);
});

Deno.test("a range with its unit said at both ends is a range of that unit", () => {
  check([
    ["150ml-200ml/5-7fl oz olive oil", 200, "ml", "olive oil", "150-200 ml; 5-7fl oz"],
    ["110g-175g/4oz-6oz pork bone", 175, "g", "pork bone", "110-175 g; 4-6oz"],
    ["2 x 150g-200g/5½-7oz hake fillets", 2, null, "hake fillets", "150-200g/5 1/2-7oz"],
  ]);
  // Two different units are not joined: "800g-1kg" stays as written.
  assert.equal(parseIngredientLine("800g-1kg/1lb 12oz-2lb 4oz butternut squash").quantity, 800);
});

Deno.test("the ligatures of text copied from a PDF are read as their letters", () => {
  check([
    ["2 cups ﬂour", 2, "cup", "flour", null],
    ["1 tbsp sunﬂower oil", 1, "tbsp", "sunflower oil", null],
    ["2 ﬁgs, halved", 2, null, "figs", null],
  ]);
});

Deno.test("a scan's letter l or capital i where the amount's one was", () => {
  check([
    ["l/8 teaspoon ground cinnamon", 0.125, "tsp", "ground cinnamon", null],
    ["l00ml/3½fl oz dark beer", 100, "ml", "dark beer", "3 1/2fl oz"],
    ["I tbsp plain yogurt", 1, "tbsp", "plain yogurt", null],
    ["l cup flour", 1, "cup", "flour", null],
  ]);
  // A sentence starting with "I" stays one.
  for (const line of ["I leave the stalk on", "I can use butter", "lemons"]) {
    assert.equal(parseIngredientLine(line).quantity, null, line);
  }
});

Deno.test("a dice said after the name, without a comma, is the note's", () => {
  check([
    ["½ cup carrots in ¼-inch dice", 0.5, "cup", "carrots", "in 1/4-inch dice"],
    [
      "4 ounces soft bean curd in small dice, at room temperature",
      4,
      "oz",
      "soft bean curd",
      "at room temperature; in small dice",
    ],
  ]);
  // An inch said as "in" is no dice: the cut stays as written.
  check([[
    "2 aubergines, cut lengthways into 0.5cm/½ in thick strips",
    2,
    null,
    "aubergines",
    "cut lengthways into 0.5cm/1/2 in thick strips",
  ]]);
});

Deno.test("a size said as a range joined by hyphens, before the name or before a container", () => {
  check([
    ["A 3½-to-4-pound chicken", 1, null, "chicken", "3 1/2-to-4-pound"],
    ["One 12-15-pound turkey", 1, null, "turkey", "12-15-pound"],
    ["A 3–3½-pound chicken, split in half", 1, null, "chicken", "3–3 1/2-pound; split in half"],
    ["Two 7- to 8-bone racks of lamb, trimmed and Frenched", 2, null, "racks of lamb", "7- to 8-bone; Frenched"],
    ["1 whole 10- to 15-lb/5 to 7.5 kg ham", 1, "whole", "ham", "10- to 15-lb/5 to 7.5 kg"],
    [
      "One 5-pound/2.25-kilogram slab pork belly, skin removed",
      1,
      null,
      "slab pork belly",
      "5-pound/2.25-kilogram; skin removed",
    ],
    ["1 2-to-3-pound chicken fryer, cut into 10 pieces", 1, null, "chicken fryer", "2-to-3-pound; cut into 10 pieces"],
    ["One 8-10-oz. bag of baby lettuces or spring mix", 1, "package", "baby lettuces or spring mix", "8-10-oz.; bag"],
  ]);
});

Deno.test("an amount said for each of the names that follow: 'each of' goes to the note", () => {
  check([
    ["¼ teaspoon each of salt and pepper", 0.25, "tsp", "salt and pepper", "each"],
    [
      "3 small sprigs each of fresh thyme, rosemary and oregano",
      3,
      "piece",
      "fresh thyme",
      "small sprigs; each; rosemary and oregano",
    ],
  ]);
});

Deno.test("an article before a hedge is no amount: 'A generous ½ teaspoon' is half a teaspoon", () => {
  check([
    ["A generous ½ teaspoon salt", 0.5, "tsp", "salt", "generous"],
    ["A scant 2 cups (7½ ounces/220g) walnuts, coarsely chopped", 2, "cup", "walnuts", "scant; 7 1/2 ounces/220g"],
  ]);
});

Deno.test("'as necessary' is said as 'as needed' is; segments of a fruit are the fruit; soft stems are the herb's", () => {
  check([
    ["Salt as necessary", null, null, "Salt", "as necessary"],
    ["Sections from 2 oranges", 2, null, "oranges", "sections"],
    [
      "½ cup (125 mL) cilantro leaves and soft stems, chopped",
      0.5,
      "cup",
      "cilantro leaves",
      "125 mL; and soft stems, chopped",
    ],
  ]);
});

Deno.test("a sized orange before a comma is the fruit, and the comma ends its name", () => {
  check([
    ["1 large orange, rind and juice only", 1, null, "large orange", "rind and juice only"],
    ["1 small orange, segmented", 1, null, "small orange", "segmented"],
  ]);
  // Orange as a colour before a comma still describes what follows it.
  check([["1 large, orange bell pepper, sliced", 1, null, "large orange bell pepper", null]]);
});

Deno.test("how an egg is beaten, or an onion studded, after the name without a comma, is the note's", () => {
  check([
    [
      "1 large egg white lightly beaten with 1 tablespoon water",
      1,
      null,
      "large egg white",
      "lightly beaten with 1 tablespoon water",
    ],
    ["1 onion stuck with 2 cloves", 1, null, "onion", "stuck with 2 cloves"],
    ["2 onions, each studded with a clove", 2, null, "onions", "each studded with a clove"],
  ]);
});

Deno.test("a line that starts with the size of one thing is one of it; a measure or things are not", () => {
  check([
    ["4-pound chicken, cut into 8 pieces", 1, null, "chicken", "4-pound; cut into 8 pieces"],
    ["2-inch cinnamon stick", 1, null, "cinnamon stick", "2-inch"],
    ["14-ounces extra-firm tofu", null, null, "extra-firm tofu", "14-ounces"],
    ["1-inch cream puffs", null, null, "cream puffs", "1-inch"],
  ]);
});

Deno.test("a shake is a measure nobody buys by; peas in their pods are peas", () => {
  check([
    ["few shakes of Worcestershire sauce", null, null, "Worcestershire sauce", "few shakes"],
    ["200g/7oz peas in their pods", 200, "g", "peas", "7oz; in their pods"],
  ]);
});

Deno.test("grated citrus peel is its zest; a strip of peel stays peel", () => {
  check([
    ["4 tablespoons grated lemon peel", 4, "tbsp", "lemon zest", null],
    ["1 teaspoon finely shredded lemon or orange peel", 1, "tsp", "lemon or orange zest", null],
    ["2 tsp orange rind, grated", 2, "tsp", "orange zest", null],
    ["1 tablespoon grated fresh lemon peel", 1, "tbsp", "fresh lemon zest", null],
    ["2 strips lemon peel", 2, "piece", "lemon peel", "strips"],
    ["4 tablespoons chopped candied orange peel", 4, "tbsp", "candied orange peel", null],
  ]);
});

Deno.test("a cut whose name starts with a counting word is the cut", () => {
  check([
    ["1 (12 ounce) rib eye steak", 1, null, "rib eye steak", "12 ounce"],
    ["4 (7 ounce) filets mignons", 4, null, "filets mignons", "7 ounce"],
    ["2 ribs celery", 2, "piece", "celery", "ribs"],
    ["2 fillets salmon", 2, "piece", "salmon", "fillets"],
  ]);
});

Deno.test("another container, a prep word left with its 'and', and 'plus' said at the end go to the note", () => {
  check([
    ["1 (12 fluid ounce) can or bottle dark beer", 1, "can", "dark beer", "12 fluid ounce; or bottle"],
    ["3 (12 fluid ounce) cans or bottles ginger ale", 3, "can", "ginger ale", "12 fluid ounce; or bottles"],
    ["4 carrots peeled and cut into 3/4-inch rounds", 4, null, "carrots", "cut into 3/4-inch rounds"],
    ["2 cups all-purpose flour plus", 2, "cup", "all-purpose flour", "plus"],
    // A name that ends in "and" as a thing is left alone.
    ["salt and pepper", null, null, "salt and pepper", null],
  ]);
});

Deno.test("descriptions joined or marked before a comma, and very thin slices, belong to the name after it", () => {
  check([
    ["1/4 cup dry-roasted, salted peanuts", 0.25, "cup", "dry-roasted salted peanuts", null],
    ["2 1/2 cups low fat, low sodium chicken broth", 2.5, "cup", "low fat low sodium chicken broth", null],
    ["1 1/2 cups all-purpose, unbleached white flour", 1.5, "cup", "all-purpose unbleached white flour", null],
    ["3 tablespoons light, fruity olive oil", 3, "tbsp", "light fruity olive oil", null],
    [
      "1 package Tyson® Fresh Boneless, Skinless Chicken Thighs",
      1,
      "package",
      "Tyson® Fresh Boneless Skinless Chicken Thighs",
      null,
    ],
    ["8 very thin slices of prosciutto", 8, "piece", "prosciutto", "very thin slices"],
  ]);
  // A name and its prep word joined by a hyphen is no description: the comma still ends the name.
  check([["2 cucumbers-peeled, cut lengthwise", 2, null, "cucumbers-peeled", "cut lengthwise"]]);
});

Deno.test("how it is sold or what it includes, up to a comma, is the note's", () => {
  check([
    ["3 tablespoons capers in salt, well rinsed", 3, "tbsp", "capers", "in salt"],
    ["2 1/2 pounds spinach in bulk", 2.5, "lb", "spinach", "in bulk"],
    ["8 clams in shell, scrubbed", 8, null, "clams", "in shell; scrubbed"],
    ["3 scallions including green tops, chopped", 3, null, "scallions", "including green tops"],
  ]);
});

Deno.test("the juice or zest of a fruit, without 'of' or after how it is cut, is the fruit", () => {
  check([
    ["Juice 1 lemon", 1, null, "lemon", "juice"],
    ["Minced zest of 1 lemon", 1, null, "lemon", "minced zest"],
    ["grated zest and juice 1 small lemon", 1, null, "small lemon", "grated zest and juice"],
  ]);
});

Deno.test("an amount less a smaller one is what is left, in the smaller unit; the glass or bottle that holds it", () => {
  check([
    ["1 cup minus 2 tablespoons sugar", 14, "tbsp", "sugar", null],
    ["1 cup, less 2 tablespoons, vodka", 14, "tbsp", "vodka", null],
    ["1 c minus 2 teaspoons whole milk", 46, "tsp", "whole milk", null],
    // Nothing left is no amount taken away: the words stay as they are.
    ["1 tablespoon minus 1 cup sugar", 1, "tbsp", "minus 1 cup sugar", null],
    ["1 750-milliliter bottle dry red wine", 1, "package", "dry red wine", "750-milliliter; bottle"],
    ["1 x 75cl bottle red wine", 1, "package", "red wine", "75cl; bottle"],
    ["1 wine glass white wine", 1, null, "white wine", "wineglass"],
  ]);
});

Deno.test("a fraction slash lost to the text's encoding is read between two digits, never guessed in a number", () => {
  check([
    ["1 1?2 cups heavy cream", 1.5, "cup", "heavy cream", null],
    ["4 tablespoons (1?2 stick) unsalted butter", 4, "tbsp", "unsalted butter", "1/2 stick"],
    ["13?4 cups sugar", null, null, "13?4 cups sugar", null],
  ]);
});

Deno.test("the same amount in another measure after 'or', a hedge 'or less', and a share written out", () => {
  check([
    ["1/2 cup or 1 stick butter", 0.5, "cup", "butter", "or 1 stick"],
    ["¾ cup or 6 ounces lard", 0.75, "cup", "lard", "or 6 ounces"],
    ["2 tablespoons or less whole milk", 2, "tbsp", "whole milk", "or less"],
    ["2 cups 2 percent milk", 2, "cup", "2% milk", null],
    // Another thing after "or" is no measure: it stays for the name's alternatives.
    ["1 cup or 2 onions", 1, "cup", "or 2 onions", null],
  ]);
});

Deno.test("the pieces it is cut in, said after the name, and 'chopped very fine' are the note's", () => {
  check([
    ["1 1/2 pounds veal stew meat in 1-inch chunks", 1.5, "lb", "veal stew meat", "in 1-inch chunks"],
    ["20 ounces cod fillet in 4 equal portions", 20, "oz", "cod fillet", "in 4 equal portions"],
    ["4 shucked oysters chopped very fine", 4, null, "shucked oysters", "chopped very fine"],
    // After a comma the prep words read them, as before.
    ["½ cup unsalted butter, chilled, in small pieces", 0.5, "cup", "unsalted butter", "chilled, in small pieces"],
  ]);
});

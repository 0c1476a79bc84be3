// The readings by the lists of describing words; the last resort by the last words is tested in head-name.test.ts.
import assert from "node:assert/strict";
import { describedCandidates as nameCandidates, nameCandidates as nameCandidatesWithHeads } from "./ingredient-name.ts";

function names(name: string): string[] {
  return nameCandidates(name).map((candidate) => candidate.name);
}

Deno.test("nameCandidates drops the descriptions a thing is bought or kept in, after the whole name", () => {
  assert.deepEqual(names("dried penne pasta"), ["dried penne pasta", "penne pasta"]);
  assert.deepEqual(names("dark cocoa powder"), ["dark cocoa powder", "cocoa powder"]);
  assert.deepEqual(names("crushed red chili pepper flakes"), [
    "crushed red chili pepper flakes",
    "red chili pepper flakes",
    "chili pepper flakes",
  ]);
  assert.deepEqual(names("blanched hazelnuts"), ["blanched hazelnuts", "hazelnuts"]);
  assert.deepEqual(names("raw shelled unsalted pistachios").at(-1), "pistachios");
  // A name that is its own ingredient is tried whole first, so "sweet potato" and "dark chocolate" stay themselves.
  assert.deepEqual(names("sweet potato"), ["sweet potato"]);
  assert.equal(names("dark chocolate")[0], "dark chocolate");
});

Deno.test("nameCandidates reads hyphenated descriptions, shares and two-word descriptions as descriptions", () => {
  assert.deepEqual(names("well-toasted pepitas"), ["well-toasted pepitas", "pepitas"]);
  assert.deepEqual(names("thinly-sliced deli ham"), ["thinly-sliced deli ham", "deli ham"]);
  assert.deepEqual(names("70% dark chocolate"), ["70% dark chocolate", "dark chocolate", "chocolate"]);
  assert.deepEqual(names("fine grain sea salt"), ["fine-grain sea salt", "sea salt"]);
  assert.deepEqual(nameCandidates("whole-milk ricotta")[1], { name: "ricotta", dropped: ["whole-milk"] });
});

Deno.test("nameCandidates takes off the part named after the plant before a description before it", () => {
  // "dried thyme leaves" is the dried herb: "dried thyme" comes before "thyme leaves" and "thyme".
  assert.deepEqual(names("dried thyme leaves"), ["dried thyme leaves", "dried thyme", "thyme leaves", "thyme"]);
  assert.deepEqual(nameCandidates("saffron threads")[1], { name: "saffron", dropped: ["threads"] });
  assert.deepEqual(names("fresh basil leaves"), ["fresh basil leaves", "fresh basil", "basil leaves", "basil"]);
});

Deno.test("nameCandidates never offers black pepper for peppers that are counted", () => {
  assert.deepEqual(names("peppers"), []);
  assert.deepEqual(names("large peppers"), ["large peppers"]);
  assert.deepEqual(names("pepper"), ["pepper"]);
  assert.deepEqual(names("freshly ground pepper"), ["freshly ground pepper", "ground pepper", "pepper"]);
  assert.deepEqual(names("freshly milled pepper"), ["freshly milled pepper", "milled pepper", "pepper"]);
});

Deno.test("nameCandidates reads a name after a brand marked as one (™, ®), the brand kept for the note", () => {
  assert.deepEqual(nameCandidates("McCormick Gourmet™ Organic Paprika").slice(0, 3), [
    { name: "McCormick Gourmet™ Organic Paprika", dropped: [] },
    { name: "Organic Paprika", dropped: ["McCormick Gourmet™"] },
    { name: "Paprika", dropped: ["McCormick Gourmet™", "Organic"] },
  ]);
  assert.ok(names("Freshlay Farms Golden Yolker® eggs").includes("eggs"));
  // A mark at the end names nothing after it: the name is read as it is.
  assert.deepEqual(names("Nutella®"), ["Nutella®"]);
});

Deno.test("nameCandidates reads a branded product by its last words, its flavour left out, after every other reading", () => {
  const withHeads = (name: string) => nameCandidatesWithHeads(name).map((candidate) => candidate.name);
  assert.deepEqual(withHeads("Mott's® Cinnamon Applesauce"), [
    "Mott's® Cinnamon Applesauce",
    "Cinnamon Applesauce",
    "Applesauce",
  ]);
  assert.deepEqual(nameCandidatesWithHeads("CRISCO® Butter Shortening").at(-1), {
    name: "Shortening",
    dropped: ["CRISCO®", "Butter"],
  });
  assert.equal(withHeads("Johnsonville® Chipotle Monterey Jack Cheese Chicken Sausage").at(-1), "Chicken Sausage");
  // A maker known by name or named in the possessive is a brand too.
  assert.equal(withHeads("Lee Kum Kee peppercorn chili oil").at(-1), "chili oil");
  assert.equal(withHeads("Baker's Corner Double Chocolate Muffin Mix").at(-1), "Muffin Mix");
  // The flavour's colour stays with it, and a word that names many things alone is never the whole.
  assert.ok(!withHeads("McCormick® Gourmet Collection® Ground Cayenne Red Pepper").includes("Red Pepper"));
  assert.ok(!withHeads("Ghirardelli® Chocolate Caramel Hot Cocoa").includes("Cocoa"));
  assert.ok(!withHeads("KELLOGG'S® POP-TARTS® Frosted Chocolate Fudge toaster pastries").includes("pastries"));
  assert.ok(!withHeads("Maille® Honey Dijon Sauce").includes("Sauce"));
  // Rewordings come first: "Grape Flavor Gelatin" is read as the jelly dessert before by its last words.
  const gelatin = withHeads("Jell-O® Grape Flavor Gelatin");
  const reworded = gelatin.indexOf("flavored Gelatin");
  assert.ok(reworded >= 0 && reworded < gelatin.indexOf("Flavor Gelatin"), String(gelatin));
  // Without a mark a word naming an ingredient keeps the last words from being taken: "coconut rice" is no rice.
  assert.ok(!withHeads("cinnamon applesauce").includes("applesauce"));
});

Deno.test("nameCandidates also tries a short form written out ('veg stock', 'EVOO')", () => {
  assert.deepEqual(names("veg stock").slice(0, 2), ["veg stock", "vegetable stock"]);
  assert.deepEqual(names("EVOO").slice(0, 2), ["EVOO", "extra virgin olive oil"]);
  // Only a whole word: "vegan butter" is not "vegetablean butter".
  assert.ok(!names("vegan butter").some((name) => name.includes("vegetable")));
});

Deno.test("nameCandidates gives the same candidates however often it is asked", () => {
  for (let round = 0; round < 3; round += 1) assert.equal(names("veg oil")[1], "vegetable oil");
});

Deno.test("nameCandidates reads 'hard boiled', 'vine ripe', 'average sized', 'shaved', 'reduced salt' and 'instant' as descriptions, 'squares', 'cube' and 'whole' after the name as parts", () => {
  assert.equal(names("hard boiled eggs")[1], "eggs");
  assert.equal(names("vine ripe tomato")[1], "tomato");
  assert.equal(names("average sized courgette")[1], "courgette");
  assert.equal(names("shaved parmesan")[1], "parmesan");
  assert.equal(names("reduced salt soy sauce")[1], "soy sauce");
  assert.equal(names("unsweetened chocolate squares")[1], "unsweetened chocolate");
  assert.equal(names("instant polenta")[1], "polenta");
  assert.equal(names("beef bouillon cube")[1], "beef bouillon");
  assert.equal(names("garlic cloves whole")[1], "garlic cloves");
});

Deno.test("nameCandidates reads a name after a maker named in the possessive, capitalised", () => {
  assert.equal(names("HERSHEY'S Cocoa")[1], "Cocoa");
  assert.equal(names("Lawry’s Seasoned Salt")[1], "Seasoned Salt");
  assert.deepEqual(nameCandidates("Hershey’s Kisses")[1], { name: "Kisses", dropped: ["Hershey’s"] });
  // Lower case is no maker ("confectioner's sugar" is looked up as it is), nor is a possessive late in the name.
  assert.ok(!names("confectioner's sugar").includes("sugar"));
  assert.ok(!names("big bowl of Grandma's stew").includes("stew"));
});

Deno.test("nameCandidates reads a name after a maker known by name, after any words that describe", () => {
  assert.deepEqual(nameCandidates("King Arthur all-purpose flour")[1], {
    name: "all-purpose flour",
    dropped: ["King Arthur"],
  });
  assert.deepEqual(nameCandidates("melted Lurpak butter").map((candidate) => candidate.name).at(-1), "butter");
  // The longest maker's name is taken, and one written with a typographic apostrophe is the same maker.
  assert.equal(names("Bob’s Red Mill almond flour")[1], "almond flour");
  assert.equal(names("Simply Nature Organic Extra-Virgin Olive Oil").at(-1), "Extra-Virgin Olive Oil");
  // A maker whose first word would describe is still a maker.
  assert.equal(names("Best Foods mayonnaise")[1], "mayonnaise");
  // A maker's name alone, or a maker's name inside a word, is no maker: the name is read as it is.
  assert.deepEqual(names("Lurpak"), ["Lurpak"]);
  assert.ok(!names("kraftwerk cheese").includes("cheese"));
  // A variety that shares a maker's name is left alone ("Mission figs" are figs of the Mission variety).
  assert.deepEqual(names("Mission figs"), ["Mission figs"]);
});

Deno.test("nameCandidates reads where a thing comes from as a description, but not a dish named by it", () => {
  assert.equal(names("Spanish red wine")[1], "red wine");
  assert.equal(names("Japanese leek")[1], "leek");
  // "Spanish rice" is a dish of seasoned rice and "French dressing" a dressing of its own: no plain rice or dressing.
  assert.deepEqual(names("Spanish rice"), ["Spanish rice"]);
  assert.deepEqual(names("Mexican rice"), ["Mexican rice"]);
  assert.deepEqual(names("French dressing"), ["French dressing"]);
});

Deno.test("nameCandidates keeps a diet's version of a thing whole, and reads its grain as a description", () => {
  // Merged on a list with butter or cream cheese, the vegan or dairy-free one would not be bought.
  for (const name of ["vegan butter", "dairy-free cream cheese", "gluten free all purpose flour", "plant-based milk"]) {
    assert.deepEqual(names(name).length, 1, name);
  }
  assert.equal(names("wholewheat spaghetti")[1], "spaghetti");
  assert.equal(names("whole wheat einkorn flour")[1], "einkorn flour");
  assert.equal(names("mild olive oil")[1], "olive oil");
});

Deno.test("nameCandidates reads a colour as which kind of a thing, except where the kind is a thing of its own", () => {
  assert.equal(names("green plantains")[1], "plantains");
  assert.equal(names("white button mushrooms")[1], "button mushrooms");
  assert.equal(names("rough puff pastry or classic puff pastry").at(-1), "puff pastry");
  // Black garlic is fermented, black cardamom smoked, Indian red chili powder no blend, yellow rice a dish.
  for (
    const name of ["black garlic", "brown cardamom", "red chili powder", "yellow rice", "red beans", "black pudding"]
  ) {
    assert.deepEqual(names(name), [name], name);
  }
  // "Orange" before a name is mostly the fruit: it is no colour here.
  assert.deepEqual(names("orange bitters"), ["orange bitters"]);
});

Deno.test("nameCandidates reads 'but' between descriptions as 'and', and the cook's choice as a description", () => {
  assert.equal(names("ripe but firm medium bananas").at(-1), "bananas");
  assert.equal(names("ripe but relatively firm peaches").at(-1), "peaches");
  assert.deepEqual(nameCandidates("your favorite bbq sauce").at(-1), {
    name: "bbq sauce",
    dropped: ["your", "favorite"],
  });
  assert.equal(names("any milk")[1], "milk");
  assert.equal(names("fresh cracked black pepper").at(-1), "black pepper");
});

Deno.test("nameCandidates reads a packet of seasoning mix as the seasoning, but no other mix", () => {
  assert.equal(names("taco seasoning mix")[1], "taco seasoning");
  assert.deepEqual(nameCandidates("ranch seasoning mix")[1], { name: "ranch seasoning", dropped: ["mix"] });
  assert.deepEqual(names("cake mix"), ["cake mix"]);
  assert.deepEqual(names("pancake mix"), ["pancake mix"]);
  assert.equal(names("unflavored gelatin")[1], "gelatin");
  assert.equal(names("condensed cream of chicken soup")[1], "cream of chicken soup");
  assert.equal(names("strong brewed coffee").at(-1), "coffee");
  assert.equal(names("bulk Italian sausage")[1], "Italian sausage");
});

Deno.test("nameCandidates reads what comes with a thing as said of it, after the whole name", () => {
  assert.deepEqual(nameCandidates("cream cheese with chives and onions"), [
    { name: "cream cheese with chives and onions", dropped: [] },
    { name: "cream cheese", dropped: ["with chives and onions"] },
  ]);
  assert.equal(names("diced tomatoes with green chilies").at(-1), "tomatoes");
});

Deno.test("nameCandidates reads a cut of an animal as the shop names it, and a nut or a part said again", () => {
  const cases: [string, string][] = [
    ["shoulder of lamb", "lamb shoulder"],
    ["shin of beef", "beef shin"],
    ["side of salmon", "salmon side"],
    // Words that describe the cut may come first.
    ["boneless shoulder of lamb", "lamb shoulder"],
    ["boned loin of pork", "pork loin"],
    ["pistachio nuts", "pistachio"],
    ["parmesan shavings", "parmesan"],
    ["monkfish tails", "monkfish"],
    ["orange zest only", "orange zest"],
    ["iced water", "water"],
    ["hard-cooked eggs", "eggs"],
  ];
  for (const [name, expected] of cases) assert.equal(names(name)[1], expected, name);
  // Cheese is no such word: "whipped cream cheese" is never tried as whipped cream.
  assert.ok(!names("whipped cream cheese").includes("whipped cream"));
});

Deno.test("nameCandidates leaves out describing words amid or after the name, and spells the chilli as the catalog", () => {
  const full = (name: string) => nameCandidatesWithHeads(name).map((candidate) => candidate.name);
  assert.ok(full("all-purpose unbleached flour").includes("all-purpose flour"));
  assert.ok(full("chicken breasts boneless").includes("chicken breasts"));
  assert.ok(full("chipotle chilli in adobo sauce").includes("chipotle chili in adobo sauce"));
  assert.ok(full("red chillies").includes("red chilies"));
  assert.ok(full("green chiles").includes("green chilies"));
  // The name as written comes first.
  assert.equal(full("red chillies")[0], "red chillies");
});

Deno.test("nameCandidates reads a chilli named by its kind as the kind or the kind's pepper, never a taste", () => {
  const full = (name: string) => nameCandidatesWithHeads(name).map((candidate) => candidate.name);
  assert.ok(full("jalapeno chillies").includes("jalapeno"));
  assert.ok(full("serrano chiles").includes("serrano pepper"));
  assert.ok(!full("sweet chilli").includes("sweet pepper"));
  assert.ok(!full("long chillies").includes("long pepper"));
});

Deno.test("nameCandidates never leaves out a colour or an origin that makes a thing of its own, even as a last resort", () => {
  const full = (name: string) => nameCandidatesWithHeads(name).map((candidate) => candidate.name);
  assert.deepEqual(full("red beans"), ["red beans"]);
  assert.deepEqual(full("Spanish rice"), ["Spanish rice"]);
});

Deno.test("nameCandidates tries a word recipe pages often misspell as spelt right, after the name as written", () => {
  const full = (name: string) => nameCandidatesWithHeads(name).map((candidate) => candidate.name);
  assert.deepEqual(full("brocolli florets").slice(0, 2), ["brocolli florets", "broccoli florets"]);
  assert.ok(full("fresh mozarella").includes("fresh mozzarella"));
  assert.ok(full("guajillo chilles").includes("guajillo chilies"));
  assert.ok(full("whole seabass").includes("whole sea bass"));
  assert.ok(full("liquorice root").includes("licorice root"));
  assert.ok(full("jalepenos").includes("jalapenos"));
  // Two words misspelt only as a phrase: "four" is a number and a glove no food elsewhere.
  assert.ok(full("garlic gloves").includes("garlic cloves"));
  assert.ok(full("plain four").includes("plain flour"));
  assert.ok(!full("four cheese blend").some((name) => /flour/.test(name)));
  // Only the listed misspellings: a near word is never guessed.
  assert.deepEqual(full("brocoli"), ["brocoli"]);
});

Deno.test("a name spelled with 'chile' is also looked up in its parts as written", () => {
  // The catalog keeps "piquin chiles" and "hatch chile" so spelled: the parts of a longer name are tried that way too,
  // after the "chili" spelling.
  const names = (name: string) => nameCandidates(name).map((candidate) => candidate.name);
  assert.ok(names("chiltepin or piquin chiles").includes("piquin chiles"));
  assert.ok(names("roasted, peeled Hatch chiles").includes("Hatch chiles"));
  const spelled = names("dried chiles guajillos");
  assert.ok(spelled.indexOf("chilies guajillos") < spelled.indexOf("chiles guajillos"));
});

Deno.test("a first alternative that names a kind of its own shares the last one's head after its own readings", () => {
  // "candied orange" is no ingredient, and "lemon peel" the zest: the candied orange peel comes before the second.
  const candied = names("candied orange or lemon peel");
  assert.ok(candied.indexOf("candied orange") < candied.indexOf("candied orange peel"));
  assert.ok(candied.indexOf("candied orange peel") < candied.indexOf("lemon peel"));
  // The first alternative's own readings still come first ("spinach", not "lettuce leaves").
  const greens = names("large dark green spinach or lettuce leaves");
  const shared = greens.indexOf("large dark green spinach leaves");
  assert.ok(greens.includes("spinach") && (shared === -1 || shared > greens.indexOf("spinach")));
  // Not when the first already ends in a word of the last: two things.
  assert.ok(!names("fresh ginger or ginger paste").includes("fresh ginger paste"));
});

Deno.test("a one-word first alternative is tried alone when the other is a phrase of its own", () => {
  assert.ok(names("parsley or a mixture of fresh green herbs").includes("parsley"));
  assert.ok(names("onion or white of leek").includes("onion"));
  // Not when the two may share a head: "grape or baby cherry tomatoes" are no grapes.
  assert.ok(!names("grape or baby cherry tomatoes").includes("grape"));
  assert.ok(!names("beef or vegetable stock granules").includes("beef"));
});

Deno.test("a cannon of lamb is read as the shop names the cut", () => {
  assert.ok(names("cannon of lamb").includes("lamb cannon"));
});

Deno.test("the last words after a maker's are also read without the describing words they start with", () => {
  const withHeads = (name: string) => nameCandidatesWithHeads(name).map((candidate) => candidate.name);
  assert.ok(withHeads("British Blacktail Free Range Medium Eggs").includes("Eggs"));
  assert.ok(withHeads("Safeway SELECT Organic Milk").includes("Milk"));
  assert.ok(withHeads("hard cooked egg").includes("egg"));
  // Not past a word that makes a product of its own, nor by the part named after the thing.
  assert.ok(!withHeads("dehydrated minced onion").includes("onion"));
  assert.ok(!withHeads("dried New Mexican chile pepper pods").includes("chile pepper"));
  assert.ok(!withHeads("red-colored coarse sugar").includes("sugar"));
  assert.ok(!withHeads("Swedish crisp bread").includes("bread"));
});

// Describing words any cook writes that no list names one by one (ingredient-name.ts's describingShape), the
// cooking a thing had before it goes in, how it is raised or sold (name-words.ts), the part or the shape it is cut
// in, and the chilli in each catalog spelling (reworded-names.ts).
import assert from "node:assert/strict";
import { describedCandidates, nameCandidates } from "./ingredient-name.ts";

// [name as read, a candidate it must reach, the words left out for it]
const reached: [string, string, string[]][] = [
  // A size said loosely.
  ["smallish onion", "onion", ["smallish"]],
  ["largish carrots", "carrots", ["largish"]],
  // What a thing lacks: "un…ed".
  ["unpeeled shrimp", "shrimp", ["unpeeled"]],
  ["unrefined coconut oil", "coconut oil", ["unrefined"]],
  // How it was cut, cured, aged, raised, caught, frozen or done before it was sold.
  ["spiral-cut ham", "ham", ["spiral-cut"]],
  ["oil-cured black olives", "black olives", ["oil-cured"]],
  ["dry-aged ribeye", "ribeye", ["dry-aged"]],
  ["farm-raised shrimp", "shrimp", ["farm-raised"]],
  ["wild-caught salmon", "salmon", ["wild-caught"]],
  ["fresh-frozen peas", "peas", ["fresh-frozen"]],
  ["pre-shredded cheddar", "cheddar", ["pre-shredded"]],
  // Cooked before it goes in.
  ["caramelized onions", "onions", ["caramelized"]],
  ["sautéed spinach", "spinach", ["sautéed"]],
  ["steamed rice", "rice", ["steamed"]],
  // How it is raised or sold.
  ["cage-free eggs", "eggs", ["cage-free"]],
  ["pastured eggs", "eggs", ["pastured"]],
  ["extra-jumbo eggs", "eggs", ["extra-jumbo"]],
  ["artisan bread", "bread", ["artisan"]],
  ["crusty bread", "bread", ["crusty"]],
  ["heirloom tomatoes", "tomatoes", ["heirloom"]],
  ["aged white cheddar", "white cheddar", ["aged"]],
  ["waxy potatoes", "potatoes", ["waxy"]],
  // Bought ready, or prepared before it is measured.
  ["readymade pastry case", "pastry case", ["readymade"]],
  // A count grade.
  ["U-10 prawns", "prawns", ["U-10"]],
  ["u15 sea scallops", "sea scallops", ["u15"]],
  ["ready-rolled all-butter puff pastry", "puff pastry", ["ready-rolled", "all-butter"]],
  ["podded fresh peas", "peas", ["podded", "fresh"]],
  ["spooned and leveled all-purpose flour", "all-purpose flour", ["spooned", "leveled"]],
  ["wafer-thin ham", "ham", ["wafer-thin"]],
  // A size between two.
  ["medium to large yellow squash", "yellow squash", ["medium-to-large"]],
  ["small or medium onions", "onions", ["small-or-medium"]],
  // The part or the shape it is cut in, after the name.
  ["portobello mushroom caps", "portobello mushroom", ["caps"]],
  ["calamari rings", "calamari", ["rings"]],
  ["orange twist", "orange", ["twist"]],
  ["mini mozzarella balls", "mozzarella", ["mini", "balls"]],
  ["squid tube", "squid", ["tube"]],
  ["octopus tentacles", "octopus", ["tentacles"]],
  ["Rice Krispies cereal", "Rice Krispies", ["cereal"]],
  ["Little Gem lettuce hearts", "Little Gem lettuce", ["hearts"]],
  ["Torn romaine lettuce leaves", "romaine lettuce", ["Torn", "leaves"]],
  // Offcuts and cuts of a fish or game.
  ["smoked salmon trimmings", "smoked salmon", ["trimmings"]],
  ["cod loin", "cod", ["loin"]],
  ["rabbit loins", "rabbit", ["loins"]],
  // Two words said as one description; the amount said for each of the names that follow.
  ["free range eggs", "eggs", ["free-range"]],
  ["ready made curry paste", "curry paste", ["ready-made"]],
  ["shop bought puff pastry", "puff pastry", ["shop-bought"]],
  ["all butter ready-rolled puff pastry", "puff pastry", ["all-butter", "ready-rolled"]],
  ["6-bone rack of lamb", "rack of lamb", ["6-bone"]],
  ["each fresh basil", "basil", ["each", "fresh"]],
];

for (const [name, expected, dropped] of reached) {
  Deno.test(`nameCandidates reads "${name}" as "${expected}"`, () => {
    const found = describedCandidates(name).find((candidate) => candidate.name === expected);
    assert.ok(found, `${name}: ${JSON.stringify(describedCandidates(name).map((candidate) => candidate.name))}`);
    assert.deepEqual(found.dropped, dropped);
  });
}

// A name that is a thing of its own is tried whole before any of these words comes off.
Deno.test("a name that is a thing of its own is tried whole first", () => {
  for (const name of ["light brown sugar", "steel-cut oats", "light cream", "unsalted butter", "onion rings"]) {
    assert.equal(describedCandidates(name)[0].name, name);
  }
});

// The word must be the whole shape: "unsalted" is a list word, but "under" or "unit" are no "un…ed", nor is "uned".
Deno.test("only the whole shape of a describing word describes", () => {
  assert.deepEqual(describedCandidates("ground pork-cut").map((candidate) => candidate.name), [
    "ground pork-cut",
    "pork-cut",
  ]);
  assert.ok(!describedCandidates("uned cheese").some((candidate) => candidate.name === "cheese"));
  assert.ok(!describedCandidates("sweetish wine").some((candidate) => candidate.name === "wine"));
});

// [name as read, the catalog's spelling it must reach]: chile, chili and chilies fold apart, so each is tried.
const chilies: [string, string][] = [
  ["fresno chilies", "fresno chile"],
  ["fresno chili", "fresno chile"],
  ["thai chillies", "thai chili"],
  ["red chillis", "red chili"],
  ["chipotle chiles", "chipotle chilies"],
];

for (const [name, expected] of chilies) {
  Deno.test(`nameCandidates spells "${name}" as the catalog may: "${expected}"`, () => {
    const names = nameCandidates(name).map((candidate) => candidate.name.toLowerCase());
    assert.ok(names.includes(expected), `${name}: ${JSON.stringify(names)}`);
  });
}

Deno.test("the chilli is respelt only as the last word of a name", () => {
  const names = nameCandidates("chili powder").map((candidate) => candidate.name.toLowerCase());
  assert.ok(!names.includes("chile powder") && !names.includes("chilies powder"), JSON.stringify(names));
});

// The rewordings a name is read by last (reworded-names.ts), and where they stop.
import assert from "node:assert/strict";
import { nameCandidates } from "./ingredient-name.ts";
import { rewordedNames } from "./reworded-names.ts";

// [name as read, a reworded candidate it must reach, the words left out for it]
const reached: [string, string, string[]][] = [
  // The catalog's inverted order, with its punctuation.
  ["cheese- feta", "feta cheese", []],
  ["Flour, all-purpose", "all-purpose flour", []],
  // Two words the other way round, when the first is an ingredient of its own.
  ["wine burgundy", "burgundy wine", []],
  ["tomatoes cherry", "cherry tomatoes", []],
  // Describing words said after the name.
  ["tomatoes ripe", "tomatoes", ["ripe"]],
  ["cheddar cheese sharp variety", "cheddar cheese", ["sharp", "variety"]],
  ["Lemon garnish", "Lemon", ["garnish"]],
  // A second measure at the name's start, already said by the line's amount.
  ["3 large chicken breasts", "chicken breasts", ["3", "large"]],
  ["Tablespoon milk", "milk", ["Tablespoon"]],
  ["1 Stick Salted Butter", "Salted Butter", ["1", "Stick"]],
  // A share or a flavour said before the thing.
  ["82% fat unsalted butter", "unsalted butter", ["82%", "fat"]],
  ["70% cocoa dark chocolate chips", "dark chocolate chips", ["70%", "cocoa"]],
  ["raspberry flavored Jell-O", "Jell-O", ["raspberry", "flavored"]],
  ["butter-flavoured shortening", "shortening", ["butter-flavoured"]],
  ["organic 82% fat butter", "butter", ["organic", "82%", "fat"]],
  // The flavour's own product before the thing flavoured, and a flavoured jelly dessert before plain gelatin.
  ["chocolate flavored syrup", "chocolate syrup", ["flavored"]],
  ["lime-flavored gelatin mix", "lime gelatin mix", ["lime-flavored"]],
  ["raspberry flavored gelatin", "flavored gelatin", ["raspberry"]],
  // The flavour said as a noun.
  ["JELL-O Brand Strawberry Flavor Gelatin", "flavored Gelatin", ["JELL-O", "Brand", "Strawberry", "Flavor"]],
  ["lemon flavor instant pudding", "lemon instant pudding", ["flavor"]],
  ["lemon flavor instant pudding", "instant pudding", ["lemon", "flavor"]],
  ["1 Stick 82% fat butter", "butter", ["1", "Stick", "82%", "fat"]],
  // A chilli named by its kind and "pepper", as the catalog names it.
  ["small Fresno pepper", "Fresno chile", ["small"]],
  ["poblano peppers", "poblano chiles", []],
  // What follows a linking word says which one or what for.
  ["Good quality dark chocolate such as Lindt 70%", "dark chocolate", ["such as Lindt 70%", "Good-quality"]],
  ["Oil to deep fry", "Oil", ["to deep fry"]],
  ["pan drippings from turkey", "pan drippings", ["from turkey"]],
  // The part of a thing, as the shop names it.
  ["zest from lemon", "lemon zest", []],
  ["juice of a lime", "lime juice", []],
  // The box's name for instant pudding.
  ["instant vanilla pudding and pie filling mix", "instant vanilla pudding", ["and pie filling"]],
  // The part used of a thing bought whole.
  ["white part of leeks", "leeks", ["white part of"]],
  ["the pale green parts of the scallions", "scallions", ["the pale green parts of the"]],
  // A word that says how much of it there is.
  ["a good Red Wine", "Red Wine", ["a", "good"]],
  ["Enough water to equal 3/4 cup", "water", ["Enough", "to equal 3/4 cup"]],
  ["Any remaining banana slices", "banana", ["Any", "remaining", "slices"]],
  // The animal and its cut with words between them; beef's cuts are named without the animal.
  ["boneless beef top round steak", "top round steak", ["boneless", "beef"]],
  ["boneless pork roast shoulder", "pork shoulder", ["boneless", "roast"]],
  // Crumbs of a thing, a salad dressing, a dairy product of whole or skimmed milk.
  ["pretzel crumbs", "pretzel", ["crumbs"]],
  ["dried Italian salad dressing mix", "Italian dressing mix", ["salad", "dried"]],
  ["Lifeway Organic Plain Whole Milk Kefir", "Kefir", ["Whole Milk", "Lifeway", "Organic", "Plain"]],
  // A page's button read with the line.
  ["broccoli florets shopping list", "broccoli", ["florets"]],
  // A blend or tubes of a thing are the thing.
  ["chai spice blend", "chai spice", ["blend"]],
  ["manicotti tubes", "manicotti", ["tubes"]],
  // The powder of a spice is the spice ground; paprika is sold only so.
  ["cumin powder", "ground cumin", []],
  ["smoked paprika powder", "smoked paprika", []],
];

for (const [name, expected, dropped] of reached) {
  Deno.test(`nameCandidates reads "${name}" at last as "${expected}"`, () => {
    const found = nameCandidates(name).find((candidate) => candidate.name.toLowerCase() === expected.toLowerCase());
    assert.ok(found, `${name}: ${JSON.stringify(nameCandidates(name).map((candidate) => candidate.name))}`);
    assert.deepEqual(found.dropped, dropped);
  });
}

// [name as read, a candidate it must never reach]: a rewording that would name another thing.
const neverReached: [string, string][] = [
  // Put in another order, a name is never read by its last words ("extract pistachio" is no pistachio).
  ["pistachio extract", "pistachio"],
  ["Duck Stock", "Duck"],
  ["Beef fat", "Beef"],
  ["Apple slaw", "Apple"],
  // A colour or an origin first is no ingredient put before its kind.
  ["red beans", "beans red"],
  ["Spanish rice", "rice Spanish"],
  // The powder of something that is no spice is looked up only as "ground …", never as the thing.
  ["red pepper powder", "red pepper"],
  ["blueberry powder", "blueberry"],
  ["vanilla bean powder", "vanilla bean"],
  // "pepper" after a colour, a spice or a sweet pepper names no chilli.
  ["black pepper", "black chile"],
  ["bell pepper", "bell chile"],
  ["lemon pepper", "lemon chile"],
  // Only beef's cuts are read without the animal: "turkey breast tenderloin" is no tenderloin.
  ["turkey breast tenderloin", "tenderloin"],
  ["chicken thigh fillets", "thigh fillets"],
  // A linking word before a second thing: the line names two, read apart.
  ["Salt to taste and black pepper", "Salt"],
  // A blend of other things than spices or herbs is a product of its own.
  ["lemon pepper blend", "lemon pepper"],
  // A flavoured jelly dessert is tried as one before plain gelatin: the plain comes after it.
  ["raspberry flavored gelatin", "raspberry"],
  // "whole" and a one-letter unit start names too.
  ["whole wheat tortillas", "wheat tortillas"],
];

for (const [name, wrong] of neverReached) {
  Deno.test(`nameCandidates never reads "${name}" as "${wrong}"`, () => {
    const names = nameCandidates(name).map((candidate) => candidate.name.toLowerCase());
    assert.ok(!names.includes(wrong.toLowerCase()), `${name}: ${JSON.stringify(names)}`);
  });
}

Deno.test("rewordedNames gives nothing for a name without the noise it knows", () => {
  assert.deepEqual(rewordedNames("extra virgin olive oil"), []);
  assert.deepEqual(rewordedNames("garlic"), []);
});

Deno.test("a name that matched before keeps its candidates first: the rewordings come after them", () => {
  const candidates = nameCandidates("large eggs").map((candidate) => candidate.name);
  assert.deepEqual(candidates.slice(0, 2), ["large eggs", "eggs"]);
});

import assert from "node:assert/strict";
import { parseIngredientLine } from "../ingredient-grammar/ingredient-line.ts";
import { splitPairedLines } from "./paired-line.ts";

function split(line: string) {
  return splitPairedLines([parseIngredientLine(line)]).map((
    part,
  ) => [part.quantity, part.unit, part.name, part.note]);
}

Deno.test("two counted things in one line become two lines, each with its own number; other pairs do not", () => {
  assert.deepEqual(split("1 egg and 1 egg white"), [[1, null, "egg", null], [1, null, "egg white", null]]);
  assert.deepEqual(split("1 egg + 1 egg yolk"), [[1, null, "egg", null], [1, null, "egg yolk", null]]);
  assert.deepEqual(split("2 eggs plus 2 yolks, beaten"), [[2, null, "eggs", "beaten"], [2, null, "yolks", null]]);
  // A measured line, a dish named with "and", and salt and pepper keep their reading.
  assert.deepEqual(split("1 cup + 2 tablespoons water"), [[18, "tbsp", "water", null]]);
  assert.deepEqual(split("2 cups macaroni and cheese"), [[2, "cup", "macaroni and cheese", null]]);
  assert.deepEqual(split("1 bread and butter pickle"), [[1, null, "bread and butter pickle", null]]);
  assert.deepEqual(split("2 chipotle chiles in adobo plus 2 tablespoons adobo sauce"), [
    [2, null, "chipotle chiles in adobo", "plus 2 tablespoons adobo sauce"],
  ]);
  assert.deepEqual(split("salt and pepper"), [[null, null, "salt", null], [null, null, "pepper", null]]);
  // "Lots of", "plenty of" before one of them is said of it: the note.
  assert.deepEqual(split("Salt and plenty of freshly milled black pepper"), [
    [null, null, "Salt", null],
    [null, null, "freshly milled black pepper", "plenty of"],
  ]);
});

Deno.test("a first part said with only its colour or size is of the thing the second part names", () => {
  assert.deepEqual(split("1 red and 1 yellow pepper"), [[1, null, "red pepper", null], [
    1,
    null,
    "yellow pepper",
    null,
  ]]);
  assert.deepEqual(split("1 green and 1 red bell pepper, both seeded"), [
    [1, null, "green bell pepper", "both"],
    [1, null, "red bell pepper", null],
  ]);
  assert.deepEqual(split("6 large and 6 small bamboo leaves"), [
    [6, null, "large bamboo leaves", null],
    [6, null, "small bamboo leaves", null],
  ]);
  assert.deepEqual(split("½ red and ½ green pepper"), [[0.5, null, "red pepper", null], [
    0.5,
    null,
    "green pepper",
    null,
  ]]);
  // A first part that names a thing of its own keeps it.
  assert.deepEqual(split("1 egg and 1 large egg white"), [[1, null, "egg", null], [1, null, "large egg white", null]]);
});

Deno.test("one measure for each of several ingredients becomes a line for each, with that measure", () => {
  assert.deepEqual(split("50ml each light and dark soy sauce"), [
    [50, "ml", "light soy sauce", null],
    [50, "ml", "dark soy sauce", null],
  ]);
  assert.deepEqual(split("1 tsp each salt and pepper"), [[1, "tsp", "salt", null], [1, "tsp", "pepper", null]]);
  assert.deepEqual(split("½ tsp each, cumin, coriander and paprika"), [
    [0.5, "tsp", "cumin", null],
    [0.5, "tsp", "coriander", null],
    [0.5, "tsp", "paprika", null],
  ]);
  assert.deepEqual(split("1 cup each: blueberries, raspberries, strawberries (halved)"), [
    [1, "cup", "blueberries", "halved"],
    [1, "cup", "raspberries", "halved"],
    [1, "cup", "strawberries", "halved"],
  ]);
  assert.deepEqual(split("1/2 tsp EACH: garlic powder AND smoked paprika"), [
    [0.5, "tsp", "garlic powder", null],
    [0.5, "tsp", "smoked paprika", null],
  ]);
  const [first, second] = splitPairedLines([parseIngredientLine("1 tsp each salt and pepper")]);
  assert.equal(first.original, "1 tsp each salt and pepper");
  assert.equal(second.original, "1 tsp each salt and pepper");
  // "each" said of a count ("2 chicken breasts, about 6 oz each"), or after a number without a unit, is no list.
  assert.deepEqual(split("2 chicken breasts, about 6 oz each"), [[2, null, "chicken breasts", "about 6 oz each"]]);
  assert.deepEqual(split("2 each onions and carrots"), [[2, null, "onions and carrots", null]]);
});

Deno.test("more of the same counted thing adds to its count, the words kept; an extra thing named is a second line", () => {
  assert.deepEqual(split("36 corn husks, plus 10 more for lining the steaming pot"), [
    [46, null, "corn husks", "plus 10 more for lining the steaming pot"],
  ]);
  assert.deepEqual(split("1 free-range egg, plus 1 extra, beaten, to glaze"), [
    [2, null, "free-range egg", "plus 1 extra, beaten, to glaze"],
  ]);
  assert.deepEqual(split("4 eggs plus 2 more"), [[6, null, "eggs", "plus 2 more"]]);
  assert.deepEqual(split("6 tortillas plus 2 more if they tear"), [[8, null, "tortillas", "plus 2 more if they tear"]]);
  // "extra" before a thing's name is that thing, a second line; a measured line keeps the words in its note.
  assert.deepEqual(split("2 eggs plus 1 extra yolk"), [[2, null, "eggs", null], [1, null, "extra yolk", null]]);
  assert.deepEqual(split("8 slices bread, plus 2 more to serve"), [[
    8,
    "piece",
    "bread",
    "slices; to serve; plus 2 more",
  ]]);
  const [summed] = splitPairedLines([parseIngredientLine("4 eggs plus 2 more")]);
  assert.equal(summed.quantity_text, "4 + 2");
});

Deno.test("two measured things in one line become two lines, each with its own measure", () => {
  assert.deepEqual(split("1 teaspoon salt and ½ teaspoon freshly ground black pepper"), [
    [1, "tsp", "salt", null],
    [0.5, "tsp", "freshly ground black pepper", null],
  ]);
  assert.deepEqual(split("20g/½oz cashew nuts and 20g/½oz shelled pistachios, dry-roasted"), [
    [20, "g", "cashew nuts", "1/2oz; dry-roasted"],
    [20, "g", "shelled pistachios", "1/2oz"],
  ]);
  // A second part with no name of its own, or a first with a number in it, stays one line.
  assert.deepEqual(split("1 cup flour and 2 tbsp for dusting").length, 1);
  assert.deepEqual(split("2 cups macaroni and cheese"), [[2, "cup", "macaroni and cheese", null]]);
});

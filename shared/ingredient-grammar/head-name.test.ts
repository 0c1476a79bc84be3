import assert from "node:assert/strict";
import { headNames } from "./head-name.ts";
import { describedCandidates, nameCandidates } from "./ingredient-name.ts";

const heads = (name: string) => headNames(name).map((head) => head.name);

Deno.test("a name is read by its last words when the words before them describe it, longest first", () => {
  const cases: [string, string[]][] = [
    ["neutral vegetable oil", ["vegetable oil"]],
    ["unwaxed lemons", ["lemons"]],
    ["hearty red table wine", ["red table wine", "table wine", "wine"]],
    ["starchy potatoes", ["potatoes"]],
    ["crisp, sweet apples", ["sweet apples", "apples"]],
    ["Bramley cooking apple", ["cooking apple", "apple"]],
  ];
  for (const [name, expected] of cases) assert.deepEqual(heads(name), expected, name);
});

Deno.test("a word that names an ingredient of its own is no description of the word after it", () => {
  // Coconut, corn, walnut, peanut, chocolate and duck are catalog ingredients: these are other things.
  for (
    const name of ["coconut rice", "corn flour", "walnut bitters", "peanut butter", "duck stock", "chocolate chips"]
  ) {
    assert.deepEqual(heads(name), [], name);
  }
});

Deno.test("the last words are not taken alone when they name many things by the word before them", () => {
  const cases: [string, string[]][] = [
    ["seasoning salt", []],
    ["cookie butter", []],
    ["tonic water", []],
    ["truffle oil", []],
    ["spelt flour", []],
    ["artisan tonic water", ["tonic water"]],
  ];
  for (const [name, expected] of cases) assert.deepEqual(heads(name), expected, name);
});

Deno.test("a diet's version, a colour or origin that makes a thing of its own, and tying words stay whole", () => {
  const cases: [string, string[]][] = [
    ["vegan sausages", []],
    ["gluten-free penne", []],
    ["plant-based mince", []],
    ["black garlic", []],
    ["Spanish rice", []],
    ["zest from lemon", []],
    ["cream of chicken soup", []],
    ["salt and pepper", []],
    ["3 large chicken breasts", []],
  ];
  for (const [name, expected] of cases) assert.deepEqual(heads(name), expected, name);
});

Deno.test("the last words are tried after every reading by the lists of describing words, the rest in the note", () => {
  const described = describedCandidates("unwaxed large lemons").map((candidate) => candidate.name);
  const all = nameCandidates("unwaxed large lemons");
  assert.deepEqual(all.slice(0, described.length).map((candidate) => candidate.name), described);
  assert.deepEqual(all.at(-1), { name: "lemons", dropped: ["unwaxed", "large"] });
  // Of each alternative too, the others kept in the note.
  assert.deepEqual(nameCandidates("unwaxed lemons or limes").find((candidate) => candidate.name === "lemons"), {
    name: "lemons",
    dropped: ["unwaxed", "or limes"],
  });
});

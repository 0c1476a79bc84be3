import assert from "node:assert/strict";
import { cooklangRecipeOf, looksLikeCooklang } from "./cooklang.ts";

const recipe = `>> servings: 2
>> tags: Breakfast, Quick
-- a comment about eggs
Crack @eggs{3} into a #bowl, add @salt and @milk{1/2%cup}(cold). [- a note to self -]

= Cooking
Melt @butter{1%tbsp} in a #non-stick pan{} and cook for ~{3%minutes}.
> Eat at once.
`;

Deno.test("metadata lines, ingredients with their amounts, cookware, timers and sections", () => {
  const read = cooklangRecipeOf(recipe, "Scrambled eggs");
  assert.equal(read.title, "Scrambled eggs");
  assert.equal(read.servings, "2");
  assert.deepEqual(read.tags, ["Breakfast", "Quick"]);
  assert.deepEqual(read.lines.map((line) => [line.parts, line.section]), [
    [{ quantity: 3, unit: null, food: "eggs", note: null }, null],
    [{ quantity: null, unit: null, food: "salt", note: null }, null],
    [{ quantity: 0.5, unit: "cup", food: "milk", note: "cold" }, null],
    [{ quantity: 1, unit: "tbsp", food: "butter", note: null }, "Cooking"],
  ]);
  assert.equal(
    read.instructions,
    "Crack eggs into a bowl, add salt and milk.\nCooking:\nMelt butter in a non-stick pan and cook for 3 minutes.",
  );
  assert.equal(read.notes, "Eat at once.");
});

Deno.test("front matter gives the title, a list of tags and the source", () => {
  const read = cooklangRecipeOf(
    "---\ntitle: Toast\ntags:\n  - Breakfast\n  - Bread\nsource: https://example.com/t\n---\n\nToast @bread{2%slices}.\n",
    null,
  );
  assert.equal(read.title, "Toast");
  assert.deepEqual(read.tags, ["Breakfast", "Bread"]);
  assert.equal(read.sourceUrl, "https://example.com/t");
  assert.deepEqual(read.lines[0].parts, { quantity: 2, unit: "slices", food: "bread", note: null });
});

Deno.test("text without a marked ingredient or metadata is no Cooklang", () => {
  assert.equal(looksLikeCooklang("2 cups flour\n1 egg"), false);
  assert.equal(looksLikeCooklang("Add @flour{2%cups}."), true);
});

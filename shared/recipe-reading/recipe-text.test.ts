import assert from "node:assert/strict";
import fc from "fast-check";
import { parseRecipeText } from "./recipe-text.ts";

Deno.test("parseRecipeText splits a recipe with headings into title, ingredients, method and other lines", () => {
  const parsed = parseRecipeText(
    "Tomato Rice\r\nServes 4\n\nIngredients:\n2 cups rice\nFor the sauce:\n1 (14 oz) can diced tomatoes\n" +
      "Salt, to taste\n\nMethod\n1. Rinse the rice.\n2. Simmer 20 minutes.\n",
  );
  assert.equal(parsed.title, "Tomato Rice");
  assert.deepEqual(parsed.other_lines, ["Serves 4", "For the sauce:"]);
  assert.deepEqual(parsed.ingredients.map((line) => line.original), [
    "2 cups rice",
    "1 (14 oz) can diced tomatoes",
    "Salt, to taste",
  ]);
  assert.equal(parsed.instructions, "1. Rinse the rice.\n2. Simmer 20 minutes.");
});

Deno.test("parseRecipeText without headings takes lines starting with a quantity as ingredients", () => {
  const parsed = parseRecipeText("Pancakes\n1 cup flour\n½ cup milk\n1 egg\nWhisk everything.\nFry in butter.");
  assert.equal(parsed.title, "Pancakes");
  assert.deepEqual(parsed.ingredients.map((line) => [line.quantity, line.unit, line.name]), [
    [1, "cup", "flour"],
    [0.5, "cup", "milk"],
    [1, null, "egg"],
  ]);
  assert.equal(parsed.instructions, "Whisk everything.\nFry in butter.");
});

Deno.test("parseRecipeText on text with no recipe in it returns a title and nothing else", () => {
  assert.deepEqual(parseRecipeText("just a note"), {
    title: "just a note",
    ingredients: [],
    instructions: null,
    other_lines: [],
  });
  assert.deepEqual(parseRecipeText("  \n\n"), { title: null, ingredients: [], instructions: null, other_lines: [] });
});

Deno.test("parseRecipeText never throws and keeps every non-empty line somewhere", () => {
  const pieces = fc.constantFrom("Ingredients", "Method", "2 cups rice", "Cook it.", "For the sauce:", "½ lemon", "");
  fc.assert(
    fc.property(fc.oneof(fc.string(), fc.array(pieces, { maxLength: 10 }).map((lines) => lines.join("\n"))), (text) => {
      const parsed = parseRecipeText(text);
      const kept = [
        parsed.title ?? "",
        ...parsed.ingredients.map((line) => line.original),
        ...(parsed.instructions ?? "").split("\n"),
        ...parsed.other_lines,
      ].join("\n");
      for (const line of text.split(/\r\n?|\n/).map((line) => line.trim())) {
        if (line && !/^(ingredients|method)$/i.test(line)) {
          assert.ok(kept.includes(line), `lost line ${JSON.stringify(line)}`);
        }
      }
    }),
    { numRuns: 1000 },
  );
});

Deno.test("parseRecipeText takes no title from a first line that reads as an ingredient", () => {
  const parsed = parseRecipeText("2 cups flour\n1 tsp salt\n3 eggs");
  assert.equal(parsed.title, null);
  assert.deepEqual(parsed.ingredients.map((line) => line.name), ["flour", "salt", "eggs"]);
});

Deno.test("parseRecipeText without headings decides each line by its shape, not by the first line without a number", () => {
  const parsed = parseRecipeText(
    "Tacos\nServes 4\n1 lb ground beef\nsalt to taste\nfresh cilantro\n2 limes\n" +
      "1. Brown the beef.\nWarm the tortillas in a dry pan, then fill them.\n",
  );
  assert.equal(parsed.title, "Tacos");
  assert.deepEqual(parsed.other_lines, ["Serves 4"]);
  assert.deepEqual(parsed.ingredients.map((line) => line.original), [
    "1 lb ground beef",
    "salt to taste",
    "fresh cilantro",
    "2 limes",
  ]);
  assert.equal(parsed.instructions, "1. Brown the beef.\nWarm the tortillas in a dry pan, then fill them.");
});

Deno.test("parseRecipeText keeps headings among the ingredients as the sections of the lines under them", () => {
  const parsed = parseRecipeText("Bowl\nIngredients\nFOR THE SAUCE\n2 tbsp miso\n## Bowl\n1 cup rice\nMethod\nMix.");
  assert.deepEqual(parsed.ingredients.map((line) => [line.section, line.name]), [["FOR THE SAUCE", "miso"], [
    "Bowl",
    "rice",
  ]]);
});

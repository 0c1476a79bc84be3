// recipe.import_file over HTTP against the stack: a collection's headings, steps and notes among its ingredient
// lines are sorted as a page import sorts them, so the draft is ready; a structured line stays an ingredient.
import assert from "node:assert/strict";
import { adminSql, createTestUser } from "../support/stack.ts";
import { callTool } from "../support/tools-client.ts";
import { base64, jsonLdGraph, paprikaArchive } from "../recipe-collections/fixtures/build-collections.ts";
import { pancakes, type SampleRecipe } from "../recipe-collections/fixtures/sample-recipes.ts";
import type { ImportedRecipeDraft } from "../../shared/tools/recipe/import-file-results.ts";

const sql = adminSql();
const user = await createTestUser(sql, "import-file-sorted");
await sql.end();

async function imported(fileName: string, file: Uint8Array | string) {
  const bytes = typeof file === "string" ? new TextEncoder().encode(file) : file;
  const response = await callTool(user, "recipe.import_file", { file_name: fileName, data_base64: base64(bytes) });
  assert.equal(response.status, 200, JSON.stringify(response.body.error));
  return response.body.data!;
}

/** Each line's matched ingredient name (or the name as read) and its section. */
const linesOf = (recipe: ImportedRecipeDraft) =>
  recipe.lines.map((line) => [line.ingredient?.name ?? `?${line.name}`, line.section]);

// Pancakes as people keep them when they paste a page: a step, a heading and a note among the ingredients, and no
// method of their own.
const pasted: SampleRecipe = {
  ...pancakes,
  id: "A7C1E5F0-2B3D-4C5E-8F90-112233445566",
  title: "Pasted pancakes",
  lines: [
    "Pre-heat the pan over medium heat",
    "2 cups all-purpose flour",
    "2 tsp baking powder",
    "1 1/2 cups buttermilk",
    "To serve (optional):",
    "maple syrup",
    "Not included",
  ],
  steps: [],
};

const expectedLines = [
  ["all-purpose flour", null],
  ["baking powder", null],
  ["buttermilk", null],
  ["maple syrup", "To serve"],
];
const expectedOther = [
  "Not an ingredient (a step of the method): Pre-heat the pan over medium heat",
  "Not an ingredient (a note): Not included",
];

Deno.test("Paprika and JSON-LD: the heading is a section, the step the method, the note an other line", async () => {
  for (
    const [name, file] of [["pasted.paprikarecipes", await paprikaArchive([pasted], null)], [
      "pasted.json",
      jsonLdGraph([pasted]),
    ]] as const
  ) {
    const [recipe] = (await imported(name, file)).recipes;
    assert.deepEqual(linesOf(recipe), expectedLines, name);
    assert.deepEqual(recipe.other_lines, expectedOther, name);
    assert.equal(recipe.draft.instructions, "Pre-heat the pan over medium heat", name);
    assert.ok(recipe.ready, `${name}: ${JSON.stringify(recipe.lines.filter((line) => line.problems.length))}`);
  }
});

Deno.test("Mealie: a structured line that reads like a step stays; an unparsed step and heading are sorted", async () => {
  const recipe = {
    id: "5f1d2c3b-4a59-4e8f-9d0c-aabbccddeeff",
    slug: "sorted-pancakes",
    name: "Sorted pancakes",
    recipe_ingredient: [
      { quantity: 2, unit: { name: "cup" }, food: { name: "all-purpose flour" }, note: "" },
      {
        quantity: 1,
        unit: { name: "teaspoon" },
        food: { name: "salt" },
        note: "",
        original_text: "Add 1 teaspoon salt to the bowl and stir",
      },
      // Lines Mealie did not parse: the whole line is the note.
      { quantity: 0, unit: null, food: null, note: "Whisk the eggs in a large bowl until frothy" },
      { quantity: 0, unit: null, food: null, note: "For the topping:" },
      { quantity: 0, unit: null, food: { name: "maple syrup" }, note: "" },
    ],
    recipe_instructions: [{ title: "", text: "Fry in a hot pan." }],
  };
  const [draft] = (await imported("sorted-pancakes.json", JSON.stringify(recipe))).recipes;
  assert.deepEqual(linesOf(draft), [["all-purpose flour", null], ["salt", null], ["maple syrup", "For the topping"]]);
  assert.deepEqual(draft.lines[1].quantity, 1);
  assert.deepEqual(draft.other_lines, [
    "Not an ingredient (a step of the method): Whisk the eggs in a large bowl until frothy",
  ]);
  // The file has its own method: it is kept.
  assert.equal(draft.draft.instructions, "Fry in a hot pan.");
  assert.ok(draft.ready, JSON.stringify(draft.lines.filter((line) => line.problems.length)));
});

import assert from "node:assert/strict";
import {
  type CollectionRecipe,
  planChunks,
  summaryWords,
} from "../../examples/web/src/screens/recipes/collection-save.ts";

const recipe = (title: string, instructions = ""): CollectionRecipe => ({
  title,
  source_identity: `test:${title}`,
  ingredients: [{ name: "eggs", quantity: 2, unit: "whole" }],
  ...(instructions ? { instructions } : {}),
});

Deno.test("chunks hold at most the count given, in order, each with a key of its own", () => {
  let key = 0;
  const recipes = Array.from({ length: 60 }, (_, index) => recipe(`Recipe ${index}`));
  const chunks = planChunks(recipes, () => `key-${++key}`);
  assert.deepEqual(chunks.map((chunk) => chunk.recipes.length), [25, 25, 10]);
  assert.deepEqual(chunks.map((chunk) => chunk.idempotencyKey), ["key-1", "key-2", "key-3"]);
  assert.deepEqual(chunks.flatMap((chunk) => chunk.positions), recipes.map((_, index) => index));
});

Deno.test("a chunk ends before its JSON passes the byte bound; a larger recipe goes alone", () => {
  const long = "x".repeat(400);
  const chunks = planChunks([recipe("A", long), recipe("B", long), recipe("C", "x".repeat(2000))], undefined, {
    maxRecipes: 25,
    maxBytes: 1200,
  });
  assert.deepEqual(chunks.map((chunk) => chunk.recipes.map((item) => item.title)), [["A", "B"], ["C"]]);
});

Deno.test("the save's sentence counts as people read, and leaves out what did not happen", () => {
  assert.equal(
    summaryWords({ created: 998, updated: 2, restored: 0, skipped: 1200, refused: 1 }),
    "Saved 1,000 recipes (998 new, 2 updated); 1,200 skipped, already saved; 1 refused.",
  );
  assert.equal(
    summaryWords({ created: 0, updated: 0, restored: 0, skipped: 3, refused: 0 }),
    "Saved no recipe; 3 skipped, already saved.",
  );
});

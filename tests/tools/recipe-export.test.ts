// recipe.export over HTTP: the household's recipes as a zip of JSON-LD that recipe.import_file reads back as the
// same recipes (titles, lines, amounts, units, prep states, method, servings, tags), and as Markdown to read. Photos
// in the export need the stack's Storage: tests/storage/recipe-export-photos.test.ts (this folder also runs against
// functions alone, behind a pooler).
import assert from "node:assert/strict";
import { adminSql, createTestUser } from "../support/stack.ts";
import { callTool, callToolOk } from "../support/tools-client.ts";
import { ByteBudget } from "../../shared/recipe-collections/inflate.ts";
import { decodeBase64 } from "../../shared/recipe-collections/photo.ts";
import { readZipDirectory, readZipEntry } from "../../shared/recipe-collections/zip-read.ts";

const sql = adminSql();
const user = await createTestUser(sql, "recipe-export");
const other = await createTestUser(sql, "recipe-export-other");
await sql.end();

const texts = [
  {
    text: "Pancakes\n2 cups all-purpose flour\n2 tbsp sugar\n1/2 tsp salt\n2 eggs\n1 1/2 cups milk\n" +
      "3 tbsp butter, melted\n1 can chickpeas",
    instructions: "Whisk the dry things.\nBeat in the wet ones.\nFry in a hot pan.",
    servings: 4,
    tags: ["Breakfast", "Weekend"],
  },
  {
    text: "Tomato soup\n1 onion, chopped\n2 tbsp olive oil\n800 g tomatoes\n500 ml vegetable stock\nsalt, to taste",
    instructions: "Soften the onion in the oil.\nAdd the tomatoes and stock; simmer 20 minutes.",
    servings: 2,
    tags: ["Soup"],
  },
];

for (const recipe of texts) {
  const draft = await callToolOk(user, "recipe.parse_text", { text: recipe.text });
  assert.ok(draft.ready, JSON.stringify(draft.lines.filter((line) => line.problems.length > 0)));
  await callToolOk(user, "recipe.create", {
    ...draft.draft,
    instructions: recipe.instructions,
    servings: recipe.servings,
    tags: recipe.tags,
    notes: "From the round-trip test.",
  }, { idempotencyKey: crypto.randomUUID() });
}

async function exported(format: "json-ld" | "markdown", as = user) {
  const response = await callTool(as, "recipe.export", { format });
  assert.equal(response.status, 200, JSON.stringify(response.body.error));
  return response.body.data!;
}

async function entriesOf(base64: string) {
  const zip = decodeBase64(base64)!;
  const entries = readZipDirectory(zip, { maxEntries: 100, maxEntryBytes: 1 << 20 }, new ByteBudget(1 << 24, 1 << 24));
  return await Promise.all(entries.map(async (entry) => ({
    name: entry.name,
    text: new TextDecoder().decode(await readZipEntry(zip, entry)),
  })));
}

Deno.test("a JSON-LD export imports back as the same recipes", async () => {
  const { recipes: saved } = await callToolOk(user, "recipe.list", { limit: 10 });
  const originals = await Promise.all(
    saved.map(async (summary) => (await callToolOk(user, "recipe.get", { recipe_id: summary.id })).recipe),
  );
  const exportFile = await exported("json-ld");
  assert.equal(exportFile.recipe_count, 2);
  assert.deepEqual([exportFile.photo_count, exportFile.warnings], [0, []]);
  assert.equal(exportFile.file_name, "recipes-json-ld.zip");
  const data = await callToolOk(user, "recipe.import_file", {
    file_name: exportFile.file_name,
    data_base64: exportFile.data_base64,
  });
  assert.equal(data.format, "json-ld");
  assert.equal(data.total, 2);
  assert.deepEqual(data.failures, []);
  for (const original of originals) {
    const back = data.recipes.find((recipe) => recipe.draft.title === original.title);
    assert.ok(back, original.title);
    assert.ok(back.ready, JSON.stringify(back.lines.filter((line) => line.problems.length > 0)));
    assert.deepEqual(
      back.draft.ingredients.map((line) => [line.ingredient_id, line.quantity, line.unit, line.prep_state]),
      original.ingredients.map((line) => [line.ingredient_id, line.quantity, line.unit, line.prep_state]),
      original.title,
    );
    assert.equal(back.draft.instructions, original.instructions);
    assert.equal(back.draft.servings, original.servings);
    assert.deepEqual(back.draft.tags, original.tags);
    assert.equal(back.draft.notes, original.notes);
    assert.equal(back.source.identity, `json-ld:${original.id}`);
  }
});

Deno.test("a Markdown export is a file per recipe to read", async () => {
  const exportFile = await exported("markdown");
  const files = await entriesOf(exportFile.data_base64);
  assert.deepEqual(files.map((file) => file.name.replace(/-[0-9a-f]{8}\.md$/, "")), ["pancakes", "tomato-soup"]);
  const [pancakes] = files;
  assert.match(pancakes.text, /^# Pancakes\n\nServes 4 · Tags: Breakfast, Weekend\n\n## Ingredients\n\n/);
  assert.match(pancakes.text, /\n- 3 tbsp butter, melted\n/);
  assert.match(pancakes.text, /\n## Method\n\n1\. Whisk the dry things\.\n2\. Beat in the wet ones\.\n/);
});

Deno.test("another household's export holds none of these recipes", async () => {
  const exportFile = await exported("json-ld", other);
  assert.equal(exportFile.recipe_count, 0);
  assert.deepEqual(await entriesOf(exportFile.data_base64), []);
});

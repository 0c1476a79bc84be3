// recipe.export over HTTP: the household's recipes as a zip of JSON-LD that recipe.import_file reads back as the
// same recipes (titles, lines, amounts, units, prep states, method, servings, tags, photo), and as Markdown to read.
// Photos are uploaded through storage-js to the stack's Storage and read back by the function as the caller.
import assert from "node:assert/strict";
import { adminSql, createTestUser, type TestUser } from "../support/stack.ts";
import { callTool, callToolOk, supabaseAs } from "../support/tools-client.ts";
import { encodeGreyPng } from "../../shared/images/png-encode.ts";
import { jpegPhoto } from "../recipe-collections/fixtures/build-collections.ts";
import { ByteBudget } from "../../shared/recipe-collections/inflate.ts";
import { decodeBase64 } from "../../shared/recipe-collections/photo.ts";
import { readZipDirectory, readZipEntry } from "../../shared/recipe-collections/zip-read.ts";

const sql = adminSql();
const user = await createTestUser(sql, "recipe-export");
const other = await createTestUser(sql, "recipe-export-other");
const householdOf = async (person: TestUser) =>
  (await sql<{ household_id: string }[]>`
    select household_id from public.household_members where user_id = ${person.id}`)[0].household_id;
const households = { user: await householdOf(user), other: await householdOf(other) };
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

const createdIds: string[] = [];
for (const recipe of texts) {
  const draft = await callToolOk(user, "recipe.parse_text", { text: recipe.text });
  assert.ok(draft.ready, JSON.stringify(draft.lines.filter((line) => line.problems.length > 0)));
  const created = await callToolOk(user, "recipe.create", {
    ...draft.draft,
    instructions: recipe.instructions,
    servings: recipe.servings,
    tags: recipe.tags,
    notes: "From the round-trip test.",
  }, { idempotencyKey: crypto.randomUUID() });
  createdIds.push(created.recipe_id);
}

/** Uploads the photo as the app does (storage-js, as the person) and records it with recipe.set_photo. */
async function givePhoto(person: TestUser, householdId: string, recipeId: string, photo: Uint8Array, type: string) {
  const path = `${householdId}/${recipeId}/${crypto.randomUUID()}.${type === "image/png" ? "png" : "jpg"}`;
  const storage = supabaseAs(person).storage.from("recipe-photos");
  const uploaded = await storage.upload(path, new Blob([photo as Uint8Array<ArrayBuffer>], { type }));
  assert.equal(uploaded.error, null);
  await callToolOk(person, "recipe.set_photo", { recipe_id: recipeId, photo_path: path }, {
    idempotencyKey: crypto.randomUUID(),
  });
  return path;
}

// The pancakes get a photo; the soup has none. Another household's recipe has a photo of its own.
const pancakesPhoto = jpegPhoto();
await givePhoto(user, households.user, createdIds[0], pancakesPhoto, "image/jpeg");
const otherPhoto = new Uint8Array(encodeGreyPng(new Uint8Array(32 * 32).map((_, index) => index % 251), 32, 32));
const otherRecipe = await callToolOk(other, "recipe.create", {
  title: "Their bread",
  ingredients: [{ name: "all-purpose flour", quantity: 500, unit: "g" }],
}, { idempotencyKey: crypto.randomUUID() });
const otherPhotoPath = await givePhoto(other, households.other, otherRecipe.recipe_id, otherPhoto, "image/png");

const sameBytes = (left: Uint8Array, right: Uint8Array) =>
  left.length === right.length && left.every((byte, index) => byte === right[index]);

async function exported(format: "json-ld" | "markdown", as = user) {
  const response = await callTool(as, "recipe.export", { format });
  assert.equal(response.status, 200, JSON.stringify(response.body.error));
  return response.body.data!;
}

async function entriesOf(base64: string) {
  const zip = decodeBase64(base64)!;
  const entries = readZipDirectory(zip, { maxEntries: 100, maxEntryBytes: 1 << 20 }, new ByteBudget(1 << 24, 1 << 24));
  return await Promise.all(entries.map(async (entry) => {
    const bytes = await readZipEntry(zip, entry);
    return { name: entry.name, bytes, text: new TextDecoder().decode(bytes) };
  }));
}

Deno.test("a JSON-LD export imports back as the same recipes", async () => {
  const { recipes: saved } = await callToolOk(user, "recipe.list", { limit: 10 });
  const originals = await Promise.all(
    saved.map(async (summary) => (await callToolOk(user, "recipe.get", { recipe_id: summary.id })).recipe),
  );
  const exportFile = await exported("json-ld");
  assert.equal(exportFile.recipe_count, 2);
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
  const pancakes = data.recipes.find((recipe) => recipe.draft.title === "Pancakes")!;
  assert.equal(pancakes.photo?.media_type, "image/jpeg");
  assert.ok(sameBytes(decodeBase64(pancakes.photo!.data_base64)!, pancakesPhoto), "the same photo comes back");
  assert.equal(data.recipes.find((recipe) => recipe.draft.title === "Tomato soup")!.photo, null);
});

Deno.test("the JSON-LD zip holds the photo beside its recipe, named in its image; no other household's", async () => {
  const exportFile = await exported("json-ld");
  assert.deepEqual([exportFile.photo_count, exportFile.warnings], [1, []]);
  const files = await entriesOf(exportFile.data_base64);
  const names = files.map((file) => file.name.replace(/-[0-9a-f]{8}\./, "."));
  assert.deepEqual(names, ["pancakes.json", "pancakes.jpg", "tomato-soup.json"]);
  const [pancakesJson, photo, soupJson] = files;
  assert.equal(JSON.parse(pancakesJson.text).image, photo.name);
  assert.equal(photo.name, pancakesJson.name.replace(/\.json$/, ".jpg"));
  assert.ok(sameBytes(photo.bytes, pancakesPhoto));
  assert.equal("image" in JSON.parse(soupJson.text), false);
  assert.ok(!files.some((file) => sameBytes(file.bytes, otherPhoto)), "another household's photo is not in it");
});

Deno.test("a Markdown export is a file per recipe to read", async () => {
  const exportFile = await exported("markdown");
  const files = await entriesOf(exportFile.data_base64);
  assert.deepEqual(files.map((file) => file.name.replace(/-[0-9a-f]{8}\./, ".")), [
    "pancakes.md",
    "pancakes.jpg",
    "tomato-soup.md",
  ]);
  const [pancakes, photo] = files;
  assert.equal(pancakes.text.split("\n")[2], `![Pancakes](${photo.name})`);
  assert.ok(sameBytes(photo.bytes, pancakesPhoto));
  assert.match(
    pancakes.text,
    /^# Pancakes\n\n!\[Pancakes\]\([^)]+\)\n\nServes 4 · Tags: Breakfast, Weekend\n\n## Ingredients\n\n/,
  );
  assert.match(pancakes.text, /\n- 3 tbsp butter, melted\n/);
  assert.match(pancakes.text, /\n## Method\n\n1\. Whisk the dry things\.\n2\. Beat in the wet ones\.\n/);
});

Deno.test("another household's export holds its own recipe and photo, none of these", async () => {
  const exportFile = await exported("json-ld", other);
  assert.deepEqual([exportFile.recipe_count, exportFile.photo_count], [1, 1]);
  const files = await entriesOf(exportFile.data_base64);
  assert.deepEqual(files.map((file) => file.name.replace(/-[0-9a-f]{8}\./, ".")), [
    "their-bread.json",
    "their-bread.png",
  ]);
  assert.ok(sameBytes(files[1].bytes, otherPhoto));
  assert.ok(!files.some((file) => sameBytes(file.bytes, pancakesPhoto)));
});

Deno.test("a photo gone from Storage leaves its recipe without one and says so; the export still answers", async () => {
  const removed = await supabaseAs(other).storage.from("recipe-photos").remove([otherPhotoPath]);
  assert.equal(removed.error, null);
  const exportFile = await exported("markdown", other);
  assert.deepEqual([exportFile.recipe_count, exportFile.photo_count], [1, 0]);
  assert.equal(exportFile.warnings.length, 1);
  assert.match(exportFile.warnings[0], /^"Their bread" is exported without its photo: it is no longer in Storage$/);
  const files = await entriesOf(exportFile.data_base64);
  assert.deepEqual(files.map((file) => file.name.replace(/-[0-9a-f]{8}\./, ".")), ["their-bread.md"]);
  assert.doesNotMatch(files[0].text, /!\[/);
});

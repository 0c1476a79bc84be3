// recipe.export's photos, over HTTP with the stack's real Storage: photos uploaded through storage-js as the app does,
// read back by the recipe function with the caller's own token (so the bucket's policies decide), put beside each
// recipe's file in the zip and named in its JSON-LD image and its Markdown; recipe.import_file of the export gives the
// photo back, the same bytes. Another household's photo never appears; a photo gone from Storage is a warning.
import assert from "node:assert/strict";
import { adminSql, createTestUser, type TestUser } from "../support/stack.ts";
import { callTool, callToolOk, supabaseAs } from "../support/tools-client.ts";
import { encodeGreyPng } from "../../shared/images/png-encode.ts";
import { ByteBudget } from "../../shared/recipe-collections/inflate.ts";
import { decodeBase64 } from "../../shared/recipe-collections/photo.ts";
import { readZipDirectory, readZipEntry } from "../../shared/recipe-collections/zip-read.ts";
import { jpegPhoto } from "../recipe-collections/fixtures/build-collections.ts";

const sql = adminSql();
const user = await createTestUser(sql, "export-photos");
const other = await createTestUser(sql, "export-photos-other");
const householdOf = async (person: TestUser) =>
  (await sql<{ household_id: string }[]>`
    select household_id from public.household_members where user_id = ${person.id}`)[0].household_id;
const households = { user: await householdOf(user), other: await householdOf(other) };
await sql.end();

async function recipeOf(person: TestUser, title: string, name: string): Promise<string> {
  const created = await callToolOk(person, "recipe.create", {
    title,
    ingredients: [{ name, quantity: 2, unit: "cup" }],
    instructions: "Mix.\nBake.",
    servings: 4,
  }, { idempotencyKey: crypto.randomUUID() });
  return created.recipe_id;
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

// The pancakes have a photo, the soup none; another household's bread has a photo of its own.
const pancakesPhoto = jpegPhoto();
const pancakesId = await recipeOf(user, "Pancakes", "all-purpose flour");
await recipeOf(user, "Tomato soup", "milk");
await givePhoto(user, households.user, pancakesId, pancakesPhoto, "image/jpeg");
const otherPhoto = new Uint8Array(encodeGreyPng(new Uint8Array(32 * 32).map((_, index) => index % 251), 32, 32));
const breadId = await recipeOf(other, "Their bread", "all-purpose flour");
const otherPhotoPath = await givePhoto(other, households.other, breadId, otherPhoto, "image/png");

const sameBytes = (left: Uint8Array, right: Uint8Array) =>
  left.length === right.length && left.every((byte, index) => byte === right[index]);
const withoutId = (name: string) => name.replace(/-[0-9a-f]{8}\./, ".");

async function exported(format: "json-ld" | "markdown", as = user) {
  const response = await callTool(as, "recipe.export", { format });
  assert.equal(response.status, 200, JSON.stringify(response.body.error));
  return response.body.data!;
}

async function entriesOf(base64: string) {
  const zip = decodeBase64(base64)!;
  const entries = readZipDirectory(zip, { maxEntries: 100, maxEntryBytes: 1 << 22 }, new ByteBudget(1 << 24, 1 << 24));
  return await Promise.all(entries.map(async (entry) => {
    const bytes = await readZipEntry(zip, entry);
    return { name: entry.name, bytes, text: new TextDecoder().decode(bytes) };
  }));
}

Deno.test("the JSON-LD zip holds the photo beside its recipe, named in its image; no other household's", async () => {
  const exportFile = await exported("json-ld");
  assert.deepEqual([exportFile.recipe_count, exportFile.photo_count, exportFile.warnings], [2, 1, []]);
  const files = await entriesOf(exportFile.data_base64);
  assert.deepEqual(files.map((file) => withoutId(file.name)), ["pancakes.json", "pancakes.jpg", "tomato-soup.json"]);
  const [pancakesJson, photo, soupJson] = files;
  assert.equal(JSON.parse(pancakesJson.text).image, photo.name);
  assert.equal(photo.name, pancakesJson.name.replace(/\.json$/, ".jpg"));
  assert.ok(sameBytes(photo.bytes, pancakesPhoto));
  assert.equal("image" in JSON.parse(soupJson.text), false);
  assert.ok(!files.some((file) => sameBytes(file.bytes, otherPhoto)), "another household's photo is not in it");
});

Deno.test("recipe.import_file of the export gives the recipe back with its photo, the same bytes", async () => {
  const exportFile = await exported("json-ld");
  const data = await callToolOk(user, "recipe.import_file", {
    file_name: exportFile.file_name,
    data_base64: exportFile.data_base64,
  });
  assert.deepEqual([data.format, data.total, data.failures], ["json-ld", 2, []]);
  const pancakes = data.recipes.find((recipe) => recipe.draft.title === "Pancakes")!;
  assert.equal(pancakes.source.identity, `json-ld:${pancakesId}`);
  assert.equal(pancakes.photo?.media_type, "image/jpeg");
  assert.ok(sameBytes(decodeBase64(pancakes.photo!.data_base64)!, pancakesPhoto), "the same photo comes back");
  assert.deepEqual(pancakes.warnings, []);
  assert.equal(data.recipes.find((recipe) => recipe.draft.title === "Tomato soup")!.photo, null);
});

Deno.test("the Markdown zip shows the photo under the title, the file beside it", async () => {
  const exportFile = await exported("markdown");
  const files = await entriesOf(exportFile.data_base64);
  assert.deepEqual(files.map((file) => withoutId(file.name)), ["pancakes.md", "pancakes.jpg", "tomato-soup.md"]);
  const [pancakes, photo, soup] = files;
  assert.match(pancakes.text, /^# Pancakes\n\n!\[Pancakes\]\(([^)]+)\)\n\nServes 4\n\n## Ingredients\n/);
  assert.equal(pancakes.text.split("\n")[2], `![Pancakes](${photo.name})`);
  assert.ok(sameBytes(photo.bytes, pancakesPhoto));
  assert.doesNotMatch(soup.text, /!\[/);
});

Deno.test("another household's export holds its own recipe and photo, none of these", async () => {
  const exportFile = await exported("json-ld", other);
  assert.deepEqual([exportFile.recipe_count, exportFile.photo_count], [1, 1]);
  const files = await entriesOf(exportFile.data_base64);
  assert.deepEqual(files.map((file) => withoutId(file.name)), ["their-bread.json", "their-bread.png"]);
  assert.ok(sameBytes(files[1].bytes, otherPhoto));
  assert.ok(!files.some((file) => sameBytes(file.bytes, pancakesPhoto)));
});

Deno.test("a photo gone from Storage leaves its recipe without one and says so; the export still answers", async () => {
  const removed = await supabaseAs(other).storage.from("recipe-photos").remove([otherPhotoPath]);
  assert.equal(removed.error, null);
  const exportFile = await exported("markdown", other);
  assert.deepEqual([exportFile.recipe_count, exportFile.photo_count], [1, 0]);
  assert.deepEqual(exportFile.warnings, ['"Their bread" is exported without its photo: it is no longer in Storage']);
  const files = await entriesOf(exportFile.data_base64);
  assert.deepEqual(files.map((file) => withoutId(file.name)), ["their-bread.md"]);
  assert.doesNotMatch(files[0].text, /!\[/);
});

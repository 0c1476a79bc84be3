// recipe.import_file over HTTP against the stack: each app's export, built as the app writes it, read into drafts
// whose names are matched to the catalog as every import matches them; pages; the body limit of this route.
import assert from "node:assert/strict";
import { adminSql, createTestUser } from "../support/stack.ts";
import { callTool } from "../support/tools-client.ts";
import {
  base64,
  cooklangText,
  jpegPhoto,
  jsonLdGraph,
  mealieArchive,
  mealieBackup,
  nextcloudArchive,
  paprikaArchive,
  recipeSageExport,
  tandoorArchive,
} from "../recipe-collections/fixtures/build-collections.ts";
import { generatedRecipe, greekSalad, pancakes } from "../recipe-collections/fixtures/sample-recipes.ts";
import type { ImportedRecipeDraft } from "../../shared/tools/recipe/import-file-results.ts";

const sql = adminSql();
const user = await createTestUser(sql, "import-file");
await sql.end();

const encoded = (value: Uint8Array | string) =>
  base64(typeof value === "string" ? new TextEncoder().encode(value) : value);

async function importFile(fileName: string, file: Uint8Array | string, extra: Record<string, unknown> = {}) {
  return await callTool(user, "recipe.import_file", { file_name: fileName, data_base64: encoded(file), ...extra });
}

async function imported(fileName: string, file: Uint8Array | string, extra: Record<string, unknown> = {}) {
  const response = await importFile(fileName, file, extra);
  assert.equal(response.status, 200, JSON.stringify(response.body.error));
  return response.body.data!;
}

/** Each line's matched ingredient name (or the name as read), quantity and unit. */
const linesOf = (recipe: ImportedRecipeDraft) =>
  recipe.lines.map((line) => [line.ingredient?.name ?? `?${line.name}`, line.quantity, line.unit]);

Deno.test("a Paprika export: drafts matched to the catalog, with servings, tags, notes, uid and photo", async () => {
  const data = await imported("My Recipes.paprikarecipes", await paprikaArchive([pancakes, greekSalad]));
  assert.equal(data.format, "paprika");
  assert.equal(data.total, 2);
  assert.equal(data.next_cursor, null);
  assert.deepEqual(data.failures, []);
  const [first, second] = data.recipes;
  assert.equal(first.draft.title, "Buttermilk pancakes");
  assert.deepEqual(linesOf(first).slice(0, 4), [
    ["all-purpose flour", 2, "cup"],
    ["white sugar", 2, "tbsp"],
    ["baking powder", 2, "tsp"],
    ["salt", 0.5, "tsp"],
  ]);
  assert.equal(first.draft.servings, 4);
  assert.deepEqual(first.draft.tags, ["Breakfast", "Weekend"]);
  assert.equal(first.draft.notes, pancakes.notes);
  assert.match(first.draft.instructions ?? "", /^Whisk the flour/);
  assert.deepEqual(first.source, {
    entry: "Buttermilk pancakes.paprikarecipe",
    identity: `paprika:${pancakes.id}`,
    url: pancakes.url,
  });
  assert.equal(first.photo?.media_type, "image/jpeg");
  assert.equal(first.photo?.byte_size, jpegPhoto().length);
  assert.equal(first.photo?.data_base64, base64(jpegPhoto()));
  assert.ok(first.ready, JSON.stringify(first.lines.filter((line) => line.problems.length > 0)));
  assert.deepEqual(first.warnings, ['the servings "4 servings" were read as 4']);
  assert.equal(second.lines.find((line) => line.ingredient?.name === "olive oil")?.section, "For the dressing");
});

Deno.test("Mealie (export and backup), Tandoor, Nextcloud, RecipeSage, JSON-LD and Cooklang give the same lines", async () => {
  const files: [string, Uint8Array | string, string, RegExp][] = [
    ["mealie.zip", await mealieArchive([pancakes]), "mealie", /^mealie:0e4c/],
    ["mealie_2024.03.02.zip", await mealieBackup([pancakes]), "mealie", /^mealie:[0-9a-f]{8}-[0-9a-f-]{27}$/],
    ["tandoor.zip", await tandoorArchive([pancakes]), "tandoor", /^tandoor:101$/],
    ["nextcloud.zip", await nextcloudArchive([pancakes]), "nextcloud", /^nextcloud:2001$/],
    ["sage.json", recipeSageExport([pancakes]), "recipesage", /^recipesage:6d3a1f7e/],
    ["page.json", jsonLdGraph([pancakes]), "json-ld", /^sha256:[0-9a-f]{64}$/],
    ["Pancakes.cook", cooklangText(pancakes), "cooklang", /^sha256:[0-9a-f]{64}$/],
  ];
  const paprika = await imported("p.paprikarecipes", await paprikaArchive([pancakes]));
  const expected = linesOf(paprika.recipes[0]);
  for (const [name, file, format, identity] of files) {
    const data = await imported(name, file);
    assert.equal(data.format, format, name);
    const [recipe] = data.recipes;
    assert.deepEqual(linesOf(recipe), expected, name);
    assert.equal(recipe.draft.title, "Buttermilk pancakes", name);
    assert.equal(recipe.draft.servings, 4, name);
    assert.match(recipe.source.identity, identity, name);
    assert.ok(recipe.ready, `${name}: ${JSON.stringify(recipe.lines.filter((line) => line.problems.length))}`);
  }
});

Deno.test("the format is told from the content, not the name", async () => {
  const data = await imported("recipes.txt", await tandoorArchive([greekSalad]));
  assert.equal(data.format, "tandoor");
  const misnamed = await imported("salad.cook", recipeSageExport([greekSalad]));
  assert.equal(misnamed.format, "recipesage");
});

Deno.test("pages: the same file sent again with next_cursor, until it is null", async () => {
  const recipes = Array.from({ length: 7 }, (_, index) => generatedRecipe(index));
  const file = await paprikaArchive(recipes, null);
  const titles: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const data = await imported("many.paprikarecipes", file, { limit: 3, ...(cursor ? { cursor } : {}) });
    assert.equal(data.total, 7);
    titles.push(...data.recipes.map((recipe) => recipe.draft.title ?? ""));
    cursor = data.next_cursor ?? undefined;
    pages += 1;
  } while (cursor);
  assert.equal(pages, 3);
  assert.deepEqual(titles, recipes.map((recipe) => recipe.title));

  const other = await paprikaArchive([pancakes], null);
  const first = await imported("many.paprikarecipes", file, { limit: 3 });
  const wrong = await importFile("other.paprikarecipes", other, { cursor: first.next_cursor });
  assert.equal(wrong.status, 400);
  assert.equal(wrong.body.error?.field, "cursor");
  assert.match(wrong.body.error?.message ?? "", /cursor belongs to another file/);
});

Deno.test("an entry that is not a recipe is a failure beside the drafts of the others", async () => {
  const { writeZip, gzip } = await import("../../shared/recipe-collections/zip-write.ts");
  const file = await writeZip([
    {
      name: "Good.paprikarecipe",
      data: await gzip(JSON.stringify({ name: "Toast", ingredients: "2 slices bread" })),
      deflate: false,
    },
    { name: "Broken.paprikarecipe", data: await gzip("this is { not JSON"), deflate: false },
  ]);
  const data = await imported("mixed.paprikarecipes", file);
  assert.deepEqual(data.recipes.map((recipe) => recipe.draft.title), ["Toast"]);
  assert.deepEqual(data.failures, [{
    entry: "Broken.paprikarecipe",
    reason: "Broken.paprikarecipe is not valid JSON",
  }]);
  assert.equal(data.total, 2);
});

Deno.test("a file over the JSON body limit of other tools is taken by this route", async () => {
  // 2 MiB of photos: over the 1 MiB every other recipe tool takes.
  const big = new Uint8Array(2 * 1024 * 1024);
  big.set(jpegPhoto());
  const { writeZip } = await import("../../shared/recipe-collections/zip-write.ts");
  const file = await writeZip([
    { name: "a.cook", data: cooklangText(greekSalad) },
    { name: "padding.bin", data: big, deflate: false },
  ]);
  const data = await imported("big.zip", file);
  assert.equal(data.recipes.length, 1);
  const parse = await callTool(user, "recipe.parse_text", { text: "x".repeat(1_200_000) });
  assert.equal(parse.status, 413);
});

Deno.test("a recipe of more lines than a recipe takes is a failure, however many it has", async () => {
  const long = (count: number, name: string) => ({
    "@type": "Recipe",
    name,
    recipeIngredient: Array.from({ length: count }, (_, index) => `${index + 1} g sugar`),
  });
  const started = performance.now();
  const data = await imported(
    "long.json",
    JSON.stringify([long(201, "Long"), long(300_000, "Endless"), long(2, "Short")]),
  );
  const elapsed = performance.now() - started;
  assert.deepEqual(data.recipes.map((recipe) => recipe.draft.title), ["Short"]);
  assert.deepEqual(data.failures.map((failure) => failure.entry), ["[0]", "[1]"]);
  assert.match(data.failures[1].reason, /more than 200 ingredient lines; a recipe takes at most 200/);
  console.log(`a 300,000-line recipe read and refused in ${elapsed.toFixed(0)} ms`);
});

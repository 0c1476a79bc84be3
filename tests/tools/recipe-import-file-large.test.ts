// A 1,000-recipe Paprika export (ten lines each, a 16 KB photo each, as Paprika keeps its thumbnails) read page
// by page through the HTTP tool on the local stack. It prints how long the pages take: a figure, never a timed
// assertion. What it asserts is that every recipe comes back once, in order, with its identity and photo.
import assert from "node:assert/strict";
import { adminSql, createTestUser } from "../support/stack.ts";
import { callTool } from "../support/tools-client.ts";
import { base64, jpegPhoto, paprikaArchive } from "../recipe-collections/fixtures/build-collections.ts";
import { generatedRecipe } from "../recipe-collections/fixtures/sample-recipes.ts";

const sql = adminSql();
const user = await createTestUser(sql, "import-file-large");
await sql.end();

/** The test JPEG with a comment segment of pseudo-random bytes after its start: a photo of `size` bytes. */
function photoOfSize(size: number): Uint8Array {
  const jpeg = jpegPhoto();
  const padding = size - jpeg.length - 4;
  const photo = new Uint8Array(size);
  photo.set(jpeg.subarray(0, 2));
  photo.set([0xff, 0xfe, (padding + 2) >> 8, (padding + 2) & 0xff], 2);
  let seed = 12345;
  for (let index = 0; index < padding; index++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    photo[6 + index] = seed >> 16;
  }
  photo.set(jpeg.subarray(2), 6 + padding);
  return photo;
}

const recipes = Array.from({ length: 1000 }, (_, index) => generatedRecipe(index));
const file = await paprikaArchive(recipes, photoOfSize(16_000));
const data = base64(file);

async function readAll(limit: number) {
  const started = performance.now();
  const pageTimes: number[] = [];
  const titles: string[] = [];
  const identities = new Set<string>();
  let photos = 0;
  let cursor: string | undefined;
  do {
    const pageStarted = performance.now();
    const response = await callTool(user, "recipe.import_file", {
      file_name: "All Recipes.paprikarecipes",
      data_base64: data,
      limit,
      ...(cursor ? { cursor } : {}),
    });
    pageTimes.push(performance.now() - pageStarted);
    assert.equal(response.status, 200, JSON.stringify(response.body.error));
    const page = response.body.data!;
    assert.equal(page.total, 1000);
    assert.deepEqual(page.failures, []);
    for (const recipe of page.recipes) {
      titles.push(recipe.draft.title ?? "");
      identities.add(recipe.source.identity);
      if (recipe.photo?.media_type === "image/jpeg" && recipe.photo.byte_size === 16_000) photos += 1;
    }
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  const total = performance.now() - started;
  assert.deepEqual(titles, recipes.map((recipe) => recipe.title));
  assert.equal(identities.size, 1000);
  assert.equal(photos, 1000);
  const sorted = [...pageTimes].sort((a, b) => a - b);
  console.log(
    `recipe.import_file, 1,000-recipe Paprika file (${(file.length / 1024 / 1024).toFixed(1)} MiB, ` +
      `${(data.length / 1024 / 1024).toFixed(1)} MiB as base64), limit ${limit}: ${pageTimes.length} pages in ` +
      `${(total / 1000).toFixed(1)} s; a page takes ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms ` +
      `(median), ${sorted.at(-1)!.toFixed(0)} ms (slowest)`,
  );
}

// 100 a page, the default: 25 a page took twice as long in all (docs/imports.md), and this runs in every suite.
Deno.test("a 1,000-recipe Paprika file, 100 recipes a page (the default)", () => readAll(100));

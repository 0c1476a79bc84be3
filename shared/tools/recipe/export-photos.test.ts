// The export's photo budget over recipes whose photos a reader gives as bytes or a reason: kept in order while they
// fit, the rest left out and named, a photo that cannot be read or is no image reported alone.
import assert from "node:assert/strict";
import { jpegPhoto, webpPhoto } from "../../../tests/recipe-collections/fixtures/build-collections.ts";
import type { ExportedRecipe } from "../../recipe-collections/export-recipes.ts";
import { exportPhotos, type PhotoReader, zipEntryOverhead } from "./export-photos.ts";

const recipe = (title: string, photo: string | null): ExportedRecipe => ({
  id: crypto.randomUUID(),
  title,
  tags: [],
  rating: null,
  servings: null,
  instructions: null,
  notes: null,
  ingredients: [],
  photo_path: photo,
});

const stored: Record<string, Uint8Array | string> = {
  "a.jpg": jpegPhoto(),
  "b.webp": webpPhoto(),
  "c.jpg": jpegPhoto(),
  "gone.jpg": "it is no longer in Storage",
  "text.jpg": new TextEncoder().encode("not a photo"),
};
const reader: PhotoReader = { read: (path) => Promise.resolve(stored[path]) };

Deno.test("photos are kept in the export's order while they fit; the rest are left out and named", async () => {
  const recipes = [recipe("A", "a.jpg"), recipe("None", null), recipe("B", "b.webp"), recipe("C", "c.jpg")];
  const room = jpegPhoto().length + webpPhoto().length + 2 * zipEntryOverhead;
  const { photos, warnings } = await exportPhotos(recipes, reader, room);
  assert.deepEqual([...photos.values()].map((photo) => photo.extension), ["jpg", "webp"]);
  assert.equal(photos.get(recipes[0].id)?.bytes, stored["a.jpg"]);
  assert.deepEqual(warnings, [
    '1 photo was left out (of "C"): an export carries at most 500 photos and an archive of 16777216 bytes',
  ]);
  const all = await exportPhotos(recipes, reader, room + jpegPhoto().length + zipEntryOverhead);
  assert.deepEqual([all.photos.size, all.warnings], [3, []]);
});

Deno.test("a photo gone or not an image leaves its recipe alone without one; no token, no photos", async () => {
  const recipes = [recipe("Gone", "gone.jpg"), recipe("Text", "text.jpg"), recipe("A", "a.jpg")];
  const { photos, warnings } = await exportPhotos(recipes, reader, 1 << 24);
  assert.deepEqual([...photos.keys()], [recipes[2].id]);
  assert.deepEqual(warnings, [
    '"Gone" is exported without its photo: it is no longer in Storage',
    '"Text" is exported without its photo: it is not a PNG, JPEG or WebP image (judged from its bytes)',
  ]);
  const unread = await exportPhotos(recipes, null, 1 << 24);
  assert.deepEqual([unread.photos.size, unread.warnings.length], [0, 1]);
});

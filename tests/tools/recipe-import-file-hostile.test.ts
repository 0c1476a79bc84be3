// recipe.import_file refuses hostile files over HTTP with the limit named (413 for sizes and counts, 400 for
// the rest), after a bounded amount of work: the stack stays up and answers the next call.
import assert from "node:assert/strict";
import { adminSql, createTestUser } from "../support/stack.ts";
import { callTool } from "../support/tools-client.ts";
import { base64 } from "../recipe-collections/fixtures/build-collections.ts";
import {
  deflateBomb,
  gzipBomb,
  lyingSizeBomb,
  manyEntries,
  nonJsonEntry,
  pathTraversal,
  truncatedArchive,
  zipInZipInZip,
} from "../recipe-collections/fixtures/hostile-archives.ts";
import { collectionLimits } from "../../shared/recipe-collections/collection-limits.ts";

const sql = adminSql();
const user = await createTestUser(sql, "import-file-hostile");
await sql.end();

async function refusal(file: Uint8Array, fileName = "export.zip") {
  const started = performance.now();
  const response = await callTool(user, "recipe.import_file", { file_name: fileName, data_base64: base64(file) });
  const elapsed = performance.now() - started;
  assert.equal(response.body.ok, false, JSON.stringify(response.body).slice(0, 300));
  return { status: response.status, error: response.body.error!, elapsed };
}

Deno.test("a deflate bomb is refused from its declared size, before it inflates", async () => {
  const { status, error } = await refusal(await deflateBomb());
  assert.equal(status, 413);
  assert.equal(error.field, "data_base64");
  assert.match(error.message, /bomb\.paprikarecipe is 67108864 bytes uncompressed; at most 16777216/);
});

Deno.test("a header that lies about its size is refused once inflating passes it", async () => {
  const { status, error } = await refusal(await lyingSizeBomb());
  assert.equal(status, 413);
  assert.match(error.message, /small\.paprikarecipe inflates past the 1000 bytes its header declares/);
});

Deno.test("a gzip bomb in a Paprika entry stops at the per-entry limit", async () => {
  const { status, error } = await refusal(await gzipBomb(), "bomb.paprikarecipes");
  assert.equal(status, 413);
  assert.match(error.message, new RegExp(`Soup\\.paprikarecipe inflates past ${collectionLimits.maxEntryBytes} bytes`));
});

Deno.test("a zip in a zip in a zip is refused: archives nest 2 deep", async () => {
  const { status, error } = await refusal(await zipInZipInZip());
  assert.equal(status, 400);
  assert.match(error.message, /1\.zip holds another archive: archives nest at most 2 deep/);
});

Deno.test("more entries than an archive may have is refused from its end record", async () => {
  const { status, error } = await refusal(await manyEntries(collectionLimits.maxEntries + 1));
  assert.equal(status, 413);
  assert.match(error.message, /has 10001 entries; at most 10000/);
});

Deno.test("a truncated archive and a name outside the archive are refused", async () => {
  const truncated = await refusal(await truncatedArchive(), "cut.paprikarecipes");
  assert.equal(truncated.status, 400);
  assert.match(truncated.error.message, /not a whole zip archive/);
  const outside = await refusal(await pathTraversal());
  assert.equal(outside.status, 400);
  assert.match(
    outside.error.message,
    /\.\.\/\.\.\/\.ssh\/authorized_keys\.paprikarecipe.*outside the archive's own folders/,
  );
});

Deno.test("an entry that is not JSON is a failure; the other recipe is read", async () => {
  const response = await callTool(user, "recipe.import_file", {
    file_name: "cookbook.zip",
    data_base64: base64(await nonJsonEntry()),
  });
  assert.equal(response.status, 200);
  const data = response.body.data!;
  assert.equal(data.format, "nextcloud");
  assert.deepEqual(data.recipes.map((recipe) => recipe.draft.title), ["Toast"]);
  assert.deepEqual(data.failures, [{ entry: "Soup/recipe.json", reason: "Soup/recipe.json is not valid JSON" }]);
});

Deno.test("a file over 24 MiB is a 413 naming the limit; over the route's body limit too", async () => {
  const over = new Uint8Array(collectionLimits.maxFileBytes + 1);
  const { status, error } = await refusal(over, "huge.zip");
  assert.equal(status, 413);
  assert.match(error.message, /the file is larger than 25165824 bytes/);
  const response = await callTool(user, "recipe.import_file", {
    file_name: "huger.zip",
    data_base64: "A".repeat(34 * 1024 * 1024),
  });
  assert.equal(response.status, 413);
  assert.match(response.body.error?.message ?? "", /request body is larger than/);
});

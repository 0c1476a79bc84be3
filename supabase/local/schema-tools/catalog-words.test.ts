// The generated module of the catalog's words is what the files make now, and the tools' own lists of units and
// aisles are the catalog's.
import assert from "node:assert/strict";
import { join } from "node:path";
import { groceryCategories, units } from "../../../shared/tools/fields.ts";
import { aisles, catalogUnits } from "../../../shared/ingredient-grammar/generated/catalog-words.ts";
import { catalogDirectory, readCatalog } from "./catalog-files.ts";
import { catalogWordsModule, catalogWordsPath } from "./catalog-words.ts";
import { projectRoot } from "../stack/stack-config.ts";

Deno.test("shared/ingredient-grammar/generated/catalog-words.ts is up to date with the catalog's files", async () => {
  assert.equal(
    await Deno.readTextFile(join(projectRoot, catalogWordsPath)),
    catalogWordsModule(await readCatalog(catalogDirectory(projectRoot))),
    "run deno task build:catalog",
  );
});

Deno.test("the tools' units and aisles are the catalog's, in its order", () => {
  assert.deepEqual([...units], [...catalogUnits]);
  assert.deepEqual([...groceryCategories], [...aisles]);
});

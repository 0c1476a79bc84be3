// The generated module of the catalog's words (the tools' units and aisles among them) is what the files make now.
import assert from "node:assert/strict";
import { join } from "node:path";
import { catalogDirectory, readCatalog } from "./catalog-files.ts";
import { catalogWordsModule, catalogWordsPath, oneWordNamesModule, oneWordNamesPath } from "./catalog-words.ts";
import { projectRoot } from "../stack/stack-config.ts";

Deno.test("shared/ingredient-grammar/generated/catalog-words.ts is up to date with the catalog's files", async () => {
  assert.equal(
    await Deno.readTextFile(join(projectRoot, catalogWordsPath)),
    catalogWordsModule(await readCatalog(catalogDirectory(projectRoot))),
    "run deno task build:catalog",
  );
});

Deno.test("shared/ingredient-grammar/generated/one-word-names.ts is up to date with the catalog's files", async () => {
  assert.equal(
    await Deno.readTextFile(join(projectRoot, oneWordNamesPath)),
    oneWordNamesModule(await readCatalog(catalogDirectory(projectRoot))),
    "run deno task build:catalog",
  );
});

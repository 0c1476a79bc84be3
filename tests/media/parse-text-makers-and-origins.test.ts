// recipe.parse_text over HTTP: a maker named without any mark ("King Arthur", "Lurpak", a shop's own brand), where a
// thing comes from, and its grain are descriptions, kept in the line's note; a diet's version of a thing is not, and
// stays unmatched rather than merge on the list with what the household cannot eat.
import assert from "node:assert/strict";
import { twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";
import { lineReader } from "../support/parse-text-lines.ts";

const sql = adminSql();
globalThis.addEventListener("unload", () => sql.end());
const { alice } = await twoHouseholds(sql, "parse-text-makers-and-origins");

const { read, readLines } = lineReader(alice);

Deno.test("a maker named without a mark is left out of the name and kept in the note", async () => {
  assert.deepEqual(
    await readLines([
      "300 g King Arthur all-purpose flour",
      "50 g melted Lurpak butter",
      "1 tsp Diamond Crystal kosher salt",
      "1/2 cup Simply Nature Organic Extra-Virgin Olive Oil",
      "1 cup Bob’s Red Mill almond flour",
    ]),
    [
      ["300 g King Arthur all-purpose flour", "all-purpose flour", 300, "g"],
      ["50 g melted Lurpak butter", "butter", 50, "g"],
      ["1 tsp Diamond Crystal kosher salt", "kosher salt", 1, "tsp"],
      ["1/2 cup Simply Nature Organic Extra-Virgin Olive Oil", "extra virgin olive oil", 0.5, "cup"],
      ["1 cup Bob’s Red Mill almond flour", "almond flour", 1, "cup"],
    ],
  );
  const draft = await read(["300 g King Arthur all-purpose flour"]);
  assert.equal(draft.lines[0].note, "King Arthur");
  assert.equal(draft.ready, true);
});

Deno.test("where a thing comes from and its grain describe it; a dish named by its origin is no plain base", async () => {
  assert.deepEqual(
    await readLines([
      "2 cups Spanish red wine",
      "1 Japanese leek",
      "320 g wholewheat spaghetti",
      "2 cups Spanish rice",
    ]),
    [
      ["2 cups Spanish red wine", "red wine", 2, "cup"],
      ["1 Japanese leek", "leek", 1, "whole"],
      ["320 g wholewheat spaghetti", "spaghetti", 320, "g"],
      ["2 cups Spanish rice", null, 2, "cup"],
    ],
  );
});

Deno.test("a diet's version of a thing stays unmatched, so the list never merges it with the thing", async () => {
  // (The catalog lists vegan butter as an ingredient of its own; these three it does not list.)
  const draft = await read([
    "2 tbsp vegan fish sauce",
    "2 cups plant-based milk",
    "1 cup gluten free all purpose flour",
  ]);
  assert.deepEqual(draft.lines.map((line) => line.ingredient), [null, null, null]);
  assert.equal(draft.ready, false);
});

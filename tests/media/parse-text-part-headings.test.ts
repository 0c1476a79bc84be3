// recipe.parse_text over HTTP: a part of the recipe named alone ("Sauce", "DRESSING", "The Marinade") is the section
// of the lines under it, not an ingredient line that stops the draft from being ready. A part
// named with what it is made of ("Hot sauce") stays a line.
import assert from "node:assert/strict";
import { twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";
import { lineReader } from "../support/parse-text-lines.ts";

const sql = adminSql();
globalThis.addEventListener("unload", () => sql.end());
const { alice } = await twoHouseholds(sql, "parse-text-part-headings");

const { read } = lineReader(alice);

Deno.test("a part of the recipe named alone is the section of the lines under it, and the draft is ready", async () => {
  const draft = await read(["SALAD", "2 cups spinach", "1 cucumber", "DRESSING", "3 tbsp olive oil", "Hot sauce"]);
  assert.deepEqual(
    draft.lines.map((line) => [line.original, line.section]),
    [
      ["2 cups spinach", "SALAD"],
      ["1 cucumber", "SALAD"],
      ["3 tbsp olive oil", "DRESSING"],
      ["Hot sauce", "DRESSING"],
    ],
  );
  assert.equal(draft.lines[3].ingredient?.name, "hot sauce");
  assert.equal(draft.ready, true);
});

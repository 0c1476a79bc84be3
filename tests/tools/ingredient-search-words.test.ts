// ingredient.search matches words anywhere in a name, in any order, and through the catalog's listed aliases: what
// the list's autocomplete reads as a person types.
import assert from "node:assert/strict";
import { callToolOk } from "../support/tools-client.ts";
import { twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";

const sql = adminSql();
const { alice, bob } = await twoHouseholds(sql, "ingredient-search-words");

async function names(query: string, limit = 50): Promise<string[]> {
  const { ingredients } = await callToolOk(alice, "ingredient.search", { query, limit });
  return ingredients.map((found) => `${found.name} (${found.match})`);
}

Deno.test("the words of a query match in any order", async () => {
  assert.ok((await names("rice brown")).includes("brown rice (word)"));
  assert.ok((await names("pepper black")).includes("black pepper (word)"));
  // Whole words only, still: never part of one, never a word the name lacks.
  assert.ok(!(await names("ice")).some((name) => name.startsWith("brown rice")));
  assert.ok(!(await names("rice purple brown")).some((name) => name.startsWith("brown rice")));
});

Deno.test("a listed alias finds its ingredient: minced beef and beef mince are ground beef", async () => {
  assert.deepEqual(await names("minced beef"), ["ground beef (word)"]);
  assert.deepEqual(await names("mince beef"), ["ground beef (word)"]);
  assert.ok((await names("beef")).includes("ground beef (word)"));
  // The exact name and the names starting with the query still come first.
  const beef = await names("beef");
  assert.equal(beef[0], "beef (exact)");
  assert.ok(beef.findLastIndex((name) => name.endsWith("(prefix)")) < beef.indexOf("ground beef (word)"));
});

Deno.test("a household's own ingredient is found by its words, by that household only", async () => {
  await callToolOk(alice, "ingredient.create", { name: "Smoky Beef Mince" });
  assert.ok((await names("mince smoky")).includes("Smoky Beef Mince (word)"));
  const { ingredients } = await callToolOk(bob, "ingredient.search", { query: "mince smoky", limit: 50 });
  assert.deepEqual(ingredients, []);
});

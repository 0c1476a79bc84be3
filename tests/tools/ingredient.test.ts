import assert from "node:assert/strict";
import { callTool, callToolOk, supabaseAs } from "../support/tools-client.ts";
import { twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";

const sql = adminSql();
const { alice, bob } = await twoHouseholds(sql, "ingredient");
await sql.end();

type Found = { id: string; name: string; household_specific: boolean; match: "exact" | "prefix" };

Deno.test("ingredient.search puts the exact match first, then prefix matches by name", async () => {
  const client = supabaseAs(alice);
  const { data, error } = await client.functions.invoke("ingredient/search", { body: { query: " Onion", limit: 3 } });
  assert.equal(error, null);
  const found = data.data.ingredients as Found[];
  assert.deepEqual(found.map((entry) => [entry.name, entry.match]), [
    ["onion", "exact"],
    ["onion powder", "prefix"],
  ]);
  const none = await callToolOk<{ ingredients: Found[] }>(alice, "ingredient.search", { query: "nion" });
  assert.deepEqual(none.ingredients, []);
  const wildcard = await callToolOk<{ ingredients: Found[] }>(alice, "ingredient.search", { query: "%" });
  assert.deepEqual(wildcard.ingredients, []);
  const limited = await callToolOk<{ ingredients: Found[] }>(alice, "ingredient.search", { query: "c", limit: 2 });
  assert.equal(limited.ingredients.length, 2);
  const tooMany = await callTool(alice, "ingredient.search", { query: "c", limit: 51 });
  assert.equal(tooMany.body.error?.field, "limit");
});

Deno.test("a household's own ingredient is found, used by name in recipes, and invisible to others", async () => {
  const created = await callToolOk<{ ingredient_id: string; name: string }>(alice, "ingredient.create", {
    name: " Grandma's Spice Mix ",
  });
  assert.equal(created.name, "Grandma's Spice Mix");
  const found = await callToolOk<{ ingredients: Found[] }>(alice, "ingredient.search", { query: "grandma" });
  assert.deepEqual(found.ingredients, [
    { id: created.ingredient_id, name: "Grandma's Spice Mix", household_specific: true, match: "prefix" },
  ]);
  const recipe = await callTool(alice, "recipe.create", {
    title: "Spiced rice",
    ingredients: [{ name: "grandma's spice mix", quantity: 1, unit: "tsp" }],
  });
  assert.equal(recipe.status, 200);

  const bobSearch = await callToolOk<{ ingredients: Found[] }>(bob, "ingredient.search", { query: "grandma" });
  assert.deepEqual(bobSearch.ingredients, []);
  const bobRecipe = await callTool(bob, "recipe.create", {
    title: "Stolen rice",
    ingredients: [{ ingredient_id: created.ingredient_id, quantity: 1, unit: "tsp" }],
  });
  assert.equal(bobRecipe.status, 400);
  assert.equal(bobRecipe.body.error?.field, "ingredients");
});

Deno.test("ingredient.create refuses a name the catalog or the household already has", async () => {
  const catalog = await callTool(alice, "ingredient.create", { name: "ONION" });
  assert.equal(catalog.status, 409);
  assert.equal(catalog.body.error?.field, "name");
  assert.match(catalog.body.error!.message, /catalog/);
  await callToolOk(alice, "ingredient.create", { name: "Smoked salt flakes" });
  const again = await callTool(alice, "ingredient.create", { name: "smoked salt FLAKES " });
  assert.equal(again.status, 409);
  const otherHousehold = await callTool(bob, "ingredient.create", { name: "Smoked salt flakes" });
  assert.equal(otherHousehold.status, 200);
});

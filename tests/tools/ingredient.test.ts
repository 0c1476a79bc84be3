import assert from "node:assert/strict";
import { callTool, callToolOk, supabaseAs } from "../support/tools-client.ts";
import { catalogIngredient, householdOf, twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";
import type { IngredientSearchResult } from "../../shared/tools/ingredient/results.ts";

const sql = adminSql();
const { alice, bob } = await twoHouseholds(sql, "ingredient");
const aliceHousehold = await householdOf(sql, alice);
const catalog = Object.fromEntries(
  await Promise.all(
    [
      "tomato",
      "tomato juice",
      "tomato paste",
      "tomato puree",
      "tomato sauce",
      "tomato soup",
      "tomatillo",
      "cherry tomato",
      "clamato",
      "grape tomato",
      "green tomato",
      "onion",
      "pea shoots",
      "peach",
      "peach jam",
      "peach liqueur",
      "peach nectar",
    ].map(
      async (name) => [name, await catalogIngredient(sql, name)],
    ),
  ),
);

type Found = IngredientSearchResult["ingredients"][number];

const fromCatalog = (name: string, match: Found["match"]): Found => ({
  id: catalog[name],
  name,
  household_specific: false,
  match,
});

async function search(query: string, limit?: number): Promise<Found[]> {
  const input = limit === undefined ? { query } : { query, limit };
  return (await callToolOk(alice, "ingredient.search", input)).ingredients;
}

Deno.test("ingredient.search puts the exact match first, then prefix matches by name, through supabase-js", async () => {
  const { data, error } = await supabaseAs(alice).functions.invoke("ingredient/search", {
    body: { query: "  TOMATO " },
  });
  assert.equal(error, null);
  assert.deepEqual(data.data.ingredients, [
    fromCatalog("tomato", "exact"),
    fromCatalog("tomato juice", "prefix"),
    fromCatalog("tomato paste", "prefix"),
    fromCatalog("tomato puree", "prefix"),
    fromCatalog("tomato sauce", "prefix"),
    fromCatalog("tomato soup", "prefix"),
    // (Clamato by its alias "tomato and clam juice cocktail": a word of an alias counts as a word of the name.)
    fromCatalog("cherry tomato", "word"),
    fromCatalog("clamato", "word"),
    fromCatalog("grape tomato", "word"),
    fromCatalog("green tomato", "word"),
  ]);
  assert.deepEqual(await search("tomat"), [
    fromCatalog("tomatillo", "prefix"),
    fromCatalog("tomato", "prefix"),
    fromCatalog("tomato juice", "prefix"),
    fromCatalog("tomato paste", "prefix"),
    fromCatalog("tomato puree", "prefix"),
    fromCatalog("tomato sauce", "prefix"),
    fromCatalog("tomato soup", "prefix"),
  ]);
  // Never fuzzy: no misspellings, no infix matches.
  assert.deepEqual(await search("tomatos"), []);
  assert.deepEqual(await search("mato"), []);
  // The limit keeps the exact match and the first prefix matches.
  assert.deepEqual(await search("tomato", 2), [fromCatalog("tomato", "exact"), fromCatalog("tomato juice", "prefix")]);
  assert.equal((await search("c")).length, 10);
  assert.equal((await search("c", 50)).length, 50);
});

Deno.test("LIKE wildcards in the query are plain characters", async () => {
  assert.deepEqual(await search("%"), []);
  assert.deepEqual(await search("pea_"), []);
  assert.deepEqual(await search("p%s"), []);
  assert.deepEqual(await search("\\"), []);
  const created = await callToolOk(alice, "ingredient.create", { name: "100% rye_flour" });
  assert.deepEqual((await search("100% rye_")).map((found) => found.id), [created.ingredient_id]);
  assert.deepEqual(await search("100%_rye"), []);
});

Deno.test("a household's own ingredient is found by its household only, exact before the catalog's prefixes", async () => {
  const pea = await callToolOk(
    alice,
    "ingredient.create",
    { name: "  Pea " },
  );
  assert.equal(pea.name, "Pea");
  assert.match(pea.created_at, /^\d{4}-\d{2}-\d{2}T/);
  const [row] =
    await sql`select household_id, name, created_by from public.ingredients where id = ${pea.ingredient_id}`;
  assert.deepEqual(row, { household_id: aliceHousehold, name: "Pea", created_by: alice.id });

  assert.deepEqual(await search("pea", 6), [
    { id: pea.ingredient_id, name: "Pea", household_specific: true, match: "exact" },
    fromCatalog("pea shoots", "prefix"),
    fromCatalog("peach", "prefix"),
    fromCatalog("peach jam", "prefix"),
    fromCatalog("peach liqueur", "prefix"),
    fromCatalog("peach nectar", "prefix"),
  ]);

  const bobs = await callToolOk(bob, "ingredient.search", { query: "pea", limit: 50 });
  assert.equal(bobs.ingredients.some((found) => found.id === pea.ingredient_id), false);
  assert.equal(bobs.ingredients[0].name, "pea shoots");
  const byName = await callToolOk(bob, "ingredient.search", { query: "Pea" });
  assert.equal(byName.ingredients.some((found) => found.household_specific), false);

  // Bob may have a "pea" of his own: names are unique per household, not across households.
  const bobsPea = await callToolOk(bob, "ingredient.create", { name: "pea" });
  assert.notEqual(bobsPea.ingredient_id, pea.ingredient_id);
  assert.deepEqual((await search("pea", 1)).map((found) => found.id), [pea.ingredient_id]);
});

Deno.test("ingredient.create refuses a name the catalog or the household has, naming the existing one", async () => {
  const catalogClash = await callTool(alice, "ingredient.create", { name: " ONION " });
  assert.deepEqual([catalogClash.status, catalogClash.body.error?.type, catalogClash.body.error?.field], [
    409,
    "CONFLICT",
    "name",
  ]);
  assert.equal(
    catalogClash.body.error?.message,
    `"onion" already exists (in the catalog, id ${catalog.onion}); use it instead`,
  );

  const own = await callToolOk(alice, "ingredient.create", { name: "Smoked salt flakes" });
  const again = await callTool(alice, "ingredient.create", { name: "smoked salt FLAKES" });
  assert.deepEqual([again.status, again.body.error?.field], [409, "name"]);
  assert.equal(
    again.body.error?.message,
    `"Smoked salt flakes" already exists (in this household, id ${own.ingredient_id}); use it instead`,
  );
  const [{ count }] = await sql`
    select count(*)::int as count from public.ingredients
    where household_id = ${aliceHousehold} and normalized_name = 'smoked salt flakes'`;
  assert.equal(count, 1);
  const otherHousehold = await callTool(bob, "ingredient.create", { name: "Smoked salt flakes" });
  assert.equal(otherHousehold.status, 200);
});

Deno.test("ingredient tools refuse bad input with the field, and missing or bad tokens with 401", async () => {
  const attempts: [string, unknown, string][] = [
    ["ingredient.search", {}, "query"],
    ["ingredient.search", { query: "   " }, "query"],
    ["ingredient.search", { query: "x".repeat(101) }, "query"],
    ["ingredient.search", { query: "c", limit: 0 }, "limit"],
    ["ingredient.search", { query: "c", limit: 51 }, "limit"],
    ["ingredient.search", { query: "c", limit: 2.5 }, "limit"],
    ["ingredient.search", { query: "c", fuzzy: true }, "fuzzy"],
    ["ingredient.create", {}, "name"],
    ["ingredient.create", { name: "" }, "name"],
    ["ingredient.create", { name: "x".repeat(101) }, "name"],
    ["ingredient.create", { name: "gochujang", category: "sauces" }, "category"],
  ];
  for (const [tool, input, field] of attempts) {
    const response = await callTool(alice, tool, input);
    assert.deepEqual([response.status, response.body.error?.type, response.body.error?.field], [
      400,
      "VALIDATION_ERROR",
      field,
    ], `${tool} ${JSON.stringify(input)}`);
  }
  const toolInputs: [string, unknown][] = [["ingredient.search", { query: "c" }], ["ingredient.create", {
    name: "ghost",
  }]];
  for (const [tool, input] of toolInputs) {
    for (const user of [undefined, { ...alice, token: "Bearer.nonsense.token" }]) {
      const response = await callTool(user, tool, input);
      assert.deepEqual([response.status, response.body.error?.type], [401, "UNAUTHENTICATED"], tool);
    }
  }
  const [{ count }] = await sql`
    select count(*)::int as count from public.ingredients
    where household_id = ${aliceHousehold} and normalized_name in ('gochujang', 'ghost')`;
  assert.equal(count, 0);
});

globalThis.addEventListener("unload", () => sql.end());

Deno.test("ingredient.search finds whole words anywhere, after the exact and prefix matches", async () => {
  const found = await search("pepper", 50);
  const names = found.map((ingredient) => `${ingredient.name} (${ingredient.match})`);
  assert.equal(names[0], "pepper jack cheese (prefix)", "no catalog 'pepper' itself: prefixes first");
  const words = found.filter((ingredient) => ingredient.match === "word").map((ingredient) => ingredient.name);
  assert.deepEqual(words, [...words].sort(), "word matches by name");
  // Names early in the alphabet: the catalog holds more names with the word than one page of 50 shows.
  for (const name of ["banana pepper", "bell pepper", "black pepper", "cayenne pepper"]) {
    assert.ok(words.includes(name), name);
  }
  assert.ok(found.findIndex((i) => i.match === "word") > found.findLastIndex((i) => i.match === "prefix"));
  assert.ok(!(await search("ice")).some((ingredient) => ingredient.name.endsWith("rice")), "never part of a word");
  const own = await callToolOk(alice, "ingredient.create", { name: "Pepper" });
  const first = (await search("PEPPER"))[0];
  assert.deepEqual([first.id, first.match], [own.ingredient_id, "exact"], "the household's exact name first");
  assert.deepEqual((await search("basmati rice")).map((ingredient) => ingredient.match), ["exact"]);
});

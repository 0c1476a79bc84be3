import assert from "node:assert/strict";
import { callTool, callToolOk, supabaseAs } from "../support/tools-client.ts";
import { catalogIngredient, twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";

const sql = adminSql();
const { alice, bob } = await twoHouseholds(sql, "recipe");
const rice = await catalogIngredient(sql, "white rice");
await sql.end();

const tacos = {
  title: "Tacos",
  ingredients: [
    { name: "Ground Beef ", quantity: 1, unit: "lb" },
    { name: "onion", quantity: 0.25, unit: "cup", prep_state: "chopped", note: "fine" },
    { name: "flour tortillas", quantity: 8, unit: "piece" },
  ],
  instructions: "Brown the beef.",
  tags: ["mexican", "quick"],
  rating: 5,
  servings: 4,
};

Deno.test("recipe.create then recipe.get returns exactly what was stored, through supabase-js", async () => {
  const client = supabaseAs(alice);
  const created = await client.functions.invoke("recipe/create", { body: tacos });
  assert.equal(created.error, null);
  const recipeId = created.data.data.recipe_id;
  assert.match(created.data.data.created_at, /^\d{4}-\d{2}-\d{2}T/);

  const fetched = await client.functions.invoke("recipe/get", { body: { recipe_id: recipeId } });
  const recipe = fetched.data.data.recipe;
  assert.equal(recipe.title, "Tacos");
  assert.deepEqual(recipe.tags, ["mexican", "quick"]);
  assert.equal(recipe.rating, 5);
  assert.equal(recipe.servings, 4);
  assert.deepEqual(
    recipe.ingredients.map((line: Record<string, unknown>) => [
      line.position,
      line.ingredient_name,
      line.quantity,
      line.unit,
      line.prep_state,
      line.note,
    ]),
    [
      [0, "ground beef", 1, "lb", null, null],
      [1, "onion", 0.25, "cup", "chopped", "fine"],
      [2, "flour tortillas", 8, "piece", null, null],
    ],
  );
});

Deno.test("unknown ingredient names are all listed in one error and nothing is created", async () => {
  const before = await callToolOk(alice, "recipe.list", { query: "Mystery" });
  const response = await callTool(alice, "recipe.create", {
    title: "Mystery stew",
    ingredients: [
      { name: "unobtainium", quantity: 1, unit: "cup" },
      { ingredient_id: rice, quantity: 1, unit: "cup" },
      { name: "dragon fruitt", quantity: 2, unit: "whole" },
    ],
  });
  assert.equal(response.status, 400);
  assert.equal(response.body.error?.type, "VALIDATION_ERROR");
  assert.equal(response.body.error?.field, "ingredients");
  assert.match(response.body.error!.message, /"unobtainium" \(line 0\), "dragon fruitt" \(line 2\)/);
  const after = await callToolOk(alice, "recipe.list", { query: "Mystery" });
  assert.equal(after.recipes.length, before.recipes.length);
});

Deno.test("recipe.create refuses free-text quantities, unknown units, bad ratings and unknown keys", async () => {
  const line = { name: "onion", quantity: 1, unit: "whole" };
  const cases: [Record<string, unknown>, string][] = [
    [{ title: "A", ingredients: [{ ...line, quantity: "a pinch" }] }, "ingredients[0].quantity"],
    [{ title: "A", ingredients: [{ ...line, quantity: "2" }] }, "ingredients[0].quantity"],
    [{ title: "A", ingredients: [line, { ...line, unit: "pinch" }] }, "ingredients[1].unit"],
    [{ title: "A", ingredients: [{ ...line, quantity: 0 }] }, "ingredients[0].quantity"],
    [{ title: "A", ingredients: [line], rating: 6 }, "rating"],
    [{ title: "", ingredients: [line] }, "title"],
    [{ title: "A", ingredients: [] }, "ingredients"],
    [{ ingredients: [line] }, "title"],
  ];
  for (const [input, field] of cases) {
    const response = await callTool(alice, "recipe.create", input);
    assert.equal(response.status, 400, JSON.stringify(input));
    assert.equal(response.body.error?.type, "VALIDATION_ERROR");
    assert.equal(response.body.error?.field, field, JSON.stringify(input));
  }
  const unknownKey = await callTool(alice, "recipe.create", { title: "A", ingredients: [line], calories: 100 });
  assert.equal(unknownKey.status, 400);
  assert.match(unknownKey.body.error!.message, /calories/);
});

Deno.test("recipe.list filters by every tag, minimum rating and title text, and pages with a cursor", async () => {
  const { bob: cook } = await twoHouseholdsOnce();
  const line = { ingredient_id: rice, quantity: 1, unit: "cup" };
  const titles = ["b soup", "A soup", "c stew", "D soup", "e salad"];
  for (const [index, title] of titles.entries()) {
    await callToolOk(cook, "recipe.create", {
      title,
      ingredients: [line],
      tags: index % 2 === 0 ? ["dinner", "easy"] : ["dinner"],
      rating: index + 1,
    });
  }
  const list = async (
    input: Record<string, unknown>,
  ) => (await callToolOk(cook, "recipe.list", input));
  assert.deepEqual((await list({})).recipes.map((recipe) => recipe.title), [
    "A soup",
    "b soup",
    "c stew",
    "D soup",
    "e salad",
  ]);
  assert.deepEqual((await list({ tags: ["dinner", "easy"] })).recipes.map((recipe) => recipe.title), [
    "b soup",
    "c stew",
    "e salad",
  ]);
  assert.deepEqual((await list({ min_rating: 4 })).recipes.map((recipe) => recipe.title), ["D soup", "e salad"]);
  assert.deepEqual((await list({ query: "SOUP" })).recipes.map((recipe) => recipe.title), [
    "A soup",
    "b soup",
    "D soup",
  ]);
  assert.deepEqual((await list({ query: "%" })).recipes, []);

  /** The titles of every page of at most `limit`, following next_cursor to the end. */
  const pagedTitles = async (input: Record<string, unknown>, limit: number) => {
    const titles: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(cursor ? { ...input, limit, cursor } : { ...input, limit });
      assert.ok(page.recipes.length <= limit);
      titles.push(...page.recipes.map((recipe) => recipe.title));
      cursor = page.next_cursor;
    } while (cursor);
    return titles;
  };
  assert.deepEqual(await pagedTitles({}, 2), ["A soup", "b soup", "c stew", "D soup", "e salad"]);
  // Filtered pages are chosen another way (see app.recipe_list): they page the same.
  assert.deepEqual(await pagedTitles({ query: "soup" }, 1), ["A soup", "b soup", "D soup"]);

  const badCursor = await callTool(cook, "recipe.list", { cursor: "not-a-cursor" });
  assert.equal(badCursor.status, 400);
  assert.equal(badCursor.body.error?.field, "cursor");
  const badLimit = await callTool(cook, "recipe.list", { limit: 101 });
  assert.equal(badLimit.body.error?.field, "limit");
});

Deno.test("recipe.update changes given fields, null clears, ingredients are replaced", async () => {
  const { recipe_id } = await callToolOk(alice, "recipe.create", tacos);
  const updated = await callToolOk(alice, "recipe.update", {
    recipe_id,
    title: "Fish tacos",
    rating: null,
    ingredients: [{ ingredient_id: rice, quantity: 1.5, unit: "cup" }],
  });
  assert.equal(updated.recipe.title, "Fish tacos");
  assert.equal(updated.recipe.rating, null);
  assert.deepEqual(updated.recipe.tags, ["mexican", "quick"]);
  assert.deepEqual(updated.recipe.ingredients.map((line) => [line.ingredient_name, line.quantity, line.unit]), [
    ["white rice", 1.5, "cup"],
  ]);
  const nothing = await callTool(alice, "recipe.update", { recipe_id });
  assert.equal(nothing.status, 400);
});

Deno.test("recipe.delete is soft: the recipe disappears from get and list, and a second delete is NOT_FOUND", async () => {
  const { recipe_id } = await callToolOk(alice, "recipe.create", { ...tacos, title: "Gone" });
  const deleted = await callToolOk(alice, "recipe.delete", {
    recipe_id,
  });
  assert.equal(deleted.title, "Gone");
  assert.equal((await callTool(alice, "recipe.get", { recipe_id })).status, 404);
  assert.deepEqual((await callToolOk(alice, "recipe.list", { query: "Gone" })).recipes, []);
  const again = await callTool(alice, "recipe.delete", { recipe_id });
  assert.equal(again.status, 404);
  assert.equal(again.body.error?.field, "recipe_id");
});

Deno.test("another household's recipe is NOT_FOUND for every recipe tool", async () => {
  const { recipe_id } = await callToolOk(alice, "recipe.create", tacos);
  for (
    const [tool, input] of [
      ["recipe.get", { recipe_id }],
      ["recipe.update", { recipe_id, title: "Stolen" }],
      ["recipe.delete", { recipe_id }],
      ["planner.add_meal", { recipe_id, date: "2026-11-24", meal_type: "dinner" }],
    ] as const
  ) {
    const response = await callTool(bob, tool, input);
    assert.equal(response.status, 404, tool);
    assert.equal(response.body.error?.type, "NOT_FOUND");
    assert.equal(response.body.error?.field, "recipe_id");
  }
  const still = await callToolOk(alice, "recipe.get", { recipe_id });
  assert.equal(still.recipe.title, "Tacos");
});

// A household with no recipes yet, for tests that count what a list returns.
async function twoHouseholdsOnce() {
  const sql = adminSql();
  try {
    return await twoHouseholds(sql, "recipe-list");
  } finally {
    await sql.end();
  }
}

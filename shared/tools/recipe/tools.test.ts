import assert from "node:assert/strict";
import { createRecipe, deleteRecipe, getRecipe, listRecipes, updateRecipe } from "./tools.ts";
import { acceptedInput, assertRejected, someId } from "../testing/tool-assertions.ts";

const line = { name: "rice", quantity: 1, unit: "cup" };
const recipe = { title: "Rice bowl", ingredients: [line] };

Deno.test("recipe.create passes the validated input to app.recipe_create, trimmed", async () => {
  const input = await acceptedInput(createRecipe, {
    title: "  Rice bowl ",
    ingredients: [line, { ingredient_id: someId, quantity: 0.5, unit: "fl oz", prep_state: " chopped " }],
    tags: ["dinner"],
    rating: 5,
    servings: 2,
  });
  assert.deepEqual(input, {
    title: "Rice bowl",
    ingredients: [line, { ingredient_id: someId, quantity: 0.5, unit: "fl oz", prep_state: "chopped" }],
    tags: ["dinner"],
    rating: 5,
    servings: 2,
  });
});

Deno.test("recipe.create refuses free-text and string quantities", async () => {
  for (const quantity of ["1", "a pinch", "1 1/2", null]) {
    await assertRejected(createRecipe, { ...recipe, ingredients: [{ ...line, quantity }] }, "ingredients[0].quantity");
  }
});

Deno.test("recipe.create refuses quantities that are not > 0 or above 1e6", async () => {
  for (const quantity of [0, -1, 1_000_001]) {
    await assertRejected(createRecipe, { ...recipe, ingredients: [{ ...line, quantity }] }, "ingredients[0].quantity");
  }
});

Deno.test("recipe.create needs a unit from the fixed list", async () => {
  const { unit: _unit, ...withoutUnit } = line;
  await assertRejected(createRecipe, { ...recipe, ingredients: [line, withoutUnit] }, "ingredients[1].unit");
  for (const unit of ["cups", "grams", "Cup", "pinch", ""]) {
    const error = await assertRejected(
      createRecipe,
      { ...recipe, ingredients: [{ ...line, unit }] },
      "ingredients[0].unit",
    );
    assert.match(error.message, /fl oz/);
  }
});

Deno.test("recipe.create lines need exactly one of ingredient_id and name", async () => {
  await assertRejected(
    createRecipe,
    { ...recipe, ingredients: [{ quantity: 1, unit: "g" }] },
    "ingredients[0].ingredient_id",
  );
  await assertRejected(
    createRecipe,
    { ...recipe, ingredients: [{ ...line, ingredient_id: someId }] },
    "ingredients[0].name",
  );
  await assertRejected(
    createRecipe,
    { ...recipe, ingredients: [{ ...line, name: undefined, ingredient_id: "rice" }] },
    "ingredients[0].ingredient_id",
  );
});

Deno.test("recipe.create bounds titles, lines, tags, rating and servings", async () => {
  await assertRejected(createRecipe, { ingredients: [line] }, "title");
  await assertRejected(createRecipe, { ...recipe, title: "   " }, "title");
  await assertRejected(createRecipe, { ...recipe, title: "x".repeat(201) }, "title");
  await assertRejected(createRecipe, { ...recipe, ingredients: [] }, "ingredients");
  await assertRejected(createRecipe, { ...recipe, ingredients: Array(201).fill(line) }, "ingredients");
  await assertRejected(createRecipe, { ...recipe, tags: Array.from({ length: 31 }, (_, i) => `t${i}`) }, "tags");
  await assertRejected(createRecipe, { ...recipe, tags: ["x".repeat(51)] }, "tags[0]");
  await assertRejected(createRecipe, { ...recipe, tags: ["a", "a"] }, "tags");
  for (const rating of [0, 6, 4.5, "5"]) await assertRejected(createRecipe, { ...recipe, rating }, "rating");
  await assertRejected(createRecipe, { ...recipe, servings: 2.5 }, "servings");
});

Deno.test("recipe.create refuses unknown fields, top level and nested, and lists every issue", async () => {
  await assertRejected(createRecipe, { ...recipe, cuisine: "thai" }, "cuisine");
  await assertRejected(createRecipe, { ...recipe, ingredients: [{ ...line, amount: 1 }] }, "ingredients[0].amount");
  const error = await assertRejected(createRecipe, { title: "", ingredients: [{ ...line, unit: "cups" }] }, "title");
  assert.match(error.message, /title: must not be blank/);
  assert.match(error.message, /ingredients\[0\]\.unit/);
});

Deno.test("recipe.update needs a field besides recipe_id and allows clearing optional ones", async () => {
  await assertRejected(updateRecipe, { recipe_id: someId }, undefined);
  await assertRejected(updateRecipe, { recipe_id: someId, title: null }, "title");
  await assertRejected(updateRecipe, { recipe_id: someId, ingredients: [] }, "ingredients");
  await assertRejected(updateRecipe, { title: "New" }, "recipe_id");
  assert.deepEqual(await acceptedInput(updateRecipe, { recipe_id: someId, rating: null, notes: null }), {
    recipe_id: someId,
    rating: null,
    notes: null,
  });
});

Deno.test("recipe.list defaults the page size and bounds it", async () => {
  assert.deepEqual(await acceptedInput(listRecipes, {}), { limit: 20 });
  assert.deepEqual(await acceptedInput(listRecipes, { tags: ["a", "b"], min_rating: 3, query: " soup " }), {
    tags: ["a", "b"],
    min_rating: 3,
    query: "soup",
    limit: 20,
  });
  for (const limit of [0, 101, 2.5]) await assertRejected(listRecipes, { limit }, "limit");
  await assertRejected(listRecipes, { min_rating: 6 }, "min_rating");
  await assertRejected(listRecipes, { cursor: "" }, "cursor");
});

Deno.test("recipe.get and recipe.delete need a UUID recipe_id", async () => {
  for (const tool of [getRecipe, deleteRecipe]) {
    await assertRejected(tool, {}, "recipe_id");
    await assertRejected(tool, { recipe_id: "Rice bowl" }, "recipe_id");
    assert.deepEqual(await acceptedInput(tool, { recipe_id: someId }), { recipe_id: someId });
  }
});

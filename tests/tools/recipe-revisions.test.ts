// recipe.update's previous values and revisions, recipe.revert and recipe.list_revisions: success,
// validation, another household's recipe (404, unchanged), and the undo of a revert.
import assert from "node:assert/strict";
import { callTool, callToolOk } from "../support/tools-client.ts";
import { catalogIngredient, twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";

const sql = adminSql();
const { alice, bob } = await twoHouseholds(sql, "recipe-revisions");
const eggs = await catalogIngredient(sql, "eggs");
const rice = await catalogIngredient(sql, "white rice");

async function newRecipe(title: string): Promise<string> {
  return (await callToolOk(alice, "recipe.create", {
    title,
    tags: ["breakfast"],
    ingredients: [{ ingredient_id: eggs, quantity: 3, unit: "whole" }],
  })).recipe_id;
}

Deno.test("recipe.update returns the previous values of what it changed and the revision that keeps them", async () => {
  const recipeId = await newRecipe("Omelette");
  const original = (await callToolOk(alice, "recipe.get", { recipe_id: recipeId })).recipe;
  const first = await callToolOk(alice, "recipe.update", {
    recipe_id: recipeId,
    title: "Rice omelette",
    rating: 4,
    ingredients: [{ ingredient_id: rice, quantity: 1, unit: "cup" }, {
      ingredient_id: eggs,
      quantity: 2,
      unit: "whole",
    }],
  });
  assert.deepEqual(first.previous, { title: "Omelette", rating: null, ingredients: original.ingredients });
  assert.equal(first.revision, 1);
  const second = await callToolOk(alice, "recipe.update", { recipe_id: recipeId, notes: "Use day-old rice." });
  assert.deepEqual(second.previous, { notes: null });
  assert.equal(second.revision, 2);

  const reverted = await callToolOk(alice, "recipe.revert", { recipe_id: recipeId, revision: 1 });
  assert.equal(reverted.reverted_to_revision, 1);
  assert.equal(reverted.revision, 3);
  const { updated_at: _was, ...expected } = original;
  const { updated_at: _now, ...actual } = reverted.recipe;
  assert.deepEqual(actual, expected);

  // The revert kept the state it replaced: reverting to it brings the notes and the rice back.
  const back = await callToolOk(alice, "recipe.revert", { recipe_id: recipeId, revision: 3 });
  assert.equal(back.recipe.title, "Rice omelette");
  assert.equal(back.recipe.notes, "Use day-old rice.");
  assert.deepEqual(back.recipe.ingredients.map((line) => [line.ingredient_id, line.quantity]), [[rice, 1], [eggs, 2]]);
});

Deno.test("history.undo undoes a recipe.revert", async () => {
  const recipeId = await newRecipe("Congee");
  await callToolOk(alice, "recipe.update", { recipe_id: recipeId, title: "Chicken congee" });
  await callToolOk(alice, "recipe.revert", { recipe_id: recipeId, revision: 1 });
  assert.equal((await callToolOk(alice, "recipe.get", { recipe_id: recipeId })).recipe.title, "Congee");
  const undone = await callToolOk(alice, "history.undo", {});
  assert.equal(undone.undone_tool, "recipe.revert");
  assert.equal((await callToolOk(alice, "recipe.get", { recipe_id: recipeId })).recipe.title, "Chicken congee");
});

Deno.test("recipe.revert refuses bad input with the field named, and an unknown revision is NOT_FOUND", async () => {
  const recipeId = await newRecipe("Fried rice");
  for (
    const [input, field] of [
      [{ recipe_id: recipeId }, "revision"],
      [{ recipe_id: recipeId, revision: 0 }, "revision"],
      [{ recipe_id: recipeId, revision: 1.5 }, "revision"],
      [{ recipe_id: recipeId, revision: "1" }, "revision"],
      [{ recipe_id: "nope", revision: 1 }, "recipe_id"],
      [{ recipe_id: recipeId, revision: 1, title: "x" }, "title"],
    ] as const
  ) {
    const reply = await callTool(alice, "recipe.revert", input);
    assert.equal(reply.status, 400, JSON.stringify(input));
    assert.equal(reply.body.error?.field, field, JSON.stringify(reply.body));
  }
  const missing = await callTool(alice, "recipe.revert", { recipe_id: recipeId, revision: 1 });
  assert.equal(missing.status, 404);
  assert.equal(missing.body.error?.field, "revision");
});

Deno.test("another household's recipe is NOT_FOUND to recipe.revert and keeps its state", async () => {
  const recipeId = await newRecipe("Shakshuka");
  await callToolOk(alice, "recipe.update", { recipe_id: recipeId, title: "Green shakshuka" });
  const stolen = await callTool(bob, "recipe.revert", { recipe_id: recipeId, revision: 1 });
  assert.equal(stolen.status, 404);
  assert.equal(stolen.body.error?.field, "recipe_id");
  assert.equal((await callToolOk(alice, "recipe.get", { recipe_id: recipeId })).recipe.title, "Green shakshuka");
  const [row] = await sql<{ count: number }[]>`
    select count(*)::int as count from public.recipe_revisions where recipe_id = ${recipeId}`;
  assert.equal(row.count, 1);
});

Deno.test("recipe.list_revisions shows each earlier state newest first, paged, for recipe.revert", async () => {
  const recipeId = await newRecipe("Frittata");
  assert.deepEqual(await callToolOk(alice, "recipe.list_revisions", { recipe_id: recipeId }), {
    recipe_id: recipeId,
    revisions: [],
    next_cursor: null,
  });
  const original = (await callToolOk(alice, "recipe.get", { recipe_id: recipeId })).recipe;
  await callToolOk(alice, "recipe.update", { recipe_id: recipeId, title: "Rice frittata", servings: 2 });
  const middle = (await callToolOk(alice, "recipe.get", { recipe_id: recipeId })).recipe;
  await callToolOk(alice, "recipe.update", {
    recipe_id: recipeId,
    ingredients: [{ ingredient_id: rice, quantity: 2, unit: "cup" }],
  });

  const first = await callToolOk(alice, "recipe.list_revisions", { recipe_id: recipeId, limit: 1 });
  assert.deepEqual(first.revisions.map((entry) => [entry.revision, entry.created_by]), [[2, alice.id]]);
  assert.deepEqual(first.revisions[0].recipe, middle);
  assert.ok(first.next_cursor);
  const second = await callToolOk(alice, "recipe.list_revisions", {
    recipe_id: recipeId,
    limit: 1,
    cursor: first.next_cursor,
  });
  assert.deepEqual(second.revisions.map((entry) => entry.revision), [1]);
  assert.deepEqual(second.revisions[0].recipe, original);
  assert.equal(second.next_cursor, null);
  const all = await callToolOk(alice, "recipe.list_revisions", { recipe_id: recipeId });
  assert.deepEqual(all.revisions.map((entry) => entry.revision), [2, 1]);

  // The listed revision is what recipe.revert brings back.
  const reverted = await callToolOk(alice, "recipe.revert", { recipe_id: recipeId, revision: 1 });
  const { updated_at: _was, ...expected } = second.revisions[0].recipe;
  const { updated_at: _now, ...actual } = reverted.recipe;
  assert.deepEqual(actual, expected);
});

Deno.test("recipe.list_revisions refuses bad input by field; another household's or a deleted recipe is NOT_FOUND", async () => {
  const recipeId = await newRecipe("Tamagoyaki");
  await callToolOk(alice, "recipe.update", { recipe_id: recipeId, rating: 5 });
  const forged = (key: unknown) => btoa(JSON.stringify(key));
  for (
    const [input, field] of [
      [{}, "recipe_id"],
      [{ recipe_id: "nope" }, "recipe_id"],
      [{ recipe_id: recipeId, limit: 0 }, "limit"],
      [{ recipe_id: recipeId, limit: 101 }, "limit"],
      [{ recipe_id: recipeId, cursor: "not a cursor" }, "cursor"],
      [{ recipe_id: recipeId, cursor: forged({ r: "1 or true" }) }, "cursor"],
      [{ recipe_id: recipeId, cursor: forged({ r: 1.5 }) }, "cursor"],
      [{ recipe_id: recipeId, cursor: forged({ t: "a" }) }, "cursor"],
      [{ recipe_id: recipeId, revision: 1 }, "revision"],
    ] as const
  ) {
    const reply = await callTool(alice, "recipe.list_revisions", input);
    assert.equal(reply.status, 400, JSON.stringify(input));
    assert.equal(reply.body.error?.field, field, JSON.stringify(reply.body));
  }
  const stolen = await callTool(bob, "recipe.list_revisions", { recipe_id: recipeId });
  assert.deepEqual([stolen.status, stolen.body.error?.field], [404, "recipe_id"]);
  assert.equal(JSON.stringify(stolen.body).includes("Tamagoyaki"), false);

  await callToolOk(alice, "recipe.delete", { recipe_id: recipeId });
  const deleted = await callTool(alice, "recipe.list_revisions", { recipe_id: recipeId });
  assert.deepEqual([deleted.status, deleted.body.error?.field], [404, "recipe_id"]);
});

globalThis.addEventListener("unload", () => sql.end());

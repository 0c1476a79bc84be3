// grocery.push_recipe: a recipe's lines scaled exactly into a list through the merge, each
// contribution recorded with its recipe; validation, another household's rows, and the servings rule.
import assert from "node:assert/strict";
import { callTool, callToolOk } from "../support/tools-client.ts";
import { twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";
import { listLines } from "../support/grocery.ts";

const sql = adminSql();
const { alice, bob } = await twoHouseholds(sql, "grocery-plan-push");

const newList = async (name: string) => (await callToolOk(alice, "grocery.create_list", { name })).grocery_list_id;

const curryLines = [
  { name: "white rice", quantity: 2, unit: "cup" },
  { name: "onion", quantity: 1, unit: "whole", prep_state: "chopped" },
  { name: "olive oil", quantity: 1.5, unit: "tbsp" },
  { name: "garlic", quantity: 0.333, unit: "tsp" },
];

async function curry(servings?: number) {
  return (await callToolOk(alice, "recipe.create", {
    title: `Curry ${crypto.randomUUID().slice(0, 6)}`,
    ingredients: curryLines,
    ...(servings === undefined ? {} : { servings }),
  })).recipe_id;
}

Deno.test("grocery.push_recipe: a 4-serving recipe at 6 servings gives exactly 1.5× every line, sourced to the recipe", async () => {
  const listId = await newList("Push scaled");
  const recipeId = await curry(4);
  const pushed = await callToolOk(alice, "grocery.push_recipe", {
    grocery_list_id: listId,
    recipe_id: recipeId,
    servings: 6,
  });
  assert.deepEqual([pushed.base_servings, pushed.servings, pushed.summary.items_added], [4, 6, 4]);
  assert.deepEqual(pushed.lines.map((line) => [line.recipe_quantity, line.quantity_unrounded, line.quantity]), [
    [2, 3, 3],
    [1, 1.5, 1.5],
    [1.5, 2.25, 2.25],
    [0.333, 0.4995, 0.5],
  ]);
  assert.deepEqual(await listLines(sql, listId), [
    "garlic 0.5 tsp",
    "olive oil 2.25 tbsp",
    "onion 1.5 whole chopped",
    "white rice 3 cup",
  ]);
  const sources = await sql<{ recipe_id: string; quantity_added: string }[]>`
    select s.recipe_id, s.quantity_added::text from public.grocery_item_sources s
    join public.grocery_items i on i.id = s.grocery_item_id where i.grocery_list_id = ${listId}
    order by s.quantity_added`;
  assert.deepEqual(sources.map((source) => [source.recipe_id, source.quantity_added]), [
    [recipeId, "0.5"],
    [recipeId, "1.5"],
    [recipeId, "2.25"],
    [recipeId, "3"],
  ]);

  const again = await callToolOk(alice, "grocery.push_recipe", { grocery_list_id: listId, recipe_id: recipeId });
  assert.equal(again.summary.items_merged, 4, "a second push merges into the same items");
  assert.ok((await listLines(sql, listId)).includes("white rice 5 cup"), "3 + 2 cups, exactly");
});

Deno.test("grocery.push_recipe: a recipe without servings only at its own amounts; servings is refused by name", async () => {
  const listId = await newList("Push unscaled");
  const recipeId = await curry();
  const refused = await callTool(alice, "grocery.push_recipe", {
    grocery_list_id: listId,
    recipe_id: recipeId,
    servings: 2,
  });
  assert.deepEqual([refused.status, refused.body.error?.type, refused.body.error?.field], [
    400,
    "VALIDATION_ERROR",
    "servings",
  ]);
  assert.match(refused.body.error?.message ?? "", /no servings/);
  assert.deepEqual(await listLines(sql, listId), [], "nothing written");

  const pushed = await callToolOk(alice, "grocery.push_recipe", { grocery_list_id: listId, recipe_id: recipeId });
  assert.deepEqual([pushed.base_servings, pushed.servings], [null, null]);
  assert.ok((await listLines(sql, listId)).includes("white rice 2 cup"));
});

Deno.test("grocery.push_recipe refuses bad input by field, and an item past 1,000,000 names servings", async () => {
  const listId = await newList("Push refusals");
  const recipeId = await curry(4);
  for (
    const [input, field] of [
      [{ grocery_list_id: listId }, "recipe_id"],
      [{ grocery_list_id: listId, recipe_id: recipeId, servings: 0 }, "servings"],
      [{ grocery_list_id: listId, recipe_id: recipeId, servings: 1.5 }, "servings"],
      [{ grocery_list_id: listId, recipe_id: recipeId, servings: 101 }, "servings"],
      [{ grocery_list_id: listId, recipe_id: "nope" }, "recipe_id"],
      [{ grocery_list_id: listId, recipe_id: recipeId, scale: 2 }, "scale"],
    ] as const
  ) {
    const reply = await callTool(alice, "grocery.push_recipe", input);
    assert.equal(reply.status, 400, JSON.stringify(input));
    assert.equal(reply.body.error?.field, field, JSON.stringify(reply.body));
  }
  const huge = (await callToolOk(alice, "recipe.create", {
    title: "Bulk rice",
    servings: 1,
    ingredients: [{ name: "white rice", quantity: 20000, unit: "g" }],
  })).recipe_id;
  const tooMuch = await callTool(alice, "grocery.push_recipe", {
    grocery_list_id: listId,
    recipe_id: huge,
    servings: 51,
  });
  assert.deepEqual([tooMuch.status, tooMuch.body.error?.field], [400, "servings"]);
  assert.deepEqual(await listLines(sql, listId), [], "all or nothing");
});

Deno.test("grocery.push_recipe: another household's recipe or list is NOT_FOUND and unchanged", async () => {
  const listId = await newList("Push isolation");
  const recipeId = await curry(4);
  const bobList = (await callToolOk(bob, "grocery.create_list", { name: "Bob's" })).grocery_list_id;
  const bobRecipe =
    (await callToolOk(bob, "recipe.create", { title: "Bob's stew", servings: 2, ingredients: curryLines }))
      .recipe_id;
  for (
    const [user, input, field] of [
      [alice, { grocery_list_id: listId, recipe_id: bobRecipe }, "recipe_id"],
      [alice, { grocery_list_id: bobList, recipe_id: recipeId }, "grocery_list_id"],
      [bob, { grocery_list_id: listId, recipe_id: recipeId }, "grocery_list_id"],
    ] as const
  ) {
    const reply = await callTool(user, "grocery.push_recipe", input);
    assert.deepEqual([reply.status, reply.body.error?.type, reply.body.error?.field], [404, "NOT_FOUND", field]);
  }
  assert.deepEqual(await listLines(sql, listId), []);
  assert.deepEqual(await listLines(sql, bobList), []);
});

Deno.test("grocery.push_recipe: undo by removing the items it added (grocery.remove_item, then restore_item)", async () => {
  const listId = await newList("Push undo");
  const pushed = await callToolOk(alice, "grocery.push_recipe", { grocery_list_id: listId, recipe_id: await curry(2) });
  for (const item of pushed.added) await callToolOk(alice, "grocery.remove_item", { grocery_item_id: item.id });
  assert.deepEqual(await listLines(sql, listId), []);
  await callToolOk(alice, "grocery.restore_item", { grocery_item_id: pushed.added[0].id });
  assert.equal((await listLines(sql, listId)).length, 1);
});

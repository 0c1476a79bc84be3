// Recipe lines without a quantity ("salt, to taste"): quantity and unit both null, through every recipe tool, its
// revisions and undo; grocery.push_recipe and grocery.sync_plan leave them out and say so; drafts holding them are
// ready to save.
import assert from "node:assert/strict";
import { callTool, callToolOk } from "../support/tools-client.ts";
import { twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";
import { listLines } from "../support/grocery.ts";

const sql = adminSql();
const { alice } = await twoHouseholds(sql, "recipe-unquantified");

const salt = { name: "salt", quantity: null, unit: null, note: "to taste" };
const soupLines = [
  { name: "onion", quantity: 2, unit: "whole", prep_state: "chopped" },
  salt,
  { name: "olive oil", quantity: null, unit: null, note: "for frying" },
];

const linesOf = (
  recipe: { ingredients: { ingredient_name: string; quantity: number | null; unit: string | null }[] },
) => recipe.ingredients.map((line) => [line.ingredient_name, line.quantity, line.unit]);

async function soup(servings = 2) {
  return (await callToolOk(alice, "recipe.create", {
    title: `Onion soup ${crypto.randomUUID().slice(0, 6)}`,
    servings,
    ingredients: soupLines,
  })).recipe_id;
}

Deno.test("recipe.create and recipe.get keep a line without a quantity: quantity and unit null, its note kept", async () => {
  const recipeId = await soup();
  const { recipe } = await callToolOk(alice, "recipe.get", { recipe_id: recipeId });
  assert.deepEqual(
    recipe.ingredients.map((line) => [line.ingredient_name, line.quantity, line.unit, line.prep_state, line.note]),
    [
      ["onion", 2, "whole", "chopped", null],
      ["salt", null, null, null, "to taste"],
      ["olive oil", null, null, null, "for frying"],
    ],
  );
  const [row] = await sql<{ lines: number }[]>`
    select count(*)::int as lines from public.recipe_ingredients
    where recipe_id = ${recipeId} and quantity is null and unit is null`;
  assert.equal(row.lines, 2);
});

Deno.test("a unit without a quantity, or a quantity without a unit, is a VALIDATION_ERROR naming the field", async () => {
  const cases: [Record<string, unknown>, string, RegExp][] = [
    [{ name: "salt", quantity: null, unit: "tsp" }, "ingredients[1].quantity", /a unit needs a quantity/],
    [{ name: "salt", quantity: 1, unit: null }, "ingredients[1].unit", /a quantity needs a unit/],
    [{ name: "salt", unit: null }, "ingredients[1].quantity", /must be a number/],
  ];
  for (const [line, field, message] of cases) {
    const response = await callTool(alice, "recipe.create", {
      title: "Refused",
      ingredients: [{ name: "onion", quantity: 1, unit: "whole" }, line],
    });
    assert.equal(response.status, 400, JSON.stringify(line));
    assert.equal(response.body.error?.type, "VALIDATION_ERROR");
    assert.equal(response.body.error?.field, field);
    assert.match(response.body.error!.message, message);
  }
  const [refused] = await sql<{ count: number }[]>`
    select count(*)::int from public.recipes where title = 'Refused'`;
  assert.equal(refused.count, 0);
});

Deno.test("the table refuses one of quantity and unit without the other, whoever writes it", async () => {
  const recipeId = await soup();
  await assert.rejects(
    sql`update public.recipe_ingredients set quantity = null where recipe_id = ${recipeId} and unit = 'whole'`,
    /recipe_ingredients_quantity_with_unit/,
  );
  await assert.rejects(
    sql`update public.recipe_ingredients set unit = 'g' where recipe_id = ${recipeId} and quantity is null`,
    /recipe_ingredients_quantity_with_unit/,
  );
});

Deno.test("recipe.update, recipe.revert and history.undo carry lines without a quantity both ways", async () => {
  const recipeId = (await callToolOk(alice, "recipe.create", {
    title: "Pancakes",
    ingredients: [{ name: "all-purpose flour", quantity: 2, unit: "cup" }],
  })).recipe_id;
  const updated = await callToolOk(alice, "recipe.update", {
    recipe_id: recipeId,
    ingredients: [{ name: "all-purpose flour", quantity: 2, unit: "cup" }, salt],
  });
  assert.deepEqual(linesOf(updated.recipe), [["all-purpose flour", 2, "cup"], ["salt", null, null]]);
  assert.deepEqual(updated.previous.ingredients?.map((line) => [line.ingredient_name, line.quantity]), [
    ["all-purpose flour", 2],
  ]);

  // Give the salt an amount, then revert to the revision that had none.
  const amounted = await callToolOk(alice, "recipe.update", {
    recipe_id: recipeId,
    ingredients: [{ name: "all-purpose flour", quantity: 2, unit: "cup" }, { name: "salt", quantity: 1, unit: "tsp" }],
  });
  assert.deepEqual(amounted.previous.ingredients?.map((line) => [line.quantity, line.unit]), [[2, "cup"], [
    null,
    null,
  ]]);
  const reverted = await callToolOk(alice, "recipe.revert", { recipe_id: recipeId, revision: amounted.revision });
  assert.deepEqual(linesOf(reverted.recipe), [["all-purpose flour", 2, "cup"], ["salt", null, null]]);
  assert.equal(reverted.recipe.ingredients[1].note, "to taste");

  // Undo the revert: the salt has its teaspoon again; undo the update that gave it one: none again.
  assert.equal((await callToolOk(alice, "history.undo", {})).undone_tool, "recipe.revert");
  const undone = await callToolOk(alice, "recipe.get", { recipe_id: recipeId });
  assert.deepEqual(linesOf(undone.recipe), [["all-purpose flour", 2, "cup"], ["salt", 1, "tsp"]]);
  assert.equal((await callToolOk(alice, "history.undo", {})).undone_tool, "recipe.update");
  const back = await callToolOk(alice, "recipe.get", { recipe_id: recipeId });
  assert.deepEqual(linesOf(back.recipe), [["all-purpose flour", 2, "cup"], ["salt", null, null]]);

  await callToolOk(alice, "recipe.delete", { recipe_id: recipeId });
  const restored = await callToolOk(alice, "recipe.restore", { recipe_id: recipeId });
  assert.deepEqual(linesOf(restored.recipe), [["all-purpose flour", 2, "cup"], ["salt", null, null]]);
});

Deno.test("grocery.push_recipe scales the lines with a quantity, skips the others and names them", async () => {
  const listId = (await callToolOk(alice, "grocery.create_list", { name: "Soup push" })).grocery_list_id;
  const recipeId = await soup(2);
  const pushed = await callToolOk(alice, "grocery.push_recipe", {
    grocery_list_id: listId,
    recipe_id: recipeId,
    servings: 4,
  });
  assert.deepEqual(pushed.lines.map((line) => [line.recipe_quantity, line.quantity]), [[2, 4]]);
  assert.deepEqual(pushed.skipped.map((line) => [line.ingredient_name, line.note, line.reason]), [
    ["salt", "to taste", "no quantity in the recipe"],
    ["olive oil", "for frying", "no quantity in the recipe"],
  ]);
  assert.match(
    pushed.message,
    / scaled from 2 to 4 servings\. Skipped salt \(to taste\), olive oil \(for frying\): no quantity in the recipe\.$/,
  );
  assert.deepEqual(await listLines(sql, listId), ["onion 4 whole chopped"]);

  // A recipe whose every line has a quantity: nothing skipped, and the message says nothing of it.
  const onion = (await callToolOk(alice, "recipe.create", { title: "Onions", ingredients: [soupLines[0]] })).recipe_id;
  const plain = await callToolOk(alice, "grocery.push_recipe", { grocery_list_id: listId, recipe_id: onion });
  assert.deepEqual([plain.skipped, plain.message], [[], "Pushed 1 line of Onions at its own amounts."]);
  assert.deepEqual(await listLines(sql, listId), ["onion 6 whole chopped"]);

  const nothing = (await callToolOk(alice, "recipe.create", { title: "Seasoning", ingredients: [salt] })).recipe_id;
  const refused = await callTool(alice, "grocery.push_recipe", { grocery_list_id: listId, recipe_id: nothing });
  assert.equal(refused.status, 400);
  assert.equal(refused.body.error?.field, "recipe_id");
  assert.match(refused.body.error!.message, /^no line of this recipe has a quantity \(salt \(to taste\)\)/);
  assert.deepEqual(await listLines(sql, listId), ["onion 6 whole chopped"]);
});

Deno.test("grocery.sync_plan leaves lines without a quantity out and lists them, in a preview as in the run", async () => {
  const recipeId = await soup(2);
  const listId = (await callToolOk(alice, "grocery.create_list", { name: "Soup week" })).grocery_list_id;
  const mealId = (await callToolOk(alice, "planner.add_meal", {
    recipe_id: recipeId,
    date: "2027-03-02",
    meal_type: "dinner",
    servings: 4,
  })).planner_meal_id;
  const week = { grocery_list_id: listId, start_date: "2027-03-01", end_date: "2027-03-07" };
  const preview = await callToolOk(alice, "grocery.sync_plan", { ...week, preview: true });
  const synced = await callToolOk(alice, "grocery.sync_plan", week);
  for (const reply of [preview, synced]) {
    assert.deepEqual(reply.changes.map((change) => [change.ingredient_name, change.added]), [["onion", 4]]);
    assert.deepEqual(
      reply.skipped.map((line) => [line.planner_meal_id, line.ingredient_name, line.note, line.reason]),
      [
        [mealId, "salt", "to taste", "no quantity in the recipe"],
        [mealId, "olive oil", "for frying", "no quantity in the recipe"],
      ],
    );
    assert.match(reply.message, / Skipped 2 lines without a quantity in the recipe \(olive oil, salt\)\.$/);
  }
  assert.deepEqual(await listLines(sql, listId), ["onion 4 whole chopped"]);
  const again = await callToolOk(alice, "grocery.sync_plan", week);
  assert.deepEqual(again.changes, []);
  assert.equal(again.skipped.length, 2);
  // A range with no line without a quantity (here no meal), into a list of its own: nothing skipped, nothing said.
  const otherList = (await callToolOk(alice, "grocery.create_list", { name: "Soup later" })).grocery_list_id;
  const empty = await callToolOk(alice, "grocery.sync_plan", {
    grocery_list_id: otherList,
    start_date: "2027-03-08",
    end_date: "2027-03-14",
  });
  assert.deepEqual(empty.skipped, []);
  assert.equal(empty.message, "The list already matches the plan for this range; nothing changed.");
  const [violations] = await sql<{ count: number }[]>`
    select count(*)::int from private.grocery_ledger_violations(${listId})`;
  assert.equal(violations.count, 0);
});

Deno.test("recipe.parse_text: a line with no amount is ready as it stands; a range is read as its upper bound; an unreadable amount is not ready", async () => {
  const draft = await callToolOk(alice, "recipe.parse_text", { text: "Pancakes\n2 cups flour\nsalt to taste" });
  assert.equal(draft.ready, true);
  assert.deepEqual(draft.draft.ingredients.map((line) => [line.quantity, line.unit, line.note ?? null]), [
    [2, "cup", null],
    [null, null, "to taste"],
  ]);
  assert.deepEqual(draft.lines.map((line) => line.problems), [[], []]);
  await callToolOk(alice, "recipe.create", draft.draft);

  // "flour" alone says nothing about its amount: still ready, flagged for a look.
  const bare = await callToolOk(alice, "recipe.parse_text", {
    text: "Crêpes\nIngredients\n2 cups milk\nall-purpose flour",
  });
  assert.equal(bare.ready, true);
  assert.deepEqual(bare.lines.map((line) => line.problems), [[], ["no_quantity"]]);

  // A range is its upper bound, the range kept in the note; one that does not rise is not read at all.
  const range = await callToolOk(alice, "recipe.parse_text", { text: "Omelette\nIngredients\n2 cups milk\n2-3 eggs" });
  assert.equal(range.ready, true);
  assert.deepEqual(
    range.lines.map((line) => [line.quantity, line.quantity_text, line.unit, line.note, line.problems]),
    [
      [2, "2", "cup", null, []],
      [3, "2-3", "whole", "2-3", ["range"]],
    ],
  );
  const falling = await callToolOk(alice, "recipe.parse_text", { text: "Omelette\nIngredients\n3-2 eggs" });
  assert.equal(falling.ready, false);
  assert.deepEqual(falling.lines.map((line) => [line.quantity, line.quantity_text]), [[null, "3-2"]]);
});

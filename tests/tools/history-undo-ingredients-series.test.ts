// history.undo of ingredient.create and of the recurring-series tools: CONFLICT naming what refers
// to the ingredient or what changed since, with nothing changed; a removed name can be created again.
import assert from "node:assert/strict";
import { callTool, callToolOk } from "../support/tools-client.ts";
import { lastWrite } from "../support/history.ts";
import { twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";

const sql = adminSql();
const { alice, bob } = await twoHouseholds(sql, "undo-ingredients-series");

async function ingredientNamed(name: string): Promise<string | undefined> {
  const [row] = await sql<{ id: string }[]>`
    select id from public.ingredients where household_id is not null and normalized_name = ${name.toLowerCase()}
      and created_by = ${alice.id}`;
  return row?.id;
}

async function seriesMeals(seriesId: string) {
  return await sql<{ date: string; servings: number | null; note: string | null; deleted: boolean }[]>`
    select date::text, servings, note, deleted_at is not null as deleted from public.planner_meals
    where series_id = ${seriesId} order by date`;
}

Deno.test("an undone ingredient.create frees its name; one in use is a CONFLICT naming the recipe", async () => {
  await callToolOk(alice, "ingredient.create", { name: "House spice blend" });
  const undone = await callToolOk(alice, "history.undo", {});
  assert.equal(undone.message, 'Removed the ingredient "House spice blend".');
  assert.equal(await ingredientNamed("house spice blend"), undefined);
  const again = await callToolOk(alice, "ingredient.create", { name: "house SPICE blend" });
  const creation = (await lastWrite(alice)).invocation_id;

  const stolen = await callTool(bob, "history.undo", { invocation_id: creation });
  assert.equal(stolen.status, 404, "another household's write");

  const { recipe_id } = await callToolOk(alice, "recipe.create", {
    title: "Grilled fish",
    ingredients: [{ ingredient_id: again.ingredient_id, quantity: 1, unit: "tsp" }],
  });
  const inRecipe = await callTool(alice, "history.undo", { invocation_id: creation });
  assert.equal(inRecipe.status, 409);
  assert.equal(
    inRecipe.body.error!.message,
    '"house SPICE blend" is used by the recipe "Grilled fish"; an ingredient in use stays',
  );

  // The line is gone, but the revision that keeps the recipe as it was still names it.
  await callToolOk(alice, "recipe.update", { recipe_id, ingredients: [{ name: "lemon", quantity: 1, unit: "whole" }] });
  const inRevision = await callTool(alice, "history.undo", { invocation_id: creation });
  assert.equal(inRevision.status, 409);
  assert.match(inRevision.body.error!.message, /used by an earlier revision of the recipe "Grilled fish"/);

  assert.equal(await ingredientNamed("house spice blend"), again.ingredient_id, "nothing changed");
});

Deno.test("an ingredient on a removed list item is still in use: the item can come back", async () => {
  const myoga = await callToolOk(alice, "ingredient.create", { name: "Myoga" });
  const creation = (await lastWrite(alice)).invocation_id;
  const { grocery_list_id } = await callToolOk(alice, "grocery.create_list", { name: "Asian market" });
  const { item } = await callToolOk(alice, "grocery.add_item", {
    grocery_list_id,
    ingredient_id: myoga.ingredient_id,
    quantity: 1,
    unit: "package",
  });
  await callToolOk(alice, "grocery.remove_item", { grocery_item_id: item.id });
  const refused = await callTool(alice, "history.undo", { invocation_id: creation });
  assert.equal(refused.status, 409);
  assert.equal(
    refused.body.error!.message,
    '"Myoga" is used by an item of the list "Asian market" (removed); an ingredient in use stays',
  );
  assert.equal(await ingredientNamed("myoga"), myoga.ingredient_id);
  assert.equal((await callTool(alice, "grocery.restore_item", { grocery_item_id: item.id })).status, 200);
});

Deno.test("an undone series write puts back exactly its own occurrences; a later change is a CONFLICT", async () => {
  const { recipe_id } = await callToolOk(alice, "recipe.create", {
    title: "Soup night",
    servings: 2,
    ingredients: [{ name: "onion", quantity: 1, unit: "whole" }],
  });
  const series = await callToolOk(alice, "planner.add_recurring", {
    recipe_id,
    start_date: "2027-06-07",
    weekdays: ["wednesday"],
    count: 3,
    meal_type: "dinner",
  });
  const added = (await lastWrite(alice)).invocation_id;
  const { grocery_list_id } = await callToolOk(alice, "grocery.create_list", { name: "Soup" });
  await callToolOk(alice, "grocery.sync_plan", { grocery_list_id, start_date: "2027-06-01", end_date: "2027-06-30" });
  const pushed = await callTool(alice, "history.undo", { invocation_id: added });
  assert.equal(pushed.status, 409);
  assert.equal(
    pushed.body.error!.message,
    "an occurrence's ingredients were pushed to a grocery list since; undo that push first",
  );

  await callToolOk(alice, "planner.update_meal", { planner_meal_id: series.meals[1].id, servings: 4 });
  const changed = await callTool(alice, "history.undo", { invocation_id: added });
  assert.equal(changed.status, 409);
  assert.equal(
    changed.body.error!.message,
    "the meal Soup night on 2027-06-16 was changed by a later write; undo that write first",
  );
  assert.deepEqual((await seriesMeals(series.series_id)).map((meal) => [meal.servings, meal.deleted]), [
    [null, false],
    [4, false],
    [null, false],
  ], "nothing changed");
  await callToolOk(alice, "history.undo", {});

  // From a date on: the series stays, the later occurrences come back.
  const removed = await callToolOk(alice, "planner.remove_series", {
    series_id: series.series_id,
    from_date: "2027-06-15",
  });
  assert.equal(removed.removed_meal_ids.length, 2);
  const undone = await callToolOk(alice, "history.undo", {});
  assert.equal(undone.message, "Restored 2 occurrences of Soup night.");
  assert.deepEqual((await seriesMeals(series.series_id)).map((meal) => meal.deleted), [false, false, false]);

  await callToolOk(alice, "planner.update_series", { series_id: series.series_id, note: "Make extra" });
  const update = (await lastWrite(alice)).invocation_id;
  await callToolOk(alice, "planner.remove_series", { series_id: series.series_id });
  const gone = await callTool(alice, "history.undo", { invocation_id: update });
  assert.equal(gone.status, 409);
  assert.match(gone.body.error!.message, /^the series of Soup night was changed by a later write/);
  await callToolOk(alice, "history.undo", {});
  await callToolOk(alice, "history.undo", { invocation_id: update });
  assert.deepEqual((await seriesMeals(series.series_id)).map((meal) => [meal.note, meal.deleted]), [
    [null, false],
    [null, false],
    [null, false],
  ]);
});

globalThis.addEventListener("unload", () => sql.end());

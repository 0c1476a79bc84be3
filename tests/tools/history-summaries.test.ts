// Summaries count in words that agree with the count: one line, one item; two lines, two items. History summaries
// are the describers' sentences, which name the lines they add.
import assert from "node:assert/strict";
import { lastWrite } from "../support/history.ts";
import { catalogIngredient, twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";
import { callToolOk } from "../support/tools-client.ts";

const sql = adminSql();
const { alice } = await twoHouseholds(sql, "summaries");
const rice = await catalogIngredient(sql, "white rice");
const eggs = await catalogIngredient(sql, "eggs");
await sql.end();

Deno.test("history summaries say 1 line and 1 item, 2 lines and 2 items", async () => {
  const { grocery_list_id } = await callToolOk(alice, "grocery.create_list", { name: "Counted" });
  const push = (ingredients: unknown[]) =>
    callToolOk(alice, "grocery.push_ingredients", { grocery_list_id, ingredients });
  await push([{ ingredient_id: rice, quantity: 1, unit: "cup" }]);
  assert.equal((await lastWrite(alice)).summary, "Add 1 cup white rice to Counted");
  await push([{ ingredient_id: rice, quantity: 1, unit: "cup" }, { ingredient_id: eggs, quantity: 2, unit: "whole" }]);
  assert.equal((await lastWrite(alice)).summary, "Add 1 cup white rice and 2 eggs to Counted");

  const { items } = await callToolOk(alice, "grocery.get_list", { grocery_list_id });
  await callToolOk(alice, "grocery.check_item", { grocery_item_id: items[0].id });
  await callToolOk(alice, "grocery.clear_checked", { grocery_list_id });
  assert.equal((await lastWrite(alice)).summary, "Clear the checked items from Counted");
  assert.equal((await callToolOk(alice, "history.undo", {})).message, "Put back 1 checked item.");
  const undo = await lastWrite(alice, { tool: "history.undo" });
  const redo = await callToolOk(alice, "history.undo", { invocation_id: undo.invocation_id });
  assert.equal(redo.message, "Cleared 1 checked item again.");
});

Deno.test("tool messages say once, 1 occurrence, 1 change and 1 line; 2 occurrences, 2 lines", async () => {
  const { recipe_id } = await callToolOk(alice, "recipe.create", {
    title: "Soup",
    servings: 2,
    ingredients: [{ name: "onion", quantity: 1, unit: "whole" }],
  });
  const weekly = { recipe_id, start_date: "2027-05-03", weekdays: ["tuesday"], meal_type: "dinner" };
  const once = await callToolOk(alice, "planner.add_recurring", { ...weekly, count: 1 });
  assert.equal(once.message, "Planned Soup once (2027-05-04)");
  const changed = await callToolOk(alice, "planner.update_series", { series_id: once.series_id, servings: 3 });
  assert.equal(changed.message, "Changed 1 occurrence.");
  const removed = await callToolOk(alice, "planner.remove_series", { series_id: once.series_id });
  assert.equal(removed.message, "Removed 1 occurrence; it comes back with planner.restore_meal.");
  const undone = await callToolOk(alice, "history.undo", {});
  assert.equal(undone.message, "Restored 1 occurrence of Soup.");

  const twice = await callToolOk(alice, "planner.add_recurring", { ...weekly, count: 2 });
  assert.equal(twice.message, "Planned Soup 2 times (2027-05-04 to 2027-05-11)");
  const { grocery_list_id } = await callToolOk(alice, "grocery.create_list", { name: "Soup shop" });
  const sync = await callToolOk(alice, "grocery.sync_plan", {
    grocery_list_id,
    start_date: "2027-05-11",
    end_date: "2027-05-11",
  });
  assert.equal(sync.message, "1 change made.");
  const pushed = await callToolOk(alice, "grocery.push_recipe", { grocery_list_id, recipe_id });
  assert.equal(pushed.message, "Pushed 1 line of Soup at its own amounts.");
});

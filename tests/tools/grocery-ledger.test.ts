// The grocery ledger: a line merged, folded, converted or emptied into another cannot be restored as if
// it were independent, and after each of these writes every live item's quantity is the sum of its ledger rows.
import assert from "node:assert/strict";
import { callTool, callToolOk } from "../support/tools-client.ts";
import { catalogIngredient, twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";
import { listLines } from "../support/grocery.ts";
import { ledgerViolations } from "../support/ledger.ts";
import { lastWrite } from "../support/history.ts";

const sql = adminSql();
const { alice } = await twoHouseholds(sql, "grocery-ledger");
const rice = await catalogIngredient(sql, "white rice");

const newList = async (name: string) => (await callToolOk(alice, "grocery.create_list", { name })).grocery_list_id;
const addRice = async (listId: string, quantity: number, unit: string, prep_state?: string) =>
  (await callToolOk(alice, "grocery.add_item", {
    grocery_list_id: listId,
    ingredient_id: rice,
    quantity,
    unit,
    ...(prep_state === undefined ? {} : { prep_state }),
  })).grocery_item_id;

/** restore_item of a line that went into `into` answers 409 naming it, and changes nothing. */
async function assertRestoreRefused(listId: string, itemId: string, into: string | null, lines: string[]) {
  const restored = await callTool(alice, "grocery.restore_item", { grocery_item_id: itemId });
  assert.deepEqual([restored.status, restored.body.error?.type, restored.body.error?.field], [
    409,
    "CONFLICT",
    "grocery_item_id",
  ], JSON.stringify(restored.body));
  if (into !== null) assert.match(restored.body.error!.message, new RegExp(into));
  assert.deepEqual(await listLines(sql, listId), lines);
  assert.deepEqual(await ledgerViolations(sql, listId), []);
}

Deno.test("grocery.restore_item refuses a line unchecking folded into another: 3 cup stays 3 cup", async () => {
  const listId = await newList("Ledger uncheck fold");
  const first = await addRice(listId, 2, "cup");
  await callToolOk(alice, "grocery.check_item", { grocery_item_id: first });
  const second = await addRice(listId, 1, "cup");
  const unchecked = await callToolOk(alice, "grocery.uncheck_item", { grocery_item_id: first });
  assert.deepEqual([unchecked.folded_into_item_id, unchecked.item.quantity], [second, 3]);
  assert.deepEqual(await ledgerViolations(sql, listId), []);
  await assertRestoreRefused(listId, first, second, ["white rice 3 cup"]);
  await assertRestoreRefused(listId, first, second, ["white rice 3 cup"]);
});

Deno.test("grocery.restore_item refuses a line grocery.update_item folded; the edit is an adjustment", async () => {
  const listId = await newList("Ledger update fold");
  const plain = await addRice(listId, 1, "cup");
  const rinsed = await addRice(listId, 2, "cup", "rinsed");
  await callToolOk(alice, "grocery.update_item", { grocery_item_id: rinsed, quantity: 4 });
  assert.deepEqual(await ledgerViolations(sql, listId), [], "an edit of quantity is recorded");
  const updated = await callToolOk(alice, "grocery.update_item", { grocery_item_id: rinsed, prep_state: null });
  assert.deepEqual([updated.folded_into_item_id, updated.item.quantity], [plain, 5]);
  assert.deepEqual(await ledgerViolations(sql, listId), []);
  await assertRestoreRefused(listId, rinsed, plain, ["white rice 5 cup"]);
  await callToolOk(alice, "grocery.update_item", { grocery_item_id: plain, quantity: 500, unit: "g" });
  assert.deepEqual(await ledgerViolations(sql, listId), [], "a change of unit is recorded in both units");
});

Deno.test("grocery.restore_item refuses a line grocery.apply_conversion merged; the rounding is recorded", async () => {
  const listId = await newList("Ledger conversion");
  const grams = await addRice(listId, 500, "g");
  const pound = await addRice(listId, 1, "lb");
  const applied = await callToolOk(alice, "grocery.apply_conversion", {
    grocery_list_id: listId,
    item_ids: [grams, pound],
    unit: "lb",
  });
  assert.deepEqual([applied.kept_item_id, applied.item.quantity, applied.rounded], [grams, 2.102, true]);
  assert.deepEqual(await ledgerViolations(sql, listId), [], "2.102 lb = 500 g + 1 lb + the rounding, exactly");
  await assertRestoreRefused(listId, pound, grams, ["white rice 2.102 lb"]);
  await callToolOk(alice, "history.undo", {});
  assert.deepEqual(await listLines(sql, listId), ["white rice 1 lb", "white rice 500 g"]);
  assert.deepEqual(await ledgerViolations(sql, listId), [], "undone: each line has its own rows back");
  const undo = await lastWrite(alice, { tool: "history.undo" });
  await callToolOk(alice, "history.undo", { invocation_id: undo.invocation_id });
  assert.deepEqual(await listLines(sql, listId), ["white rice 2.102 lb"]);
  assert.deepEqual(await ledgerViolations(sql, listId), [], "redone");
});

Deno.test("grocery.restore_item refuses a line grocery.sync_plan emptied: the plan's 2 cup stay 2 cup", async () => {
  const listId = await newList("Ledger sync");
  const recipeId = (await callToolOk(alice, "recipe.create", {
    title: "Ledger rice",
    servings: 2,
    ingredients: [{ name: "white rice", quantity: 2, unit: "cup" }],
  })).recipe_id;
  const week = { grocery_list_id: listId, start_date: "2027-06-01", end_date: "2027-06-07" };
  const mealId = (await callToolOk(alice, "planner.add_meal", {
    recipe_id: recipeId,
    date: "2027-06-02",
    meal_type: "dinner",
  })).planner_meal_id;
  await callToolOk(alice, "grocery.sync_plan", week);
  const [item] = (await callToolOk(alice, "grocery.get_list", { grocery_list_id: listId })).items;
  await callToolOk(alice, "planner.remove_meal", { planner_meal_id: mealId });
  await callToolOk(alice, "grocery.sync_plan", week);
  assert.deepEqual(await listLines(sql, listId), []);
  await assertRestoreRefused(listId, item.id, null, []);
  await callToolOk(alice, "planner.restore_meal", { planner_meal_id: mealId });
  await callToolOk(alice, "grocery.sync_plan", week);
  assert.deepEqual(await listLines(sql, listId), ["white rice 2 cup"]);
  assert.deepEqual(await ledgerViolations(sql, listId), []);
});

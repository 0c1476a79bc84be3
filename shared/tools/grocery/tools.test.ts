import assert from "node:assert/strict";
import { units } from "../fields.ts";
import {
  addItem,
  checkItem,
  createList,
  getList,
  listLists,
  pushIngredients,
  removeItem,
  uncheckItem,
} from "./tools.ts";
import { acceptedInput, assertRejected, otherId, someId } from "../testing/tool-assertions.ts";

const line = { ingredient_id: someId, quantity: 1, unit: "cup" };
const push = { grocery_list_id: someId, ingredients: [line] };

Deno.test("grocery.push_ingredients passes its lines to app.grocery_push_ingredients unchanged", async () => {
  const lines = [
    { ...line, quantity: 0.5 },
    { ...line, quantity: 1.75, prep_state: "cooked", source_recipe_id: otherId, planner_meal_id: null },
  ];
  assert.deepEqual(await acceptedInput(pushIngredients, { grocery_list_id: someId, ingredients: lines }), {
    grocery_list_id: someId,
    ingredients: lines,
  });
});

Deno.test("a bad quantity gets one message saying what is wrong with it", async () => {
  const expected: [unknown, string][] = [
    [-1, "ingredients[0].quantity: must be greater than 0."],
    [0, "ingredients[0].quantity: must be greater than 0."],
    [-1.2345, "ingredients[0].quantity: must be greater than 0."],
    [1.2345, "ingredients[0].quantity: must have at most 3 decimal places."],
    [2e6, "ingredients[0].quantity: must be at most 1,000,000."],
    [1e21, "ingredients[0].quantity: must be at most 1,000,000."],
    ["2 cups", 'ingredients[0].quantity: must be a number (free-text quantities such as "a pinch" are refused).'],
  ];
  for (const [quantity, message] of expected) {
    const input = { ...push, ingredients: [{ ...line, quantity }] };
    const error = await assertRejected(pushIngredients, input, "ingredients[0].quantity");
    assert.equal(error.message, message, `quantity ${quantity}`);
  }
});

Deno.test("grocery.push_ingredients refuses free-text quantities and units outside the list", async () => {
  for (const quantity of ["1", "2 cups", 0, -0.5]) {
    await assertRejected(
      pushIngredients,
      { ...push, ingredients: [line, { ...line, quantity }] },
      "ingredients[1].quantity",
    );
  }
  await assertRejected(pushIngredients, { ...push, ingredients: [{ ...line, unit: "pound" }] }, "ingredients[0].unit");
  await assertRejected(
    pushIngredients,
    { ...push, ingredients: [{ ingredient_id: someId, quantity: 1 }] },
    "ingredients[0].unit",
  );
  for (const unit of units) {
    assert.ok(await acceptedInput(pushIngredients, { ...push, ingredients: [{ ...line, unit }] }));
  }
});

Deno.test("grocery.push_ingredients needs ingredient ids, 1 to 500 lines, and no unknown fields", async () => {
  await assertRejected(
    pushIngredients,
    { ...push, ingredients: [{ ...line, ingredient_id: "rice" }] },
    "ingredients[0].ingredient_id",
  );
  await assertRejected(pushIngredients, { ...push, ingredients: [] }, "ingredients");
  await assertRejected(pushIngredients, { ...push, ingredients: Array(501).fill(line) }, "ingredients");
  assert.ok(await acceptedInput(pushIngredients, { ...push, ingredients: Array(500).fill(line) }));
  await assertRejected(pushIngredients, { ...push, ingredients: [{ ...line, name: "rice" }] }, "ingredients[0].name");
  await assertRejected(pushIngredients, { ingredients: [line] }, "grocery_list_id");
  await assertRejected(
    pushIngredients,
    { ...push, ingredients: [{ ...line, prep_state: "" }] },
    "ingredients[0].prep_state",
  );
});

Deno.test("grocery.add_item takes an ingredient_id or a free name, never both or neither", async () => {
  const item = { grocery_list_id: someId, quantity: 2, unit: "package" };
  assert.deepEqual(await acceptedInput(addItem, { ...item, name: " paper towels " }), {
    ...item,
    name: "paper towels",
  });
  assert.deepEqual(await acceptedInput(addItem, { ...item, ingredient_id: otherId }), {
    ...item,
    ingredient_id: otherId,
  });
  await assertRejected(addItem, item, "name");
  await assertRejected(addItem, { ...item, name: "milk", ingredient_id: otherId }, "name");
  await assertRejected(addItem, { ...item, name: "milk", quantity: "two" }, "quantity");
  await assertRejected(addItem, { ...item, name: "milk", unit: "bottle" }, "unit");
});

Deno.test("grocery.create_list trims the name and bounds it to 1-100 characters", async () => {
  assert.deepEqual(await acceptedInput(createList, { name: "  Weekly shop " }), { name: "Weekly shop" });
  await assertRejected(createList, { name: "   " }, "name");
  await assertRejected(createList, { name: "x".repeat(101) }, "name");
  await assertRejected(createList, {}, "name");
});

Deno.test("grocery list and item tools need UUID ids; list_lists takes only a page", async () => {
  assert.deepEqual(await acceptedInput(listLists, {}), { limit: 50 });
  await assertRejected(listLists, { limit: 101 }, "limit");
  await assertRejected(listLists, { name: "Weekly" }, "name");
  await assertRejected(getList, { grocery_list_id: "Weekly" }, "grocery_list_id");
  for (const tool of [checkItem, uncheckItem, removeItem]) {
    await assertRejected(tool, {}, "grocery_item_id");
    assert.deepEqual(await acceptedInput(tool, { grocery_item_id: someId }), { grocery_item_id: someId });
  }
});

import assert from "node:assert/strict";
import { Names } from "../describe/names.ts";
import { updateItem } from "./tools.ts";

const itemId = "6a1f3a51-6a37-4a53-9a38-a0d6f1b2c001";
const listId = "6a1f3a51-6a37-4a53-9a38-a0d6f1b2c002";
const names = new Names({ items: { [itemId]: { name: "garlic", list_id: listId, list_name: "Weekly shop" } } });

Deno.test("grocery.update_item says a quantity or a unit changed alone as a person would", () => {
  assert.equal(
    updateItem.describe!({ grocery_item_id: itemId, quantity: 1 / 3 }, names),
    "Change garlic on Weekly shop: quantity ⅓",
  );
  assert.equal(
    updateItem.describe!({ grocery_item_id: itemId, unit: "whole" }, names),
    "Change garlic on Weekly shop: counted in whole ones",
  );
  assert.equal(
    updateItem.describe!({ grocery_item_id: itemId, unit: "g" }, names),
    "Change garlic on Weekly shop: counted in g",
  );
});

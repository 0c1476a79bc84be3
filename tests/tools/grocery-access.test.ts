import assert from "node:assert/strict";
import { FunctionsHttpError } from "@supabase/supabase-js";
import { callTool, callToolOk, supabaseAs } from "../support/tools-client.ts";
import { catalogIngredient, twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";

const sql = adminSql();
const { alice, bob } = await twoHouseholds(sql, "grocery-access");
const rice = await catalogIngredient(sql, "white rice");

const { grocery_list_id: listId } = await callToolOk(alice, "grocery.create_list", {
  name: "Private",
});
const { grocery_item_id: itemId } = await callToolOk(alice, "grocery.add_item", {
  grocery_list_id: listId,
  ingredient_id: rice,
  quantity: 1,
  unit: "cup",
});

async function alicesItems() {
  const [row] = await sql`
    select count(*)::int as items, bool_or(checked) as checked, sum(quantity)::float as quantity,
      count(deleted_at)::int as removed
    from public.grocery_items where grocery_list_id = ${listId}`;
  return row;
}

Deno.test("another household's list and items are NOT_FOUND for every grocery tool taking their id", async () => {
  const attempts: [string, Record<string, unknown>, string][] = [
    ["grocery.get_list", { grocery_list_id: listId }, "grocery_list_id"],
    ["grocery.add_item", { grocery_list_id: listId, name: "x", quantity: 1, unit: "g" }, "grocery_list_id"],
    ["grocery.add_item", { grocery_list_id: listId, ingredient_id: rice, quantity: 1, unit: "cup" }, "grocery_list_id"],
    ["grocery.push_ingredients", {
      grocery_list_id: listId,
      ingredients: [{ ingredient_id: rice, quantity: 1, unit: "cup" }],
    }, "grocery_list_id"],
    ["grocery.check_item", { grocery_item_id: itemId }, "grocery_item_id"],
    ["grocery.uncheck_item", { grocery_item_id: itemId }, "grocery_item_id"],
    ["grocery.remove_item", { grocery_item_id: itemId }, "grocery_item_id"],
  ];
  for (const [tool, input, field] of attempts) {
    const response = await callTool(bob, tool, input);
    assert.equal(response.status, 404, tool);
    assert.deepEqual(response.body.error && [response.body.error.type, response.body.error.field], [
      "NOT_FOUND",
      field,
    ]);
  }
  const { lists } = await callToolOk(bob, "grocery.list_lists", {});
  assert.deepEqual(lists, []);
  assert.deepEqual(await alicesItems(), { items: 1, checked: false, quantity: 1, removed: 0 });
});

Deno.test("the web app's supabase-js client sees the same NOT_FOUND envelope", async () => {
  const { data, error } = await supabaseAs(bob).functions.invoke("grocery/check_item", {
    body: { grocery_item_id: itemId },
  });
  assert.equal(data, null);
  assert.ok(error instanceof FunctionsHttpError);
  const response = error.context as Response;
  assert.equal(response.status, 404);
  assert.deepEqual(await response.json(), {
    ok: false,
    error: { type: "NOT_FOUND", message: "grocery item not found", field: "grocery_item_id", retryable: false },
  });
  assert.deepEqual(await alicesItems(), { items: 1, checked: false, quantity: 1, removed: 0 });
});

Deno.test("every grocery tool answers 401 without a token or with a bad one, and changes nothing", async () => {
  const inputs: Record<string, unknown> = {
    "grocery.list_lists": {},
    "grocery.get_list": { grocery_list_id: listId },
    "grocery.create_list": { name: "Sneaky" },
    "grocery.add_item": { grocery_list_id: listId, name: "x", quantity: 1, unit: "g" },
    "grocery.check_item": { grocery_item_id: itemId },
    "grocery.uncheck_item": { grocery_item_id: itemId },
    "grocery.remove_item": { grocery_item_id: itemId },
  };
  const forged = { ...alice, token: `${alice.token.slice(0, -4)}AAAA` };
  for (const [tool, input] of Object.entries(inputs)) {
    for (const user of [undefined, forged, { ...alice, token: "not-a-jwt" }]) {
      const response = await callTool(user, tool, input);
      assert.equal(response.status, 401, tool);
      assert.equal(response.body.error?.type, "UNAUTHENTICATED", tool);
    }
  }
  assert.deepEqual(await alicesItems(), { items: 1, checked: false, quantity: 1, removed: 0 });
});

globalThis.addEventListener("unload", () => sql.end());

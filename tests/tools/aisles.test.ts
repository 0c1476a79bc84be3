// Aisles and what to buy: grocery.get_list and grocery.changes return each item's category and what to
// buy where the catalog says how it is sold, with the household's aisle order; any member sets that order
// (household.set_aisle_order), and history.undo puts the previous one back.
import assert from "node:assert/strict";
import { groceryCategories } from "../../shared/tools/fields.ts";
import { catalogIngredient, householdOf, joinHousehold } from "../support/households.ts";
import { createList, pushIngredients } from "../support/grocery.ts";
import { lastWrite } from "../support/history.ts";
import { adminSql, createTestUser } from "../support/stack.ts";
import { callTool, callToolOk } from "../support/tools-client.ts";

const sql = adminSql();
const owner = await createTestUser(sql, "aisles-owner");
const household = await householdOf(sql, owner);
const member = await createTestUser(sql, "aisles-member");
await joinHousehold(member, owner, household);

Deno.test("every catalog entry has a category of the list, stored", async () => {
  const [row] = await sql<{ missing: number; codes: string[] }[]>`
    select count(*) filter (where aisle is null)::int as missing,
      array(select code from public.grocery_categories order by default_position) as codes
    from public.ingredients where household_id is null`;
  assert.equal(row.missing, 0);
  assert.deepEqual(row.codes, [...groceryCategories]);
});

Deno.test("get_list and changes carry each item's category and what to buy beside the exact need", async () => {
  const listId = await createList(sql, owner, household, "Aisles");
  await pushIngredients(owner, listId, [
    { ingredient_id: await catalogIngredient(sql, "chickpeas"), quantity: 2.5, unit: "can" },
    { ingredient_id: await catalogIngredient(sql, "garlic"), quantity: 3, unit: "piece" },
    { ingredient_id: await catalogIngredient(sql, "butter"), quantity: 8, unit: "oz" },
    { ingredient_id: await catalogIngredient(sql, "onion"), quantity: 1.5, unit: "whole" },
    { ingredient_id: await catalogIngredient(sql, "white rice"), quantity: 1, unit: "cup" },
    { ingredient_id: await catalogIngredient(sql, "salmon"), quantity: 400, unit: "g" },
  ]);
  await callToolOk(owner, "grocery.add_item", {
    grocery_list_id: listId,
    name: "birthday candles",
    quantity: 2,
    unit: "package",
  });

  const read = await callToolOk(owner, "grocery.get_list", { grocery_list_id: listId });
  const shown = Object.fromEntries(read.items.map((item) => [item.name, [item.quantity, item.category, item.buy]]));
  assert.deepEqual(shown, {
    chickpeas: [2.5, "pantry", { quantity: 3, unit: "can", wording: "3 cans" }],
    garlic: [3, "produce", { quantity: 1, unit: "whole", wording: "1 head" }],
    butter: [8, "dairy", { quantity: 1, unit: "package", wording: "1 pack of 250 g" }],
    onion: [1.5, "produce", { quantity: 2, unit: "whole", wording: "2 whole" }],
    "white rice": [1, "pantry", null],
    salmon: [400, "seafood", null],
    "birthday candles": [2, null, { quantity: 2, unit: "package", wording: "2 packages" }],
  });
  assert.deepEqual(read.aisle_order.map((aisle) => aisle.category), [...groceryCategories]);
  assert.equal(read.aisle_order[0].label, "Fruit and vegetables");

  const pulled = await callToolOk(owner, "grocery.changes", { grocery_list_id: listId, since: 0 });
  assert.deepEqual(
    Object.fromEntries(pulled.items.map((item) => [item.name, [item.quantity, item.category, item.buy]])),
    shown,
  );
  assert.deepEqual(pulled.aisle_order, read.aisle_order);
});

Deno.test("a member sets the household's aisle order; lists and pulls group by it; undo puts the previous one back", async () => {
  const listId = await createList(sql, owner, household, "Order");
  const order = async () =>
    (await callToolOk(owner, "grocery.get_list", { grocery_list_id: listId })).aisle_order.map((a) => a.category);
  const rest = (first: string[]) => [...first, ...groceryCategories.filter((code) => !first.includes(code))];

  const set = await callToolOk(member, "household.set_aisle_order", { categories: ["bakery", "dairy", "produce"] }, {
    householdId: household,
  });
  assert.deepEqual([set.categories, set.previous_categories], [["bakery", "dairy", "produce"], null]);
  assert.equal(
    set.message,
    'Set the aisle order of "My household": Bakery, Dairy and eggs, Fruit and vegetables first.',
  );
  assert.deepEqual(await order(), rest(["bakery", "dairy", "produce"]));
  const pulled = await callToolOk(owner, "grocery.changes", { grocery_list_id: listId, since: 0 });
  assert.deepEqual(pulled.aisle_order.map((a) => a.category), rest(["bakery", "dairy", "produce"]));

  await callToolOk(owner, "household.set_aisle_order", { categories: ["frozen"] });
  assert.deepEqual(await order(), rest(["frozen"]));
  const second = await lastWrite(owner, { tool: "household.set_aisle_order" });
  assert.equal(second.summary, "Set the aisle order of My household: Frozen first");
  const undone = await callToolOk(owner, "history.undo", { invocation_id: second.invocation_id });
  assert.equal(undone.message, "Put the aisle order back as it was.");
  assert.deepEqual(await order(), rest(["bakery", "dairy", "produce"]));

  // [] is the usual order.
  const reset = await callToolOk(owner, "household.set_aisle_order", { categories: [] });
  assert.deepEqual([reset.categories, reset.previous_categories], [null, ["bakery", "dairy", "produce"]]);
  assert.deepEqual(await order(), [...groceryCategories]);
});

Deno.test("an unknown or repeated category is refused and changes nothing", async () => {
  const [before] = await sql`select categories from public.household_aisle_orders where household_id = ${household}`;
  for (const categories of [["bakery", "sweets"], ["dairy", "dairy"], "produce"]) {
    const refused = await callTool(owner, "household.set_aisle_order", { categories });
    assert.deepEqual([refused.status, refused.body.error?.type], [400, "VALIDATION_ERROR"]);
    assert.match(refused.body.error!.field!, /^categories/, JSON.stringify(categories));
  }
  const [after] = await sql`select categories from public.household_aisle_orders where household_id = ${household}`;
  assert.deepEqual(after, before);
});

Deno.test("another household's order is its own", async () => {
  const outsider = await createTestUser(sql, "aisles-outsider");
  await callToolOk(owner, "household.set_aisle_order", { categories: ["drinks"] });
  const listId = await createList(sql, outsider, await householdOf(sql, outsider), "Elsewhere");
  const read = await callToolOk(outsider, "grocery.get_list", { grocery_list_id: listId });
  assert.deepEqual(read.aisle_order.map((a) => a.category), [...groceryCategories]);
});

globalThis.addEventListener("unload", () => sql.end());

// Who ticked an item: grocery.get_list and grocery.changes name them (checked_by, checked_by_name), as the
// household knows them: their display name, else their email; nothing while unchecked or once they left.
import assert from "node:assert/strict";
import { catalogIngredient, householdOf, joinHousehold, twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";
import { callToolOk } from "../support/tools-client.ts";

const sql = adminSql();
const { alice, bob } = await twoHouseholds(sql, "who-ticked");
const household = await householdOf(sql, alice);
await joinHousehold(bob, alice, household);
const options = { householdId: household };
await callToolOk(alice, "household.set_display_name", { display_name: "Alice" });

async function itemsAsRead(listId: string, reader = bob) {
  const read = await callToolOk(reader, "grocery.get_list", { grocery_list_id: listId }, options);
  const changes = await callToolOk(reader, "grocery.changes", { grocery_list_id: listId, since: 0 }, options);
  const pick = (item: { name: string; checked_by: string | null; checked_by_name: string | null }) =>
    [item.name, item.checked_by, item.checked_by_name] as const;
  const fromRead = read.items.map(pick).sort();
  assert.deepEqual(changes.items.map(pick).sort(), fromRead, "the change feed says what the read says");
  return fromRead;
}

Deno.test("the list says who ticked each item, by display name, else email, and nothing once unticked", async () => {
  const milk = await catalogIngredient(sql, "milk");
  const eggs = await catalogIngredient(sql, "eggs");
  const rice = await catalogIngredient(sql, "white rice");
  const { grocery_list_id } = await callToolOk(alice, "grocery.create_list", { name: "Who ticked" }, options);
  const add = async (ingredient_id: string) =>
    (await callToolOk(
      alice,
      "grocery.add_item",
      { grocery_list_id, ingredient_id, quantity: 1, unit: "whole" },
      options,
    ))
      .grocery_item_id;
  const [milkId, eggsId] = [await add(milk), await add(eggs)];
  await add(rice);
  await callToolOk(alice, "grocery.check_item", { grocery_item_id: milkId }, options);
  await callToolOk(bob, "grocery.check_item", { grocery_item_id: eggsId }, options);

  assert.deepEqual(await itemsAsRead(grocery_list_id), [
    ["eggs", bob.id, bob.email],
    ["milk", alice.id, "Alice"],
    ["white rice", null, null],
  ]);

  await callToolOk(bob, "household.set_display_name", { display_name: "Bob" }, options);
  await callToolOk(alice, "grocery.uncheck_item", { grocery_item_id: milkId }, options);
  assert.deepEqual(await itemsAsRead(grocery_list_id), [
    ["eggs", bob.id, "Bob"],
    ["milk", null, null],
    ["white rice", null, null],
  ]);

  await callToolOk(bob, "household.leave", {}, options);
  assert.deepEqual((await itemsAsRead(grocery_list_id, alice))[0], ["eggs", bob.id, null], "Bob has left");
});

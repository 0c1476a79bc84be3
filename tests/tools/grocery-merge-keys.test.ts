// The merge's loose ends: names link to the catalog, prep states fold case, unchecking folds
// back, the item cap holds under concurrency, and a list's updated_at moves with its items.
import assert from "node:assert/strict";
import { callTool, callToolOk } from "../support/tools-client.ts";
import { catalogIngredient, twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";

const sql = adminSql();
const { alice } = await twoHouseholds(sql, "grocery-merge-keys");
const onion = await catalogIngredient(sql, "onion");

async function newList(name: string): Promise<string> {
  return (await callToolOk(alice, "grocery.create_list", { name })).grocery_list_id;
}

async function itemsOf(listId: string) {
  return (await callToolOk(alice, "grocery.get_list", { grocery_list_id: listId })).items;
}

Deno.test("add_item by a name that is exactly an ingredient's (trim, case folding) is that ingredient and merges", async () => {
  const listId = await newList("Names link");
  const byId = await callToolOk(alice, "grocery.add_item", {
    grocery_list_id: listId,
    ingredient_id: onion,
    quantity: 1,
    unit: "whole",
  });
  const byName = await callToolOk(alice, "grocery.add_item", {
    grocery_list_id: listId,
    name: "  Onion ",
    quantity: 2,
    unit: "whole",
  });
  assert.equal(byName.merged, true);
  assert.equal(byName.grocery_item_id, byId.grocery_item_id);
  assert.deepEqual([byName.item.ingredient_id, byName.item.name, byName.item.quantity], [onion, "onion", 3]);
  const own = await callToolOk(alice, "ingredient.create", { name: "Grandma's Chutney" });
  const chutney = await callToolOk(alice, "grocery.add_item", {
    grocery_list_id: listId,
    name: "grandma's chutney",
    quantity: 1,
    unit: "can",
  });
  assert.equal(chutney.item.ingredient_id, own.ingredient_id, "the household's own ingredient counts too");
  const near = await callToolOk(alice, "grocery.add_item", {
    grocery_list_id: listId,
    name: "onions",
    quantity: 1,
    unit: "whole",
  });
  assert.deepEqual([near.merged, near.item.ingredient_id], [false, null], "never a fuzzy match");
  assert.equal((await itemsOf(listId)).length, 3);
});

Deno.test("prep states merge trimmed and case-folded, keeping the first spelling", async () => {
  const listId = await newList("Prep case");
  const pushed = await callToolOk(alice, "grocery.push_ingredients", {
    grocery_list_id: listId,
    ingredients: [
      { ingredient_id: onion, quantity: 1, unit: "whole", prep_state: "Chopped" },
      { ingredient_id: onion, quantity: 0.5, unit: "whole", prep_state: "chopped " },
    ],
  });
  assert.equal(pushed.added.length, 1);
  const again = await callToolOk(alice, "grocery.add_item", {
    grocery_list_id: listId,
    ingredient_id: onion,
    quantity: 1,
    unit: "whole",
    prep_state: "CHOPPED",
  });
  assert.equal(again.merged, true);
  const items = await itemsOf(listId);
  assert.deepEqual(items.map((item) => [item.prep_state, item.quantity, item.sources.length]), [["Chopped", 2.5, 3]]);
});

Deno.test("unchecking folds the line into the matching unchecked line, sources and all, and says so", async () => {
  const listId = await newList("Uncheck folds");
  const push = (quantity: number) =>
    callToolOk(alice, "grocery.push_ingredients", {
      grocery_list_id: listId,
      ingredients: [{ ingredient_id: onion, quantity, unit: "cup" }],
    });
  const first = (await push(1)).added[0];
  await callToolOk(alice, "grocery.check_item", { grocery_item_id: first.id });
  const second = (await push(2)).added[0];
  assert.notEqual(second.id, first.id, "a checked line takes no merges");
  const unchecked = await callToolOk(alice, "grocery.uncheck_item", { grocery_item_id: first.id });
  assert.equal(unchecked.folded_into_item_id, second.id);
  assert.equal(unchecked.item.id, second.id);
  assert.equal(unchecked.item.quantity, 3);
  assert.match(unchecked.message, /folded/);
  const items = await itemsOf(listId);
  assert.deepEqual(items.map((item) => [item.id, item.quantity, item.checked, item.sources.length]), [
    [second.id, 3, false, 2],
  ]);
  await push(0.5);
  assert.deepEqual((await itemsOf(listId)).map((item) => item.quantity), [3.5], "later pushes find the one line");
  const gone = await callTool(alice, "grocery.uncheck_item", { grocery_item_id: first.id });
  assert.equal(gone.status, 404, "the folded line is removed");
});

Deno.test("unchecking with no matching unchecked line just unchecks", async () => {
  const listId = await newList("Uncheck alone");
  const [item] = (await callToolOk(alice, "grocery.push_ingredients", {
    grocery_list_id: listId,
    ingredients: [{ ingredient_id: onion, quantity: 1, unit: "cup" }],
  })).added;
  await callToolOk(alice, "grocery.check_item", { grocery_item_id: item.id });
  const unchecked = await callToolOk(alice, "grocery.uncheck_item", { grocery_item_id: item.id });
  assert.deepEqual([unchecked.folded_into_item_id, unchecked.item.checked, unchecked.item.quantity], [null, false, 1]);
});

Deno.test("concurrent add_item calls cannot pass the 1,000-item cap", async () => {
  const listId = await newList("Cap race");
  await sql`
    insert into public.grocery_items (grocery_list_id, household_id, name, quantity, unit)
    select ${listId}, l.household_id, 'filler ' || n, 1, 'piece'
    from public.grocery_lists l, generate_series(1, 995) n where l.id = ${listId}`;
  const replies = await Promise.all(
    Array.from(
      { length: 50 },
      (_, index) =>
        callTool(alice, "grocery.add_item", {
          grocery_list_id: listId,
          name: `extra ${index}`,
          quantity: 1,
          unit: "piece",
        }),
    ),
  );
  const [{ count }] = await sql<{ count: number }[]>`
    select count(*)::int as count from public.grocery_items where grocery_list_id = ${listId} and deleted_at is null`;
  assert.equal(count, 1000);
  assert.deepEqual(
    [replies.filter((reply) => reply.status === 200).length, replies.filter((reply) => reply.status === 409).length],
    [5, 45],
  );
});

Deno.test("a list's updated_at moves when its items change", async () => {
  const listId = await newList("Touched");
  const updatedAt = async () =>
    (await callToolOk(alice, "grocery.get_list", { grocery_list_id: listId })).list.updated_at;
  const before = await updatedAt();
  const added = await callToolOk(alice, "grocery.add_item", {
    grocery_list_id: listId,
    name: "matches",
    quantity: 1,
    unit: "package",
  });
  const afterAdd = await updatedAt();
  assert.ok(afterAdd > before, `${afterAdd} > ${before}`);
  await callToolOk(alice, "grocery.check_item", { grocery_item_id: added.grocery_item_id });
  const afterCheck = await updatedAt();
  assert.ok(afterCheck > afterAdd, `${afterCheck} > ${afterAdd}`);
  await callToolOk(alice, "grocery.remove_item", { grocery_item_id: added.grocery_item_id });
  assert.ok((await updatedAt()) > afterCheck);
});

globalThis.addEventListener("unload", () => sql.end());

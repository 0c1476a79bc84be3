// Concurrency: many writers at once never lose an update, never deadlock, never answer 5xx.
// Figures are printed for the note; the assertions are about correctness, not speed.
import assert from "node:assert/strict";
import { callTool } from "../support/tools-client.ts";
import { catalogIngredient, householdOf, twoHouseholds } from "../support/households.ts";
import { createList } from "../support/grocery.ts";
import { adminSql } from "../support/stack.ts";

const sql = adminSql();
const { alice } = await twoHouseholds(sql, "concurrency");
const household = await householdOf(sql, alice);
const names = ["white rice", "onion", "garlic", "basil", "eggs"];
const ingredients = await Promise.all(names.map((name) => catalogIngredient(sql, name)));

Deno.test("50 concurrent pushes with overlapping lines, 20 rounds: totals exact, no deadlock, no 5xx", async () => {
  const listId = await createList(sql, alice, household);
  const expected = new Map<string, number>();
  const statuses = new Map<number, number>();
  const started = performance.now();
  for (let round = 0; round < 20; round++) {
    const pushes = Array.from({ length: 50 }, (_, writer) => {
      // Each writer sends three of the five ingredients, in an order of its own, so lines overlap and
      // the rows are met in different orders: what would deadlock without a lock order.
      const lines = [0, 1, 2].map((offset) => {
        const index = (writer + offset * (round % 2 ? 1 : 2)) % ingredients.length;
        const quantity = ((writer + round + offset) % 4 + 1) * 0.25;
        return { ingredient_id: ingredients[index], quantity, unit: "cup" };
      });
      for (const line of lines) {
        expected.set(line.ingredient_id, (expected.get(line.ingredient_id) ?? 0) + line.quantity * 1000);
      }
      return callTool(alice, "grocery.push_ingredients", { grocery_list_id: listId, ingredients: lines });
    });
    for (const reply of await Promise.all(pushes)) statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `1000 pushes (50 at a time, 20 rounds) in ${seconds.toFixed(1)} s; statuses ${JSON.stringify([...statuses])}`,
  );
  assert.deepEqual([...statuses], [[200, 1000]]);
  const rows = await sql<{ ingredient_id: string; quantity: string; lines: number }[]>`
    select ingredient_id, quantity::text, (count(*) over (partition by ingredient_id))::int as lines
    from public.grocery_items where grocery_list_id = ${listId} and deleted_at is null`;
  assert.equal(rows.length, expected.size, "one line per ingredient");
  for (const row of rows) {
    // Thousandths as integers: the database sums exactly, so must the expectation.
    assert.equal(Math.round(Number(row.quantity) * 1000), expected.get(row.ingredient_id), row.ingredient_id);
  }
  const [{ sources }] = await sql<{ sources: number }[]>`
    select count(*)::int as sources from public.grocery_item_sources s
    join public.grocery_items i on i.id = s.grocery_item_id where i.grocery_list_id = ${listId}`;
  assert.equal(sources, 3000, "a source row per line");
});

Deno.test("50 concurrent calls with one idempotency key: one execution, identical replies", async () => {
  const listId = await createList(sql, alice, household);
  const key = crypto.randomUUID();
  const body = {
    grocery_list_id: listId,
    ingredients: [{ ingredient_id: ingredients[0], quantity: 1.5, unit: "cup" }],
  };
  const replies = await Promise.all(
    Array.from({ length: 50 }, () => callTool(alice, "grocery.push_ingredients", body, { idempotencyKey: key })),
  );
  assert.deepEqual(replies.map((reply) => reply.status), Array(50).fill(200));
  assert.equal(replies.filter((reply) => reply.headers.get("idempotent-replayed") !== "true").length, 1);
  for (const reply of replies) assert.deepEqual(reply.body, replies[0].body);
  const [{ quantity, invocations }] = await sql<{ quantity: string; invocations: number }[]>`
    select (select sum(quantity)::text from public.grocery_items where grocery_list_id = ${listId}) as quantity,
      (select count(*)::int from public.tool_invocations where idempotency_key = ${key}) as invocations`;
  assert.deepEqual([quantity, invocations], ["1.5", 1]);
});

Deno.test("concurrent check, uncheck and remove of one item end in a consistent state", async () => {
  const listId = await createList(sql, alice, household);
  for (let round = 0; round < 10; round++) {
    const pushed = await callTool(alice, "grocery.push_ingredients", {
      grocery_list_id: listId,
      ingredients: [{ ingredient_id: ingredients[round % 5], quantity: 1, unit: "tbsp" }],
    });
    const itemId = pushed.body.data!.added[0]?.id ?? pushed.body.data!.merged[0].id;
    const tools = ["grocery.check_item", "grocery.uncheck_item", "grocery.remove_item"];
    const replies = await Promise.all(
      Array.from({ length: 15 }, (_, index) => callTool(alice, tools[index % 3], { grocery_item_id: itemId })),
    );
    for (const reply of replies) assert.ok([200, 404].includes(reply.status), JSON.stringify(reply.body));
    const removals = replies.filter((reply, index) => index % 3 === 2 && reply.status === 200).length;
    assert.equal(removals, 1, "exactly one removal wins; the others find nothing to remove");
    const [row] = await sql<
      { checked: boolean; checked_at: Date | null; checked_by: string | null; deleted: boolean }[]
    >`
      select checked, checked_at, checked_by, deleted_at is not null as deleted
      from public.grocery_items where id = ${itemId}`;
    assert.equal(row.deleted, true);
    assert.equal(row.checked, row.checked_at !== null, "checked and checked_at agree");
    assert.equal(row.checked, row.checked_by !== null, "checked and checked_by agree");
  }
});

Deno.test("every way of adding to one list at once, with ticks between: no deadlock, one open line per key", async () => {
  // Push, add_item, add_text, push_recipe and sync_plan each lock the list's row and then its items, and queue for
  // the list first: one that held the row while waiting in that queue would deadlock with a push waiting on the row.
  // A tick locks the row and one item, and never queues.
  const listId = await createList(sql, alice, household);
  const recipe = await callTool(alice, "recipe.create", {
    title: "Rice and onions",
    servings: 2,
    ingredients: [{ name: "white rice", quantity: 1, unit: "cup" }, { name: "onion", quantity: 1, unit: "whole" }],
  });
  const recipeId = recipe.body.data!.recipe_id;
  for (const date of ["2031-05-05", "2031-05-06"]) {
    const meal = await callTool(alice, "planner.add_meal", { recipe_id: recipeId, date, meal_type: "dinner" });
    assert.equal(meal.status, 200, JSON.stringify(meal.body));
  }
  const first = await callTool(alice, "grocery.push_ingredients", {
    grocery_list_id: listId,
    ingredients: ingredients.map((ingredient_id) => ({ ingredient_id, quantity: 1, unit: "cup" })),
  });
  const itemIds = first.body.data!.added.map((item) => item.id);
  const statuses = new Map<string, number>();
  for (let round = 0; round < 8; round++) {
    const calls = Array.from({ length: 20 }, (_, writer) => {
      const ingredient_id = ingredients[(writer + round) % ingredients.length];
      switch (writer % 6) {
        case 0:
          return callTool(alice, "grocery.push_ingredients", {
            grocery_list_id: listId,
            ingredients: [{ ingredient_id, quantity: 0.5, unit: "cup" }, {
              ingredient_id: ingredients[(writer + 1) % ingredients.length],
              quantity: 0.25,
              unit: "cup",
            }],
          });
        case 1:
          return callTool(alice, "grocery.add_item", {
            grocery_list_id: listId,
            ingredient_id,
            quantity: 1,
            unit: "cup",
          });
        case 2:
          return callTool(alice, "grocery.add_text", { grocery_list_id: listId, text: "1 cup white rice, 2 onions" });
        case 3:
          return callTool(alice, "grocery.push_recipe", { grocery_list_id: listId, recipe_id: recipeId });
        case 4:
          return callTool(alice, "grocery.sync_plan", {
            grocery_list_id: listId,
            start_date: "2031-05-05",
            end_date: "2031-05-06",
          });
        default:
          return callTool(alice, round % 2 ? "grocery.uncheck_item" : "grocery.check_item", {
            grocery_item_id: itemIds[writer % itemIds.length],
          });
      }
    });
    const replies = await Promise.all(calls);
    replies.forEach((reply, writer) => {
      const kind = writer % 6 === 5 ? "tick" : "add";
      const key = `${kind} ${reply.status}${reply.body.ok ? "" : ` ${reply.body.error?.type}`}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    });
  }
  // Every add is a 200: a deadlock would be a retryable CONFLICT. A tick may find its item gone, merged into the open
  // line of the same key when unticked (NOT_FOUND, which names where it went), never anything else.
  assert.equal(statuses.get("add 200"), 8 * 17, JSON.stringify([...statuses]));
  assert.equal((statuses.get("tick 200") ?? 0) + (statuses.get("tick 404 NOT_FOUND") ?? 0), 8 * 3);
  assert.ok((statuses.get("tick 200") ?? 0) > 0, "some ticks went through");
  const [{ duplicates }] = await sql<{ duplicates: number }[]>`
    select count(*)::int as duplicates from (
      select 1 from public.grocery_items
      where grocery_list_id = ${listId} and not checked and deleted_at is null and ingredient_id is not null
      group by ingredient_id, unit, prep_key having count(*) > 1
    ) open_twice`;
  assert.equal(duplicates, 0, "one open line per ingredient, unit and prep state");
});

globalThis.addEventListener("unload", () => sql.end());

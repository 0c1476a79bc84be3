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

globalThis.addEventListener("unload", () => sql.end());

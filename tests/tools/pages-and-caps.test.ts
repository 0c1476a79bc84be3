// Noisy neighbours: every list-returning read comes in pages, and a household holds at most so
// many lists, recipes and live invites, so one household's size cannot slow the others.
import assert from "node:assert/strict";
import { callTool, callToolOk } from "../support/tools-client.ts";
import { catalogIngredient, householdOf, twoHouseholds } from "../support/households.ts";
import { adminSql, createTestUser } from "../support/stack.ts";

const sql = adminSql();
const { alice } = await twoHouseholds(sql, "pages");
const eggs = await catalogIngredient(sql, "eggs");

async function allPages<Item>(read: (cursor?: string) => Promise<{ items: Item[]; next_cursor: string | null }>) {
  const pages: Item[][] = [];
  let cursor: string | undefined;
  do {
    const page = await read(cursor);
    pages.push(page.items);
    cursor = page.next_cursor ?? undefined;
  } while (cursor && pages.length < 20);
  return pages;
}

Deno.test("grocery.list_lists comes in pages, newest first, each list once", async () => {
  const created: string[] = [];
  for (const name of ["one", "two", "three", "four", "five"]) {
    created.push((await callToolOk(alice, "grocery.create_list", { name: `Paged ${name}` })).grocery_list_id);
  }
  const pages = await allPages(async (cursor) => {
    const { lists, next_cursor } = await callToolOk(alice, "grocery.list_lists", { limit: 2, cursor });
    return { items: lists.map((list) => list.id), next_cursor };
  });
  assert.deepEqual(pages.map((page) => page.length), [2, 2, 1]);
  assert.deepEqual(pages.flat(), created.toReversed());
  const bad = await callTool(alice, "grocery.list_lists", { cursor: "bm90IGEgY3Vyc29y" });
  assert.equal(bad.status, 400);
  assert.equal(bad.body.error?.field, "cursor");
});

Deno.test("planner.list_meals comes in pages, by day and meal, each meal once", async () => {
  const { recipe_id } = await callToolOk(alice, "recipe.create", {
    title: "Paged eggs",
    ingredients: [{ ingredient_id: eggs, quantity: 2, unit: "whole" }],
  });
  const plan = [
    ["2027-05-02", "dinner"],
    ["2027-05-01", "dinner"],
    ["2027-05-01", "breakfast"],
    ["2027-05-02", "lunch"],
    ["2027-05-03", "breakfast"],
  ];
  const ids = new Map<string, string>();
  for (const [date, meal_type] of plan) {
    const added = await callToolOk(alice, "planner.add_meal", { recipe_id, date, meal_type });
    ids.set(`${date} ${meal_type}`, added.planner_meal_id);
  }
  const pages = await allPages(async (cursor) => {
    const { meals, next_cursor } = await callToolOk(alice, "planner.list_meals", {
      start_date: "2027-05-01",
      end_date: "2027-05-03",
      limit: 2,
      cursor,
    });
    return { items: meals.map((meal) => `${meal.date} ${meal.meal_type}`), next_cursor };
  });
  assert.deepEqual(pages, [
    ["2027-05-01 breakfast", "2027-05-01 dinner"],
    ["2027-05-02 lunch", "2027-05-02 dinner"],
    ["2027-05-03 breakfast"],
  ]);
});

Deno.test("a household holds at most 200 lists: concurrent creates at the edge cannot pass it", async () => {
  const owner = await createTestUser(sql, "caps-lists");
  const household = await householdOf(sql, owner);
  await sql`insert into public.grocery_lists (household_id, name)
    select ${household}, 'filler ' || n from generate_series(1, 197) n`;
  const replies = await Promise.all(
    Array.from({ length: 10 }, (_, index) => callTool(owner, "grocery.create_list", { name: `edge ${index}` })),
  );
  assert.deepEqual(
    [replies.filter((reply) => reply.status === 200).length, replies.filter((reply) => reply.status === 409).length],
    [3, 7],
  );
  const refused = replies.find((reply) => reply.status === 409)!;
  assert.equal(refused.body.error?.type, "CONFLICT");
  assert.match(refused.body.error?.message ?? "", /at most 200 grocery lists/);
  const [{ count }] = await sql<{ count: number }[]>`
    select count(*)::int as count from public.grocery_lists where household_id = ${household} and deleted_at is null`;
  assert.equal(count, 200);
});

Deno.test("a household holds at most 2000 recipes and 20 live invites, with a CONFLICT naming the limit", async () => {
  const owner = await createTestUser(sql, "caps-recipes");
  const household = await householdOf(sql, owner);
  await sql`insert into public.recipes (household_id, title)
    select ${household}, 'filler ' || n from generate_series(1, 2000) n`;
  const recipe = await callTool(owner, "recipe.create", {
    title: "One too many",
    ingredients: [{ ingredient_id: eggs, quantity: 1, unit: "whole" }],
  });
  assert.equal(recipe.status, 409);
  assert.match(recipe.body.error?.message ?? "", /at most 2000 recipes/);
  await sql`insert into public.household_invites (household_id, code)
    select ${household}, 'filler-' || gen_random_uuid() from generate_series(1, 20)`;
  const invite = await callTool(owner, "household.create_invite", {});
  assert.equal(invite.status, 409);
  assert.match(invite.body.error?.message ?? "", /at most 20 live invites/);
  await sql`update public.household_invites set expires_at = now() - interval '1 second'
    where id = (select id from public.household_invites where household_id = ${household} limit 1)`;
  assert.equal((await callTool(owner, "household.create_invite", {})).status, 200, "expired invites do not count");
});

globalThis.addEventListener("unload", () => sql.end());

// The change feed: versions in commit order, grocery.changes and planner.changes, one poke per
// transaction per list, and nothing for a non-member.
import assert from "node:assert/strict";
import type { ToolOutput } from "../../shared/tools/registry.ts";
import { catalogIngredient, householdOf, joinHousehold, twoHouseholds } from "../support/households.ts";
import { adminSql, type TestUser } from "../support/stack.ts";
import { callTool, callToolOk } from "../support/tools-client.ts";

const sql = adminSql();
const { alice, bob } = await twoHouseholds(sql, "feed");
const household = await householdOf(sql, alice);
const rice = await catalogIngredient(sql, "white rice");
const onion = await catalogIngredient(sql, "onion");

type Item = ToolOutput<"grocery.get_list">["items"][number];

/** A client's copy of a list: a first read, then every pull applied. */
class ListCopy {
  items = new Map<string, Item>();
  version = 0;
  constructor(readonly user: TestUser, readonly listId: string) {}
  async read() {
    const list = await callToolOk(this.user, "grocery.get_list", { grocery_list_id: this.listId });
    this.items = new Map(list.items.map((item) => [item.id, item]));
    this.version = list.version;
  }
  async pull() {
    let cursor: string | undefined;
    let version = this.version;
    do {
      const page = await callToolOk(this.user, "grocery.changes", {
        grocery_list_id: this.listId,
        since: this.version,
        limit: 7,
        ...(cursor ? { cursor } : {}),
      });
      for (const item of page.items) this.items.set(item.id, item);
      for (const removed of page.removed) this.items.delete(removed.id);
      version = page.version;
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    this.version = version;
  }
  /** The copy as get_list orders it, for comparison with a fresh read. */
  sorted(): Item[] {
    return [...this.items.values()].sort((a, b) => a.id.localeCompare(b.id));
  }
}

async function freshList(user: TestUser, listId: string): Promise<Item[]> {
  const list = await callToolOk(user, "grocery.get_list", { grocery_list_id: listId });
  return list.items.sort((a, b) => a.id.localeCompare(b.id));
}

Deno.test("a pull returns changed items, removed ones as tombstones, and the new version", async () => {
  const { grocery_list_id: listId } = await callToolOk(alice, "grocery.create_list", { name: "Feed basics" });
  const first = await callToolOk(alice, "grocery.get_list", { grocery_list_id: listId });
  const added = await callToolOk(alice, "grocery.add_item", {
    grocery_list_id: listId,
    ingredient_id: rice,
    quantity: 2,
    unit: "cup",
  });
  const since = await callToolOk(alice, "grocery.changes", { grocery_list_id: listId, since: first.version });
  assert.deepEqual(since.items.map((item) => [item.id, item.quantity]), [[added.item.id, 2]]);
  assert.ok(since.version > first.version, "the add raised the version");

  await callToolOk(alice, "grocery.remove_item", { grocery_item_id: added.item.id });
  const after = await callToolOk(alice, "grocery.changes", { grocery_list_id: listId, since: since.version });
  assert.deepEqual([after.items, after.removed], [[], [{ id: added.item.id, merged_into_id: null }]]);
  const nothing = await callToolOk(alice, "grocery.changes", { grocery_list_id: listId, since: after.version });
  assert.deepEqual([nothing.items, nothing.removed, nothing.version], [[], [], after.version]);

  const ahead = await callTool(alice, "grocery.changes", { grocery_list_id: listId, since: after.version + 5 });
  assert.deepEqual([ahead.status, ahead.body.error?.type, ahead.body.error?.field], [409, "CONFLICT", "since"]);
  assert.match(ahead.body.error?.message ?? "", /re-read it with grocery\.get_list/);
});

Deno.test("an uncheck that folds lines shows the removed line with the line it went into", async () => {
  const { grocery_list_id: listId } = await callToolOk(alice, "grocery.create_list", { name: "Feed folds" });
  const line = { grocery_list_id: listId, ingredient_id: rice, unit: "cup" };
  const first = await callToolOk(alice, "grocery.add_item", { ...line, quantity: 2 });
  await callToolOk(alice, "grocery.check_item", { grocery_item_id: first.item.id });
  const second = await callToolOk(alice, "grocery.add_item", { ...line, quantity: 1 });
  const { version } = await callToolOk(alice, "grocery.get_list", { grocery_list_id: listId });
  await callToolOk(alice, "grocery.uncheck_item", { grocery_item_id: first.item.id });
  const pulled = await callToolOk(alice, "grocery.changes", { grocery_list_id: listId, since: version });
  const folded = [...pulled.removed, ...pulled.items.map((item) => ({ id: item.id, merged_into_id: null }))];
  const gone = pulled.removed.find((removed) => removed.merged_into_id !== null);
  assert.ok(gone, `a line was folded into another: ${JSON.stringify(folded)}`);
  assert.ok([first.item.id, second.item.id].includes(gone.merged_into_id!));
  assert.equal(pulled.items.find((item) => item.id === gone.merged_into_id)?.quantity, 3);
});

Deno.test("one poke per transaction per list, with the list's id and version and no row", async () => {
  const { grocery_list_id: listId } = await callToolOk(alice, "grocery.create_list", { name: "Feed pokes" });
  const pokes = async () =>
    await sql<{ payload: Record<string, unknown> }[]>`
      select payload from realtime.messages
      where topic = ${"household:" + household} and payload ->> 'grocery_list_id' = ${listId}
      order by inserted_at, id`;
  const before = (await pokes()).length;
  const ingredients = Array.from({ length: 60 }, (_, index) => ({
    ingredient_id: index % 2 ? rice : onion,
    quantity: index + 1,
    unit: index % 3 ? "cup" : "whole",
    prep_state: `cut ${index}`,
  }));
  await callToolOk(alice, "grocery.push_ingredients", { grocery_list_id: listId, ingredients });
  const after = await pokes();
  assert.equal(after.length - before, 1, "a 60-line push sends one poke");
  const { version } = await callToolOk(alice, "grocery.get_list", { grocery_list_id: listId });
  // realtime.send adds the message's own id, as on hosted.
  const { id: _messageId, ...payload } = after.at(-1)!.payload;
  assert.deepEqual(payload, { kind: "grocery_list", grocery_list_id: listId, version });
});

Deno.test("a reader pulling during 1,000 concurrent writes by two members ends with exactly the server's list", async () => {
  const { grocery_list_id: listId } = await callToolOk(alice, "grocery.create_list", { name: "Feed race" });
  await joinHousehold(bob, alice, household);
  const options = { householdId: household };
  const reader = new ListCopy(bob, listId);
  await reader.read();
  let writing = true;
  const pulls = (async () => {
    let count = 0;
    while (writing) {
      await reader.pull();
      count++;
    }
    return count;
  })();
  const writers = [alice, bob].map(async (user, writer) => {
    const mine: string[] = [];
    for (let round = 0; round < 50; round++) {
      const calls = Array.from({ length: 10 }, async (_, slot) => {
        const step = round * 10 + slot;
        if (mine.length > 3 && step % 4 === 1) {
          const target = mine[step % mine.length];
          const tool = step % 8 === 1 ? "grocery.check_item" : "grocery.remove_item";
          await callTool(user, tool, { grocery_item_id: target }, options);
        } else {
          const reply = await callTool(user, "grocery.add_item", {
            grocery_list_id: listId,
            name: `item ${writer}-${step % 40}`,
            quantity: 1,
            unit: "whole",
          }, options);
          if (reply.body.ok) mine.push((reply.body.data as { item: { id: string } }).item.id);
        }
      });
      await Promise.all(calls);
    }
  });
  await Promise.all(writers);
  writing = false;
  const pullCount = await pulls;
  await reader.pull();
  assert.deepEqual(reader.sorted(), await freshList(bob, listId), `after ${pullCount} pulls during the writes`);
});

Deno.test("planner.changes: added, moved out of the range and removed meals", async () => {
  const { recipe_id } = await callToolOk(alice, "recipe.create", {
    title: "Feed soup",
    ingredients: [{ ingredient_id: onion, quantity: 1, unit: "whole" }],
  });
  const range = { start_date: "2027-03-01", end_date: "2027-03-07" };
  const first = await callToolOk(alice, "planner.list_meals", range);
  const added = await callToolOk(alice, "planner.add_meal", { recipe_id, date: "2027-03-02", meal_type: "dinner" });
  const kept = await callToolOk(alice, "planner.add_meal", { recipe_id, date: "2027-03-03", meal_type: "dinner" });
  const pulled = await callToolOk(alice, "planner.changes", { ...range, since: first.version });
  assert.deepEqual(pulled.meals.map((meal) => meal.id).sort(), [added.planner_meal_id, kept.planner_meal_id].sort());

  await callToolOk(alice, "planner.update_meal", { planner_meal_id: added.planner_meal_id, date: "2027-04-02" });
  await callToolOk(alice, "planner.remove_meal", { planner_meal_id: kept.planner_meal_id });
  const next = await callToolOk(alice, "planner.changes", { ...range, since: pulled.version });
  assert.deepEqual([next.meals, next.removed.sort()], [[], [added.planner_meal_id, kept.planner_meal_id].sort()]);
  const fresh = await callToolOk(alice, "planner.list_meals", range);
  assert.equal(fresh.version, next.version);
});

Deno.test("a non-member can pull neither a list's nor a week's changes", async () => {
  const { alice: owner, bob: outsider } = await twoHouseholds(sql, "feed-outsider");
  const { grocery_list_id: listId } = await callToolOk(owner, "grocery.create_list", { name: "Private" });
  const list = await callTool(outsider, "grocery.changes", { grocery_list_id: listId, since: 0 });
  assert.equal(list.status, 404);
  const week = await callTool(outsider, "planner.changes", {
    start_date: "2027-03-01",
    end_date: "2027-03-07",
    since: 0,
  }, { householdId: await householdOf(sql, owner) });
  assert.equal(week.status, 404);
});

globalThis.addEventListener("unload", () => sql.end());

Deno.test("a change of the aisle order pokes the household (no row), and so does its undo", async () => {
  const aislePokes = async () =>
    (await sql<{ count: number }[]>`
      select count(*)::int as count from realtime.messages
      where topic = ${"household:" + household} and payload ->> 'kind' = 'aisle_order'`)[0].count;
  const before = await aislePokes();
  const set = await callToolOk(alice, "household.set_aisle_order", { categories: ["bakery", "produce"] });
  assert.equal(await aislePokes(), before + 1);
  const [latest] = await sql<{ payload: Record<string, unknown> }[]>`
    select payload from realtime.messages
    where topic = ${"household:" + household} and payload ->> 'kind' = 'aisle_order'
    order by inserted_at desc, id desc limit 1`;
  const { id: _messageId, ...payload } = latest.payload;
  assert.deepEqual(payload, { kind: "aisle_order" });
  const { entries } = await callToolOk(alice, "history.list", { limit: 5 });
  const entry = entries.find((item) => item.tool === "household.set_aisle_order");
  assert.ok(entry, `the change is in the history: ${JSON.stringify(set.message)}`);
  await callToolOk(alice, "history.undo", { invocation_id: entry.invocation_id });
  assert.equal(await aislePokes(), before + 2, "the undo put the old order back and poked");
});

import assert from "node:assert/strict";
import { callTool } from "../support/tools-client.ts";
import { catalogIngredient, householdOf, twoHouseholds } from "../support/households.ts";
import { createList, listLines } from "../support/grocery.ts";
import { adminSql } from "../support/stack.ts";

const sql = adminSql();
const { alice } = await twoHouseholds(sql, "idempotency");
const household = await householdOf(sql, alice);
const rice = await catalogIngredient(sql, "white rice");

function pushRice(listId: string, quantity: number, idempotencyKey: string) {
  return callTool(alice, "grocery.push_ingredients", {
    grocery_list_id: listId,
    ingredients: [{ ingredient_id: rice, quantity, unit: "cup" }],
  }, { idempotencyKey });
}

Deno.test("a push retried with the same key returns the first response and adds once", async () => {
  const listId = await createList(sql, alice, household);
  const key = crypto.randomUUID();
  const first = await pushRice(listId, 1.5, key);
  const retry = await pushRice(listId, 1.5, key);
  assert.equal(first.status, 200);
  assert.equal(first.headers.get("idempotent-replayed"), null);
  assert.equal(retry.status, 200);
  assert.equal(retry.headers.get("idempotent-replayed"), "true");
  assert.deepEqual(retry.body, first.body);
  assert.deepEqual(await listLines(sql, listId), ["white rice 1.5 cup"]);
});

Deno.test("the same key with another input is 422 IDEMPOTENCY_MISMATCH and changes nothing", async () => {
  const listId = await createList(sql, alice, household);
  const key = crypto.randomUUID();
  await pushRice(listId, 1, key);
  const mismatch = await pushRice(listId, 2, key);
  assert.equal(mismatch.status, 422);
  assert.equal(mismatch.body.error?.type, "IDEMPOTENCY_MISMATCH");
  const otherTool = await callTool(alice, "grocery.create_list", { name: `Other ${key}` }, { idempotencyKey: key });
  assert.equal(otherTool.status, 422);
  assert.deepEqual(await listLines(sql, listId), ["white rice 1 cup"]);
});

Deno.test("duplicates arriving together run once: one executes, the rest replay it", async () => {
  const listId = await createList(sql, alice, household);
  const key = crypto.randomUUID();
  const responses = await Promise.all(Array.from({ length: 8 }, () => pushRice(listId, 0.75, key)));
  assert.deepEqual(responses.map((response) => response.status), Array(8).fill(200));
  const executed = responses.filter((response) => response.headers.get("idempotent-replayed") !== "true");
  assert.equal(executed.length, 1);
  for (const response of responses) assert.deepEqual(response.body, executed[0].body);
  assert.deepEqual(await listLines(sql, listId), ["white rice 0.75 cup"]);
});

Deno.test("a refused input is not stored: the key can then carry a valid input", async () => {
  const listId = await createList(sql, alice, household);
  const key = crypto.randomUUID();
  const invalid = await pushRice(listId, -1, key);
  assert.equal(invalid.status, 400);
  const notFound = await callTool(alice, "grocery.push_ingredients", {
    grocery_list_id: crypto.randomUUID(),
    ingredients: [{ ingredient_id: rice, quantity: 1, unit: "cup" }],
  }, { idempotencyKey: key });
  assert.equal(notFound.status, 404);
  const valid = await pushRice(listId, 1, key);
  assert.equal(valid.status, 200);
  assert.equal(valid.headers.get("idempotent-replayed"), null);
});

Deno.test("keys are 1 to 255 printable characters", async () => {
  const listId = await createList(sql, alice, household);
  const tooLong = await pushRice(listId, 1, "k".repeat(256));
  assert.equal(tooLong.status, 400);
  assert.equal(tooLong.body.error?.field, "idempotency_key");
  assert.equal((await pushRice(listId, 1, "k".repeat(255))).status, 200);
});

Deno.test("every write is recorded with who, which tool and when", async () => {
  const listId = await createList(sql, alice, household);
  const key = crypto.randomUUID();
  await pushRice(listId, 1, key);
  const rows = await sql`select user_id, household_id, tool, is_write, created_at from public.tool_invocations
    where user_id = ${alice.id} and idempotency_key = ${key}`;
  assert.equal(rows.length, 1);
  assert.deepEqual([rows[0].household_id, rows[0].tool, rows[0].is_write], [
    household,
    "grocery.push_ingredients",
    true,
  ]);
  const [{ count }] = await sql`select count(*)::int as count from public.tool_invocations
    where user_id = ${alice.id} and idempotency_key is null and tool = 'grocery.push_ingredients'`;
  await callTool(alice, "grocery.push_ingredients", {
    grocery_list_id: listId,
    ingredients: [{ ingredient_id: rice, quantity: 1, unit: "cup" }],
  });
  const [{ count: after }] = await sql`select count(*)::int as count from public.tool_invocations
    where user_id = ${alice.id} and idempotency_key is null and tool = 'grocery.push_ingredients'`;
  assert.equal(after, count + 1);
});

globalThis.addEventListener("unload", () => sql.end());

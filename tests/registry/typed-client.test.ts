import assert from "node:assert/strict";
import { createClient } from "@supabase/supabase-js";
import { ToolError } from "../../shared/client/errors.ts";
import { createToolsClient } from "../../shared/client/tools-client.generated.ts";
import { catalogIngredient, householdOf, twoHouseholds } from "../support/households.ts";
import { adminSql, stackEnv } from "../support/stack.ts";
import { supabaseAs } from "../support/tools-client.ts";

// The web app's way in: a real supabase-js client (its fetch checks every reply against the tool's outputSchema)
// wrapped by the generated client.
const sql = adminSql();
const { alice, bob } = await twoHouseholds(sql, "typed-client");
const aliceHousehold = await householdOf(sql, alice);
const bobHousehold = await householdOf(sql, bob);
const rice = await catalogIngredient(sql, "white rice");
await sql.end();

const tools = createToolsClient(supabaseAs(alice));

async function rejection(promise: Promise<unknown>): Promise<ToolError> {
  const error = await promise.then(() => undefined, (error: unknown) => error);
  assert.ok(error instanceof ToolError, `expected a ToolError, got ${error}`);
  return error;
}

Deno.test("typed client: reads, writes and the merge through supabase-js, data unwrapped", async () => {
  const { households } = await tools.household.get();
  assert.deepEqual(households.map((household) => household.id), [aliceHousehold]);

  const { ingredients } = await tools.ingredient.search({ query: "white rice" });
  assert.equal(ingredients.find((ingredient) => ingredient.match === "exact")?.id, rice);

  const key = crypto.randomUUID();
  const created = await tools.grocery.createList({ name: "Typed shop" }, { idempotencyKey: key });
  const again = await tools.grocery.createList({ name: "Typed shop" }, { idempotencyKey: key });
  assert.deepEqual(again, created);

  const line = { ingredient_id: rice, quantity: 1.5, unit: "cup" as const, prep_state: "rinsed" };
  const first = await tools.grocery.pushIngredients({ grocery_list_id: created.grocery_list_id, ingredients: [line] });
  assert.deepEqual(first.summary, { lines_received: 1, items_added: 1, items_merged: 0 });
  const second = await tools.grocery.pushIngredients({ grocery_list_id: created.grocery_list_id, ingredients: [line] });
  assert.equal(second.merged[0].quantity_after, 3);

  const { items } = await tools.grocery.getList({ grocery_list_id: created.grocery_list_id });
  assert.deepEqual(items.map((item) => [item.name, item.quantity, item.unit, item.sources.length]), [
    ["white rice", 3, "cup", 2],
  ]);
});

Deno.test("typed client: failures are one ToolError with type, field, retryable and status", async () => {
  const missing = await rejection(tools.grocery.getList({ grocery_list_id: crypto.randomUUID() }));
  assert.deepEqual(
    { type: missing.type, status: missing.status, retryable: missing.retryable, tool: missing.tool },
    { type: "NOT_FOUND", status: 404, retryable: false, tool: "grocery.get_list" },
  );
  assert.ok(missing.message.length > 0);

  const { grocery_list_id } = await tools.grocery.createList({ name: "Typed errors" });
  const badLine = { ingredient_id: rice, quantity: 0, unit: "cup" as const };
  const invalid = await rejection(tools.grocery.pushIngredients({ grocery_list_id, ingredients: [badLine] }));
  assert.deepEqual([invalid.type, invalid.status, invalid.field], ["VALIDATION_ERROR", 400, "ingredients[0].quantity"]);

  const key = crypto.randomUUID();
  await tools.grocery.createList({ name: "Typed key" }, { idempotencyKey: key });
  const reused = await rejection(tools.grocery.createList({ name: "Typed other" }, { idempotencyKey: key }));
  assert.deepEqual([reused.type, reused.status], ["IDEMPOTENCY_MISMATCH", 422]);
});

Deno.test("typed client: X-Household-Id from the defaults or the call", async () => {
  const pinned = createToolsClient(supabaseAs(alice), { householdId: aliceHousehold });
  await pinned.grocery.createList({ name: "Typed pinned" });
  const { lists } = await pinned.grocery.listLists({ limit: 100 });
  assert.ok(lists.some((list) => list.name === "Typed pinned"));
  const elsewhere = await rejection(pinned.grocery.listLists({}, { householdId: bobHousehold }));
  assert.deepEqual([elsewhere.type, elsewhere.field], ["NOT_FOUND", "household_id"]);
  // household.get is about the caller, not a household: the default is not sent.
  assert.equal((await pinned.household.get()).households.length, 1);
});

Deno.test("typed client: no token is UNAUTHENTICATED; no server is UNAVAILABLE with status 0", async () => {
  const { apiUrl, anonKey } = stackEnv();
  const options = { auth: { persistSession: false, autoRefreshToken: false } };
  const anonymous = createToolsClient(createClient(apiUrl, anonKey, options));
  const refused = await rejection(anonymous.household.get());
  assert.deepEqual([refused.type, refused.status, refused.retryable], ["UNAUTHENTICATED", 401, false]);

  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const closedPort = listener.addr.port;
  listener.close();
  const offline = createToolsClient(createClient(`http://127.0.0.1:${closedPort}`, anonKey, options));
  const unreachable = await rejection(offline.household.get());
  assert.deepEqual([unreachable.type, unreachable.status, unreachable.retryable], ["UNAVAILABLE", 0, true]);
  assert.ok(unreachable.cause, "the network error is kept as the cause");
});

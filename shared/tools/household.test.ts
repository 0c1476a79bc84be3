import assert from "node:assert/strict";
import { createInvite, getHouseholds, joinHousehold } from "./household.ts";
import { createIngredient, searchIngredients } from "./ingredient.ts";
import { acceptedInput, assertRejected } from "./testing/tool-assertions.ts";

Deno.test("household.join needs an invite code of 8 to 64 characters without spaces", async () => {
  assert.deepEqual(await acceptedInput(joinHousehold, { code: " K7QX-2M9P " }), { code: "K7QX-2M9P" });
  for (const code of ["short", "x".repeat(65), "has a space", 12345678]) {
    await assertRejected(joinHousehold, { code }, "code");
  }
});

Deno.test("household.get and household.create_invite take no input", async () => {
  assert.deepEqual(await acceptedInput(getHouseholds, {}), {});
  assert.deepEqual(await acceptedInput(createInvite, {}), {});
  await assertRejected(createInvite, { expires_at: "2030-01-01" }, "expires_at");
});

Deno.test("ingredient.search needs a query and bounds the limit", async () => {
  assert.deepEqual(await acceptedInput(searchIngredients, { query: " Chick " }), { query: "Chick", limit: 10 });
  await assertRejected(searchIngredients, { query: "" }, "query");
  await assertRejected(searchIngredients, { query: "rice", limit: 51 }, "limit");
  await assertRejected(searchIngredients, { query: "x".repeat(101) }, "query");
});

Deno.test("ingredient.create needs a name of 1 to 100 characters", async () => {
  assert.deepEqual(await acceptedInput(createIngredient, { name: " gochujang " }), { name: "gochujang" });
  await assertRejected(createIngredient, { name: " " }, "name");
  await assertRejected(createIngredient, { name: "gochujang", category: "sauce" }, "category");
});

import assert from "node:assert/strict";
import { createInvite, getHouseholds, joinHousehold } from "./tools.ts";
import { createIngredient, searchIngredients } from "../ingredient/tools.ts";
import { acceptedInput, assertRejected } from "../testing/tool-assertions.ts";

Deno.test("household.join needs an invite code of 8 to 64 characters without spaces", async () => {
  assert.deepEqual(await acceptedInput(joinHousehold, { code: " K7QX-2M9P " }), { code: "K7QX-2M9P" });
  for (const code of ["short", "x".repeat(65), "has a space", 12345678]) {
    await assertRejected(joinHousehold, { code }, "code");
  }
});

Deno.test("household.get takes no input; household.create_invite a bounded expiry and number of uses", async () => {
  assert.deepEqual(await acceptedInput(getHouseholds, {}), {});
  assert.deepEqual(await acceptedInput(createInvite, {}), {});
  assert.deepEqual(await acceptedInput(createInvite, { expires_in_days: 30, max_uses: 1 }), {
    expires_in_days: 30,
    max_uses: 1,
  });
  await assertRejected(createInvite, { expires_at: "2030-01-01" }, "expires_at");
  for (const expires_in_days of [0, 31, 2.5, "7"]) {
    await assertRejected(createInvite, { expires_in_days }, "expires_in_days");
  }
  for (const max_uses of [0, 51, 1.5]) await assertRejected(createInvite, { max_uses }, "max_uses");
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

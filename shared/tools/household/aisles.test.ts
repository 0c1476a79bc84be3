import assert from "node:assert/strict";
import { describeSetAisleOrder, groceryCategoryLabels, setAisleOrder } from "./aisles.ts";
import { describeCreateInvite, describeRevokeInvite, revokeInvite } from "./invites.ts";
import { groceryCategories } from "../fields.ts";
import { acceptedInput, assertRejected } from "../testing/tool-assertions.ts";

Deno.test("household.set_aisle_order takes known categories, each once; [] is the usual order", async () => {
  assert.deepEqual(await acceptedInput(setAisleOrder, { categories: ["bakery", "produce"] }), {
    categories: ["bakery", "produce"],
  });
  assert.deepEqual(await acceptedInput(setAisleOrder, { categories: [] }), { categories: [] });
  await assertRejected(setAisleOrder, { categories: ["bakery", "bakery"] }, "categories");
  await assertRejected(setAisleOrder, { categories: ["Bakery"] }, "categories[0]");
  await assertRejected(setAisleOrder, {}, "categories");
  assert.deepEqual(Object.keys(groceryCategoryLabels), [...groceryCategories]);
});

Deno.test("household.revoke_invite names an invite by id", async () => {
  await assertRejected(revokeInvite, { invite_id: "abc123" }, "invite_id");
  await assertRejected(revokeInvite, {}, "invite_id");
});

Deno.test("the describers say what the write does in words, never with an id", () => {
  const id = "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f";
  assert.equal(
    describeSetAisleOrder({ categories: ["bakery", "produce"] }, "Home"),
    "Set the aisle order of Home: Bakery, Fruit and vegetables first",
  );
  assert.equal(describeSetAisleOrder({ categories: [] }, "Home"), "Put the usual aisle order of Home back");
  assert.equal(describeRevokeInvite({ invite_id: id }, "Home"), "Revoke an invite link to Home");
  assert.equal(
    describeCreateInvite({ expires_in_days: 1, max_uses: 1 }, "Home"),
    "Create an invite link to Home, valid for 1 day, for 1 person",
  );
  assert.equal(describeCreateInvite({}, "Home"), "Create an invite link to Home, valid for 7 days");
});

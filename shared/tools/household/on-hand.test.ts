import assert from "node:assert/strict";
import { describeSetOnHand, listOnHand, setOnHand } from "./on-hand.ts";
import { syncPlan } from "../grocery/tools.ts";
import { Names } from "../describe/names.ts";
import { acceptedInput, assertRejected, otherId, someId } from "../testing/tool-assertions.ts";

const week = { grocery_list_id: someId, start_date: "2026-11-23", end_date: "2026-11-29" };

Deno.test("household.set_on_hand takes an ingredient id and true or false, nothing else", async () => {
  assert.deepEqual(await acceptedInput(setOnHand, { ingredient_id: someId, on_hand: true }), {
    ingredient_id: someId,
    on_hand: true,
  });
  await assertRejected(setOnHand, { ingredient_id: "salt", on_hand: true }, "ingredient_id");
  await assertRejected(setOnHand, { ingredient_id: someId, on_hand: "true" }, "on_hand");
  await assertRejected(setOnHand, { ingredient_id: someId }, "on_hand");
  await assertRejected(setOnHand, { ingredient_id: someId, on_hand: true, quantity: 1 }, "quantity");
  assert.deepEqual(await acceptedInput(listOnHand, {}), {});
  await assertRejected(listOnHand, { ingredient_id: someId }, "ingredient_id");
});

Deno.test("grocery.sync_plan's choices default to every meal and no on-hand ingredient, and are bounded", async () => {
  assert.deepEqual(await acceptedInput(syncPlan, week), {
    ...week,
    preview: false,
    leave_out_meal_ids: [],
    include_ingredient_ids: [],
  });
  const chosen = { ...week, preview: true, leave_out_meal_ids: [someId], include_ingredient_ids: [otherId] };
  assert.deepEqual(await acceptedInput(syncPlan, chosen), chosen);
  await assertRejected(syncPlan, { ...week, leave_out_meal_ids: [someId, "dinner"] }, "leave_out_meal_ids[1]");
  await assertRejected(syncPlan, { ...week, include_ingredient_ids: someId }, "include_ingredient_ids");
  await assertRejected(
    syncPlan,
    { ...week, include_ingredient_ids: Array.from({ length: 501 }, () => someId) },
    "include_ingredient_ids",
  );
});

Deno.test("the sentences name the ingredient and count the choices, never with an id", () => {
  assert.equal(describeSetOnHand({ on_hand: true }, "salt"), "Mark salt as on hand");
  assert.equal(describeSetOnHand({ on_hand: false }, "salt"), "Mark salt as no longer on hand");
  const names = new Names({
    lists: { [someId]: { name: "Weekly shop" } },
    ingredients: { [otherId]: { name: "salt" } },
  });
  assert.equal(
    setOnHand.describe!({ ingredient_id: otherId, on_hand: true }, names),
    "Mark salt as on hand",
  );
  assert.equal(
    syncPlan.describe!(
      { ...week, preview: false, leave_out_meal_ids: [someId, otherId], include_ingredient_ids: [] },
      names,
    ),
    "Bring the plan from Monday 23 November to Sunday 29 November into Weekly shop, leaving out 2 meals",
  );
  assert.equal(
    syncPlan.describe!({ ...week, preview: false, leave_out_meal_ids: [], include_ingredient_ids: [otherId] }, names),
    "Bring the plan from Monday 23 November to Sunday 29 November into Weekly shop, with 1 on-hand ingredient on " +
      "it anyway",
  );
});

// Display names: each person sets their own (household.set_display_name), household.get returns it for every
// member, and conflicts and history sentences name the member by it instead of "someone else" or an email.
import assert from "node:assert/strict";
import { catalogIngredient, householdOf, joinHousehold, twoHouseholds } from "../support/households.ts";
import { adminSql } from "../support/stack.ts";
import { callTool, callToolOk } from "../support/tools-client.ts";

const sql = adminSql();
const { alice, bob } = await twoHouseholds(sql, "names");
const household = await householdOf(sql, alice);
await joinHousehold(bob, alice, household);
const options = { householdId: household };

Deno.test("household.set_display_name trims the name; household.get returns it for each member", async () => {
  const set = await callToolOk(alice, "household.set_display_name", { display_name: "  Alice  " });
  assert.deepEqual(set, { user_id: alice.id, display_name: "Alice", previous_display_name: null });
  const again = await callToolOk(alice, "household.set_display_name", { display_name: "Alice" });
  assert.equal(again.previous_display_name, "Alice");

  const { households } = await callToolOk(bob, "household.get", {});
  const members = households.find((candidate) => candidate.id === household)!.members;
  assert.deepEqual(
    members.map((member) => [member.email, member.display_name]),
    [[alice.email, "Alice"], [bob.email, null]],
    "Bob, who set none, shows by his email",
  );
});

Deno.test("household.set_display_name refuses a blank, a long or a control-character name", async () => {
  for (const display_name of ["   ", "a".repeat(61), "Al\u0007ice", "Bob\nby"]) {
    const refused = await callTool(alice, "household.set_display_name", { display_name });
    assert.deepEqual(
      [refused.status, refused.body.error?.type, refused.body.error?.field],
      [400, "VALIDATION_ERROR", "display_name"],
      JSON.stringify(display_name),
    );
  }
  assert.equal(
    (await callToolOk(alice, "household.set_display_name", { display_name: "é".repeat(60) }))
      .display_name.length,
    60,
  );
  await callToolOk(alice, "household.set_display_name", { display_name: "Alice" });
});

Deno.test("someone of another household never sees the name", async () => {
  const { alice: eve } = await twoHouseholds(sql, "names-eve");
  const { households } = await callToolOk(eve, "household.get", {});
  assert.ok(!JSON.stringify(households).includes(alice.id));
});

Deno.test("an offline conflict names the member who ticked, by their display name", async () => {
  await callToolOk(alice, "household.set_display_name", { display_name: "Alice" });
  const milk = await catalogIngredient(sql, "milk");
  const { grocery_list_id } = await callToolOk(alice, "grocery.create_list", { name: "Names" }, options);
  const { item } = await callToolOk(bob, "grocery.add_item", {
    grocery_list_id,
    ingredient_id: milk,
    quantity: 1,
    unit: "cup",
  }, options);
  const seen = (await callToolOk(bob, "grocery.get_list", { grocery_list_id }, options)).version;
  await callToolOk(alice, "grocery.check_item", { grocery_item_id: item.id }, options);
  const stale = await callTool(bob, "grocery.uncheck_item", { grocery_item_id: item.id, seen_version: seen }, options);
  assert.equal(stale.status, 409);
  assert.match(stale.body.error!.message, /^"milk" was ticked by Alice after you last read Names; it stays ticked\./);
});

Deno.test("the history names the member by their display name", async () => {
  await callToolOk(bob, "household.set_display_name", { display_name: "Bob" });
  await callToolOk(alice, "household.set_role", { user_id: bob.id, role: "owner" }, options);
  const { entries } = await callToolOk(alice, "history.list", { limit: 5 }, options);
  assert.match(entries[0].summary, /^Make Bob an owner of /);
  await callToolOk(alice, "household.set_role", { user_id: bob.id, role: "member" }, options);
});

Deno.test("cleanup", async () => {
  await sql.end();
});

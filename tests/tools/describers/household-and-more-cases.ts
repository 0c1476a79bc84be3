// The describer cases of the household and more write tools: the input, and the sentence a person reads.
import { callToolOk } from "../../support/tools-client.ts";
import { lastWrite } from "../../support/history.ts";
import { createTestUser } from "../../support/stack.ts";
import { alice, type Case, garlic, householdId, member, newMeal, sql } from "./fixtures.ts";

export const householdAndMoreCases: Record<string, () => Promise<Case>> = {
  "household.rename": () =>
    Promise.resolve({
      input: { name: "The Joneses" },
      proposal: "Rename The Smiths to The Joneses",
    }),
  "household.set_default": () =>
    Promise.resolve({ input: {}, proposal: /^Make The (Smiths|Joneses) your default household$/ }),
  "household.set_role": async () => {
    const bob = await member("describers-role");
    return {
      input: { user_id: bob.id, role: "owner" },
      proposal: new RegExp(`^Make ${bob.email} an owner of The (Smiths|Joneses)$`),
    };
  },
  "household.remove_member": async () => {
    const bob = await member("describers-remove");
    return {
      input: { user_id: bob.id },
      proposal: new RegExp(`^Remove ${bob.email} from The (Smiths|Joneses)$`),
      // Once removed, the member's email is no longer the household's to read.
      history: /^Remove a member from The (Smiths|Joneses)$/,
    };
  },
  "household.create_invite": () =>
    Promise.resolve({
      input: { expires_in_days: 3 },
      proposal: /^Create an invite link to The (Smiths|Joneses), valid for 3 days$/,
    }),
  "household.revoke_invite": async () => {
    const { invite_id } = await callToolOk(alice, "household.create_invite", {});
    return { input: { invite_id }, proposal: /^Revoke an invite link to The (Smiths|Joneses)$/ };
  },
  "household.set_aisle_order": () =>
    Promise.resolve({
      input: { categories: ["bakery", "produce"] },
      proposal: /^Set the aisle order of The (Smiths|Joneses): Bakery, Fruit and vegetables first$/,
    }),
  "household.set_on_hand": () =>
    Promise.resolve({ input: { ingredient_id: garlic, on_hand: true }, proposal: "Mark garlic as on hand" }),
  "household.join": async () => {
    const carol = await createTestUser(sql, "describers-join");
    const { code } = await callToolOk(alice, "household.create_invite", {});
    return {
      input: { code },
      proposal: "Join a household with an invite code",
      history: /^Join The (Smiths|Joneses)$/,
      by: carol,
    };
  },
  "household.leave": async () => {
    const dave = await member("describers-leave");
    return {
      input: {},
      proposal: /^Leave The (Smiths|Joneses)$/,
      by: dave,
      householdId,
      performed: true,
    };
  },
  "household.set_display_name": () =>
    Promise.resolve({ input: { display_name: "Alice Smith" }, proposal: "Call yourself Alice Smith", history: null }),
  "ingredient.create": () =>
    Promise.resolve({ input: { name: "Grandma's spice mix" }, proposal: "Create the ingredient Grandma's spice mix" }),
  "history.undo": async () => {
    const meal = await newMeal();
    await callToolOk(alice, "planner.remove_meal", { planner_meal_id: meal.id });
    const removal = await lastWrite(alice, { tool: "planner.remove_meal" });
    return {
      input: { invocation_id: removal.invocation_id },
      proposal: `Undo: remove dinner on Tuesday 1 December (${meal.title})`,
    };
  },
};

// Proposals and history in plain words: every write tool of the registry is proposed through MCP, where
// the pending action carries its describer's sentence; confirmed in the app; and history.list then shows the same
// kind of sentence. Names of the rows, never an id, a uuid or JSON.
import assert from "node:assert/strict";
import { allTools } from "../../shared/tools/registry.ts";
import { callToolOk } from "../support/tools-client.ts";
import { lastWrite } from "../support/history.ts";
import { catalogIngredient, householdOf, joinHousehold } from "../support/households.ts";
import { adminSql, createTestUser, functionsUrl, type TestUser } from "../support/stack.ts";
import { connectMcp } from "../mcp/mcp-client.ts";

const sql = adminSql();
const alice = await createTestUser(sql, "describers-alice");
const householdId = await householdOf(sql, alice);
const milk = await catalogIngredient(sql, "milk");
const rice = await catalogIngredient(sql, "white rice");
const garlic = await catalogIngredient(sql, "garlic");
await callToolOk(alice, "household.rename", { name: "The Smiths" });

let counter = 0;
const unique = (label: string) => `${label} ${++counter}`;

async function newList(name = unique("Weekly shop")): Promise<{ id: string; name: string }> {
  return { id: (await callToolOk(alice, "grocery.create_list", { name })).grocery_list_id, name };
}

async function newItem(): Promise<{ list: { id: string; name: string }; itemId: string }> {
  const list = await newList();
  const { item } = await callToolOk(alice, "grocery.add_item", {
    grocery_list_id: list.id,
    ingredient_id: garlic,
    quantity: 2,
    unit: "whole",
  });
  return { list, itemId: item.id };
}

async function newRecipe(title = unique("Spaghetti bolognese")): Promise<{ id: string; title: string }> {
  const { recipe_id } = await callToolOk(alice, "recipe.create", {
    title,
    servings: 4,
    ingredients: [{ ingredient_id: rice, quantity: 1, unit: "cup" }],
  });
  return { id: recipe_id, title };
}

async function newMeal(): Promise<{ id: string; title: string }> {
  const recipe = await newRecipe();
  const meal = await callToolOk(alice, "planner.add_meal", {
    recipe_id: recipe.id,
    date: "2026-12-01",
    meal_type: "dinner",
  });
  return { id: meal.planner_meal_id, title: recipe.title };
}

async function newSeries(): Promise<{ id: string; title: string }> {
  const recipe = await newRecipe();
  const series = await callToolOk(alice, "planner.add_recurring", {
    recipe_id: recipe.id,
    start_date: "2026-12-01",
    weekdays: ["tuesday"],
    count: 3,
    meal_type: "dinner",
  });
  return { id: series.series_id, title: recipe.title };
}

async function member(label: string): Promise<TestUser> {
  const user = await createTestUser(sql, label);
  await joinHousehold(user, alice);
  return user;
}

interface Case {
  input: Record<string, unknown>;
  /**
   * The sentence of the proposal, and of the history entry when it differs. Names are read when the sentence is made,
   * so a rename or a move is told with what its reply says was there before.
   */
  proposal: string | RegExp;
  /** null: a person's own write that no household's history lists (household.set_display_name). */
  history?: string | RegExp | null;
  /** Who proposes and confirms it (alice unless named), in which household. */
  by?: TestUser;
  householdId?: string;
  /**
   * Performed by its proposer directly rather than confirmed: a member who leaves cannot then record the decision of
   * an action in the household they left.
   */
  performed?: boolean;
}

const everyWrite: Record<string, () => Promise<Case>> = {
  "grocery.create_list": () => Promise.resolve({ input: { name: "Party" }, proposal: "Create the list Party" }),
  "grocery.push_ingredients": async () => {
    const list = await newList();
    return {
      input: {
        grocery_list_id: list.id,
        ingredients: [
          { ingredient_id: milk, quantity: 1, unit: "l" },
          { ingredient_id: rice, quantity: 2, unit: "cup", prep_state: "rinsed" },
        ],
      },
      proposal: `Add 1 l milk and 2 cups white rice (rinsed) to ${list.name}`,
    };
  },
  "grocery.add_item": async () => {
    const list = await newList();
    return {
      input: { grocery_list_id: list.id, ingredient_id: milk, quantity: 1, unit: "l" },
      proposal: `Add 1 l milk to ${list.name}`,
    };
  },
  // The proposal is the describer's, from the text as typed; the history keeps the call's reply, with the names
  // the catalog matched.
  "grocery.add_text": async () => {
    const list = await newList();
    return {
      input: { grocery_list_id: list.id, text: "2 l milk, onions" },
      proposal: `Add 2 l milk and onions to ${list.name}`,
      history: `Added 2 l milk and 1 whole onion to ${list.name}`,
    };
  },
  "grocery.check_item": async () => {
    const { list, itemId } = await newItem();
    return { input: { grocery_item_id: itemId }, proposal: `Check garlic on ${list.name}` };
  },
  "grocery.uncheck_item": async () => {
    const { list, itemId } = await newItem();
    await callToolOk(alice, "grocery.check_item", { grocery_item_id: itemId });
    return { input: { grocery_item_id: itemId }, proposal: `Uncheck garlic on ${list.name}` };
  },
  "grocery.remove_item": async () => {
    const { list, itemId } = await newItem();
    return { input: { grocery_item_id: itemId }, proposal: `Remove garlic from ${list.name}` };
  },
  "grocery.restore_item": async () => {
    const { list, itemId } = await newItem();
    await callToolOk(alice, "grocery.remove_item", { grocery_item_id: itemId });
    return { input: { grocery_item_id: itemId }, proposal: `Put garlic back on ${list.name}` };
  },
  "grocery.update_item": async () => {
    const { list, itemId } = await newItem();
    return {
      input: { grocery_item_id: itemId, quantity: 3, unit: "whole", prep_state: "minced" },
      proposal: `Change garlic on ${list.name}: amount 3 heads garlic and prep state minced`,
    };
  },
  "grocery.rename_list": async () => {
    const list = await newList();
    return {
      input: { grocery_list_id: list.id, name: "Big shop" },
      proposal: `Rename the list ${list.name} to Big shop`,
    };
  },
  "grocery.delete_list": async () => {
    const list = await newList();
    return { input: { grocery_list_id: list.id }, proposal: `Delete the list ${list.name}` };
  },
  "grocery.restore_list": async () => {
    const list = await newList();
    await callToolOk(alice, "grocery.delete_list", { grocery_list_id: list.id });
    return { input: { grocery_list_id: list.id }, proposal: `Restore the list ${list.name}` };
  },
  "grocery.clear_checked": async () => {
    const { list, itemId } = await newItem();
    await callToolOk(alice, "grocery.check_item", { grocery_item_id: itemId });
    return { input: { grocery_list_id: list.id }, proposal: `Clear the checked items from ${list.name}` };
  },
  "grocery.push_recipe": async () => {
    const list = await newList();
    const recipe = await newRecipe();
    return {
      input: { grocery_list_id: list.id, recipe_id: recipe.id, servings: 8 },
      proposal: `Add the ingredients of ${recipe.title} to ${list.name} (8 servings)`,
    };
  },
  "grocery.sync_plan": async () => {
    const list = await newList();
    return {
      input: { grocery_list_id: list.id, start_date: "2026-12-01", end_date: "2026-12-07" },
      proposal: `Bring the plan from Tuesday 1 December to Monday 7 December into ${list.name}`,
    };
  },
  "grocery.apply_conversion": async () => {
    const list = await newList();
    const first = await callToolOk(alice, "grocery.add_item", {
      grocery_list_id: list.id,
      ingredient_id: milk,
      quantity: 1,
      unit: "cup",
    });
    const second = await callToolOk(alice, "grocery.add_item", {
      grocery_list_id: list.id,
      ingredient_id: milk,
      quantity: 250,
      unit: "ml",
    });
    return {
      input: { grocery_list_id: list.id, item_ids: [first.item.id, second.item.id], unit: "ml" },
      proposal: `Merge 2 lines of milk on ${list.name} into one line in ml`,
    };
  },
  "recipe.create": () =>
    Promise.resolve({
      input: { title: "Pancakes", ingredients: [{ ingredient_id: milk, quantity: 300, unit: "ml" }] },
      proposal: "Create the recipe Pancakes (1 ingredient)",
    }),
  "recipe.update": async () => {
    const recipe = await newRecipe();
    return {
      input: { recipe_id: recipe.id, rating: 5, tags: ["quick", "family"] },
      proposal: `Change the recipe ${recipe.title}: its tags (quick and family) and rate it 5 of 5`,
    };
  },
  "recipe.delete": async () => {
    const recipe = await newRecipe();
    return { input: { recipe_id: recipe.id }, proposal: `Delete the recipe ${recipe.title}` };
  },
  "recipe.restore": async () => {
    const recipe = await newRecipe();
    await callToolOk(alice, "recipe.delete", { recipe_id: recipe.id });
    return { input: { recipe_id: recipe.id }, proposal: `Restore the recipe ${recipe.title}` };
  },
  "recipe.revert": async () => {
    const recipe = await newRecipe();
    await callToolOk(alice, "recipe.update", { recipe_id: recipe.id, servings: 2 });
    return {
      input: { recipe_id: recipe.id, revision: 1 },
      proposal: `Put the recipe ${recipe.title} back to revision 1`,
    };
  },
  "planner.add_meal": async () => {
    const recipe = await newRecipe();
    return {
      input: { recipe_id: recipe.id, date: "2026-12-01", meal_type: "dinner", servings: 4 },
      proposal: `Plan ${recipe.title} for dinner on Tuesday 1 December (4 servings)`,
    };
  },
  "planner.remove_meal": async () => {
    const meal = await newMeal();
    return { input: { planner_meal_id: meal.id }, proposal: `Remove dinner on Tuesday 1 December (${meal.title})` };
  },
  "planner.restore_meal": async () => {
    const meal = await newMeal();
    await callToolOk(alice, "planner.remove_meal", { planner_meal_id: meal.id });
    return { input: { planner_meal_id: meal.id }, proposal: `Put back dinner on Tuesday 1 December (${meal.title})` };
  },
  "planner.update_meal": async () => {
    const meal = await newMeal();
    return {
      input: { planner_meal_id: meal.id, date: "2026-12-02", meal_type: "lunch", servings: 2 },
      proposal:
        `Move ${meal.title} from dinner on Tuesday 1 December to lunch on Wednesday 2 December, with 2 servings`,
    };
  },
  "planner.add_recurring": async () => {
    const recipe = await newRecipe();
    return {
      input: {
        recipe_id: recipe.id,
        start_date: "2026-12-01",
        weekdays: ["tuesday", "friday"],
        count: 4,
        meal_type: "dinner",
      },
      proposal: `Plan ${recipe.title} for dinner every Tuesday and Friday from Tuesday 1 December, 4 times`,
    };
  },
  "planner.remove_series": async () => {
    const series = await newSeries();
    return {
      input: { series_id: series.id, from_date: "2026-12-08" },
      proposal: `Remove the dinner series of ${series.title} from Tuesday 8 December on`,
    };
  },
  "planner.update_series": async () => {
    const series = await newSeries();
    return {
      input: { series_id: series.id, servings: 6, note: "Double batch" },
      proposal: `Change the dinner series of ${series.title}: 6 servings and note: Double batch`,
    };
  },
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

const uuidPattern = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

function assertPlainWords(sentence: unknown, tool: string): asserts sentence is string {
  assert.equal(typeof sentence, "string", `${tool}: no sentence`);
  const text = sentence as string;
  assert.doesNotMatch(text, uuidPattern, `${tool}: "${text}" shows an id`);
  assert.doesNotMatch(text, /[{}[\]]|_id\b|\bnull\b|\bundefined\b/, `${tool}: "${text}" shows JSON or a field`);
  assert.ok(!text.includes(tool), `${tool}: "${text}" shows the tool's name`);
}

function assertSentence(actual: string, expected: string | RegExp, tool: string, where: string) {
  if (typeof expected === "string") assert.equal(actual, expected, `${tool} (${where})`);
  else assert.match(actual, expected, `${tool} (${where})`);
}

// deno-lint-ignore no-explicit-any
type Json = any;

async function decide(user: TestUser, actionId: string): Promise<Json> {
  const response = await fetch(functionsUrl(`assistant/actions/${actionId}/confirm`), {
    method: "POST",
    headers: { authorization: `Bearer ${user.token}` },
  });
  const body = await response.json();
  assert.equal(response.status, 200, JSON.stringify(body));
  return body.data;
}

Deno.test("every write tool of the registry has a describer, and a case here", () => {
  const writeTools = allTools.filter((tool) => tool.effect === "write");
  for (const tool of writeTools) assert.equal(typeof tool.describe, "function", `${tool.name} has no describer`);
  assert.deepEqual(writeTools.map((tool) => tool.name).sort(), Object.keys(everyWrite).sort());
});

for (const [tool, arrange] of Object.entries(everyWrite)) {
  Deno.test(`${tool}: its proposal and its history entry read as a sentence with names, no ids`, async () => {
    const example = await arrange();
    const by = example.by ?? alice;
    const mcp = await connectMcp(by);
    let action: Json;
    try {
      const named = example.householdId ? { household_id: example.householdId } : {};
      const result: Json = await mcp.client.callTool({
        name: tool.replace(".", "__"),
        arguments: { ...example.input, ...named },
      });
      assert.notEqual(result.isError, true, JSON.stringify(result));
      assert.equal(result.structuredContent.status, "awaiting_confirmation");
      action = result.structuredContent.action;
    } finally {
      await mcp.close();
    }
    assertPlainWords(action.summary, tool);
    assertSentence(action.summary, example.proposal, tool, "proposal");

    if (example.performed) {
      await callToolOk(by, tool as "household.leave", example.input, { householdId: example.householdId });
    } else {
      const decided = await decide(by, action.id);
      assert.equal(decided.result.ok, true, JSON.stringify(decided.result));
      assert.equal(decided.summary, action.summary);
    }

    if (example.history === null) return;
    const entry = await lastWrite(alice, { tool });
    assertPlainWords(entry.summary, tool);
    assertSentence(entry.summary, example.history ?? example.proposal, tool, "history");
  });
}

Deno.test("history.undo's undone_summary and an undo's history entry read as the write's sentence", async () => {
  const list = await newList();
  await callToolOk(alice, "grocery.add_item", {
    grocery_list_id: list.id,
    ingredient_id: milk,
    quantity: 1,
    unit: "l",
  });
  const undone = await callToolOk(alice, "history.undo", {});
  assert.equal(undone.undone_summary, `Add 1 l milk to ${list.name}`);
  // "The last write" named no write: its entry names the one it undid.
  assert.equal((await lastWrite(alice, { tool: "history.undo" })).summary, `Undo: add 1 l milk to ${list.name}`);
  const undoId = (await lastWrite(alice)).invocation_id;
  const redone = await callToolOk(alice, "history.undo", { invocation_id: undoId });
  assert.equal(redone.undone_summary, `Undo: add 1 l milk to ${list.name}`);
  assert.equal((await lastWrite(alice)).summary, `Undo: undo: add 1 l milk to ${list.name}`);
});

Deno.test("a row the caller cannot see is named in words, never by its id", async () => {
  const stranger = await createTestUser(sql, "describers-stranger");
  const list = await newList();
  const mcp = await connectMcp(stranger);
  try {
    // Alice's list is invisible to a stranger: the proposal names no list (the run would be NOT_FOUND).
    const result: Json = await mcp.client.callTool({
      name: "grocery__add_item",
      arguments: { grocery_list_id: list.id, name: "paper towels", quantity: 2, unit: "package" },
    });
    assert.equal(
      result.structuredContent.action.summary,
      "Add 2 packages paper towels to a list that no longer exists",
    );
  } finally {
    await mcp.close();
  }
});

Deno.test("a join's record keeps no invite code: the code stays valid for others, and no sentence needs it", async () => {
  const erin = await createTestUser(sql, "describers-code");
  const { code } = await callToolOk(alice, "household.create_invite", {});
  await callToolOk(erin, "household.join", { code });
  const rows = await sql<{ input: unknown }[]>`
    select input from public.tool_invocations where tool = 'household.join' and user_id = ${erin.id}`;
  assert.deepEqual(rows.map((row) => row.input), [{ code: "not-kept" }]);
  assert.match((await lastWrite(alice, { tool: "household.join" })).summary, /^Join The (Smiths|Joneses)$/);
});

Deno.test("cleanup", async () => {
  await sql.end();
});

// The spec's rule "every write is undoable", checked tool by tool: for every write tool of the registry, perform
// it, undo it, and find the household's rows as they were; undo the undo (a redo), and find them as after the
// write; undo that, and find them as before again.
import assert from "node:assert/strict";
import { allTools } from "../../shared/tools/registry.ts";
import { callTool, callToolOk } from "../support/tools-client.ts";
import { createList, pushIngredients } from "../support/grocery.ts";
import { lastWrite } from "../support/history.ts";
import { catalogIngredient, householdOf, joinHousehold, twoHouseholds } from "../support/households.ts";
import { adminSql, createTestUser, type TestUser } from "../support/stack.ts";

const sql = adminSql();
const { alice } = await twoHouseholds(sql, "undo-every-write");
const householdId = await householdOf(sql, alice);
const bob = await createTestUser(sql, "undo-every-write-member");
await joinHousehold(bob, alice);
const rice = await catalogIngredient(sql, "white rice");
const eggs = await catalogIngredient(sql, "eggs");

/** The household's live rows, every column but updated_at (an undo is a new write, so it moves). */
async function householdRows(): Promise<unknown> {
  const [rows] = await sql<{ rows: unknown }[]>`
    select jsonb_build_object(
      'lists', (select jsonb_agg(to_jsonb(l) - array['updated_at', 'version', 'planner_version'] order by l.id) from public.grocery_lists l
        where l.household_id = ${householdId} and l.deleted_at is null),
      'items', (select jsonb_agg(to_jsonb(i) - array['updated_at', 'version', 'planner_version'] - array['checked_version', 'checked_changed_by', 'amount_version', 'amount_changed_by'] order by i.id) from public.grocery_items i
        where i.household_id = ${householdId} and i.deleted_at is null),
      'sources', (select jsonb_agg(to_jsonb(s) order by s.id) from public.grocery_item_sources s
        where s.household_id = ${householdId}),
      'withdrawals', (select jsonb_agg(to_jsonb(w) order by w.id) from public.grocery_item_withdrawals w
        where w.household_id = ${householdId}),
      'recipes', (select jsonb_agg(to_jsonb(r) - array['updated_at', 'version', 'planner_version'] order by r.id) from public.recipes r
        where r.household_id = ${householdId} and r.deleted_at is null),
      -- Lines are a value list that recipe.update replaces whole, so their row ids and times are not compared.
      'recipe_lines', (select jsonb_agg(to_jsonb(x) - 'id' - 'created_at' order by x.recipe_id, x.position)
        from public.recipe_ingredients x
        join public.recipes r on r.household_id = x.household_id and r.id = x.recipe_id
        where x.household_id = ${householdId} and r.deleted_at is null),
      'meals', (select jsonb_agg(to_jsonb(m) - array['updated_at', 'version', 'planner_version'] order by m.id) from public.planner_meals m
        where m.household_id = ${householdId} and m.deleted_at is null),
      'household', (select to_jsonb(h) - array['updated_at', 'version', 'planner_version'] from public.households h where h.id = ${householdId}),
      'members', (select jsonb_agg(to_jsonb(m) order by m.user_id) from public.household_members m
        where m.household_id = ${householdId}),
      'invites', (select jsonb_agg(to_jsonb(i) order by i.id) from public.household_invites i
        where i.household_id = ${householdId}),
      'aisle_order', (select to_jsonb(o) - 'updated_at' from public.household_aisle_orders o
        where o.household_id = ${householdId}),
      -- Who marked it and when are the undo's own (an unmark's undo marks it again, now).
      'on_hand', (select jsonb_agg(o.ingredient_id order by o.ingredient_id) from public.household_on_hand o
        where o.household_id = ${householdId}),
      'ingredients', (select jsonb_agg(to_jsonb(i) - array['updated_at', 'version', 'planner_version'] order by i.id) from public.ingredients i
        where i.household_id = ${householdId}),
      'series', (select jsonb_agg(to_jsonb(s) - array['updated_at', 'version', 'planner_version'] order by s.id) from public.planner_meal_series s
        where s.household_id = ${householdId} and s.deleted_at is null)
    ) as rows`;
  return rows.rows;
}

let counter = 0;
const unique = (label: string) => `${label} ${++counter}`;

const newList = () => createList(sql, alice, householdId);

async function newItem(): Promise<{ listId: string; itemId: string }> {
  const listId = await newList();
  const pushed = await pushIngredients(alice, listId, [{ ingredient_id: rice, quantity: 2, unit: "cup" }]);
  return { listId, itemId: pushed.added[0].id };
}

async function newRecipe(): Promise<string> {
  return (await callToolOk(alice, "recipe.create", {
    title: unique("Omelette"),
    ingredients: [{ ingredient_id: eggs, quantity: 3, unit: "whole" }],
  })).recipe_id;
}

async function newSeries(): Promise<{ seriesId: string; mealIds: string[] }> {
  const series = await callToolOk(alice, "planner.add_recurring", {
    recipe_id: await newRecipe(),
    start_date: "2027-11-01",
    weekdays: ["tuesday", "friday"],
    count: 4,
    meal_type: "dinner",
    servings: 2,
  });
  return { seriesId: series.series_id, mealIds: series.meals.map((meal) => meal.id) };
}

/** A member alice invited, who joined her household (and so belongs to two). */
async function joinedMember(label: string): Promise<TestUser> {
  const member = await createTestUser(sql, label);
  await joinHousehold(member, alice);
  return member;
}

/** An input another user performs (in alice's household when named); alice undoes it. */
class PerformedBy {
  constructor(readonly performer: TestUser, readonly input: unknown, readonly householdId?: string) {}
}

/** Performs an arranged input (alice's, unless another user's) and returns the write's invocation id. */
async function perform(tool: string, arranged: unknown): Promise<string> {
  const { performer, input, householdId: named } = arranged instanceof PerformedBy
    ? arranged
    : new PerformedBy(alice, arranged);
  await callToolOk(performer, tool as "grocery.create_list", input, { householdId: named });
  return (await lastWrite(alice, { tool })).invocation_id;
}

async function newMeal(): Promise<string> {
  return (await callToolOk(alice, "planner.add_meal", {
    recipe_id: await newRecipe(),
    date: "2027-09-01",
    meal_type: "dinner",
  })).planner_meal_id;
}

/** Each write tool: the state it needs (arranged by earlier writes) and the input to perform. */
const everyWrite: Record<string, () => Promise<unknown>> = {
  "household.rename": () => Promise.resolve({ name: unique("Home") }),
  // Alice's only household becomes her default; the undo puts "no default" back.
  "household.set_default": () => Promise.resolve({}),
  "household.set_role": async () => ({ user_id: (await joinedMember("undo-role")).id, role: "owner" }),
  "grocery.create_list": () => Promise.resolve({ name: unique("Weekend") }),
  "grocery.push_recipe": async () => {
    const { listId } = await newItem();
    // Scaled from the recipe's own servings; its eggs are a new item beside the rice already there.
    return { grocery_list_id: listId, recipe_id: await newRecipe() };
  },
  "grocery.push_ingredients": async () => {
    const { listId } = await newItem();
    // One line merges into the rice already there, the other adds a new item.
    return {
      grocery_list_id: listId,
      ingredients: [
        { ingredient_id: rice, quantity: 1.5, unit: "cup" },
        { ingredient_id: eggs, quantity: 6, unit: "whole" },
      ],
    };
  },
  "grocery.add_item": async () => ({
    grocery_list_id: await newList(),
    name: "paper towels",
    quantity: 2,
    unit: "package",
  }),
  "grocery.add_text": async () => ({ grocery_list_id: await newList(), text: "2 l milk, onions\npaper towels" }),
  "grocery.check_item": async () => ({ grocery_item_id: (await newItem()).itemId }),
  "grocery.remove_item": async () => ({ grocery_item_id: (await newItem()).itemId }),
  "grocery.update_item": async () => ({ grocery_item_id: (await newItem()).itemId, quantity: 400, unit: "g" }),
  "grocery.restore_item": async () => {
    const { itemId } = await newItem();
    await callToolOk(alice, "grocery.remove_item", { grocery_item_id: itemId });
    return { grocery_item_id: itemId };
  },
  "grocery.rename_list": async () => ({ grocery_list_id: await newList(), name: unique("Renamed") }),
  "grocery.delete_list": async () => ({ grocery_list_id: (await newItem()).listId }),
  "grocery.restore_list": async () => {
    const { listId } = await newItem();
    await callToolOk(alice, "grocery.delete_list", { grocery_list_id: listId });
    return { grocery_list_id: listId };
  },
  "grocery.clear_checked": async () => {
    const { listId, itemId } = await newItem();
    await callToolOk(alice, "grocery.check_item", { grocery_item_id: itemId });
    return { grocery_list_id: listId };
  },
  "recipe.create": () =>
    Promise.resolve({
      title: unique("Pancakes"),
      ingredients: [{ ingredient_id: eggs, quantity: 2, unit: "whole" }],
    }),
  // A new recipe, one saved before from the same source (updated in place) and one deleted since (brought back).
  "recipe.create_many": async () => {
    const source = (label: string) => ({
      title: unique(label),
      source_identity: `undo-every-write:${crypto.randomUUID()}`,
      ingredients: [{ ingredient_id: eggs, quantity: 2, unit: "whole" }],
    });
    const saved = source("Shakshuka");
    const deleted = source("Flan");
    const first = await callToolOk(alice, "recipe.create_many", { recipes: [saved, deleted] });
    await callToolOk(alice, "recipe.delete", { recipe_id: first.results[1].recipe_id });
    return {
      recipes: [source("Quiche"), { ...saved, servings: 3 }, { ...deleted, title: unique("Flan, again") }],
      on_existing: "update",
    };
  },
  "recipe.delete": async () => ({ recipe_id: await newRecipe() }),
  // The photo's object, as an upload to Storage leaves it (tests/storage uploads real ones through the stand-in).
  "recipe.set_photo": async () => {
    const recipeId = await newRecipe();
    const photoPath = `${householdId}/${recipeId}/${crypto.randomUUID()}.jpg`;
    await sql`insert into storage.objects (bucket_id, name) values ('recipe-photos', ${photoPath})`;
    return { recipe_id: recipeId, photo_path: photoPath };
  },
  "recipe.restore": async () => {
    const recipeId = await newRecipe();
    await callToolOk(alice, "recipe.delete", { recipe_id: recipeId });
    return { recipe_id: recipeId };
  },
  "recipe.update": async () => ({
    recipe_id: await newRecipe(),
    title: unique("Better omelette"),
    tags: ["quick"],
    ingredients: [{ ingredient_id: eggs, quantity: 4, unit: "whole", prep_state: "beaten" }],
  }),
  "recipe.revert": async () => {
    const recipeId = await newRecipe();
    await callToolOk(alice, "recipe.update", { recipe_id: recipeId, title: unique("Changed"), servings: 2 });
    return { recipe_id: recipeId, revision: 1 };
  },
  "planner.add_meal": async () => ({ recipe_id: await newRecipe(), date: "2027-09-02", meal_type: "lunch" }),
  "planner.remove_meal": async () => ({ planner_meal_id: await newMeal() }),
  "planner.restore_meal": async () => {
    const mealId = await newMeal();
    await callToolOk(alice, "planner.remove_meal", { planner_meal_id: mealId });
    return { planner_meal_id: mealId };
  },
  "planner.update_meal": async () => ({ planner_meal_id: await newMeal(), date: "2027-09-05", servings: 3 }),
  // Checked by Bob, so that the undo must put back who checked it and when, not the undoer.
  "grocery.uncheck_item": async () => {
    const { itemId } = await newItem();
    await callToolOk(bob, "grocery.check_item", { grocery_item_id: itemId }, { householdId });
    return { grocery_item_id: itemId };
  },
  // The sync withdraws all of a removed meal's eggs (their item goes) and adds a new meal's rice (a new item).
  "grocery.sync_plan": async () => {
    const listId = await newList();
    const range = { grocery_list_id: listId, start_date: "2027-10-01", end_date: "2027-10-07" };
    const eggsMeal = await callToolOk(alice, "planner.add_meal", {
      recipe_id: await newRecipe(),
      date: "2027-10-02",
      meal_type: "dinner",
    });
    await callToolOk(alice, "grocery.sync_plan", range);
    await callToolOk(alice, "planner.remove_meal", { planner_meal_id: eggsMeal.planner_meal_id });
    const riceRecipe = await callToolOk(alice, "recipe.create", {
      title: unique("Pilaf"),
      ingredients: [{ ingredient_id: rice, quantity: 1.5, unit: "cup" }],
    });
    await callToolOk(alice, "planner.add_meal", {
      recipe_id: riceRecipe.recipe_id,
      date: "2027-10-03",
      meal_type: "lunch",
    });
    return range;
  },
  "grocery.apply_conversion": async () => {
    const listId = await newList();
    const pushed = await pushIngredients(alice, listId, [
      { ingredient_id: rice, quantity: 1, unit: "cup" },
      { ingredient_id: rice, quantity: 250, unit: "ml" },
    ]);
    return { grocery_list_id: listId, item_ids: pushed.added.map((item) => item.id), unit: "cup" };
  },
  // Undoing a push; undoing that undo (a redo) puts back exactly its source rows.
  "history.undo": async () => {
    const { listId } = await newItem();
    await pushIngredients(alice, listId, [
      { ingredient_id: rice, quantity: 0.5, unit: "cup" },
      { ingredient_id: eggs, quantity: 2, unit: "whole" },
    ]);
    return { invocation_id: (await lastWrite(alice, { tool: "grocery.push_ingredients" })).invocation_id };
  },
  "household.create_invite": () => Promise.resolve({ expires_in_days: 3 }),
  // The invite works again, with no trace of the revoke.
  "household.revoke_invite": async () => ({
    invite_id: (await callToolOk(alice, "household.create_invite", {})).invite_id,
  }),
  // The order before (the usual one at first, then the last one set) comes back.
  "household.set_aisle_order": () => Promise.resolve({ categories: ["bakery", "produce"] }),
  // Marked, unmarked and marked again; other marks stay as they are.
  "household.set_on_hand": () => Promise.resolve({ ingredient_id: eggs, on_hand: true }),
  // The invite gets its use back.
  "household.join": async () => {
    const member = await createTestUser(sql, "undo-join");
    const { code } = await callToolOk(alice, "household.create_invite", {});
    return new PerformedBy(member, { code });
  },
  // Their own household is their default, so the undo's rows are exact: a leave's undo never sets the default
  // back (history-undo-members.test.ts).
  "household.leave": async () => {
    const member = await joinedMember("undo-leave");
    await callToolOk(member, "household.set_default", {}, { householdId: await householdOf(sql, member) });
    return new PerformedBy(member, {}, householdId);
  },
  "household.remove_member": async () => ({ user_id: (await joinedMember("undo-remove")).id }),
  "ingredient.create": () => Promise.resolve({ name: unique("Grandma's spice mix") }),
  "planner.add_recurring": async () => ({
    recipe_id: await newRecipe(),
    start_date: "2027-10-04",
    weekdays: ["monday", "thursday"],
    count: 3,
    meal_type: "lunch",
  }),
  // An occurrence removed before stays removed.
  "planner.remove_series": async () => {
    const { seriesId, mealIds } = await newSeries();
    await callToolOk(alice, "planner.remove_meal", { planner_meal_id: mealIds[1] });
    return { series_id: seriesId };
  },
  // An occurrence changed by itself before gets its own values back, not the series'.
  "planner.update_series": async () => {
    const { seriesId, mealIds } = await newSeries();
    await callToolOk(alice, "planner.update_meal", { planner_meal_id: mealIds[2], servings: 5, note: "Guests" });
    return { series_id: seriesId, servings: 3, note: "Double batch" };
  },
};

// Writes that are a person's own, not a household's: they are in no household's history, so history.undo does not
// reach them; the reply carries what was there before, and writing that back is their undo (checked below).
const undoneByWritingBack = ["household.set_display_name"];

Deno.test("every write tool of the registry is checked here", () => {
  const writeTools = allTools.filter((tool) => tool.effect === "write").map((tool) => tool.name).sort();
  assert.deepEqual(writeTools, [...Object.keys(everyWrite), ...undoneByWritingBack].sort());
  for (const name of undoneByWritingBack) {
    assert.equal(allTools.find((tool) => tool.name === name)?.scope, "user", `${name} is a person's own write`);
  }
});

Deno.test("household.set_display_name is undone by writing its previous name back, and no household lists it", async () => {
  const person = await createTestUser(sql, "undo-display-name");
  const first = await callToolOk(person, "household.set_display_name", { display_name: "Sam" });
  const second = await callToolOk(person, "household.set_display_name", { display_name: "Samantha" });
  assert.equal(second.previous_display_name, first.display_name);
  await callToolOk(person, "household.set_display_name", { display_name: second.previous_display_name! });
  const [profile] = await sql<{ display_name: string }[]>`
    select display_name from public.profiles where user_id = ${person.id}`;
  assert.equal(profile.display_name, "Sam");
  const history = await callToolOk(person, "history.list", { limit: 100 });
  assert.ok(!history.entries.some((entry) => entry.tool === "household.set_display_name"));
});

// Each write is undone, and found as it was; the undo is undone (a redo), and the write comes back exactly; undoing
// the write again undoes the redo, the newest link of its chain.
for (const [tool, arrange] of Object.entries(everyWrite)) {
  Deno.test(`history.undo after ${tool} finds the household's rows as they were; undoing the undo redoes it exactly, and undoing the redo undoes it again`, async () => {
    const arranged = await arrange();
    const before = await householdRows();
    const invocationId = await perform(tool, arranged);
    const after = await householdRows();
    assert.notDeepEqual(after, before, `${tool} changed nothing to undo`);

    // The default target skips undos: an undo is undone (redone) by naming it.
    const undone = await callToolOk(
      alice,
      "history.undo",
      tool === "history.undo" ? { invocation_id: invocationId } : {},
    );
    assert.equal(undone.undone_invocation_id, invocationId);
    assert.equal(undone.undone_tool, tool);
    assert.deepEqual(await householdRows(), before);
    const undoId = (await lastWrite(alice, { tool: "history.undo" })).invocation_id;
    const already = await callTool(alice, "history.undo", { invocation_id: invocationId });
    assert.equal(already.status, 409);
    assert.match(already.body.error!.message, /already undone/);

    const redone = await callToolOk(alice, "history.undo", { invocation_id: undoId });
    assert.equal(redone.undone_invocation_id, undoId);
    // The undone write is the undo: its describer's sentence names the write it undid, in words.
    assert.match(redone.undone_summary, /^Undo: [a-z]/);
    assert.doesNotMatch(redone.undone_summary, /[0-9a-f]{8}-[0-9a-f]{4}-|[{}]/);
    assert.deepEqual(await householdRows(), after, `the redo of ${tool} put back what it did`);
    const redoId = (await lastWrite(alice, { tool: "history.undo" })).invocation_id;
    const entries = (await callToolOk(alice, "history.list", { limit: 3 })).entries;
    assert.deepEqual(entries.map((entry) => [entry.invocation_id, entry.undone]), [
      [redoId, false],
      [undoId, true],
      [invocationId, false],
    ]);

    // Undoing the write itself now undoes its redo, the newest link of its chain.
    const again = await callToolOk(alice, "history.undo", { invocation_id: invocationId });
    assert.equal(again.undone_invocation_id, redoId);
    assert.deepEqual(await householdRows(), before);
    const twice = await callTool(alice, "history.undo", { invocation_id: invocationId });
    assert.equal(twice.status, 409);
    assert.match(twice.body.error!.message, /already undone/);
  });
}

globalThis.addEventListener("unload", () => sql.end());

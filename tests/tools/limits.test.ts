// Limits everywhere a client can create rows: meals per day, the span and size of a sync, household
// ingredients, members and memberships. Rows are seeded with SQL as admin, then the tool refuses the next one.
import assert from "node:assert/strict";
import type { Sql } from "../../shared/db/client.ts";
import { callTool, callToolOk } from "../support/tools-client.ts";
import { catalogIngredient, householdOf } from "../support/households.ts";
import { adminSql, createTestUser, type TestUser } from "../support/stack.ts";

const sql = adminSql();
const eggs = await catalogIngredient(sql, "eggs");

async function ownHousehold(label: string): Promise<{ user: TestUser; household: string }> {
  const user = await createTestUser(sql, label);
  return { user, household: await householdOf(sql, user) };
}

async function seedMeals(database: Sql, household: string, recipe: string, date: string, count: number) {
  await database`insert into public.planner_meals (household_id, recipe_id, date, meal_type)
    select ${household}, ${recipe}, ${date}::date, 'dinner' from generate_series(1, ${count})`;
}

/** A recipe of 200 lines (the most a recipe holds), each its own ingredient: 200 changes per planned meal. */
async function twoHundredLineRecipe(household: string): Promise<string> {
  const [{ id: recipe }] = await sql<{ id: string }[]>`
    insert into public.recipes (household_id, title) values (${household}, 'Two hundred lines') returning id`;
  await sql`insert into public.ingredients (household_id, name)
    select ${household}, 'sync spice ' || n from generate_series(1, 200) n`;
  await sql`insert into public.recipe_ingredients (recipe_id, household_id, ingredient_id, quantity, unit, position)
    select ${recipe}, ${household}, i.id, 1, 'g', row_number() over (order by i.name) - 1
    from public.ingredients i where i.household_id = ${household}`;
  return recipe;
}

async function liveMealsOn(household: string, date: string): Promise<number> {
  const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from public.planner_meals
    where household_id = ${household} and date = ${date}::date and deleted_at is null`;
  return count;
}

function assertConflict(
  reply: { status: number; body: { error?: { type: string; message: string } } },
  pattern: RegExp,
) {
  assert.equal(reply.status, 409, JSON.stringify(reply.body));
  assert.equal(reply.body.error?.type, "CONFLICT");
  assert.match(reply.body.error?.message ?? "", pattern);
}

Deno.test("a day holds at most 20 live meals: adding, moving, restoring and recurring into a full day are refused", async () => {
  const { user, household } = await ownHousehold("limits-day");
  const { recipe_id } = await callToolOk(user, "recipe.create", {
    title: "Daily eggs",
    ingredients: [{ ingredient_id: eggs, quantity: 2, unit: "whole" }],
  });
  const full = "2027-03-02";
  await seedMeals(sql, household, recipe_id, full, 19);
  const last = await callToolOk(user, "planner.add_meal", { recipe_id, date: full, meal_type: "lunch" });

  const added = await callTool(user, "planner.add_meal", { recipe_id, date: full, meal_type: "dinner" });
  assertConflict(added, /at most 20 meals a day, and 2027-03-02 has 20 already/);

  const elsewhere = await callToolOk(user, "planner.add_meal", { recipe_id, date: "2027-03-03", meal_type: "dinner" });
  assertConflict(
    await callTool(user, "planner.update_meal", { planner_meal_id: elsewhere.planner_meal_id, date: full }),
    /at most 20 meals a day/,
  );

  // 2027-03-02 is a Tuesday: the series' first occurrence falls on the full day, so nothing is planned.
  const series = await callTool(user, "planner.add_recurring", {
    recipe_id,
    start_date: "2027-02-23",
    weekdays: ["tuesday"],
    count: 3,
    meal_type: "breakfast",
  });
  assertConflict(series, /2027-03-02 has 20 already/);
  assert.equal(await liveMealsOn(household, "2027-02-23"), 0, "the refused series planned nothing");

  await callToolOk(user, "planner.remove_meal", { planner_meal_id: last.planner_meal_id });
  await callToolOk(user, "planner.add_meal", { recipe_id, date: full, meal_type: "dinner" });
  assertConflict(
    await callTool(user, "planner.restore_meal", { planner_meal_id: last.planner_meal_id }),
    /at most 20 meals a day/,
  );
  assert.equal(await liveMealsOn(household, full), 20);
  // Other days and servings changes on a full day are untouched by the cap.
  await callToolOk(user, "planner.update_meal", { planner_meal_id: elsewhere.planner_meal_id, servings: 3 });
});

Deno.test("concurrent meals planned on a nearly full day cannot pass 20", async () => {
  const { user, household } = await ownHousehold("limits-day-race");
  const { recipe_id } = await callToolOk(user, "recipe.create", {
    title: "Raced eggs",
    ingredients: [{ ingredient_id: eggs, quantity: 2, unit: "whole" }],
  });
  const day = "2027-04-10";
  await seedMeals(sql, household, recipe_id, day, 15);
  const replies = await Promise.all(
    Array.from({ length: 10 }, () => callTool(user, "planner.add_meal", { recipe_id, date: day, meal_type: "lunch" })),
  );
  assert.deepEqual(
    [replies.filter((reply) => reply.status === 200).length, replies.filter((reply) => reply.status === 409).length],
    [5, 5],
  );
  assert.equal(await liveMealsOn(household, day), 20);
});

Deno.test("a range read or sync spans at most 92 days in SQL too, naming end_date", async () => {
  const { household } = await ownHousehold("limits-span");
  for (
    const call of [
      sql`select app.planner_list_meals(${household}, ${
        sql.json({ start_date: "2027-01-01", end_date: "2027-04-04" })
      })`,
      sql`select app.grocery_sync_plan(${household}, ${
        sql.json({ grocery_list_id: crypto.randomUUID(), start_date: "2027-01-01", end_date: "2027-04-04" })
      })`,
    ]
  ) {
    await assert.rejects(call, (error: { code?: string; column_name?: string; message?: string }) => {
      assert.equal(error.code, "MP400");
      assert.equal(error.column_name, "end_date");
      assert.match(error.message ?? "", /at most 92 days after start_date/);
      return true;
    });
  }
  const [{ meals }] = await sql<{ meals: { meals: unknown[] } }[]>`select app.planner_list_meals(${household}, ${
    sql.json({ start_date: "2027-01-01", end_date: "2027-04-03" })
  }) as meals`;
  assert.deepEqual(meals.meals, [], "92 days after start_date is still allowed");
});

Deno.test("a sync reads at most 5000 recipe lines: a range past it is a CONFLICT before the plan is computed", async () => {
  const { user, household } = await ownHousehold("limits-sync-lines");
  const recipe = await twoHundredLineRecipe(household);
  // 26 meals of 200 lines: 5200 lines over three days.
  for (const [date, count] of [["2027-07-01", 20], ["2027-07-02", 5], ["2027-07-03", 1]] as const) {
    await seedMeals(sql, household, recipe, date, count);
  }
  const { grocery_list_id } = await callToolOk(user, "grocery.create_list", { name: "Heavy sync" });
  const refused = await callTool(user, "grocery.sync_plan", {
    grocery_list_id,
    start_date: "2027-07-01",
    end_date: "2027-07-03",
    preview: true,
  });
  assertConflict(
    refused,
    /plans 5200 ingredient lines.*at most 5000: sync a shorter range, for example 2027-07-01 to 2027-07-02/,
  );
  assert.equal((refused.body.error as { field?: string }).field, "end_date");
});

Deno.test("a sync lists at most 2000 changes: a larger range is a CONFLICT naming a shorter one, and writes nothing", async () => {
  const { user, household } = await ownHousehold("limits-sync");
  const recipe = await twoHundredLineRecipe(household);
  await sql`insert into public.planner_meals (household_id, recipe_id, date, meal_type)
    select ${household}, ${recipe}, '2027-06-01'::date + n, 'dinner' from generate_series(0, 10) n`;
  const { grocery_list_id } = await callToolOk(user, "grocery.create_list", { name: "Big sync" });

  const refused = await callTool(user, "grocery.sync_plan", {
    grocery_list_id,
    start_date: "2027-06-01",
    end_date: "2027-06-11",
  });
  assertConflict(
    refused,
    /would list 2200 changes.*at most 2000: sync a shorter range, for example 2027-06-01 to 2027-06-06/,
  );
  assert.equal((refused.body.error as { field?: string }).field, "end_date");
  const [{ count }] = await sql<{ count: number }[]>`
    select count(*)::int as count from public.grocery_items where grocery_list_id = ${grocery_list_id}`;
  assert.equal(count, 0, "nothing was written");

  const preview = await callToolOk(user, "grocery.sync_plan", {
    grocery_list_id,
    start_date: "2027-06-01",
    end_date: "2027-06-10",
    preview: true,
  });
  assert.equal(preview.changes.length, 2000, "exactly the limit still answers");
});

Deno.test("a household holds at most 2000 ingredients of its own, with a CONFLICT naming the limit", async () => {
  const { user, household } = await ownHousehold("limits-ingredients");
  await sql`insert into public.ingredients (household_id, name)
    select ${household}, 'own ingredient ' || n from generate_series(1, 1999) n`;
  await callToolOk(user, "ingredient.create", { name: "the last one" });
  assertConflict(
    await callTool(user, "ingredient.create", { name: "one too many" }),
    /at most 2000 household ingredients/,
  );
});

Deno.test("a household holds at most 50 members, and a user belongs to at most 50 households", async () => {
  const { user: owner, household } = await ownHousehold("limits-members");
  // 49 users made in SQL (each gets a personal household from the sign-up trigger), all members here: 50.
  const others = await sql<{ id: string }[]>`
    insert into auth.users (id, aud, role, email, created_at, updated_at)
    select gen_random_uuid(), 'authenticated', 'authenticated',
      'limits-member-' || gen_random_uuid() || '@example.com', now(), now()
    from generate_series(1, 49)
    returning id`;
  await sql`insert into public.household_members (household_id, user_id, role)
    select ${household}, id, 'member' from auth.users where id in ${sql(others.map((row) => row.id))}`;
  const joiner = await createTestUser(sql, "limits-joiner");
  const { code } = await callToolOk(owner, "household.create_invite", {});
  assertConflict(await callTool(joiner, "household.join", { code }), /at most 50 members/);

  // The joiner is a member of 49 households besides its own (the others' personal ones): 50 in all.
  const wanderer = await createTestUser(sql, "limits-wanderer");
  await sql`insert into public.household_members (household_id, user_id, role)
    select m.household_id, ${wanderer.id}, 'member' from public.household_members m
    where m.user_id in ${sql(others.map((row) => row.id))} and m.household_id <> ${household}`;
  const elsewhere = await ownHousehold("limits-elsewhere");
  const invite = await callToolOk(elsewhere.user, "household.create_invite", {});
  assertConflict(await callTool(wanderer, "household.join", { code: invite.code }), /at most 50 households/);
});

globalThis.addEventListener("unload", () => sql.end());

import assert from "node:assert/strict";
import type postgres from "postgres";
import { toolJsonSchema } from "../../shared/tools/json-schema.ts";
import { findTool } from "../../shared/tools/registry.ts";
import type { Queryable } from "../../shared/db/client.ts";
import { adminSql } from "../support/stack.ts";

// Zod owns the shape of input, the database its invariants; where both bound a value they must agree, or one
// accepts what the other refuses (prep_state was once ≤ 50 in Zod and ≤ 100 in SQL). Each limit is read from
// the JSON Schema the tool advertises (made from its Zod schema), and the column is tried at the limit, which
// must be stored, and one past it, which must be refused.

type Schema = { [keyword: string]: unknown };

function advertisedLimit(toolName: string, path: string, keyword: "maxLength" | "maxItems" | "maximum"): number {
  const tool = findTool(toolName);
  if (!tool) throw new Error(`no tool ${toolName}`);
  let schema = toolJsonSchema(tool) as Schema;
  for (const step of path.split(".")) {
    schema = (step === "[]" ? schema.items : (schema.properties as Record<string, Schema>)[step]) as Schema;
  }
  const branch = [schema, ...(schema.anyOf as Schema[] ?? [])].find((candidate) => keyword in candidate);
  if (typeof branch?.[keyword] !== "number") throw new Error(`${toolName} ${path} advertises no ${keyword}`);
  return branch[keyword] as number;
}

interface Fixture {
  household: string;
  recipe: string;
  list: string;
  ingredient: string;
}

interface Probe {
  column: string;
  limit: number;
  /** Inserts a row whose probed column holds the value for `size` (a length, a count or a number). */
  insert: (sql: Queryable, fixture: Fixture, size: number) => Promise<unknown>;
}

const text = (length: number) => "x".repeat(length);

function insertTags(sql: Queryable, fixture: Fixture, count: number, length: number) {
  const tags = Array.from({ length: count }, (_, index) => String(index).padEnd(length, "x"));
  return sql`insert into public.recipes (household_id, title, tags) values (${fixture.household}, 'Soup', ${tags})`;
}

const probes: Probe[] = [
  {
    column: "ingredients.name",
    limit: advertisedLimit("ingredient.create", "name", "maxLength"),
    insert: (sql, f, size) =>
      sql`insert into public.ingredients (household_id, name) values (${f.household}, ${text(size)})`,
  },
  {
    column: "recipes.title",
    limit: advertisedLimit("recipe.create", "title", "maxLength"),
    insert: (sql, f, size) =>
      sql`insert into public.recipes (household_id, title) values (${f.household}, ${text(size)})`,
  },
  {
    column: "recipes.instructions",
    limit: advertisedLimit("recipe.create", "instructions", "maxLength"),
    insert: (sql, f, size) =>
      sql`insert into public.recipes (household_id, title, instructions) values (${f.household}, 'Soup', ${
        text(size)
      })`,
  },
  {
    column: "recipes.notes",
    limit: advertisedLimit("recipe.create", "notes", "maxLength"),
    insert: (sql, f, size) =>
      sql`insert into public.recipes (household_id, title, notes) values (${f.household}, 'Soup', ${text(size)})`,
  },
  {
    column: "recipes.servings",
    limit: advertisedLimit("recipe.create", "servings", "maximum"),
    insert: (sql, f, size) =>
      sql`insert into public.recipes (household_id, title, servings) values (${f.household}, 'Soup', ${size})`,
  },
  // A CHECK cannot look at each tag, so the database bounds their count and their total length.
  {
    column: "recipes.tags (count)",
    limit: advertisedLimit("recipe.create", "tags", "maxItems"),
    insert: (sql, f, size) => insertTags(sql, f, size, advertisedLimit("recipe.create", "tags.[]", "maxLength")),
  },
  {
    column: "recipes.tags (total length of the most tags)",
    limit: advertisedLimit("recipe.create", "tags.[]", "maxLength"),
    insert: (sql, f, size) => insertTags(sql, f, advertisedLimit("recipe.create", "tags", "maxItems"), size),
  },
  ...(["prep_state", "note"] as const).map((column): Probe => ({
    column: `recipe_ingredients.${column}`,
    limit: advertisedLimit("recipe.create", `ingredients.[].${column}`, "maxLength"),
    insert: (sql, f, size) =>
      sql`insert into public.recipe_ingredients (recipe_id, household_id, ingredient_id, quantity, unit, ${sql(column)})
          values (${f.recipe}, ${f.household}, ${f.ingredient}, 1, 'cup', ${text(size)})`,
  })),
  {
    column: "recipe_ingredients.quantity",
    limit: advertisedLimit("recipe.create", "ingredients.[].quantity", "maximum"),
    insert: (sql, f, size) =>
      sql`insert into public.recipe_ingredients (recipe_id, household_id, ingredient_id, quantity, unit)
          values (${f.recipe}, ${f.household}, ${f.ingredient}, ${size}, 'cup')`,
  },
  {
    // A line's position is its index, so the last one is one less than the most lines.
    column: "recipe_ingredients.position",
    limit: advertisedLimit("recipe.create", "ingredients", "maxItems"),
    insert: (sql, f, size) =>
      sql`insert into public.recipe_ingredients (recipe_id, household_id, ingredient_id, quantity, unit, position)
          values (${f.recipe}, ${f.household}, ${f.ingredient}, 1, 'cup', ${size - 1})`,
  },
  {
    column: "planner_meals.note",
    limit: advertisedLimit("planner.add_meal", "note", "maxLength"),
    insert: (sql, f, size) =>
      sql`insert into public.planner_meals (household_id, recipe_id, date, meal_type, note)
          values (${f.household}, ${f.recipe}, '2026-12-01', 'dinner', ${text(size)})`,
  },
  {
    column: "planner_meals.servings",
    limit: advertisedLimit("planner.add_meal", "servings", "maximum"),
    insert: (sql, f, size) =>
      sql`insert into public.planner_meals (household_id, recipe_id, date, meal_type, servings)
          values (${f.household}, ${f.recipe}, '2026-12-01', 'dinner', ${size})`,
  },
  {
    column: "grocery_lists.name",
    limit: advertisedLimit("grocery.create_list", "name", "maxLength"),
    insert: (sql, f, size) =>
      sql`insert into public.grocery_lists (household_id, name) values (${f.household}, ${text(size)})`,
  },
  {
    column: "grocery_items.name",
    limit: advertisedLimit("grocery.add_item", "name", "maxLength"),
    insert: (sql, f, size) =>
      sql`insert into public.grocery_items (grocery_list_id, household_id, name, quantity, unit)
          values (${f.list}, ${f.household}, ${text(size)}, 1, 'whole')`,
  },
  ...[["grocery.add_item", "prep_state"], ["grocery.push_ingredients", "ingredients.[].prep_state"]].map((
    [tool, path],
  ): Probe => ({
    column: `grocery_items.prep_state (${tool})`,
    limit: advertisedLimit(tool, path, "maxLength"),
    insert: (sql, f, size) =>
      sql`insert into public.grocery_items (grocery_list_id, household_id, ingredient_id, quantity, unit, prep_state)
          values (${f.list}, ${f.household}, ${f.ingredient}, 1, 'whole', ${text(size)})`,
  })),
  {
    column: "grocery_items.quantity",
    limit: advertisedLimit("grocery.push_ingredients", "ingredients.[].quantity", "maximum"),
    insert: (sql, f, size) =>
      sql`insert into public.grocery_items (grocery_list_id, household_id, ingredient_id, quantity, unit)
          values (${f.list}, ${f.household}, ${f.ingredient}, ${size}, 'whole')`,
  },
  {
    column: "household_invites.code",
    limit: advertisedLimit("household.join", "code", "maxLength"),
    insert: (sql, f, size) =>
      sql`insert into public.household_invites (household_id, code) values (${f.household}, ${text(size)})`,
  },
];

/** Whether the insert is accepted; a CHECK violation is false, any other failure fails the test. */
async function accepted(
  transaction: postgres.TransactionSql,
  insert: (savepoint: Queryable) => Promise<unknown>,
): Promise<boolean> {
  try {
    await transaction.savepoint((savepoint) => insert(savepoint));
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === "23514") return false;
    throw error;
  }
}

Deno.test("every bound in Zod is the same bound in the CHECK constraint of the column it is stored in", async () => {
  const sql = adminSql();
  const rollback = new Error("rollback");
  try {
    await sql.begin(async (tx) => {
      const [user] = await tx<{ id: string }[]>`
        insert into auth.users (id, email) values (gen_random_uuid(), ${`limits-${crypto.randomUUID()}@example.com`}) returning id`;
      const [{ household }] = await tx<{ household: string }[]>`
        select household_id as household from public.household_members where user_id = ${user.id}`;
      const [{ recipe }] = await tx<{ recipe: string }[]>`
        insert into public.recipes (household_id, title) values (${household}, 'Probe') returning id as recipe`;
      const [{ list }] = await tx<{ list: string }[]>`
        insert into public.grocery_lists (household_id, name) values (${household}, 'Probe') returning id as list`;
      const [{ ingredient }] = await tx<{ ingredient: string }[]>`
        select id as ingredient from public.ingredients where household_id is null order by id limit 1`;
      const fixture = { household, recipe, list, ingredient };

      const disagreements: string[] = [];
      for (const probe of probes) {
        if (!await accepted(tx, (savepoint) => probe.insert(savepoint, fixture, probe.limit))) {
          disagreements.push(`${probe.column} refuses ${probe.limit}, which the tool accepts`);
        }
        if (await accepted(tx, (savepoint) => probe.insert(savepoint, fixture, probe.limit + 1))) {
          disagreements.push(`${probe.column} stores ${probe.limit + 1}, which the tool refuses`);
        }
      }
      assert.deepEqual(disagreements, []);
      throw rollback;
    });
  } catch (error) {
    if (error !== rollback) throw error;
  } finally {
    await sql.end();
  }
});

// Zod owns the shape of input, the database its invariants; where both bound a text, they must agree, or a
// value one accepts the other refuses (prep_state was once ≤ 50 in Zod and ≤ 100 in SQL).
import assert from "node:assert/strict";
import { findTool } from "../../shared/tools/registry.ts";
import { toolListing } from "../../shared/tools/tool-metadata.ts";
import { adminSql } from "../support/stack.ts";

interface Schema {
  maxLength?: number;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
}

// Tool input field (dots into objects, [] into arrays) → the column it is stored in.
const storedIn: [tool: string, field: string, column: string][] = [
  ["grocery.create_list", "name", "grocery_lists.name"],
  ["grocery.add_item", "name", "grocery_items.name"],
  ["grocery.add_item", "prep_state", "grocery_items.prep_state"],
  ["grocery.push_ingredients", "ingredients[].prep_state", "grocery_items.prep_state"],
  ["ingredient.create", "name", "ingredients.name"],
  ["recipe.create", "title", "recipes.title"],
  ["recipe.create", "instructions", "recipes.instructions"],
  ["recipe.create", "notes", "recipes.notes"],
  ["recipe.create", "ingredients[].prep_state", "recipe_ingredients.prep_state"],
  ["recipe.create", "ingredients[].note", "recipe_ingredients.note"],
  ["planner.add_meal", "note", "planner_meals.note"],
];

function fieldSchema(schema: Schema, field: string): Schema {
  let node = schema;
  for (const part of field.split(".")) {
    const key = part.replace("[]", "");
    node = node.anyOf?.[0] ?? node;
    node = node.properties![key];
    node = node.anyOf?.find((option) => option.maxLength !== undefined || option.items) ?? node;
    if (part.endsWith("[]")) node = node.items!;
  }
  return node.anyOf?.find((option) => option.maxLength !== undefined) ?? node;
}

Deno.test("every text bound in Zod is the same bound in the column's CHECK constraint", async () => {
  const sql = adminSql();
  try {
    for (const [tool, field, column] of storedIn) {
      const [table, columnName] = column.split(".");
      const zodMax = fieldSchema(toolListing(findTool(tool)!).input_schema as Schema, field).maxLength;
      const rows = await sql<{ definition: string }[]>`
        select pg_get_constraintdef(c.oid) as definition from pg_constraint c
        where c.conrelid = ${`public.${table}`}::regclass and c.contype = 'c'
          and pg_get_constraintdef(c.oid) ~ ${`char_length\\((btrim\\()?${columnName}\\)`}`;
      assert.equal(rows.length, 1, `${column} has one length CHECK`);
      const sqlMax = Number(/(?:<=|AND)\s*(\d+)\)*$/.exec(rows[0].definition)?.[1]);
      assert.equal(sqlMax, zodMax, `${tool} ${field} (Zod ≤ ${zodMax}) and ${column} (${rows[0].definition})`);
    }
  } finally {
    await sql.end();
  }
});

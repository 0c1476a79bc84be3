import type { Sql } from "../../shared/db/client.ts";
import type { ToolOutput } from "../../shared/tools/registry.ts";
import type { TestUser } from "./stack.ts";
import { callToolOk } from "./tools-client.ts";

/** A grocery list made directly in the database, so grocery.push_ingredients tests do not depend on grocery.create_list. */
export async function createList(sql: Sql, user: TestUser, householdId: string, name = "Weekly"): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into public.grocery_lists (household_id, name, created_by)
    values (${householdId}, ${`${name} ${crypto.randomUUID().slice(0, 6)}`}, ${user.id}) returning id`;
  return row.id;
}

/** grocery.push_ingredients of these lines onto the list, by the user (in the household named, else their default). */
export async function pushIngredients(
  user: TestUser,
  listId: string,
  lines: Record<string, unknown>[],
  householdId?: string,
): Promise<ToolOutput<"grocery.push_ingredients">> {
  return await callToolOk(user, "grocery.push_ingredients", { grocery_list_id: listId, ingredients: lines }, {
    householdId,
  });
}

/** The list's live items as "name quantity unit [prep]" lines, sorted: what a shopper sees. */
export async function listLines(sql: Sql, listId: string): Promise<string[]> {
  const rows = await sql<{ line: string }[]>`
    select concat_ws(' ', coalesce(i.name, g.name), g.quantity::text, g.unit, g.prep_state,
      case when g.checked then '(checked)' end) as line
    from public.grocery_items g left join public.ingredients i on i.id = g.ingredient_id
    where g.grocery_list_id = ${listId} and g.deleted_at is null
    order by 1`;
  return rows.map((row) => row.line);
}

export async function sourceCount(sql: Sql, listId: string): Promise<number> {
  const [row] = await sql<{ count: number }[]>`
    select count(*)::int as count from public.grocery_item_sources s
    join public.grocery_items g on g.household_id = s.household_id and g.id = s.grocery_item_id
    where g.grocery_list_id = ${listId}`;
  return row.count;
}

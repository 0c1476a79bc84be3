import type { Sql } from "../../shared/db/client.ts";
import { createTestUser, type TestUser } from "./stack.ts";

/** Two users, each alone in the personal household the sign-up trigger made. */
export async function twoHouseholds(sql: Sql, label: string): Promise<{ alice: TestUser; bob: TestUser }> {
  const alice = await createTestUser(sql, `${label}-alice`);
  const bob = await createTestUser(sql, `${label}-bob`);
  return { alice, bob };
}

export async function householdOf(sql: Sql, user: TestUser): Promise<string> {
  const [row] = await sql<{ household_id: string }[]>`
    select household_id from public.household_members where user_id = ${user.id} order by created_at limit 1`;
  return row.household_id;
}

/** The catalog's id for an ingredient name (exact, as the tools match). */
export async function catalogIngredient(sql: Sql, name: string): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    select id from public.ingredients where household_id is null and normalized_name = ${name}`;
  if (!row) throw new Error(`no catalog ingredient "${name}"`);
  return row.id;
}

import type { Sql } from "../../shared/db/client.ts";
import type { ToolOutput } from "../../shared/tools/registry.ts";
import { createTestUser, type TestUser } from "./stack.ts";
import { callToolOk } from "./tools-client.ts";

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

/** The user joins the owner's household (the one named, else the owner's default) with a new invite of the owner's. */
export async function joinHousehold(
  user: TestUser,
  owner: TestUser,
  householdId?: string,
): Promise<ToolOutput<"household.join">> {
  const { code } = await callToolOk(owner, "household.create_invite", {}, { householdId });
  return await callToolOk(user, "household.join", { code });
}

export interface InviteRow {
  household_id: string;
  use_count: number;
  max_uses: number | null;
}

/** The invite with this code, or undefined when there is none (never made, or revoked). */
export async function inviteRow(sql: Sql, code: string): Promise<InviteRow | undefined> {
  const [row] = await sql<InviteRow[]>`
    select household_id, use_count, max_uses from public.household_invites where code = ${code}`;
  return row;
}

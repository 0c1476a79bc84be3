import type { Sql } from "../../shared/db/client.ts";
import type { TokenUser } from "./signing-key.ts";

/** The auth.users row for this email, created when absent (what sign-up does on Supabase). */
export async function ensureUser(sql: Sql, email: string): Promise<TokenUser> {
  const normalized = email.trim().toLowerCase();
  const [user] = await sql<{ id: string; email: string }[]>`
    insert into auth.users (email) values (${normalized})
    on conflict (email) do update set updated_at = now()
    returning id, email`;
  return { id: user.id, email: user.email };
}

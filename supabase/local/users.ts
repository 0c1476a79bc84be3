import type { Sql } from "../../shared/db/client.ts";
import type { TokenUser } from "./signing-key.ts";

/** The auth.users row for this email, created when absent (what sign-up does on Supabase). */
export async function ensureUser(sql: Sql, email: string): Promise<TokenUser> {
  const normalized = email.trim().toLowerCase();
  const [user] = await sql<{ id: string; email: string }[]>`
    insert into auth.users (id, aud, role, email, created_at, updated_at)
    values (gen_random_uuid(), 'authenticated', 'authenticated', ${normalized}, now(), now())
    on conflict (email) where not is_sso_user do update set updated_at = now()
    returning id, email`;
  return { id: user.id, email: user.email };
}

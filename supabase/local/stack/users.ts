import type { Sql } from "../../../shared/db/client.ts";
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

/**
 * A session for the user as a password sign-in makes one (auth.sessions and its amr claim), so that a token made
 * with `deno task token` is accepted where GoTrue looks the session up (GET /auth/v1/user, sign-out).
 */
export async function createSession(sql: Sql, userId: string): Promise<string> {
  const sessionId = crypto.randomUUID();
  await sql.begin(async (transaction) => {
    await transaction`insert into auth.sessions (id, user_id, created_at, updated_at, aal)
      values (${sessionId}, ${userId}, now(), now(), 'aal1')`;
    await transaction`insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
      values (${sessionId}, now(), now(), 'password', ${crypto.randomUUID()})`;
  });
  return sessionId;
}

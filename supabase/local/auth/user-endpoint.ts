import { requireUser } from "./access.ts";
import type { AuthContext } from "./context.ts";
import { checkPassword, hashPassword, passwordMatches } from "./passwords.ts";
import { AuthApiError, objectField, readBody, stringField } from "./responses.ts";
import { endSessions } from "./sessions.ts";
import { userJson, type UserRow } from "./user-records.ts";

/** GET /user: the signed-in user, read from auth.users (not from the token). */
export async function getUser(context: AuthContext, request: Request) {
  const { user } = await requireUser(context.sql, context.verifyAccessToken, request);
  return await userJson(context.sql, user);
}

/**
 * PUT /user {password?, data?}: a new password (GoTrue refuses the current one) and metadata merged into
 * user_metadata. An email or phone change needs GoTrue's double-confirmation flow, which the stand-in lacks.
 * A new password ends trust in what the old one could do, as GoTrue's UpdatePassword: every other session is
 * deleted (their refresh tokens with them; this request's session stays), and every emailed code and link not yet
 * used (confirmation, recovery, magic link) is cleared.
 */
export async function updateUser(context: AuthContext, request: Request) {
  const { sql } = context;
  const { user, sessionId } = await requireUser(sql, context.verifyAccessToken, request);
  const body = await readBody(request);
  if (stringField(body, "email") && stringField(body, "email").trim().toLowerCase() !== user.email) {
    throw new AuthApiError(422, "validation_failed", "The local Auth stand-in does not change emails");
  }
  if (stringField(body, "phone")) throw new AuthApiError(422, "phone_provider_disabled", "Phone is disabled");
  const password = stringField(body, "password");
  let updated: UserRow = user;
  if (password) {
    checkPassword(context.settings, password);
    if (await passwordMatches(password, user.encrypted_password)) {
      throw new AuthApiError(422, "same_password", "New password should be different from the old password.");
    }
    const encryptedPassword = await hashPassword(password);
    [updated] = await sql.begin(async (transaction) => {
      const rows = await transaction<UserRow[]>`update auth.users set encrypted_password = ${encryptedPassword},
        confirmation_token = '', confirmation_sent_at = null, recovery_token = '', recovery_sent_at = null,
        email_change_token_current = '', email_change_token_new = '', email_change_sent_at = null,
        phone_change_token = '', phone_change_sent_at = null, reauthentication_token = '',
        reauthentication_sent_at = null, updated_at = now()
        where id = ${user.id} returning *`;
      await transaction`delete from auth.one_time_tokens where user_id = ${user.id}`;
      // A token without a session (deno task token's, say) ends them all, as GoTrue's Logout does.
      await endSessions(transaction, user.id, sessionId, sessionId ? "others" : "global");
      return rows;
    });
  }
  if (body.data !== undefined) {
    const metadata = objectField(body, "data");
    [updated] = await sql<UserRow[]>`update auth.users
      set raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || ${sql.json(metadata as never)}, updated_at = now()
      where id = ${user.id} returning *`;
  }
  return await userJson(sql, updated);
}

/** POST /logout?scope=global|local|others: ends sessions (their refresh tokens with them); 204. */
export async function logout(context: AuthContext, request: Request, url: URL): Promise<null> {
  const scope = url.searchParams.get("scope") ?? "global";
  if (scope !== "global" && scope !== "local" && scope !== "others") {
    throw new AuthApiError(400, "validation_failed", "Unsupported logout scope");
  }
  const { user, sessionId } = await requireUser(context.sql, context.verifyAccessToken, request);
  await endSessions(context.sql, user.id, sessionId, scope);
  return null;
}
